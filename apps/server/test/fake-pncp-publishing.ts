import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";

// A local fake of the portal's publishing API (the "Manual de Integração PNCP" v2.3.7: 6.1.4 login,
// 6.3.1 inserir contratação, 6.3.2 retificar, 6.3.6 inserir documento, 6.3.12 retificar parcialmente
// um item, 6.3.15 inserir resultado).
// It VALIDATES what it is sent — the bearer token, the multipart parts and document headers, the
// required fields and their types — and answers as the manual shows (201 with compraUri/documentoUri
// and a location header; 422 with a message when the payload is refused).

export const FAKE_PNCP_LOGIN = "certame-plataforma";
export const FAKE_PNCP_PASSWORD = "s3nha-do-pncp";

const id = z.union([z.number().int(), z.string().regex(/^\d+$/)]);
const decimal = z.number().min(0);
const text = (max: number) => z.string().min(1).max(max);

export const itemSchema = z.object({
  numeroItem: z.number().int().min(1),
  materialOuServico: z.enum(["M", "S"]),
  tipoBeneficioId: id,
  incentivoProdutivoBasico: z.boolean(),
  descricao: text(2048),
  quantidade: z.number().positive(),
  unidadeMedida: text(30),
  valorUnitarioEstimado: decimal,
  valorTotal: decimal,
  criterioJulgamentoId: id,
  orcamentoSigiloso: z.boolean(),
  itemCategoriaId: id.optional(),
  aplicabilidadeMargemPreferenciaNormal: z.boolean(),
  aplicabilidadeMargemPreferenciaAdicional: z.boolean(),
  percentualMargemPreferenciaNormal: z.number().nullable().optional(),
  percentualMargemPreferenciaAdicional: z.number().nullable().optional(),
  informacaoComplementar: z.string().max(4096).optional(),
});

const compraFields = {
  tipoInstrumentoConvocatorioId: id,
  modalidadeId: id,
  modoDisputaId: id,
  numeroCompra: text(50),
  numeroProcesso: text(50),
  objetoCompra: text(5120),
  informacaoComplementar: z.string().max(5120).optional(),
  srp: z.boolean(),
  dataAberturaProposta: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/)
    .optional(),
  dataEncerramentoProposta: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/)
    .optional(),
  amparoLegalId: id,
  linkSistemaOrigem: z.string().max(512).optional(),
  justificativaPresencial: z.string().max(5120).optional(),
};

export const compraSchema = z
  .object({
    ...compraFields,
    codigoUnidadeCompradora: text(20),
    anoCompra: z.number().int().min(2000).max(2100),
    itensCompra: z.array(itemSchema).min(1),
  })
  .refine(
    (c) =>
      Number(c.tipoInstrumentoConvocatorioId) === 3 || (c.dataAberturaProposta && c.dataEncerramentoProposta),
    "dataAberturaProposta e dataEncerramentoProposta são obrigatórias para o instrumento 1 ou 2",
  )
  .refine(
    (c) => c.itensCompra.every((item, i) => item.numeroItem === i + 1),
    "numeroItem deve ser único e sequencial crescente",
  );

export const retificacaoSchema = z.object({
  ...compraFields,
  situacaoCompraId: id,
  justificativa: text(255),
});

/** At most 4 decimal digits ("Precisão de 4 dígitos decimais"). */
const precise = (n: number) => Math.abs(n * 10_000 - Math.round(n * 10_000)) < 1e-6;
const decimal4 = decimal.refine(precise, "no máximo 4 casas decimais");

export const resultadoSchema = z
  .object({
    quantidadeHomologada: z.number().positive().refine(precise, "no máximo 4 casas decimais"),
    valorUnitarioHomologado: decimal4,
    valorTotalHomologado: decimal4,
    // Required on every result since the manual's v2.6 (issue 34).
    percentualDesconto: z.number().min(0).max(100).refine(precise),
    tipoPessoaId: z.enum(["PJ", "PF", "PE"]),
    niFornecedor: text(30),
    nomeRazaoSocialFornecedor: text(100),
    porteFornecedorId: z.number().int().min(1).max(5),
    codigoPais: z.string().length(3),
    indicadorSubcontratacao: z.boolean(),
    ordemClassificacaoSrp: z.number().int().min(1).optional(),
    dataResultado: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    aplicacaoMargemPreferencia: z.boolean(),
    aplicacaoBeneficioMeEpp: z.boolean(),
    aplicacaoCriterioDesempate: z.boolean(),
  })
  // The total is the quantity times the unit value (the unit's 4th decimal times the quantity, and a cent).
  .refine(
    (r) =>
      Math.abs(r.quantidadeHomologada * r.valorUnitarioHomologado - r.valorTotalHomologado) <=
      0.0001 * r.quantidadeHomologada + 0.01,
    "valorTotalHomologado deve ser quantidadeHomologada × valorUnitarioHomologado",
  );

/** 6.3.12: only the attributes that change, justificativa required. */
export const itemPatchSchema = z
  .object({
    situacaoCompraItemId: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
    justificativa: text(255),
  })
  .strict();

/** 6.3.11: the whole item again, with its situation and a reason (issue 34 addition). */
export const itemRectificationSchema = itemSchema.extend({
  situacaoCompraItemId: z.number().int().min(1).max(5),
  justificativa: text(255),
});

export interface FakeDocument {
  title: string;
  typeId: number;
  fileName: string;
  type: string;
  size: number;
}

export interface FakePurchase {
  cnpj: string;
  year: number;
  sequential: number;
  compra: z.infer<typeof compraSchema>;
  documents: FakeDocument[];
  results: { itemNumber: number; result: z.infer<typeof resultadoSchema> }[];
  /** The 6.3.12 patches, in order. */
  itemPatches: { itemNumber: number; patch: z.infer<typeof itemPatchSchema> }[];
  rectifications: z.infer<typeof retificacaoSchema>[];
  /** 6.3.11 rectified items, in order (6.3.10 added items join compra.itensCompra). */
  itemRectifications: { itemNumber: number; item: z.infer<typeof itemRectificationSchema> }[];
}

/** A unit of a body as 6.2.6 answers it (issue 34 addition). */
export interface FakeUnit {
  cnpj: string;
  codigoUnidade: string;
  nomeUnidade: string;
}

export interface FakePncpPublishing {
  url: string;
  purchases: FakePurchase[];
  /** The bodies' units (6.2.6) and the CNPJs the platform's login may publish for (6.1.3). */
  units: FakeUnit[];
  entesAutorizados: string[];
  /**
   * The conformity tables served on the manual's public endpoints (5.19.2, 5.22.2, 5.18.2; issue 34
   * addition): [instrumento, modo], [modalidade, critério], [instrumento, modalidade, amparo].
   */
  conformity: {
    instrumentoModoDisputa: [number, number][];
    modalidadeCriterio: [number, number][];
    instrumentoModalidadeAmparo: [number, number, number][];
  };
  /** Registers a body's unit and, unless told not to, authorises the login for its CNPJ. */
  registerUnit(cnpj: string, codigoUnidade: string, nomeUnidade: string, authorise?: boolean): void;
  /** Every call, as "METHOD path status". */
  calls: string[];
  /** The next n calls (login excluded) answer this status. */
  failNext(n: number, status?: number): void;
  /** The next call (login excluded) never answers (until close). */
  hangNext(): void;
  /** Every token given so far expires (the next call with one is answered 401). */
  expireTokens(): void;
  close(): Promise<void>;
}

export async function startFakePncpPublishing(): Promise<FakePncpPublishing> {
  const tokens = new Set<string>();
  const purchases: FakePurchase[] = [];
  const units: FakeUnit[] = [];
  const conformity: FakePncpPublishing["conformity"] = {
    instrumentoModoDisputa: [],
    modalidadeCriterio: [],
    instrumentoModalidadeAmparo: [],
  };
  const entesAutorizados: string[] = [];
  const calls: string[] = [];
  const hanging: ServerResponse[] = [];
  let failures: { n: number; status: number } = { n: 0, status: 500 };
  let hang = false;

  const answer = (
    res: ServerResponse,
    status: number,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, message: string, status = 422) =>
    answer(res, status, { message, status, timestamp: new Date().toISOString() });

  async function bodyOf(req: IncomingMessage) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async function formOf(req: IncomingMessage, raw: Buffer) {
    const type = req.headers["content-type"] ?? "";
    if (!type.startsWith("multipart/form-data")) return null;
    return new Request("http://fake/", {
      method: "POST",
      headers: { "content-type": type },
      body: raw,
    }).formData();
  }

  function documentOf(req: IncomingMessage, file: File | string | null): FakeDocument | string {
    const title = req.headers["titulo-documento"];
    const typeId = req.headers["tipo-documento-id"];
    if (typeof title !== "string" || !title) return "Titulo-Documento é obrigatório";
    if (typeof typeId !== "string" || !/^\d+$/.test(typeId)) return "Tipo-Documento-Id deve ser inteiro";
    if (!file || typeof file === "string") return "o arquivo é obrigatório";
    if (file.size === 0) return "o arquivo está vazio";
    return {
      title: decodeURIComponent(title),
      typeId: Number(typeId),
      fileName: file.name,
      type: file.type,
      size: file.size,
    };
  }

  const purchaseOf = (cnpj: string, year: number, sequential: number) =>
    purchases.find((p) => p.cnpj === cnpj && p.year === year && p.sequential === sequential);

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const path = url.pathname.replace(/^\/api\/pncp/, "");
    const raw = await bodyOf(req);
    const record = (status: number) => calls.push(`${req.method} ${path} ${status}`);
    const fail = (status: number, message: string) => {
      record(status);
      refuse(res, message, status);
    };
    if (req.method === "POST" && path === "/v1/usuarios/login") {
      const login = z
        .object({ login: z.string(), senha: z.string() })
        .safeParse(JSON.parse(raw.toString() || "null"));
      if (!login.success || login.data.login !== FAKE_PNCP_LOGIN || login.data.senha !== FAKE_PNCP_PASSWORD) {
        record(401);
        return refuse(res, "Usuário ou senha inválidos", 401);
      }
      const token = randomUUID();
      tokens.add(token);
      record(200);
      // 6.1.4: the token in the Authorization header, an empty body.
      return answer(res, 200, undefined, { authorization: `Bearer ${token}`, expires: "3600000" });
    }
    // The domain tables' conformity (public, no token): the manual's shapes.
    if (req.method === "GET" && path === "/v1/tipo-instrumento-convocatorio-modo-disputa") {
      record(200);
      return answer(
        res,
        200,
        conformity.instrumentoModoDisputa.map(([i, m]) => ({
          tipoInstrumentoConvocatorio: { id: i },
          modoDisputa: { id: m },
        })),
      );
    }
    if (req.method === "GET" && path === "/v1/modalidade-criterio-julgamento") {
      record(200);
      return answer(
        res,
        200,
        conformity.modalidadeCriterio.map(([m, c]) => ({
          modalidadeContratacao: { id: m },
          criterioJulgamento: { id: c },
        })),
      );
    }
    if (req.method === "GET" && path === "/v1/instrumento-convocatorio-modalidade-amparo-legal") {
      record(200);
      return answer(
        res,
        200,
        conformity.instrumentoModalidadeAmparo.map(([i, m, a]) => ({
          tipoInstrumentoConvocatorio: { id: i },
          modalidade: { id: m },
          amparoLegal: { id: a },
        })),
      );
    }
    if (hang) {
      hang = false;
      calls.push(`${req.method} ${path} hang`);
      hanging.push(res);
      return;
    }
    if (failures.n > 0) {
      failures.n -= 1;
      record(failures.status);
      return refuse(res, "Erro interno simulado", failures.status);
    }
    const auth = req.headers.authorization;
    if (!auth?.startsWith("Bearer ") || !tokens.has(auth.slice(7))) {
      record(401);
      return refuse(res, "Token de acesso ausente ou inválido", 401);
    }
    try {
      // 6.2.6 Consultar Unidade; 6.1.3 Consultar Usuário por Login (its entesAutorizados).
      const unitPath = /^\/v1\/orgaos\/(\d{14})\/unidades\/([^/]+)$/.exec(path);
      if (req.method === "GET" && unitPath) {
        const unit = units.find(
          (u) => u.cnpj === unitPath[1] && u.codigoUnidade === decodeURIComponent(unitPath[2] as string),
        );
        if (!unit) return fail(404, "Unidade não encontrada");
        record(200);
        return answer(res, 200, { orgao: { cnpj: unit.cnpj }, ...unit });
      }
      if (req.method === "GET" && path === "/v1/usuarios") {
        record(200);
        return answer(res, 200, [
          {
            id: 1,
            login: FAKE_PNCP_LOGIN,
            administrador: false,
            entesAutorizados: entesAutorizados.map((cnpj) => ({ cnpj, razaoSocial: `Órgão ${cnpj}` })),
          },
        ]);
      }
      let m = /^\/v1\/orgaos\/(\d{14})\/compras$/.exec(path);
      if (req.method === "POST" && m) {
        const form = await formOf(req, raw);
        if (!form) return fail(400, "Content-Type deve ser multipart/form-data");
        const compraPart = form.get("compra");
        if (!compraPart || typeof compraPart === "string" || !compraPart.type.startsWith("application/json"))
          return fail(422, "a parte 'compra' (application/json) é obrigatória");
        const compra = compraSchema.safeParse(JSON.parse(await compraPart.text()));
        if (!compra.success) return fail(422, z.prettifyError(compra.error));
        const document = documentOf(req, form.get("documento"));
        if (typeof document === "string") return fail(422, document);
        const cnpj = m[1] as string;
        const year = compra.data.anoCompra;
        const sequential = purchases.filter((p) => p.cnpj === cnpj && p.year === year).length + 1;
        purchases.push({
          cnpj,
          year,
          sequential,
          compra: compra.data,
          documents: [document],
          results: [],
          itemPatches: [],
          rectifications: [],
          itemRectifications: [],
        });
        const base = `http://${req.headers.host}/api/pncp/v1/orgaos/${cnpj}/compras/${year}/${sequential}`;
        record(201);
        return answer(res, 201, { compraUri: base, documentoUri: `${base}/arquivos/1` }, { location: base });
      }
      m = /^\/v1\/orgaos\/(\d{14})\/compras\/(\d{4})\/(\d+)(\/.*)?$/.exec(path);
      const purchase = m && purchaseOf(m[1] as string, Number(m[2]), Number(m[3]));
      if (!m || !purchase) return fail(404, "Contratação não encontrada");
      const rest = m[4] ?? "";
      if (req.method === "PUT" && rest === "") {
        const body = retificacaoSchema.safeParse(JSON.parse(raw.toString() || "null"));
        if (!body.success) return fail(422, z.prettifyError(body.error));
        purchase.rectifications.push(body.data);
        record(200);
        return answer(res, 200);
      }
      if (req.method === "POST" && rest === "/arquivos") {
        const form = await formOf(req, raw);
        if (!form) return fail(400, "Content-Type deve ser multipart/form-data");
        const document = documentOf(req, form.get("arquivo"));
        if (typeof document === "string") return fail(422, document);
        purchase.documents.push(document);
        record(201);
        return answer(res, 201, undefined, {
          location: `http://${req.headers.host}/api/pncp${path}/${purchase.documents.length}`,
        });
      }
      const patched = /^\/itens\/(\d+)$/.exec(rest);
      if (req.method === "PATCH" && patched) {
        const itemNumber = Number(patched[1]);
        if (!purchase.compra.itensCompra.some((i) => i.numeroItem === itemNumber))
          return fail(404, "Item não encontrado");
        const body = itemPatchSchema.safeParse(JSON.parse(raw.toString() || "null"));
        if (!body.success) return fail(422, z.prettifyError(body.error));
        purchase.itemPatches.push({ itemNumber, patch: body.data });
        record(200);
        return answer(res, 200);
      }
      // 6.3.10: items added, numbered on from the last.
      if (req.method === "POST" && rest === "/itens") {
        const body = z
          .array(itemSchema)
          .min(1)
          .safeParse(JSON.parse(raw.toString() || "null"));
        if (!body.success) return fail(422, z.prettifyError(body.error));
        const last = purchase.compra.itensCompra.length;
        if (body.data.some((i, index) => i.numeroItem !== last + index + 1))
          return fail(422, "numeroItem deve ser único e sequencial crescente");
        purchase.compra.itensCompra.push(...body.data);
        record(201);
        return answer(res, 201);
      }
      // 6.3.11: an item rectified whole.
      const rectified = /^\/itens\/(\d+)$/.exec(rest);
      if (req.method === "PUT" && rectified) {
        const itemNumber = Number(rectified[1]);
        const index = purchase.compra.itensCompra.findIndex((i) => i.numeroItem === itemNumber);
        if (index < 0) return fail(404, "Item não encontrado");
        const body = itemRectificationSchema.safeParse(JSON.parse(raw.toString() || "null"));
        if (!body.success) return fail(422, z.prettifyError(body.error));
        const { situacaoCompraItemId: _s, justificativa: _j, ...item } = body.data;
        purchase.compra.itensCompra[index] = item;
        purchase.itemRectifications.push({ itemNumber, item: body.data });
        record(200);
        return answer(res, 200);
      }
      const item = /^\/itens\/(\d+)\/resultados$/.exec(rest);
      if (req.method === "POST" && item) {
        const itemNumber = Number(item[1]);
        if (!purchase.compra.itensCompra.some((i) => i.numeroItem === itemNumber))
          return fail(404, "Item não encontrado");
        const body = resultadoSchema.safeParse(JSON.parse(raw.toString() || "null"));
        if (!body.success) return fail(422, z.prettifyError(body.error));
        // 6.3.15: one result "Informado" per supplier (and SRP order) and item.
        const same = purchase.results.some(
          (r) =>
            r.itemNumber === itemNumber &&
            r.result.tipoPessoaId === body.data.tipoPessoaId &&
            r.result.niFornecedor === body.data.niFornecedor &&
            r.result.ordemClassificacaoSrp === body.data.ordemClassificacaoSrp,
        );
        if (same) return fail(422, "Já existe resultado informado para este fornecedor no item");
        purchase.results.push({ itemNumber, result: body.data });
        record(201);
        return answer(res, 201, undefined, {
          location: `http://${req.headers.host}/api/pncp${path}/${purchase.results.length}`,
        });
      }
      record(404);
      return refuse(res, "Recurso não encontrado", 404);
    } catch (error) {
      record(400);
      return refuse(res, `Requisição inválida: ${(error as Error).message}`, 400);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    purchases,
    units,
    entesAutorizados,
    conformity,
    registerUnit(cnpj, codigoUnidade, nomeUnidade, authorise = true) {
      units.push({ cnpj, codigoUnidade, nomeUnidade });
      if (authorise && !entesAutorizados.includes(cnpj)) entesAutorizados.push(cnpj);
    },
    calls,
    failNext(n, status = 500) {
      failures = { n, status };
    },
    hangNext() {
      hang = true;
    },
    expireTokens() {
      tokens.clear();
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
