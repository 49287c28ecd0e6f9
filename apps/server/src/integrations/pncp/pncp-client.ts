import { z } from "zod";

// The national public procurement portal's public API (planning §7 "Price search"). Field names were
// checked against public PNCP clients and the "Manual das APIs de Consultas PNCP": the search API
// (`/api/search/`, undocumented, used by the portal's own site) answers snake_case items; the consulta
// API (`/api/pncp/v1/orgaos/…`) answers camelCase. Fields the price search does not read are not validated.

/**
 * Why a portal call failed: unreachable or 5xx after the retries, no answer within the call's deadline,
 * or an answer of the wrong shape.
 */
export class PncpPortalError extends Error {
  constructor(
    readonly kind: "unavailable" | "timeout" | "malformed",
    message: string,
  ) {
    super(message);
  }
}

const text = z.string().nullish();
const num = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

/** One notice of `/api/search/` (snake_case as the portal sends it). */
export const portalNoticeSchema = z.object({
  numero_controle_pncp: z.string().min(1),
  orgao_cnpj: z.string().min(1),
  orgao_nome: text,
  // The search API sends ano and numero_sequencial as strings; numbers are accepted too.
  ano: num,
  numero_sequencial: num,
  modalidade_licitacao_id: z.union([z.string(), z.number()]).nullish(),
  modalidade_licitacao_nome: text,
  data_atualizacao_pncp: text,
  data_publicacao_pncp: text,
  unidade_nome: text,
  municipio_nome: text,
  uf: text,
  title: text,
  description: text,
});
export type PortalNotice = z.infer<typeof portalNoticeSchema>;

export const portalSearchSchema = z.object({
  items: z.array(portalNoticeSchema),
  total: z.number().int().min(0),
});
export type PortalSearchPage = z.infer<typeof portalSearchSchema>;

/** One item of `…/compras/{ano}/{sequencial}/itens`. */
export const portalItemSchema = z.object({
  numeroItem: z.number().int(),
  descricao: z.string(),
  quantidade: z.number().nullish(),
  unidadeMedida: text,
  valorUnitarioEstimado: z.number().nullish(),
  valorTotal: z.number().nullish(),
  materialOuServicoNome: text,
  criterioJulgamentoNome: text,
  temResultado: z.boolean().nullish(),
});
export type PortalItem = z.infer<typeof portalItemSchema>;

/** One award result of `…/itens/{numeroItem}/resultados`. */
export const portalItemResultSchema = z.object({
  niFornecedor: z.string().min(1),
  tipoPessoa: text,
  nomeRazaoSocialFornecedor: z.string(),
  porteFornecedorNome: text,
  quantidadeHomologada: z.number().nullish(),
  valorUnitarioHomologado: z.number().nullish(),
  valorTotalHomologado: z.number().nullish(),
  // The portal sends codigoPais as a string ("BRA"); tolerate a number.
  codigoPais: z.union([z.string(), z.number().transform(String)]).nullish(),
  dataInclusao: text,
});
export type PortalItemResult = z.infer<typeof portalItemResultSchema>;

export interface PortalSearchQuery {
  q: string;
  /** UF acronyms; empty = no state filter. */
  ufs: string[];
  modalities: number[];
  page: number;
  size: number;
}

export interface PurchaseKey {
  cnpj: string;
  year: number;
  sequence: number;
}

/** The portal as the price search uses it (DESIGN §1 src/integrations). */
export interface PncpPortal {
  search(query: PortalSearchQuery): Promise<PortalSearchPage>;
  items(purchase: PurchaseKey, page: number, size: number): Promise<PortalItem[]>;
  itemCount(purchase: PurchaseKey): Promise<number>;
  itemResults(purchase: PurchaseKey, itemNumber: number): Promise<PortalItemResult[]>;
}

export interface HttpPncpPortalOptions {
  /** Per attempt (default 8 s), within the call's deadline. */
  timeoutMs?: number;
  /**
   * The whole call, attempts, backoff and result spacing included (default 9 s): the price search
   * answers within 10 s even when the portal hangs (issue 35), the last second for the server's own work.
   */
  deadlineMs?: number;
  /** Retries after the first attempt on network errors, timeouts and 5xx (default 2). */
  retries?: number;
  /** Backoff before retry n is n × backoffMs (default 100 ms). */
  backoffMs?: number;
  /** Minimum spacing between award-result calls (§7, §9: 50 ms). */
  resultSpacingMs?: number;
  /** Cache of fetched answers, keyed by URL (default 500 entries, 10 minutes). */
  cacheEntries?: number;
  cacheTtlMs?: number;
  now?: () => number;
}

/**
 * One call's time budget. Plain timers (not AbortSignal.timeout), so tests drive it with fake timers.
 */
class CallDeadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;

  constructor(ms: number) {
    this.timer = setTimeout(() => this.controller.abort(), ms);
  }

  get passed(): boolean {
    return this.controller.signal.aborted;
  }

  /** Waits `ms`, or less when the deadline comes first. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.controller.signal.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.controller.signal.addEventListener("abort", done, { once: true });
    });
  }

  /** Resolves when `wait` does, or at the deadline, whichever comes first (the wait goes on alone). */
  race(wait: Promise<void>): Promise<void> {
    if (this.passed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.controller.signal.removeEventListener("abort", done);
        resolve();
      };
      this.controller.signal.addEventListener("abort", done, { once: true });
      wait.then(done, done);
    });
  }

  /** The signal of one attempt: aborted after `ms` or at the deadline; `end()` when the attempt is over. */
  attempt(ms: number): { signal: AbortSignal; end: () => void } {
    const attempt = new AbortController();
    const abort = () => attempt.abort();
    const timer = setTimeout(abort, ms);
    this.controller.signal.addEventListener("abort", abort, { once: true });
    return {
      signal: attempt.signal,
      end: () => {
        clearTimeout(timer);
        this.controller.signal.removeEventListener("abort", abort);
      },
    };
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}

/** The portal over HTTP (global fetch), with timeouts, retries, result-call spacing and a bounded TTL cache. */
export class HttpPncpPortal implements PncpPortal {
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly deadlineMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;
  private readonly resultSpacingMs: number;
  private readonly cacheEntries: number;
  private readonly cacheTtlMs: number;
  private readonly now: () => number;
  private readonly cache = new Map<string, { at: number; value: unknown }>();
  /** The last result call's start time, chained so concurrent callers are spaced too. */
  private resultGate: Promise<void> = Promise.resolve();
  private lastResultAt = Number.NEGATIVE_INFINITY;

  constructor(baseUrl: string, options: HttpPncpPortalOptions = {}) {
    this.base = baseUrl.replace(/\/+$/, "");
    this.timeoutMs = options.timeoutMs ?? 8_000;
    this.deadlineMs = options.deadlineMs ?? 9_000;
    this.retries = options.retries ?? 2;
    this.backoffMs = options.backoffMs ?? 100;
    this.resultSpacingMs = options.resultSpacingMs ?? 50;
    this.cacheEntries = options.cacheEntries ?? 500;
    this.cacheTtlMs = options.cacheTtlMs ?? 10 * 60_000;
    this.now = options.now ?? Date.now;
  }

  search(query: PortalSearchQuery): Promise<PortalSearchPage> {
    const params = new URLSearchParams({
      tipos_documento: "edital",
      status: "encerradas",
      ordenacao: "-data",
      pagina: String(query.page),
      tam_pagina: String(query.size),
      q: query.q,
    });
    if (query.ufs.length > 0) params.set("ufs", query.ufs.join("|"));
    if (query.modalities.length > 0) params.set("modalidades", query.modalities.join("|"));
    return this.get(`/api/search/?${params}`, portalSearchSchema);
  }

  items(purchase: PurchaseKey, page: number, size: number): Promise<PortalItem[]> {
    return this.get(
      `${this.purchasePath(purchase)}/itens?pagina=${page}&tamanhoPagina=${size}`,
      z.array(portalItemSchema),
    );
  }

  itemCount(purchase: PurchaseKey): Promise<number> {
    return this.get(`${this.purchasePath(purchase)}/itens/quantidade`, z.number().int().min(0));
  }

  async itemResults(purchase: PurchaseKey, itemNumber: number): Promise<PortalItemResult[]> {
    const path = `${this.purchasePath(purchase)}/itens/${itemNumber}/resultados`;
    const cached = this.cached(path);
    if (cached !== undefined) return cached as PortalItemResult[];
    return this.get(path, z.array(portalItemResultSchema), {
      beforeEachAttempt: (deadline) => this.spaceResultCall(deadline),
      // An item without results: read as "none" (not verified against the live portal, which may
      // answer 404 or 204 here).
      emptyOn404: true,
    });
  }

  private purchasePath({ cnpj, year, sequence }: PurchaseKey) {
    return `/api/pncp/v1/orgaos/${encodeURIComponent(cnpj)}/compras/${year}/${sequence}`;
  }

  /**
   * §7: award-result calls go one after another, at least resultSpacingMs apart — in one queue for the
   * whole server. A caller leaves its place at its own deadline, and a turn whose caller has gone is
   * skipped without spacing, so one user's abandoned basket never holds another's search past its bound.
   */
  private spaceResultCall(deadline: CallDeadline): Promise<void> {
    const turn = this.resultGate.then(async () => {
      if (deadline.passed) return;
      const wait = this.lastResultAt + this.resultSpacingMs - this.now();
      if (wait > 0) await deadline.sleep(wait);
      if (!deadline.passed) this.lastResultAt = this.now();
    });
    this.resultGate = turn;
    return deadline.race(turn);
  }

  private cached(path: string): unknown {
    const hit = this.cache.get(path);
    if (!hit) return undefined;
    if (this.now() - hit.at > this.cacheTtlMs) {
      this.cache.delete(path);
      return undefined;
    }
    return hit.value;
  }

  private remember(path: string, value: unknown) {
    this.cache.delete(path);
    this.cache.set(path, { at: this.now(), value });
    while (this.cache.size > this.cacheEntries) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
  }

  private async get<S extends z.ZodType>(
    path: string,
    schema: S,
    options: { beforeEachAttempt?: (deadline: CallDeadline) => Promise<void>; emptyOn404?: boolean } = {},
  ): Promise<z.output<S>> {
    const cached = this.cached(path);
    if (cached !== undefined) return cached as z.output<S>;
    const url = `${this.base}${path}`;
    const deadline = new CallDeadline(this.deadlineMs);
    try {
      return await this.attempts(url, path, schema, options, deadline);
    } finally {
      deadline.clear();
    }
  }

  private async attempts<S extends z.ZodType>(
    url: string,
    path: string,
    schema: S,
    options: { beforeEachAttempt?: (deadline: CallDeadline) => Promise<void>; emptyOn404?: boolean },
    deadline: CallDeadline,
  ): Promise<z.output<S>> {
    let lastProblem = "";
    for (let attempt = 0; attempt <= this.retries && !deadline.passed; attempt++) {
      if (attempt > 0) await deadline.sleep(attempt * this.backoffMs);
      if (options.beforeEachAttempt) await options.beforeEachAttempt(deadline);
      if (deadline.passed) break;
      const call = deadline.attempt(this.timeoutMs);
      let response: Response;
      let body: string;
      try {
        response = await fetch(url, { headers: { accept: "application/json" }, signal: call.signal });
        body = await response.text();
      } catch (error) {
        lastProblem = call.signal.aborted ? "tempo esgotado" : (error as Error).message;
        continue;
      } finally {
        call.end();
      }
      if (response.status >= 500) {
        lastProblem = `respondeu ${response.status}`;
        continue;
      }
      // The consulta API answers 204 with no body for an empty list.
      const empty = response.status === 204 || (response.status === 404 && options.emptyOn404);
      if (empty) body = "[]";
      else if (!response.ok)
        throw new PncpPortalError("malformed", `PNCP respondeu ${response.status} em ${path}`);
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        throw new PncpPortalError("malformed", `PNCP respondeu algo que não é JSON em ${path}`);
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success)
        throw new PncpPortalError(
          "malformed",
          `PNCP respondeu fora do formato em ${path}: ${parsed.error.message}`,
        );
      this.remember(path, parsed.data);
      return parsed.data;
    }
    if (deadline.passed)
      throw new PncpPortalError(
        "timeout",
        `PNCP sem resposta em ${this.deadlineMs} ms em ${path}: ${lastProblem}`,
      );
    throw new PncpPortalError("unavailable", `PNCP indisponível em ${path}: ${lastProblem}`);
  }
}
