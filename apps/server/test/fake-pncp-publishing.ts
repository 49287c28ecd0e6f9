import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import {
  AMPAROS,
  CATALOGOS,
  CATEGORIAS_ITEM,
  CATEGORIAS_ITEM_PCA,
  type ConformityTables,
  CRITERIOS,
  DEFAULT_CONFORMITY,
  type DomainEntry,
  INSTRUMENTOS,
  LEILAO,
  MODALIDADES,
  MODOS_DISPUTA,
  NATUREZAS_JURIDICAS,
  PRESENCIAIS,
  TIPOS_CONTRATO,
  TIPOS_DOCUMENTO,
  TIPOS_DOCUMENTO_CONTRATACAO,
} from "./fake-pncp-domain";
import {
  type FakeInstruments,
  type InstrumentContext,
  registerInstrumentRoutes,
} from "./fake-pncp-instruments";
import {
  booleano,
  checkDocumentHeaders,
  checkFile,
  type DocumentRules,
  data,
  dataHora,
  decimal,
  inteiro,
  json,
  justificativaSchema,
  multipart,
  naoNegativo,
  PortalError,
  parse,
  readBody,
  refuse,
  texto,
  textoOpcional,
} from "./fake-pncp-shared";

// A local fake of the portal's publishing API, written from the "Manual de Integração PNCP" v2.6
// (the pages are cited by their titles — v2.6 is published without section numbers in its sources —
// with the v2.3.7 section number where the page existed there) and NOT from the project's client.
// It refuses what the manual says the portal refuses: the token, every field's presence, type and size,
// the domain codes and their conformity rules (fake-pncp-domain.ts), the document's headers, multipart
// part names, extension and size, the unit that must be registered for the CNPJ and the platform that
// must be authorised for it. Its answers carry the manual's status codes, Location headers and bodies.
//
// Atas, contratos, termos de contrato and the PCA are served from fake-pncp-instruments.ts on the same
// server; the field types, refusals and document rules both use are in fake-pncp-shared.ts.
//
// Not stated by the manual, so chosen here and listed as UNCONFIRMED in the unit test: the error body
// (Spring Boot's {timestamp, status, error, message, path}), 401 for a missing/expired token, 422 for
// business rules (400 for a malformed payload), 404 for an unknown contratação/item/resultado.

export const FAKE_PNCP_LOGIN = "certame-plataforma";
export const FAKE_PNCP_PASSWORD = "s3nha-do-pncp";
/** The platform's user id (v2.6 "Consultar Usuário por Login"; used by "Inserir Entes Autorizados"). */
export const FAKE_PNCP_USER_ID = 5;

/** v2.6 "Acesso ao PNCP": the token is valid for 1 hour from its generation. */
const TOKEN_LIFETIME_MS = 3_600_000;
/** v2.6 "Acesso ao PNCP": ${BASE_URL} is https://pncp.gov.br/api/pncp; `url` is the host. */
const BASE_PATH = "/api/pncp";

export interface FakeUnit {
  codigoUnidade: string;
  nomeUnidade: string;
  codigoIbge?: string;
}

export interface FakePncpOptions {
  /**
   * The units registered per órgão CNPJ (v2.6 "Inserir Contratação" field 4: "A unidade deverá estar
   * cadastrada para o órgão"). None by default: a platform registers them ("Incluir Unidade").
   */
  units?: Record<string, FakeUnit[]>;
  /**
   * The CNPJs the platform is authorised for ("entes autorizados", v2.6 "Acesso ao PNCP" and
   * "Recomendações Iniciais" step 4). None by default: "Inserir Entes Autorizados" adds them.
   */
  authorisedCnpjs?: string[];
  /** Replaces the conformity tables (fake-pncp-domain.ts DEFAULT_CONFORMITY). */
  conformity?: Partial<ConformityTables>;
}

export interface FakeDocument {
  title: string;
  typeId: number;
  fileName: string;
  type: string;
  size: number;
}

type Body = Record<string, unknown>;

export interface FakeItem extends Body {
  numeroItem: number;
}

export interface FakeCompra extends Body {
  codigoUnidadeCompradora: string;
  numeroCompra: string;
  numeroProcesso: string;
  anoCompra: number;
  itensCompra: FakeItem[];
}

export interface FakePurchase {
  cnpj: string;
  year: number;
  sequential: number;
  /** The body of "Inserir Contratação" as it was sent. */
  compra: FakeCompra;
  /** The contratação's active documents (the insertion's and "Inserir Documento"'s), in order. */
  documents: FakeDocument[];
  /** "Inserir Resultado do Item", in order. */
  results: { itemNumber: number; result: Body }[];
  /** "Retificar parcialmente um Item" (PATCH), in order. */
  itemPatches: { itemNumber: number; patch: Body }[];
  /** "Retificar Contratação" (PUT) and "Retificar Parcialmente uma Contratação" (PATCH), in order. */
  rectifications: Body[];
  /** "Inserir Itens a uma Contratação", the items as sent. */
  addedItems: FakeItem[];
  /** "Retificar Item" (PUT), in order. */
  itemRectifications: { itemNumber: number; item: Body }[];
  /** "Retificar Resultado do Item" (PUT), in order. */
  resultRectifications: { itemNumber: number; sequential: number; result: Body }[];
  /** The justificativa of "Excluir Contratação", once excluded. */
  deletion: string | null;
}

export interface FakePncpPublishing extends FakeInstruments {
  url: string;
  purchases: FakePurchase[];
  /** Every call, as "METHOD path status", the path relative to ${BASE_URL} ("/v1/..."). */
  calls: string[];
  /** The units registered per CNPJ (mutable, like the portal's). */
  units: Map<string, FakeUnit[]>;
  /** The CNPJs the platform is authorised for (mutable). */
  authorisedCnpjs: Set<string>;
  /** The next n calls (login excluded) answer this status. */
  failNext(n: number, status?: number): void;
  /** The next call (login excluded) never answers (until close). */
  hangNext(): void;
  /** Every token given so far expires (the next call with one is answered 401). */
  expireTokens(): void;
  close(): Promise<void>;
}

/** v2.6 "Inserir Contratação" 17.1-17.26, "Inserir Itens a uma Contratação" 4-29 (items). */
const itemFields = {
  numeroItem: inteiro.pipe(z.number().min(1)),
  materialOuServico: z.enum(["M", "S"]),
  tipoBeneficioId: inteiro,
  incentivoProdutivoBasico: booleano,
  descricao: texto(2048),
  quantidade: decimal.positive("deve ser maior que 0 (zero)"),
  unidadeMedida: texto(30),
  valorUnitarioEstimado: naoNegativo,
  valorTotal: naoNegativo,
  criterioJulgamentoId: inteiro,
  orcamentoSigiloso: booleano,
  itemCategoriaId: inteiro.nullish(),
  patrimonio: textoOpcional(255),
  codigoRegistroImobiliario: textoOpcional(255),
  aplicabilidadeMargemPreferenciaNormal: booleano,
  aplicabilidadeMargemPreferenciaAdicional: booleano,
  percentualMargemPreferenciaNormal: decimal.nullish(),
  percentualMargemPreferenciaAdicional: decimal.nullish(),
  ncmNbsCodigo: textoOpcional(15),
  ncmNbsDescricao: textoOpcional(2048),
  categoriaItemCatalogoId: inteiro.nullish(),
  catalogoId: inteiro.nullish(),
  catalogoCodigoItem: textoOpcional(20),
  codigoTipoMargemPreferencia: inteiro.pipe(z.union([z.literal(1), z.literal(2)])).nullish(),
  inConteudoNacional: booleano.nullish(),
};
/** "Inserir Contratação" 17.24: Texto (5120); "Inserir Itens" 27: Texto (4096). */
const itemNaCompraSchema = z.object({ ...itemFields, informacaoComplementar: textoOpcional(5120) });
const itemInseridoSchema = z.object({ ...itemFields, informacaoComplementar: textoOpcional(4096) });
/** "Retificar Item de uma Contratação" (PUT): everything again, plus situação and justificativa. */
const itemRetificadoSchema = z.object({
  ...itemFields,
  informacaoComplementar: textoOpcional(4096),
  itemCategoriaId: inteiro,
  situacaoCompraItemId: inteiro.pipe(z.number().int().min(1).max(5)),
  justificativa: texto(255),
});
/**
 * "Retificar parcialmente um Item" (PATCH): "deverão ser enviadas apenas as informações que sofrerão
 * alteração" — every field optional, each with its PUT type and size.
 */
const itemPatchSchema = itemRetificadoSchema.partial().extend({ justificativa: textoOpcional(255) });

/** v2.6 "Inserir Contratação" 4-21 (the compra part). */
const compraSchema = z.object({
  codigoUnidadeCompradora: texto(20),
  tipoInstrumentoConvocatorioId: inteiro,
  modalidadeId: inteiro,
  modoDisputaId: inteiro,
  numeroCompra: texto(50),
  anoCompra: inteiro.pipe(z.number().min(1000).max(9999)),
  numeroProcesso: texto(50),
  objetoCompra: texto(5120),
  informacaoComplementar: textoOpcional(5120),
  srp: booleano,
  dataAberturaProposta: dataHora.nullish(),
  dataEncerramentoProposta: dataHora.nullish(),
  amparoLegalId: inteiro,
  itensCompra: z.array(z.unknown()).min(1, "pelo menos um item").max(2000, "no máximo 2000 itens"),
  linkSistemaOrigem: textoOpcional(512),
  justificativaPresencial: textoOpcional(512),
  linkProcessoEletronico: textoOpcional(512),
  fontesOrcamentarias: z.array(inteiro).nullish(),
});

/** v2.6 "Retificar Contratação" (PUT) 4-21: objetoCompra and informacaoComplementar capped at 512. */
const retificacaoFields = {
  tipoInstrumentoConvocatorioId: inteiro,
  modalidadeId: inteiro,
  modoDisputaId: inteiro,
  numeroCompra: texto(50),
  numeroProcesso: texto(50),
  situacaoCompraId: inteiro.pipe(z.number().int().min(1).max(4)),
  objetoCompra: texto(512),
  informacaoComplementar: textoOpcional(512),
  cnpjOrgaoSubRogado: textoOpcional(14),
  codigoUnidadeSubRogada: textoOpcional(30),
  srp: booleano,
  dataAberturaProposta: dataHora.nullish(),
  dataEncerramentoProposta: dataHora.nullish(),
  amparoLegalId: inteiro,
  linkSistemaOrigem: textoOpcional(512),
  justificativa: texto(255),
  justificativaPresencial: textoOpcional(512),
  linkProcessoEletronico: textoOpcional(512),
};
const retificacaoSchema = z.object(retificacaoFields);
/** v2.6 "Retificar Parcialmente uma Contratação" (PATCH): only justificativa required; informação 5120. */
const retificacaoParcialSchema = z
  .object(retificacaoFields)
  .partial()
  .extend({
    justificativa: texto(255),
    informacaoComplementar: textoOpcional(5120),
    emendaParlamentar: booleano.nullish(),
  });

/** v2.6 "Inserir Resultado do Item de uma Contratação" 5-30 (percentualDesconto "Sim" since v2.6). */
const resultadoFields = {
  quantidadeHomologada: decimal.positive("deve ser maior que 0 (zero)"),
  valorUnitarioHomologado: naoNegativo,
  valorTotalHomologado: naoNegativo,
  percentualDesconto: decimal,
  tipoPessoaId: z.enum(["PJ", "PF", "PE"]),
  niFornecedor: texto(30),
  nomeRazaoSocialFornecedor: texto(100),
  porteFornecedorId: inteiro.pipe(z.number().int().min(1).max(5)),
  naturezaJuridicaId: inteiro.nullish(),
  codigoPais: z.string().regex(/^[A-Z]{3}$/, "código ISO Alpha-3"),
  indicadorSubcontratacao: booleano,
  ordemClassificacaoSrp: inteiro.nullish(),
  dataResultado: data,
  aplicacaoMargemPreferencia: booleano,
  amparoLegalMargemPreferenciaId: inteiro.nullish(),
  // The table names it paisOrigemProdutoId, the example paisOrigemProdutoServicoId: both read.
  paisOrigemProdutoId: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullish(),
  paisOrigemProdutoServicoId: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullish(),
  aplicacaoBeneficioMeEpp: booleano,
  aplicacaoCriterioDesempate: booleano,
  amparoLegalCriterioDesempateId: inteiro.nullish(),
  simboloMoedaEstrangeira: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullish(),
  dataCotacaoMoedaEstrangeira: dataHora.nullish(),
  timezoneCotacaoMoedaEstrangeira: z
    .string()
    .regex(/^UTC[+-]\d{2}(\d{2})?$/)
    .nullish(),
  valorNominalMoedaEstrangeira: decimal.nullish(),
  codigoIbgeMunicipio: z.string().nullish(),
  localidadeExterior: z.string().nullish(),
  reservaRemanescenteId: inteiro.pipe(z.number().int().min(1).max(3)).nullish(),
};
const resultadoSchema = z.object(resultadoFields);
/** v2.6 "Retificar Resultado do Item": percentualDesconto "Não"; situação and justificativa required. */
const resultadoRetificadoSchema = z.object({
  ...resultadoFields,
  percentualDesconto: decimal.nullish(),
  dataCancelamento: z.union([dataHora, data, z.literal("")]).nullish(),
  motivoCancelamento: textoOpcional(200),
  situacaoCompraItemResultadoId: inteiro.pipe(z.number().int().min(1).max(2)),
  justificativa: texto(255),
});

const loginSchema = z.object({ login: texto(255), senha: texto(255) });
const entesSchema = z.object({ entesAutorizados: z.array(z.string().regex(/^\d{14}$/)).min(1) });
/** v2.6 "Incluir Unidade". */
const unidadeSchema = z.object({
  codigoIBGE: z.string().regex(/^\d{7}$/),
  codigoUnidade: texto(30),
  nomeUnidade: texto(100),
});
/** v2.6 "Inserir Contratação" 2-3, "Inserir Documento a uma Contratação" 4-5. */
const DOCUMENTO_CONTRATACAO: DocumentRules = {
  allowed: TIPOS_DOCUMENTO_CONTRATACAO,
  what: "de contratação",
  titleMax: 255,
  typeHeaders: ["tipo-documento-id"],
};

/** Leilão rules of v2.6 "Inserir Contratação" (13, 17.2-17.4, 17.11, 17.12, 17.14). */
function checkItem(
  item: z.output<typeof itemNaCompraSchema>,
  modalidadeId: number,
  conformity: ConformityTables,
  where: string,
) {
  if (!CRITERIOS.some((c) => c.id === item.criterioJulgamentoId))
    refuse(`${where}: critério de julgamento ${item.criterioJulgamentoId} não existe`);
  if (!(conformity.modalidadeCriterios[modalidadeId] ?? []).includes(item.criterioJulgamentoId))
    refuse(
      `${where}: critério de julgamento ${item.criterioJulgamentoId} não está em conformidade com a modalidade ${modalidadeId}`,
    );
  if (![1, 2, 3, 4, 5].includes(item.tipoBeneficioId))
    refuse(`${where}: tipo de benefício ${item.tipoBeneficioId} não existe`);
  const leilao = LEILAO.has(modalidadeId);
  if (item.itemCategoriaId != null) {
    if (!CATEGORIAS_ITEM.some((c) => c.id === item.itemCategoriaId))
      refuse(`${where}: categoria do item ${item.itemCategoriaId} não existe`);
    if (leilao && item.itemCategoriaId === 3) refuse(`${where}: no leilão a categoria do item é 1 ou 2`);
    if (!leilao && item.itemCategoriaId !== 3)
      refuse(`${where}: categorias 1 e 2 só se aplicam ao leilão; outras modalidades usam 3`);
  }
  if (leilao) {
    if (item.materialOuServico !== "M") refuse(`${where}: no leilão materialOuServico é M`);
    if (item.tipoBeneficioId !== 5) refuse(`${where}: no leilão o tipo de benefício é 5 (Não se aplica)`);
    if (item.incentivoProdutivoBasico) refuse(`${where}: no leilão incentivoProdutivoBasico é false`);
    if (item.orcamentoSigiloso) refuse(`${where}: no leilão orcamentoSigiloso é false`);
    if (item.itemCategoriaId === 1 && !item.codigoRegistroImobiliario)
      refuse(`${where}: codigoRegistroImobiliario é obrigatório para bens imóveis no leilão`);
  }
  // 17.17-17.18: required when the indicator is true, NULO when it is false; 0 ≤ x < 100.
  for (const kind of ["Normal", "Adicional"] as const) {
    const applies = item[`aplicabilidadeMargemPreferencia${kind}`];
    const pct = item[`percentualMargemPreferencia${kind}`];
    if (applies && pct == null) refuse(`${where}: percentualMargemPreferencia${kind} é obrigatório`);
    if (!applies && pct != null) refuse(`${where}: percentualMargemPreferencia${kind} deve ser nulo`);
    if (pct != null && (pct < 0 || pct >= 100))
      refuse(`${where}: percentualMargemPreferencia${kind} deve ser maior ou igual a 0 e menor que 100`);
  }
}

interface Header {
  tipoInstrumentoConvocatorioId: number;
  modalidadeId: number;
  modoDisputaId: number;
  amparoLegalId: number;
  srp: boolean;
  numeroCompra: string;
  justificativaPresencial?: string | null;
  dataAberturaProposta?: string | null;
  dataEncerramentoProposta?: string | null;
}

/** The compra's domain codes and their conformity (v2.6 "Inserir Contratação" Attention box). */
function checkHeader(h: Header, anoCompra: number, conformity: ConformityTables) {
  const exists = (table: DomainEntry[], id: number, name: string) => {
    if (!table.some((e) => e.id === id)) refuse(`${name} ${id} não existe`);
  };
  exists(INSTRUMENTOS, h.tipoInstrumentoConvocatorioId, "Tipo de instrumento convocatório");
  exists(MODALIDADES, h.modalidadeId, "Modalidade");
  exists(MODOS_DISPUTA, h.modoDisputaId, "Modo de disputa");
  exists(AMPAROS, h.amparoLegalId, "Amparo legal");
  const i = h.tipoInstrumentoConvocatorioId;
  if (
    !(conformity.instrumentoModalidades[i] ?? []).includes(h.modalidadeId) ||
    !(conformity.amparoModalidades[h.amparoLegalId] ?? []).includes(h.modalidadeId)
  )
    refuse(
      `Instrumento convocatório ${i}, modalidade ${h.modalidadeId} e amparo legal ${h.amparoLegalId} não estão em conformidade`,
    );
  if (!(conformity.instrumentoModos[i] ?? []).includes(h.modoDisputaId))
    refuse(`Instrumento convocatório ${i} e modo de disputa ${h.modoDisputaId} não estão em conformidade`);
  // Field 13: "Contratações na modalidade leilão informar false".
  if (LEILAO.has(h.modalidadeId) && h.srp) refuse("Contratações na modalidade leilão informam srp false");
  // Field 19: "Obrigatório para as modalidades de contratação presencial".
  if (PRESENCIAIS.has(h.modalidadeId) && !h.justificativaPresencial?.trim())
    refuse("justificativaPresencial é obrigatória para as modalidades presenciais");
  // Fields 14-15: "Obrigatório para Tipo de Instrumento Convocatório 1 ou 2".
  if ((i === 1 || i === 2) && (!h.dataAberturaProposta || !h.dataEncerramentoProposta))
    refuse("dataAberturaProposta e dataEncerramentoProposta são obrigatórias para os instrumentos 1 e 2");
  // Field 8: "Número da contratação no sistema de origem sem o ano".
  if (new RegExp(`/\\s*(${anoCompra}|${String(anoCompra).slice(2)})\\s*$`).test(h.numeroCompra))
    refuse(`numeroCompra deve ser informado sem o ano (anoCompra ${anoCompra} é um campo próprio)`);
}

function makeToken(): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  return [
    part({ alg: "HS512" }),
    part({
      sub: FAKE_PNCP_LOGIN,
      idBaseDados: FAKE_PNCP_USER_ID,
      iat: now,
      exp: now + TOKEN_LIFETIME_MS / 1000,
    }),
    randomBytes(32).toString("base64url"),
  ].join(".");
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

export async function startFakePncpPublishing(options: FakePncpOptions = {}): Promise<FakePncpPublishing> {
  const conformity: ConformityTables = { ...DEFAULT_CONFORMITY, ...options.conformity };
  const units = new Map(Object.entries(options.units ?? {}).map(([cnpj, list]) => [cnpj, [...list]]));
  const authorisedCnpjs = new Set(options.authorisedCnpjs ?? []);
  const tokens = new Map<string, number>();
  const purchases: FakePurchase[] = [];
  const calls: string[] = [];
  const resultSequences = new WeakMap<FakePurchase, Map<string, { itemNumber: number; result: Body }>>();
  let failures: { left: number; status: number } = { left: 0, status: 500 };
  let hang = false;
  const hanging: ServerResponse[] = [];
  let base = "";

  const send = (
    res: ServerResponse,
    status: number,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const text = body === undefined ? "" : JSON.stringify(body);
    res.writeHead(status, {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      "content-length": String(Buffer.byteLength(text)),
      ...headers,
    });
    res.end(text);
  };
  const sendError = (res: ServerResponse, path: string, status: number, message: string) =>
    send(res, status, {
      timestamp: new Date().toISOString(),
      status,
      error: STATUS_TEXT[status] ?? "Error",
      message,
      path,
    });

  const authorise = (req: IncomingMessage) => {
    // v2.6 "Acesso ao PNCP": the maintenance APIs require "Authorization: Bearer <JWT>", valid 1 hour.
    const header = req.headers.authorization ?? "";
    const token = /^Bearer (\S+)$/.exec(header)?.[1];
    const expiry = token ? tokens.get(token) : undefined;
    if (expiry === undefined || expiry <= Date.now())
      throw new PortalError(401, "Token inválido ou expirado");
  };

  const orgaoFor = (cnpj: string) => {
    if (!/^\d{14}$/.test(cnpj)) throw new PortalError(400, "cnpj: Texto (14)");
    // v2.6 "Acesso ao PNCP": the platform sends data only for the CNPJs it is authorised for.
    if (!authorisedCnpjs.has(cnpj)) refuse(`Usuário não autorizado a enviar dados do órgão ${cnpj}`);
  };

  const purchaseAt = (cnpj: string, year: number, sequential: number) => {
    const p = purchases.find((x) => x.cnpj === cnpj && x.year === year && x.sequential === sequential);
    if (!p || p.deletion !== null) throw new PortalError(404, "Contratação não encontrada");
    return p;
  };
  // v2.6: "Fica impedida a retificação/inclusão ... caso a contratação não possua documento/arquivo ativo".
  const requireActiveDocument = (p: FakePurchase) => {
    if (p.documents.length === 0) refuse("A contratação não possui documento/arquivo ativo vinculado");
  };
  const itemsOf = (p: FakePurchase) => [...p.compra.itensCompra, ...p.addedItems];
  const itemAt = (p: FakePurchase, n: number) => {
    const item = itemsOf(p).find((i) => Number(i.numeroItem) === n);
    if (!item) throw new PortalError(404, `Item ${n} não encontrado`);
    return item;
  };
  const modalidadeOf = (p: FakePurchase) => {
    const last = [...p.rectifications].reverse().find((r) => r.modalidadeId != null);
    return Number(last?.modalidadeId ?? p.compra.modalidadeId);
  };
  const compraUri = (p: FakePurchase) => `${base}/v1/orgaos/${p.cnpj}/compras/${p.year}/${p.sequential}`;

  // "?statusAtivo=true" ("Consultar Tipos de Contrato", "Consultar Catálogos", …) filters by status.
  const domainList = (table: DomainEntry[], query: URLSearchParams) =>
    table
      .map((e) => ({ ...e, statusAtivo: e.statusAtivo ?? true, dataInclusao: "2021-06-01T00:00:00" }))
      .filter((e) => !query.has("statusAtivo") || String(e.statusAtivo) === query.get("statusAtivo"));
  const byId = (table: DomainEntry[], id: number, what: string) => {
    const e = table.find((x) => x.id === id);
    if (!e) throw new PortalError(404, `${what} não encontrado.`);
    return { ...e, statusAtivo: e.statusAtivo ?? true };
  };
  const ref = (e: DomainEntry | undefined) => e && { id: e.id, nome: e.nome, statusAtivo: true };

  const combosIma = () =>
    Object.entries(conformity.instrumentoModalidades).flatMap(([i, modalidades]) =>
      modalidades.flatMap((m) =>
        Object.entries(conformity.amparoModalidades)
          .filter(([, ms]) => ms.includes(m))
          .map(([a]) => ({
            amparoLegal: ref(AMPAROS.find((x) => x.id === Number(a))),
            modalidade: ref(MODALIDADES.find((x) => x.id === m)),
            tipoInstrumentoConvocatorio: ref(INSTRUMENTOS.find((x) => x.id === Number(i))),
          })),
      ),
    );
  const combosIm = () =>
    Object.entries(conformity.instrumentoModos).flatMap(([i, modos]) =>
      modos.map((m) => ({
        tipoInstrumentoConvocatorio: ref(INSTRUMENTOS.find((x) => x.id === Number(i))),
        modoDisputa: ref(MODOS_DISPUTA.find((x) => x.id === m)),
      })),
    );
  const combosMc = () =>
    Object.entries(conformity.modalidadeCriterios).flatMap(([m, criterios]) =>
      criterios.map((c) => ({
        modalidadeContratacao: ref(MODALIDADES.find((x) => x.id === Number(m))),
        criterioJulgamento: ref(CRITERIOS.find((x) => x.id === c)),
      })),
    );
  const filtered = <T extends Record<string, { id: number } | undefined>>(
    list: T[],
    query: URLSearchParams,
    keys: Record<string, keyof T>,
  ) => {
    const found = list.filter((row) =>
      Object.entries(keys).every(
        ([param, key]) => !query.has(param) || row[key]?.id === Number(query.get(param)),
      ),
    );
    if (found.length === 0) throw new PortalError(404, "Registro não encontrado.");
    return found;
  };

  const unitJson = (cnpj: string, u: FakeUnit) => ({
    orgao: { cnpj, razaoSocial: `ÓRGÃO ${cnpj}`, poderId: "E", esferaId: "M", validado: true },
    codigoUnidade: u.codigoUnidade,
    nomeUnidade: u.nomeUnidade,
    municipio: { codigoIbge: u.codigoIbge ?? "0000000" },
  });

  type Handler = (
    req: IncomingMessage,
    res: ServerResponse,
    m: RegExpExecArray,
    raw: Buffer,
    query: URLSearchParams,
  ) => Promise<void> | void;
  const routes: [string, RegExp, Handler][] = [];
  const route = (method: string, pattern: string, handler: Handler) =>
    routes.push([method, new RegExp(`^${BASE_PATH}${pattern.replace(/\{[^}]+\}/g, "([^/]+)")}$`), handler]);
  const num = (s: string | undefined) => {
    if (!s || !/^\d+$/.test(s)) throw new PortalError(400, "Parâmetro de caminho inválido");
    return Number(s);
  };

  // ---- 6.1 usuários (v2.6 "Realizar Login de Usuário", "Consultar Usuário", "Entes Autorizados") ----
  route("POST", "/v1/usuarios/login", (req, res, _m, raw) => {
    const body = parse(loginSchema, json(raw, req));
    if (body.login !== FAKE_PNCP_LOGIN || body.senha !== FAKE_PNCP_PASSWORD)
      throw new PortalError(401, "Login ou senha inválidos");
    const token = makeToken();
    tokens.set(token, Date.now() + TOKEN_LIFETIME_MS);
    // The token comes in the Authorization header after "Bearer"; no body (content-length: 0).
    send(res, 200, undefined, { authorization: `Bearer ${token}`, expires: String(TOKEN_LIFETIME_MS) });
  });
  const user = () => ({
    id: FAKE_PNCP_USER_ID,
    login: FAKE_PNCP_LOGIN,
    nome: "Plataforma Certame",
    administrador: false,
    gestaoEnteAutorizado: true,
    entesAutorizados: [...authorisedCnpjs].map((cnpj) => ({ cnpj, razaoSocial: `ÓRGÃO ${cnpj}` })),
  });
  route("GET", "/v1/usuarios", (req, res, _m, _raw, query) => {
    authorise(req);
    const login = query.get("login");
    send(res, 200, login && login !== FAKE_PNCP_LOGIN ? [] : [user()]);
  });
  route("GET", "/v1/usuarios/{id}", (req, res, m) => {
    authorise(req);
    if (num(m[1]) !== FAKE_PNCP_USER_ID) throw new PortalError(404, "Usuário não encontrado");
    send(res, 200, user());
  });
  route("POST", "/v1/usuarios/{id}/orgaos", (req, res, m, raw) => {
    authorise(req);
    if (num(m[1]) !== FAKE_PNCP_USER_ID) throw new PortalError(404, "Usuário não encontrado");
    for (const cnpj of parse(entesSchema, json(raw, req)).entesAutorizados) authorisedCnpjs.add(cnpj);
    send(res, 200);
  });

  // ---- órgãos e unidades (v2.6 "Consultar Unidades de um Órgão", "Consultar Unidade", "Incluir Unidade") ----
  route("GET", "/v1/orgaos/{cnpj}/unidades", (_req, res, m) => {
    const cnpj = m[1] as string;
    send(
      res,
      200,
      (units.get(cnpj) ?? []).map((u) => unitJson(cnpj, u)),
    );
  });
  route("GET", "/v1/orgaos/{cnpj}/unidades/{codigo}", (_req, res, m) => {
    const cnpj = m[1] as string;
    const u = units.get(cnpj)?.find((x) => x.codigoUnidade === decodeURIComponent(m[2] as string));
    if (!u) throw new PortalError(404, "Unidade não encontrada");
    send(res, 200, unitJson(cnpj, u));
  });
  route("POST", "/v1/orgaos/{cnpj}/unidades", (req, res, m, raw) => {
    authorise(req);
    const cnpj = m[1] as string;
    orgaoFor(cnpj);
    const body = parse(unidadeSchema, json(raw, req));
    const list = units.get(cnpj) ?? [];
    if (list.some((u) => u.codigoUnidade === body.codigoUnidade))
      refuse("Unidade já cadastrada para o órgão");
    list.push({
      codigoUnidade: body.codigoUnidade,
      nomeUnidade: body.nomeUnidade,
      codigoIbge: body.codigoIBGE,
    });
    units.set(cnpj, list);
    send(res, 201, undefined, { location: `${base}/v1/orgaos/${cnpj}/unidades/${body.codigoUnidade}` });
  });

  // ---- tabelas de domínio (v2.6 "Tabelas de Domínio"; v2.3.7 5.1-5.4, 5.12, 5.15, 5.17-5.19, 5.22) ----
  const domain = (path: string, table: DomainEntry[], what: string) => {
    route("GET", path, (_req, res, _m, _r, q) => send(res, 200, domainList(table, q)));
    route("GET", `${path}/{id}`, (_req, res, m) => send(res, 200, byId(table, num(m[1]), what)));
  };
  domain("/v1/tipos-instrumentos-convocatorios", INSTRUMENTOS, "Instrumento convocatório");
  domain("/v1/modalidades", MODALIDADES, "Modalidade de contratação");
  domain("/v1/modos-disputas", MODOS_DISPUTA, "Modo de disputa");
  domain("/v1/criterios-julgamentos", CRITERIOS, "Critério de julgamento");
  domain("/v1/amparos-legais", AMPAROS, "Amparo legal");
  domain("/v1/tipos-documentos", TIPOS_DOCUMENTO, "Tipo de documento");
  // v2.6 "Consultar Categorias de Item" (the PCA's and the catalogue's categories, not itemCategoriaId).
  domain("/v1/categoriaItemPcas", CATEGORIAS_ITEM_PCA, "Categoria de item");
  // v2.6 "Consultar Tipos de Contrato", "Consultar Catálogos".
  domain("/v1/tipos-contratos", TIPOS_CONTRATO, "Tipo de contrato");
  domain("/v1/catalogos", CATALOGOS, "Catálogo");
  route("GET", "/v1/instrumento-convocatorio-modalidade-amparo-legal", (_req, res, _m, _r, q) =>
    send(
      res,
      200,
      filtered(combosIma(), q, {
        amparoLegalId: "amparoLegal",
        modalidadeId: "modalidade",
        tipoInstrumentoConvocatorioId: "tipoInstrumentoConvocatorio",
      }),
    ),
  );
  route("GET", "/v1/instrumento-convocatorio-modalidade-amparo-legal/{a}/{m}/{i}", (_req, res, m) => {
    const [a, mo, i] = [num(m[1]), num(m[2]), num(m[3])];
    const found = combosIma().find(
      (c) => c.amparoLegal?.id === a && c.modalidade?.id === mo && c.tipoInstrumentoConvocatorio?.id === i,
    );
    if (!found) throw new PortalError(404, "Registro não encontrado.");
    send(res, 200, found);
  });
  route("GET", "/v1/tipo-instrumento-convocatorio-modo-disputa", (_req, res, _m, _r, q) =>
    send(
      res,
      200,
      filtered(combosIm(), q, {
        tipoInstrumentoConvocatorioId: "tipoInstrumentoConvocatorio",
        modoDisputaId: "modoDisputa",
      }),
    ),
  );
  route("GET", "/v1/tipo-instrumento-convocatorio-modo-disputa/{i}/{m}", (_req, res, m) => {
    const found = combosIm().find(
      (c) => c.tipoInstrumentoConvocatorio?.id === num(m[1]) && c.modoDisputa?.id === num(m[2]),
    );
    if (!found) throw new PortalError(404, "Registro não encontrado.");
    send(res, 200, found);
  });
  route("GET", "/v1/modalidade-criterio-julgamento", (_req, res, _m, _r, q) =>
    send(
      res,
      200,
      filtered(combosMc(), q, {
        modalidadeId: "modalidadeContratacao",
        criterioJulgamentoId: "criterioJulgamento",
      }),
    ),
  );
  route("GET", "/v1/modalidade-criterio-julgamento/{m}/{c}", (_req, res, m) => {
    const found = combosMc().find(
      (c) => c.modalidadeContratacao?.id === num(m[1]) && c.criterioJulgamento?.id === num(m[2]),
    );
    if (!found) throw new PortalError(404, "Registro não encontrado.");
    send(res, 200, found);
  });

  // ---- contratações ----
  // v2.6 "Inserir Contratação" (v2.3.7 6.3.1): multipart parts "compra" (JSON) and "documento" (file).
  route("POST", "/v1/orgaos/{cnpj}/compras", async (req, res, m, raw) => {
    authorise(req);
    const cnpj = m[1] as string;
    orgaoFor(cnpj);
    const doc = checkDocumentHeaders(req, DOCUMENTO_CONTRATACAO);
    const form = await multipart(raw, req);
    const compraPart = form.get("compra");
    const documento = form.get("documento");
    if (compraPart === null) throw new PortalError(400, "A parte 'compra' é obrigatória");
    if (!(documento instanceof File))
      throw new PortalError(400, "A parte 'documento' (arquivo) é obrigatória");
    let body: unknown;
    try {
      body = JSON.parse(typeof compraPart === "string" ? compraPart : await compraPart.text());
    } catch {
      throw new PortalError(400, "A parte 'compra' não é um JSON válido");
    }
    const compra = parse(compraSchema, body);
    const items = compra.itensCompra.map((item) => parse(itemNaCompraSchema, item));
    checkHeader(compra, compra.anoCompra, conformity);
    if (!(units.get(cnpj) ?? []).some((u) => u.codigoUnidade === compra.codigoUnidadeCompradora))
      refuse(`Unidade ${compra.codigoUnidadeCompradora} não cadastrada para o órgão ${cnpj}`);
    // 17.1 "único e sequencial crescente".
    items.forEach((item, n) => {
      if (n > 0 && item.numeroItem <= (items[n - 1]?.numeroItem ?? 0))
        refuse(`itensCompra[${n}]: numeroItem deve ser único e crescente`);
      checkItem(item, compra.modalidadeId, conformity, `itensCompra[${n}]`);
    });
    checkFile(documento);
    const sequential = purchases.filter((p) => p.cnpj === cnpj && p.year === compra.anoCompra).length + 1;
    const purchase: FakePurchase = {
      cnpj,
      year: compra.anoCompra,
      sequential,
      compra: body as FakeCompra,
      documents: [{ ...doc, fileName: documento.name, type: documento.type, size: documento.size }],
      results: [],
      itemPatches: [],
      rectifications: [],
      addedItems: [],
      itemRectifications: [],
      resultRectifications: [],
      deletion: null,
    };
    purchases.push(purchase);
    const uri = compraUri(purchase);
    send(res, 201, { compraUri: uri, documentoUri: `${uri}/arquivos/1` }, { location: uri });
  });

  const rectify = (schema: typeof retificacaoSchema | typeof retificacaoParcialSchema) =>
    ((req, res, m, raw) => {
      authorise(req);
      const cnpj = m[1] as string;
      orgaoFor(cnpj);
      const p = purchaseAt(cnpj, num(m[2]), num(m[3]));
      const body = json(raw, req);
      const r = parse(schema, body);
      requireActiveDocument(p);
      const last = Object.assign({}, p.compra, ...p.rectifications) as Body;
      const merged = { ...last, ...r } as unknown as Header;
      checkHeader(merged, p.year, conformity);
      p.rectifications.push(body as Body);
      send(res, 200);
    }) satisfies Handler;
  // v2.6 "Retificar Contratação" (PUT, v2.3.7 6.3.2) and "Retificar Parcialmente" (PATCH, 6.3.3).
  route("PUT", "/v1/orgaos/{cnpj}/compras/{ano}/{seq}", rectify(retificacaoSchema));
  route("PATCH", "/v1/orgaos/{cnpj}/compras/{ano}/{seq}", rectify(retificacaoParcialSchema));
  // v2.6 "Excluir Contratação".
  route("DELETE", "/v1/orgaos/{cnpj}/compras/{ano}/{seq}", (req, res, m, raw) => {
    authorise(req);
    const cnpj = m[1] as string;
    orgaoFor(cnpj);
    const p = purchaseAt(cnpj, num(m[2]), num(m[3]));
    p.deletion = parse(justificativaSchema, json(raw, req)).justificativa;
    send(res, 200);
  });

  // v2.6 "Inserir Documento a uma Contratação" (v2.3.7 6.3.6): part "arquivo"; 201 with location only.
  const documentSequences = new WeakMap<FakePurchase, { seq: number; bySeq: Map<number, FakeDocument> }>();
  const docState = (p: FakePurchase) => {
    let s = documentSequences.get(p);
    if (!s) {
      s = { seq: 0, bySeq: new Map() };
      for (const d of p.documents) s.bySeq.set(++s.seq, d);
      documentSequences.set(p, s);
    }
    return s;
  };
  route("POST", "/v1/orgaos/{cnpj}/compras/{ano}/{seq}/arquivos", async (req, res, m, raw) => {
    authorise(req);
    const cnpj = m[1] as string;
    orgaoFor(cnpj);
    const p = purchaseAt(cnpj, num(m[2]), num(m[3]));
    const doc = checkDocumentHeaders(req, DOCUMENTO_CONTRATACAO);
    const arquivo = (await multipart(raw, req)).get("arquivo");
    if (!(arquivo instanceof File)) throw new PortalError(400, "A parte 'arquivo' é obrigatória");
    checkFile(arquivo);
    const state = docState(p);
    const document = { ...doc, fileName: arquivo.name, type: arquivo.type, size: arquivo.size };
    p.documents.push(document);
    state.bySeq.set(++state.seq, document);
    send(res, 201, undefined, { location: `${compraUri(p)}/arquivos/${state.seq}` });
  });
  // v2.6 "Excluir Documento de uma Contratação".
  route("DELETE", "/v1/orgaos/{cnpj}/compras/{ano}/{seq}/arquivos/{doc}", (req, res, m, raw) => {
    authorise(req);
    const cnpj = m[1] as string;
    orgaoFor(cnpj);
    const p = purchaseAt(cnpj, num(m[2]), num(m[3]));
    parse(justificativaSchema, json(raw, req));
    const state = docState(p);
    const d = state.bySeq.get(num(m[4]));
    if (!d) throw new PortalError(404, "Documento não encontrado");
    state.bySeq.delete(num(m[4]));
    p.documents.splice(p.documents.indexOf(d), 1);
    send(res, 200);
  });

  // v2.6 "Inserir Itens a uma Contratação" (v2.3.7 6.3.10): a JSON list; 201 with the items' URIs.
  route("POST", "/v1/orgaos/{cnpj}/compras/{ano}/{seq}/itens", (req, res, m, raw) => {
    authorise(req);
    const cnpj = m[1] as string;
    orgaoFor(cnpj);
    const p = purchaseAt(cnpj, num(m[2]), num(m[3]));
    const body = json(raw, req);
    const list = parse(z.array(z.unknown()).min(1), body) as unknown[];
    const items = list.map((i) => parse(itemInseridoSchema, i));
    requireActiveDocument(p);
    const existing = new Set(itemsOf(p).map((i) => Number(i.numeroItem)));
    items.forEach((item, n) => {
      if (existing.has(item.numeroItem)) refuse(`Item ${item.numeroItem} já existe na contratação`);
      existing.add(item.numeroItem);
      checkItem(item, modalidadeOf(p), conformity, `[${n}]`);
    });
    p.addedItems.push(...(list as FakeItem[]));
    send(
      res,
      201,
      items.map((i) => `${compraUri(p)}/itens/${i.numeroItem}`),
    );
  });
  // v2.6 "Retificar Item de uma Contratação" (PUT, v2.3.7 6.3.11).
  route("PUT", "/v1/orgaos/{cnpj}/compras/{ano}/{seq}/itens/{item}", (req, res, m, raw) => {
    authorise(req);
    const cnpj = m[1] as string;
    orgaoFor(cnpj);
    const p = purchaseAt(cnpj, num(m[2]), num(m[3]));
    const n = num(m[4]);
    itemAt(p, n);
    const body = json(raw, req);
    const item = parse(itemRetificadoSchema, body);
    requireActiveDocument(p);
    if (item.numeroItem !== n) throw new PortalError(400, "numeroItem difere do item da URL");
    checkItem(item, modalidadeOf(p), conformity, `item ${n}`);
    p.itemRectifications.push({ itemNumber: n, item: body as Body });
    send(res, 200);
  });
  // v2.6 "Retificar parcialmente um Item de uma Contratação" (PATCH, v2.3.7 6.3.12).
  route("PATCH", "/v1/orgaos/{cnpj}/compras/{ano}/{seq}/itens/{item}", (req, res, m, raw) => {
    authorise(req);
    const cnpj = m[1] as string;
    orgaoFor(cnpj);
    const p = purchaseAt(cnpj, num(m[2]), num(m[3]));
    const n = num(m[4]);
    const current = itemAt(p, n);
    const body = json(raw, req);
    const patch = parse(itemPatchSchema, body);
    requireActiveDocument(p);
    const previous = p.itemPatches.filter((x) => x.itemNumber === n).map((x) => x.patch);
    const merged = parse(itemNaCompraSchema, Object.assign({}, current, ...previous, patch));
    checkItem(merged, modalidadeOf(p), conformity, `item ${n}`);
    p.itemPatches.push({ itemNumber: n, patch: body as Body });
    send(res, 200);
  });

  // v2.6 "Inserir Resultado do Item de uma Contratação" (v2.3.7 6.3.15): 201 with location only.
  const checkResult = (
    p: FakePurchase,
    n: number,
    r: z.output<typeof resultadoSchema> | z.output<typeof resultadoRetificadoSchema>,
    sameAs?: Body,
  ) => {
    if (LEILAO.has(modalidadeOf(p)) && r.indicadorSubcontratacao)
      refuse("Contratações na modalidade leilão informam indicadorSubcontratacao false");
    if (r.naturezaJuridicaId != null && !NATUREZAS_JURIDICAS.has(r.naturezaJuridicaId))
      refuse(`Natureza jurídica ${r.naturezaJuridicaId} não existe`);
    if (r.aplicacaoMargemPreferencia && r.amparoLegalMargemPreferenciaId == null)
      refuse("amparoLegalMargemPreferenciaId é obrigatório quando aplicacaoMargemPreferencia é true");
    if (r.aplicacaoMargemPreferencia && !r.paisOrigemProdutoId && !r.paisOrigemProdutoServicoId)
      refuse("paisOrigemProdutoId é obrigatório quando aplicacaoMargemPreferencia é true");
    if (r.aplicacaoCriterioDesempate && r.amparoLegalCriterioDesempateId == null)
      refuse("amparoLegalCriterioDesempateId é obrigatório quando aplicacaoCriterioDesempate é true");
    // "verifica se entre os resultados, com situação 'Informado', existe algum outro registro com valor
    // idêntico à combinação tipoPessoaId, niFornecedor e ordemClassificacaoSrp".
    const informed = [...(resultSequences.get(p)?.values() ?? [])].filter(
      (x) =>
        x.itemNumber === n &&
        x.result !== sameAs &&
        Number(x.result.situacaoCompraItemResultadoId ?? 1) === 1,
    );
    if (
      informed.some(
        (x) =>
          x.result.tipoPessoaId === r.tipoPessoaId &&
          x.result.niFornecedor === r.niFornecedor &&
          (x.result.ordemClassificacaoSrp ?? null) === (r.ordemClassificacaoSrp ?? null),
      )
    )
      refuse("Já existe resultado informado para este fornecedor e ordem de classificação neste item");
  };
  route("POST", "/v1/orgaos/{cnpj}/compras/{ano}/{seq}/itens/{item}/resultados", (req, res, m, raw) => {
    authorise(req);
    const cnpj = m[1] as string;
    orgaoFor(cnpj);
    const p = purchaseAt(cnpj, num(m[2]), num(m[3]));
    const n = num(m[4]);
    itemAt(p, n);
    const body = json(raw, req) as Body;
    const r = parse(resultadoSchema, body);
    requireActiveDocument(p);
    checkResult(p, n, r);
    const byItem = resultSequences.get(p) ?? new Map<string, { itemNumber: number; result: Body }>();
    resultSequences.set(p, byItem);
    const sequential = [...byItem.values()].filter((x) => x.itemNumber === n).length + 1;
    const entry = { itemNumber: n, result: body };
    byItem.set(`${n}/${sequential}`, entry);
    p.results.push(entry);
    send(res, 201, undefined, { location: `${compraUri(p)}/itens/${n}/resultados/${sequential}` });
  });
  // v2.6 "Retificar Resultado do Item de uma Contratação" (PUT, v2.3.7 6.3.16).
  route("PUT", "/v1/orgaos/{cnpj}/compras/{ano}/{seq}/itens/{item}/resultados/{res}", (req, res, m, raw) => {
    authorise(req);
    const cnpj = m[1] as string;
    orgaoFor(cnpj);
    const p = purchaseAt(cnpj, num(m[2]), num(m[3]));
    const n = num(m[4]);
    const sequential = num(m[5]);
    const entry = resultSequences.get(p)?.get(`${n}/${sequential}`);
    if (!entry) throw new PortalError(404, "Resultado não encontrado");
    const body = json(raw, req) as Body;
    const r = parse(resultadoRetificadoSchema, body);
    requireActiveDocument(p);
    checkResult(p, n, r, entry.result);
    entry.result = { ...entry.result, situacaoCompraItemResultadoId: r.situacaoCompraItemResultadoId };
    p.resultRectifications.push({ itemNumber: n, sequential, result: body });
    send(res, 200);
  });

  // ---- atas, contratos, termos de contrato, PCA (fake-pncp-instruments.ts) ----
  const context: InstrumentContext = {
    route,
    send,
    authorise,
    orgaoFor,
    purchase: (cnpj, year, sequential) =>
      purchases.find(
        (p) => p.cnpj === cnpj && p.year === year && p.sequential === sequential && p.deletion === null,
      ),
    units,
    base: () => base,
  };
  const instruments = registerInstrumentRoutes(context);

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const path = url.pathname;
    const method = req.method ?? "GET";
    res.on("finish", () => calls.push(`${method} ${path.replace(BASE_PATH, "")} ${res.statusCode}`));
    try {
      const raw = await readBody(req);
      if (path !== `${BASE_PATH}/v1/usuarios/login`) {
        if (hang) {
          hang = false;
          hanging.push(res);
          return;
        }
        if (failures.left > 0) {
          failures.left -= 1;
          throw new PortalError(failures.status, "Falha simulada");
        }
      }
      const candidates = routes.filter(([, pattern]) => pattern.test(path));
      if (candidates.length === 0) throw new PortalError(404, "Recurso não encontrado");
      const found = candidates.find(([m]) => m === method);
      if (!found) throw new PortalError(405, "Método não permitido");
      const [, pattern, handler] = found;
      await handler(req, res, pattern.exec(path) as RegExpExecArray, raw, url.searchParams);
    } catch (error) {
      if (error instanceof PortalError) sendError(res, path, error.status, error.message);
      else sendError(res, path, 500, String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  base = `${host}${BASE_PATH}`;

  return {
    url: host,
    purchases,
    ...instruments,
    calls,
    units,
    authorisedCnpjs,
    failNext(n, status = 500) {
      failures = { left: n, status };
    },
    hangNext() {
      hang = true;
    },
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
