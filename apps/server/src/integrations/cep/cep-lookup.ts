import { type AddressFromCep, isViaCepNotFound, mapViaCepAnswer, type ViaCepAnswer } from "@certame/domain";
import { type Clock, systemClock } from "../../clock/clock";

/** The CEP integration (DESIGN §1 src/integrations): null when the service does not know the CEP. */
export interface CepLookup {
  /** `cep`: 8 digits. */
  find(cep: string): Promise<AddressFromCep | null>;
}

/** The service could not answer (network, timeout, server error, not JSON). */
export class CepLookupUnavailable extends Error {}

export interface ViaCepLookupOptions {
  /** Time of the cache's expiries (the app's clock, DESIGN §5a). */
  clock?: Clock;
  /** How long one call may take before the service counts as unavailable. */
  timeoutMs?: number;
  /** How long a found address is kept (CEPs rarely change). */
  foundTtlMs?: number;
  /** How long a CEP the service does not know is kept (it may be a new one). */
  notFoundTtlMs?: number;
  /** At most this many CEPs are kept; the least recently used goes first. */
  maxEntries?: number;
}

interface CacheEntry {
  address: AddressFromCep | null;
  expiresAt: number;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * HTTP client of a ViaCEP-compatible service at CEP_BASE_URL (`GET {base}/ws/{cep}/json/`, global
 * fetch), with a small in-memory cache: found and unknown CEPs are kept for a while, failures never.
 * Simultaneous lookups of one CEP share one call.
 */
export class ViaCepLookup implements CepLookup {
  private readonly clock: Clock;
  private readonly timeoutMs: number;
  private readonly foundTtlMs: number;
  private readonly notFoundTtlMs: number;
  private readonly maxEntries: number;
  private readonly cache = new Map<string, CacheEntry>();
  private readonly inFlight = new Map<string, Promise<AddressFromCep | null>>();

  constructor(
    private readonly baseUrl: string,
    options: ViaCepLookupOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.foundTtlMs = options.foundTtlMs ?? 24 * HOUR_MS;
    this.notFoundTtlMs = options.notFoundTtlMs ?? HOUR_MS;
    this.maxEntries = options.maxEntries ?? 5_000;
  }

  async find(cep: string): Promise<AddressFromCep | null> {
    const cached = this.cached(cep);
    if (cached !== undefined) return cached;
    const running = this.inFlight.get(cep);
    if (running) return running;
    const call = this.fetchAddress(cep)
      .then((address) => {
        this.remember(cep, address);
        return address;
      })
      .finally(() => this.inFlight.delete(cep));
    this.inFlight.set(cep, call);
    return call;
  }

  private cached(cep: string): AddressFromCep | null | undefined {
    const entry = this.cache.get(cep);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.clock().getTime()) {
      this.cache.delete(cep);
      return undefined;
    }
    // Most recently used last.
    this.cache.delete(cep);
    this.cache.set(cep, entry);
    return entry.address;
  }

  private remember(cep: string, address: AddressFromCep | null): void {
    const ttl = address ? this.foundTtlMs : this.notFoundTtlMs;
    this.cache.delete(cep);
    this.cache.set(cep, { address, expiresAt: this.clock().getTime() + ttl });
    while (this.cache.size > this.maxEntries) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
  }

  private async fetchAddress(cep: string): Promise<AddressFromCep | null> {
    const url = `${this.baseUrl.replace(/\/+$/, "")}/ws/${encodeURIComponent(cep)}/json/`;
    let response: Response;
    let body: ViaCepAnswer;
    try {
      response = await fetch(url, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      // ViaCEP answers a malformed CEP with 400 (an HTML page): it has no address.
      if (response.status === 400 || response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new CepLookupUnavailable(`consulta de CEP respondeu ${response.status}`);
      }
      body = (await response.json()) as ViaCepAnswer;
    } catch (error) {
      if (error instanceof CepLookupUnavailable) throw error;
      // Network failure, the timeout (also while reading the body) or an answer that is not JSON.
      throw new CepLookupUnavailable(`consulta de CEP indisponível: ${(error as Error).message}`);
    }
    if (!body || typeof body !== "object")
      throw new CepLookupUnavailable("consulta de CEP respondeu sem objeto");
    if (isViaCepNotFound(body)) return null;
    const address = mapViaCepAnswer(body);
    if (!address) throw new CepLookupUnavailable("consulta de CEP respondeu sem CEP válido");
    return address;
  }
}
