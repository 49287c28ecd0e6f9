// Asaas (API v3) as the payment provider: Asaas issues the boleto and the Pix QR code, and calls our
// webhook when a charge is paid or overdue. Request and response shapes follow these pages:
//   authentication (access_token + User-Agent headers): https://docs.asaas.com/docs/authentication-2
//   errors ({ errors: [{ code, description }] }, 401):   https://docs.asaas.com/docs/http-response-codes
//   customers (a charge needs one): https://docs.asaas.com/docs/duvidas-frequentes-clientes
//     (POST /v3/customers {name, cpfCnpj, email} and GET /v3/customers?cpfCnpj= → {data: [...]}; their
//     reference pages were not at hand, the shapes match the unofficial SDKs and the brief)
//   charges (POST /v3/payments):                          https://docs.asaas.com/reference/cobranças
//                                                          https://docs.asaas.com/docs/cobrancas-via-boleto
//   boleto numbers (GET /v3/payments/{id}/identificationField):
//                                                   https://docs.asaas.com/reference/get-digitable-bill-line
//   Pix (GET /v3/payments/{id}/pixQrCode):  https://docs.asaas.com/reference/obter-qr-code-para-pagamentos-via-pix
//                                           https://docs.asaas.com/docs/cobrancas-por-pix
//   webhooks (event object, asaas-access-token header):
//                         https://docs.asaas.com/docs/receba-eventos-do-asaas-no-seu-endpoint-de-webhook
//                         https://docs.asaas.com/docs/criar-novo-webhook-pela-aplicacao-web

import { createHash, timingSafeEqual } from "node:crypto";
import {
  type ChargeRequest,
  type IssuedCharge,
  type PaymentEvent,
  type PaymentProvider,
  PaymentProviderUnavailable,
  WebhookRefused,
} from "./payment-provider";

export interface AsaasProviderOptions {
  /** https://api.asaas.com (production) or https://api-sandbox.asaas.com; "/v3" is added (tolerated if present). */
  baseUrl: string;
  /** The account's API key, sent as the access_token header. */
  apiKey: string;
  /** The "token de autenticação" configured on the Asaas webhook, echoed in asaas-access-token. */
  webhookToken: string;
  /** Per request (headers and body); 10 s by default. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** GET /v3/customers answers a page: { object: "list", hasMore, totalCount, limit, offset, data }. */
interface AsaasList<T> {
  data?: T[];
}

interface AsaasCustomer {
  id: string;
}

interface AsaasPayment {
  id: string;
  status?: string;
}

interface AsaasIdentificationField {
  identificationField: string;
  nossoNumero: string;
  barCode: string;
}

interface AsaasPixQrCode {
  encodedImage?: string;
  payload: string;
  expirationDate: string;
}

/** The webhook body: { id: "evt_…", event, dateCreated: "YYYY-MM-DD HH:mm:ss", payment: {…} }. */
interface AsaasWebhookBody {
  id?: unknown;
  event?: unknown;
  dateCreated?: unknown;
  payment?: {
    id?: unknown;
    value?: unknown;
    status?: unknown;
    paymentDate?: unknown;
    clientPaymentDate?: unknown;
    confirmedDate?: unknown;
    externalReference?: unknown;
    billingType?: unknown;
  } | null;
}

const USER_AGENT = "Certame";
const DEFAULT_TIMEOUT_MS = 10_000;
const PAID_EVENTS = new Set(["PAYMENT_RECEIVED", "PAYMENT_CONFIRMED"]);

/** Integer centavos → reais as a JSON number (15010 → 150.1): integer/100 is the double nearest the decimal. */
export function centsToReais(amountCents: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    throw new PaymentProviderUnavailable(`valor inválido para o Asaas: ${amountCents} centavos`);
  return amountCents / 100;
}

/**
 * Reais (JSON number or decimal text, at most 2 decimals) → integer centavos without float arithmetic:
 * a JSON number's shortest text ("150.1", "0.07") is the decimal Asaas sent, so it is split as text.
 * Null when it is not such a decimal (negative, exponent, 3+ decimals).
 */
export function reaisToCents(value: unknown): number | null {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value;
  if (typeof text !== "string") return null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match?.[1]) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Asaas writes times as Brasília wall-clock text ("YYYY-MM-DD HH:mm:ss", no offset); Brazil has had no DST since 2019. */
export function parseAsaasDateTime(text: unknown): Date | null {
  if (typeof text !== "string") return null;
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?$/.exec(text.trim());
  if (!m) return null;
  // A bare date (paymentDate…) has no time: that day's noon keeps it on the same Brasília civil date.
  const date = new Date(`${m[1]}T${m[2] ?? "12:00:00"}-03:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The Brasília civil date (YYYY-MM-DD) of an instant. */
function brasiliaDate(instant: Date): string {
  return new Date(instant.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
}

function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    // A repeated header is ambiguous: refuse rather than pick one.
    return typeof value === "string" ? value : undefined;
  }
  return undefined;
}

/** Constant-time comparison; hashing first makes the lengths equal, as timingSafeEqual requires. */
function sameSecret(received: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(received), digest(expected));
}

/** HTTP client of the Asaas API v3 (global fetch) and reader of its webhook calls. */
export class AsaasPaymentProvider implements PaymentProvider {
  readonly name = "asaas";
  readonly acknowledgesRefusals = true;
  private readonly apiBase: string;
  private readonly apiKey: string;
  private readonly webhookToken: string;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;

  constructor(options: AsaasProviderOptions) {
    const base = options.baseUrl.replace(/\/+$/, "");
    this.apiBase = base.endsWith("/v3") ? base : `${base}/v3`;
    this.apiKey = options.apiKey;
    this.webhookToken = options.webhookToken;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  async createCharge(request: ChargeRequest): Promise<IssuedCharge> {
    const value = centsToReais(request.amountCents);
    const customer = await this.findOrCreateCustomer(request);
    const billingType = request.method === "pix" ? "PIX" : "BOLETO";
    const payment = await this.call<AsaasPayment>("POST", "/payments", {
      customer,
      billingType,
      value,
      // Asaas requires a due date for Pix too: the day the Pix stops being payable.
      dueDate: request.method === "pix" ? brasiliaDate(request.expiresAt) : request.dueDate,
      description: request.description,
      externalReference: request.chargeId,
    });
    if (typeof payment.id !== "string" || !payment.id)
      throw new PaymentProviderUnavailable("Asaas criou a cobrança sem informar o id");
    const id = encodeURIComponent(payment.id);

    if (request.method === "pix") {
      const qr = await this.call<AsaasPixQrCode>("GET", `/payments/${id}/pixQrCode`);
      const expiresAt = parseAsaasDateTime(qr.expirationDate);
      if (typeof qr.payload !== "string" || !qr.payload || !expiresAt)
        throw new PaymentProviderUnavailable("Asaas respondeu um QR Code Pix incompleto");
      return { providerChargeId: payment.id, pix: { payload: qr.payload, expiresAt } };
    }

    const numbers = await this.call<AsaasIdentificationField>("GET", `/payments/${id}/identificationField`);
    const digitableLine = String(numbers.identificationField ?? "").replace(/\D/g, "");
    const barcode = String(numbers.barCode ?? "").replace(/\D/g, "");
    if (digitableLine.length !== 47 || barcode.length !== 44)
      throw new PaymentProviderUnavailable(
        "Asaas respondeu uma linha digitável ou código de barras inválido",
      );
    return {
      providerChargeId: payment.id,
      boleto: {
        barcode,
        digitableLine,
        ourNumber: String(numbers.nossoNumero ?? ""),
        dueDate: request.dueDate,
      },
    };
  }

  /** Asaas keeps one customer per payer: reuse the one with this CPF/CNPJ, or register it. */
  private async findOrCreateCustomer(request: ChargeRequest): Promise<string> {
    const cpfCnpj = request.payer.document.replace(/\D/g, "");
    const found = await this.call<AsaasList<AsaasCustomer>>(
      "GET",
      `/customers?cpfCnpj=${encodeURIComponent(cpfCnpj)}`,
    );
    const existing = found.data?.[0]?.id;
    if (typeof existing === "string" && existing) return existing;
    const created = await this.call<AsaasCustomer>("POST", "/customers", {
      name: request.payer.name,
      cpfCnpj,
      ...(request.payer.email ? { email: request.payer.email } : {}),
    });
    if (typeof created.id !== "string" || !created.id)
      throw new PaymentProviderUnavailable("Asaas criou o cliente sem informar o id");
    return created.id;
  }

  /** One API call; every failure (network, timeout, non-2xx, non-JSON) becomes PaymentProviderUnavailable. */
  /**
   * 'Marcar como pago': the charge received outside Asaas (POST /v3/payments/{id}/receiveInCash,
   * https://docs.asaas.com/reference/confirmar-recebimento-em-dinheiro), so it cannot be paid again.
   */
  async settleManually(providerChargeId: string, amountCents: number, paidOn: string): Promise<void> {
    await this.call("POST", `/payments/${encodeURIComponent(providerChargeId)}/receiveInCash`, {
      paymentDate: paidOn,
      value: centsToReais(amountCents),
      notifyCustomer: false,
    });
  }

  private async call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {
      accept: "application/json",
      access_token: this.apiKey,
      "user-agent": USER_AGENT,
    };
    // GETs go without a body (Asaas answers 403 to a GET with one).
    if (body !== undefined) headers["content-type"] = "application/json";
    let response: Response;
    let text: string;
    try {
      response = await this.fetch(`${this.apiBase}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const reason =
        (error as Error).name === "TimeoutError"
          ? `sem resposta em ${this.timeoutMs} ms`
          : (error as Error).message;
      throw new PaymentProviderUnavailable(`Asaas indisponível (${method} ${path}): ${reason}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      const descriptions = (
        json as { errors?: { code?: unknown; description?: unknown }[] } | undefined
      )?.errors
        ?.map((e) =>
          typeof e?.description === "string" ? e.description : typeof e?.code === "string" ? e.code : "",
        )
        .filter(Boolean)
        .join("; ");
      const detail =
        descriptions || (response.status === 401 ? "chave de API ausente ou inválida" : "sem descrição");
      throw new PaymentProviderUnavailable(
        `Asaas respondeu ${response.status} (${method} ${path}): ${detail}`,
      );
    }
    if (json === null || typeof json !== "object")
      throw new PaymentProviderUnavailable(`Asaas respondeu algo que não é JSON (${method} ${path})`);
    return json as T;
  }

  /**
   * Authenticates and reads one webhook call. Asaas signs nothing and sends no timestamp: the only proof
   * is the asaas-access-token header, so `now` is unused (replays are handled by the eventId).
   */
  parseWebhook(
    headers: Record<string, string | string[] | undefined>,
    rawBody: Buffer,
    _now: Date,
  ): PaymentEvent {
    const token = headerValue(headers, "asaas-access-token");
    if (!this.webhookToken || token === undefined || !sameSecret(token, this.webhookToken))
      throw new WebhookRefused("webhook do Asaas sem o token de autenticação correto");

    let body: AsaasWebhookBody;
    try {
      body = JSON.parse(rawBody.toString("utf8")) as AsaasWebhookBody;
    } catch {
      throw new WebhookRefused("webhook do Asaas com corpo que não é JSON");
    }
    if (body === null || typeof body !== "object" || Array.isArray(body))
      throw new WebhookRefused("webhook do Asaas com corpo que não é um objeto");
    const { id: eventId, event: type } = body;
    if (typeof eventId !== "string" || !eventId || typeof type !== "string" || !type)
      throw new WebhookRefused("webhook do Asaas sem id ou event");
    const payment = body.payment && typeof body.payment === "object" ? body.payment : null;
    const paymentId = typeof payment?.id === "string" && payment.id ? payment.id : null;

    if (PAID_EVENTS.has(type)) {
      if (!payment || !paymentId) throw new WebhookRefused(`webhook ${type} do Asaas sem a cobrança`);
      const amountCents = reaisToCents(payment.value);
      if (amountCents === null) throw new WebhookRefused(`webhook ${type} do Asaas com valor inválido`);
      // When the payer paid (clientPaymentDate) rather than when Asaas credited it; dates are Brasília days.
      const paidDay = [payment.clientPaymentDate, payment.paymentDate, payment.confirmedDate].find(
        (d): d is string => typeof d === "string" && /^\d{4}-\d{2}-\d{2}$/.test(d),
      );
      const created = parseAsaasDateTime(body.dateCreated);
      // The event's own time is more precise when it falls on the payment day.
      const paidAt =
        paidDay && created && brasiliaDate(created) === paidDay
          ? created
          : (parseAsaasDateTime(paidDay) ?? created);
      if (!paidAt) throw new WebhookRefused(`webhook ${type} do Asaas sem data de pagamento`);
      return { eventId, kind: "PAID", providerChargeId: paymentId, amountCents, paidAt };
    }
    if (type === "PAYMENT_OVERDUE") {
      if (!paymentId) throw new WebhookRefused("webhook PAYMENT_OVERDUE do Asaas sem a cobrança");
      return { eventId, kind: "OVERDUE", providerChargeId: paymentId };
    }
    return { eventId, kind: "IGNORED", providerChargeId: paymentId, type };
  }
}
