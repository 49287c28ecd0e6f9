import { PNCP_REQUEST_TIMEOUT_MS, type PncpConformityTables, pncpTituloDocumento } from "@certame/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { pncpOutbox } from "../../db/schema";

// The portal's publishing API (the "Manual de Integração PNCP", v2.3.7): login (6.1.4), insert a
// contracting with its items and main file (6.3.1), rectify it (6.3.2), insert a file (6.3.6), change
// an item's situation (6.3.12), insert an item's result (6.3.15), and — manual v2.6 as issue 34 lists
// it — add items (6.3.10) and rectify an item (6.3.11) after the contracting went. Paths are under {PNCP_BASE_URL}/api/pncp; the mapping of the notice to the
// payloads lives in modules/pncp-publication and packages/domain/src/pncp.

/** One item of `itensCompra` (manual 6.3.1 item 18). */
export interface PncpCompraItem {
  numeroItem: number;
  materialOuServico: "M" | "S";
  tipoBeneficioId: number;
  incentivoProdutivoBasico: boolean;
  descricao: string;
  quantidade: number;
  unidadeMedida: string;
  valorUnitarioEstimado: number;
  valorTotal: number;
  criterioJulgamentoId: number;
  orcamentoSigiloso: boolean;
  itemCategoriaId: number;
  aplicabilidadeMargemPreferenciaNormal: boolean;
  aplicabilidadeMargemPreferenciaAdicional: boolean;
  percentualMargemPreferenciaNormal: number | null;
  percentualMargemPreferenciaAdicional: number | null;
  informacaoComplementar?: string;
}

/** The `compra` part of 6.3.1. */
export interface PncpCompra {
  codigoUnidadeCompradora: string;
  tipoInstrumentoConvocatorioId: number;
  modalidadeId: number;
  modoDisputaId: number;
  numeroCompra: string;
  anoCompra: number;
  numeroProcesso: string;
  objetoCompra: string;
  informacaoComplementar?: string;
  srp: boolean;
  dataAberturaProposta?: string;
  dataEncerramentoProposta?: string;
  amparoLegalId: number;
  linkSistemaOrigem?: string;
  justificativaPresencial?: string;
  itensCompra: PncpCompraItem[];
}

/** The body of 6.3.2 (every field again, no items, with the situation and a justification). */
export type PncpRetificacao = Omit<PncpCompra, "itensCompra" | "anoCompra" | "codigoUnidadeCompradora"> & {
  situacaoCompraId: number;
  justificativa: string;
};

/** The body of 6.3.11 (retificar item): the whole item again, with its §5.6 situation and a reason. */
export type PncpItemRetificacao = PncpCompraItem & { situacaoCompraItemId: number; justificativa: string };

/** The body of 6.3.12 as the queue sends it: only the item's §5.6 situation, with its reason. */
export interface PncpItemSituacao {
  situacaoCompraItemId: number;
  justificativa: string;
}

/** The body of 6.3.15. */
export interface PncpResultado {
  quantidadeHomologada: number;
  valorUnitarioHomologado: number;
  valorTotalHomologado: number;
  /** Required since v2.6 (item 8): the winning percent, or the discount over the estimate. */
  percentualDesconto: number;
  tipoPessoaId: "PJ" | "PF" | "PE";
  niFornecedor: string;
  nomeRazaoSocialFornecedor: string;
  porteFornecedorId: number;
  codigoPais: string;
  indicadorSubcontratacao: boolean;
  /** The winner's place in a price registration (SRP) (item 16). */
  ordemClassificacaoSrp?: number;
  dataResultado: string;
  aplicacaoMargemPreferencia: boolean;
  aplicacaoBeneficioMeEpp: boolean;
  aplicacaoCriterioDesempate: boolean;
}

/** A file sent with the Titulo-Documento and Tipo-Documento-Id headers. */
export interface PncpDocument {
  title: string;
  typeId: number;
  fileName: string;
  mimeType: string;
  bytes: Buffer;
}

export interface PncpPurchaseKey {
  cnpj: string;
  year: number;
  sequential: number;
}

/** Why a call failed: `status` is the portal's HTTP status (none on a timeout or an unreachable portal). */
export class PncpPublishError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The portal as the publication queue uses it (DESIGN §1 src/integrations). */
export interface PncpPublisher {
  /** Where the calls go, for the list page ('Portal' or 'Caixa de saída'). */
  readonly target: "portal" | "outbox";
  createPurchase(
    cnpj: string,
    compra: PncpCompra,
    document: PncpDocument,
  ): Promise<PncpPurchaseKey & { uri: string }>;
  rectifyPurchase(key: PncpPurchaseKey, body: PncpRetificacao): Promise<{ uri: string }>;
  addDocument(key: PncpPurchaseKey, document: PncpDocument): Promise<{ uri: string }>;
  addItemResult(key: PncpPurchaseKey, itemNumber: number, result: PncpResultado): Promise<{ uri: string }>;
  updateItem(key: PncpPurchaseKey, itemNumber: number, body: PncpItemSituacao): Promise<{ uri: string }>;
  /**
   * Before a body's first send: its unit registered in the portal (6.2.6) and the platform's login
   * authorised for its CNPJ (6.1.3 entesAutorizados, granted by 6.1.5). The unit's name as the portal
   * has it; null where there is no portal to ask (the outbox). A PncpPublishError says what is wrong.
   */
  checkUnit(cnpj: string, unitCode: string): Promise<{ name: string | null }>;
  /**
   * The conformity tables the portal serves (5.18.2, 5.19.2, 5.22.2); null when there is no portal or
   * it answers none (the repository copy stays).
   */
  fetchConformityTables(): Promise<PncpConformityTables | null>;
  /** 6.3.10: items added to a contracting already sent. */
  addItems(key: PncpPurchaseKey, items: PncpCompraItem[]): Promise<{ uri: string }>;
  /** 6.3.11: an item changed after the contracting went (every field again). */
  rectifyItem(key: PncpPurchaseKey, itemNumber: number, body: PncpItemRetificacao): Promise<{ uri: string }>;
}

const purchasePath = ({ cnpj, year, sequential }: PncpPurchaseKey) =>
  `/v1/orgaos/${encodeURIComponent(cnpj)}/compras/${year}/${sequential}`;

/** The year and sequential of a contracting's address (`…/compras/{ano}/{sequencial}`). */
export function purchaseKeyOf(cnpj: string, uri: string): PncpPurchaseKey {
  const match = /\/compras\/(\d{4})\/(\d+)(?:\/|$)/.exec(uri);
  if (!match) throw new PncpPublishError(`Resposta do PNCP sem o endereço da contratação: ${uri}`);
  return { cnpj, year: Number(match[1]), sequential: Number(match[2]) };
}

export interface HttpPncpPublisherOptions {
  /** Per call; a portal that answers nothing is given up (the queue retries later). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The publishing API over HTTP: a bearer token from /v1/usuarios/login, renewed on a 401. */
export class HttpPncpPublisher implements PncpPublisher {
  readonly target = "portal" as const;
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;
  private token: string | null = null;

  constructor(
    baseUrl: string,
    private readonly credentials: { login: string; password: string },
    options: HttpPncpPublisherOptions = {},
  ) {
    // PNCP_BASE_URL is the portal's host (the consultation uses /api/search and /api/pncp/v1 too).
    this.base = `${baseUrl.replace(/\/+$/, "")}/api/pncp`;
    this.timeoutMs = options.timeoutMs ?? PNCP_REQUEST_TIMEOUT_MS;
    this.fetch = options.fetch ?? fetch;
  }

  async createPurchase(cnpj: string, compra: PncpCompra, document: PncpDocument) {
    const form = new FormData();
    form.append("compra", new Blob([JSON.stringify(compra)], { type: "application/json" }), "compra.json");
    form.append("documento", new Blob([document.bytes], { type: document.mimeType }), document.fileName);
    const res = await this.call("POST", `/v1/orgaos/${encodeURIComponent(cnpj)}/compras`, form, document);
    const answer = (await res.json().catch(() => ({}))) as { compraUri?: string };
    const uri = answer.compraUri ?? res.headers.get("location") ?? "";
    return { ...purchaseKeyOf(cnpj, uri), uri };
  }

  async rectifyPurchase(key: PncpPurchaseKey, body: PncpRetificacao) {
    await this.call("PUT", purchasePath(key), JSON.stringify(body));
    return { uri: `${this.base}${purchasePath(key)}` };
  }

  async addDocument(key: PncpPurchaseKey, document: PncpDocument) {
    const form = new FormData();
    form.append("arquivo", new Blob([document.bytes], { type: document.mimeType }), document.fileName);
    const res = await this.call("POST", `${purchasePath(key)}/arquivos`, form, document);
    return { uri: res.headers.get("location") ?? "" };
  }

  async addItemResult(key: PncpPurchaseKey, itemNumber: number, result: PncpResultado) {
    const res = await this.call(
      "POST",
      `${purchasePath(key)}/itens/${itemNumber}/resultados`,
      JSON.stringify(result),
    );
    return { uri: res.headers.get("location") ?? "" };
  }

  async updateItem(key: PncpPurchaseKey, itemNumber: number, body: PncpItemSituacao) {
    const path = `${purchasePath(key)}/itens/${itemNumber}`;
    await this.call("PATCH", path, JSON.stringify(body));
    return { uri: `${this.base}${path}` };
  }

  async checkUnit(cnpj: string, unitCode: string) {
    const unitPath = `/v1/orgaos/${encodeURIComponent(cnpj)}/unidades/${encodeURIComponent(unitCode)}`;
    const unit = await this.call("GET", unitPath, undefined, undefined, [404]);
    const found = unit.ok ? ((await unit.json().catch(() => null)) as { nomeUnidade?: string } | null) : null;
    if (!found?.nomeUnidade)
      throw new PncpPublishError(
        `A unidade compradora "${unitCode}" não está cadastrada no PNCP para o CNPJ ${cnpj} (manual 6.2.6).`,
        404,
      );
    const users = await this.call(
      "GET",
      `/v1/usuarios?login=${encodeURIComponent(this.credentials.login)}`,
      undefined,
    );
    const list = (await users.json().catch(() => [])) as {
      login?: string;
      entesAutorizados?: { cnpj?: string }[];
    }[];
    const me = list.find((u) => u.login === this.credentials.login) ?? list[0];
    if (!me?.entesAutorizados?.some((e) => e.cnpj === cnpj))
      throw new PncpPublishError(
        `O usuário da plataforma no PNCP não está autorizado a publicar pelo CNPJ ${cnpj} (entes autorizados, manual 6.1.3 e 6.1.5).`,
        403,
      );
    return { name: found.nomeUnidade };
  }

  async fetchConformityTables(): Promise<PncpConformityTables | null> {
    type Ref = { id?: number | string } | undefined;
    const list = async <T>(path: string) => {
      const res = await this.send("GET", path, undefined);
      if (!res.ok) throw await failure(res, `GET ${path}`);
      return ((await res.json().catch(() => [])) as T[]) ?? [];
    };
    const id = (r: Ref) => Number(r?.id);
    const [modes, criteria, bases] = await Promise.all([
      list<{ tipoInstrumentoConvocatorio?: Ref; modoDisputa?: Ref }>(
        "/v1/tipo-instrumento-convocatorio-modo-disputa",
      ),
      list<{ modalidadeContratacao?: Ref; modalidade?: Ref; criterioJulgamento?: Ref }>(
        "/v1/modalidade-criterio-julgamento",
      ),
      list<{ tipoInstrumentoConvocatorio?: Ref; modalidade?: Ref; amparoLegal?: Ref }>(
        "/v1/instrumento-convocatorio-modalidade-amparo-legal",
      ),
    ]);
    if (modes.length === 0 || criteria.length === 0 || bases.length === 0) return null;
    return {
      instrumentoModoDisputa: modes.map(
        (r) => [id(r.tipoInstrumentoConvocatorio), id(r.modoDisputa)] as const,
      ),
      modalidadeCriterio: criteria.map(
        (r) => [id(r.modalidadeContratacao ?? r.modalidade), id(r.criterioJulgamento)] as const,
      ),
      instrumentoModalidadeAmparo: bases.map(
        (r) => [id(r.tipoInstrumentoConvocatorio), id(r.modalidade), id(r.amparoLegal)] as const,
      ),
    };
  }

  async addItems(key: PncpPurchaseKey, items: PncpCompraItem[]) {
    const path = `${purchasePath(key)}/itens`;
    await this.call("POST", path, JSON.stringify(items));
    return { uri: `${this.base}${path}` };
  }

  async rectifyItem(key: PncpPurchaseKey, itemNumber: number, body: PncpItemRetificacao) {
    const path = `${purchasePath(key)}/itens/${itemNumber}`;
    await this.call("PUT", path, JSON.stringify(body));
    return { uri: `${this.base}${path}` };
  }

  private async login(): Promise<string> {
    const res = await this.send(
      "POST",
      "/v1/usuarios/login",
      JSON.stringify({
        login: this.credentials.login,
        senha: this.credentials.password,
      }),
    );
    if (!res.ok) throw await failure(res, "login no PNCP");
    // 6.1.4: the token comes in the Authorization header, already prefixed with "Bearer".
    const authorization = res.headers.get("authorization");
    if (!authorization) throw new PncpPublishError("O PNCP não devolveu o token de acesso no login.");
    return authorization.startsWith("Bearer ") ? authorization : `Bearer ${authorization}`;
  }

  /** An authenticated call; `answered` are the failure statuses handed back instead of thrown. */
  private async call(
    method: string,
    path: string,
    body: string | FormData | undefined,
    document?: PncpDocument,
    answered: readonly number[] = [],
  ) {
    for (let attempt = 0; ; attempt++) {
      this.token ??= await this.login();
      const res = await this.send(method, path, body, this.token, document);
      if (res.status === 401 && attempt === 0) {
        this.token = null; // expired: log in again once
        continue;
      }
      if (!res.ok && !answered.includes(res.status)) throw await failure(res, `${method} ${path}`);
      return res;
    }
  }

  private async send(
    method: string,
    path: string,
    body: string | FormData | undefined,
    token?: string,
    document?: PncpDocument,
  ) {
    const headers: Record<string, string> = { accept: "*/*" };
    if (typeof body === "string") headers["content-type"] = "application/json";
    if (token) headers.authorization = token;
    if (document) {
      // The plain title (6.3.1 item 2, 6.3.6 item 4), in Latin-1 as headers are: not percent-encoded.
      headers["Titulo-Documento"] = pncpTituloDocumento(document.title);
      headers["Tipo-Documento-Id"] = String(document.typeId);
    }
    try {
      return await this.fetch(`${this.base}${path}`, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error).name === "TimeoutError";
      throw new PncpPublishError(
        timedOut
          ? `O PNCP não respondeu em ${Math.round(this.timeoutMs / 1000)} s (${method} ${path}).`
          : `O PNCP está inacessível (${method} ${path}): ${(error as Error).message}`,
      );
    }
  }
}

async function failure(res: Response, what: string): Promise<PncpPublishError> {
  const text = await res.text().catch(() => "");
  let detail = text.slice(0, 500);
  try {
    const json = JSON.parse(text) as { message?: string; erros?: { mensagem?: string }[] };
    detail = json.message ?? json.erros?.map((e) => e.mensagem).join("; ") ?? detail;
  } catch {
    // not JSON: the text as it came
  }
  return new PncpPublishError(`${what}: HTTP ${res.status}${detail ? ` — ${detail}` : ""}`, res.status);
}

/**
 * The default without PNCP credentials (`npm start`): each call is recorded in the pncp_outbox table
 * as it would have been sent, and a contracting gets the next sequential of its body and year.
 */
export class OutboxPncpPublisher implements PncpPublisher {
  readonly target = "outbox" as const;

  constructor(private readonly db: Db) {}

  async createPurchase(cnpj: string, compra: PncpCompra, document: PncpDocument) {
    const path = `/v1/orgaos/${cnpj}/compras`;
    return this.db.transaction(async (tx) => {
      // One body's contractings are numbered one after the other (an advisory lock per body and year).
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`pncp:${cnpj}:${compra.anoCompra}`}))`);
      const counted = await tx.execute<{ count: number }>(
        sql`SELECT count(*)::int AS count FROM pncp_outbox WHERE method = 'POST' AND path = ${path} AND (body->>'anoCompra')::int = ${compra.anoCompra}`,
      );
      const count = counted.rows[0]?.count ?? 0;
      await tx.insert(pncpOutbox).values({
        method: "POST",
        path,
        headers: documentHeaders(document),
        body: compra,
        files: [fileOf("documento", document)],
      });
      const key = { cnpj, year: compra.anoCompra, sequential: count + 1 };
      return { ...key, uri: `outbox:${purchasePath(key)}` };
    });
  }

  async rectifyPurchase(key: PncpPurchaseKey, body: PncpRetificacao) {
    await this.db.insert(pncpOutbox).values({ method: "PUT", path: purchasePath(key), headers: {}, body });
    return { uri: `outbox:${purchasePath(key)}` };
  }

  async addDocument(key: PncpPurchaseKey, document: PncpDocument) {
    const path = `${purchasePath(key)}/arquivos`;
    await this.db.insert(pncpOutbox).values({
      method: "POST",
      path,
      headers: documentHeaders(document),
      files: [fileOf("arquivo", document)],
    });
    return { uri: `outbox:${path}` };
  }

  async addItemResult(key: PncpPurchaseKey, itemNumber: number, result: PncpResultado) {
    const path = `${purchasePath(key)}/itens/${itemNumber}/resultados`;
    await this.db.insert(pncpOutbox).values({ method: "POST", path, headers: {}, body: result });
    return { uri: `outbox:${path}` };
  }

  async updateItem(key: PncpPurchaseKey, itemNumber: number, body: PncpItemSituacao) {
    const path = `${purchasePath(key)}/itens/${itemNumber}`;
    await this.db.insert(pncpOutbox).values({ method: "PATCH", path, headers: {}, body });
    return { uri: `outbox:${path}` };
  }

  /** No portal to ask: the unit as the body typed it is what the outbox records. */
  async checkUnit(_cnpj: string, _unitCode: string) {
    return { name: null };
  }

  /** No portal: the repository copy of the tables is used. */
  async fetchConformityTables() {
    return null;
  }

  async addItems(key: PncpPurchaseKey, items: PncpCompraItem[]) {
    const path = `${purchasePath(key)}/itens`;
    await this.db.insert(pncpOutbox).values({ method: "POST", path, headers: {}, body: items });
    return { uri: `outbox:${path}` };
  }

  async rectifyItem(key: PncpPurchaseKey, itemNumber: number, body: PncpItemRetificacao) {
    const path = `${purchasePath(key)}/itens/${itemNumber}`;
    await this.db.insert(pncpOutbox).values({ method: "PUT", path, headers: {}, body });
    return { uri: `outbox:${path}` };
  }
}

const documentHeaders = (document: PncpDocument) => ({
  "Titulo-Documento": pncpTituloDocumento(document.title),
  "Tipo-Documento-Id": String(document.typeId),
});
const fileOf = (part: string, document: PncpDocument) => ({
  part,
  name: document.fileName,
  type: document.mimeType,
  size: document.bytes.length,
});
