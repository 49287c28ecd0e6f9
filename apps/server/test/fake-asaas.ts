import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { buildBoletoBarcode, digitableLineFromBarcode } from "@certame/domain";

// A stand-in for the Asaas API v3 on 127.0.0.1, answering the endpoints AsaasPaymentProvider calls in
// Asaas's documented shapes (see the doc links at the top of asaas-provider.ts):
//   GET  /v3/customers?cpfCnpj=   POST /v3/customers   POST /v3/payments
//   GET  /v3/payments/{id}/identificationField        GET  /v3/payments/{id}/pixQrCode
// Errors come as Asaas sends them: { errors: [{ code, description }] }, 401 for a wrong access_token.

export interface FakeAsaasRequest {
  method: string;
  /** Path and query string, e.g. "/v3/customers?cpfCnpj=123". */
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or undefined when there was none. */
  body: unknown;
}

export interface FakeAsaasCustomer {
  object: "customer";
  id: string;
  dateCreated: string;
  name: string;
  email: string | null;
  cpfCnpj: string;
  personType: "FISICA" | "JURIDICA";
  externalReference: string | null;
  deleted: false;
}

export interface FakeAsaasPayment {
  object: "payment";
  id: string;
  dateCreated: string;
  customer: string;
  value: number;
  netValue: number;
  description: string | null;
  billingType: string;
  status: "PENDING" | "RECEIVED_IN_CASH";
  dueDate: string;
  originalDueDate: string;
  externalReference: string | null;
  invoiceUrl: string;
  bankSlipUrl: string | null;
  nossoNumero: string;
  deleted: false;
}

export interface FakeAsaas {
  url: string;
  apiKey: string;
  requests: FakeAsaasRequest[];
  customers: Map<string, FakeAsaasCustomer>;
  payments: Map<string, FakeAsaasPayment>;
  /** The next request is answered with this status and body (a string goes out as is, not as JSON). */
  failNext(status: number, body: unknown): void;
  /** The next request waits this long before being answered (to exercise client timeouts). */
  hang(ms: number): void;
  close(): Promise<void>;
}

/** Asaas's own bank code (Asaas Gestão Financeira Instituição de Pagamento S.A.). */
export const ASAAS_BANK_CODE = "461";

/** A 1×1 transparent PNG: the QR code image is not read by the platform, only its payload. */
const TINY_PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

// A dynamic Pix BR Code the way Asaas's look (EMV TLV fields, location URL, CRC16 in field 63).
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, "0")}${value}`;

function pixPayload(paymentId: string, value: number): string {
  const account = tlv("00", "br.gov.bcb.pix") + tlv("25", `pix.asaas.com/qr/cobv/${paymentId}`);
  const body =
    tlv("00", "01") +
    tlv("26", account) +
    tlv("52", "0000") +
    tlv("53", "986") +
    tlv("54", value.toFixed(2)) +
    tlv("58", "BR") +
    tlv("59", "CERTAME LTDA") +
    tlv("60", "SAO PAULO") +
    tlv("62", tlv("05", "***")) +
    "6304";
  return body + crc16(body);
}

const today = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

export async function startFakeAsaas(options: { apiKey?: string } = {}): Promise<FakeAsaas> {
  const apiKey = options.apiKey ?? "$aact_fake_asaas_key";
  const requests: FakeAsaasRequest[] = [];
  const customers = new Map<string, FakeAsaasCustomer>();
  const payments = new Map<string, FakeAsaasPayment>();
  let nextFailure: { status: number; body: unknown } | null = null;
  let nextHangMs = 0;
  let customerSerial = 5_219_613;
  let paymentSerial = 80_225_913_252;
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown;
      let malformed = false;
      if (raw) {
        try {
          body = JSON.parse(raw);
        } catch {
          malformed = true;
        }
      }
      const path = request.url ?? "/";
      requests.push({ method: request.method ?? "GET", path, headers: request.headers, body });

      const send = (status: number, payload: unknown) => {
        response.statusCode = status;
        response.setHeader("content-type", typeof payload === "string" ? "text/html" : "application/json");
        response.end(typeof payload === "string" ? payload : JSON.stringify(payload));
      };
      const fail = (status: number, code: string, description: string) =>
        send(status, { errors: [{ code, description }] });

      const answer = () => {
        if (nextFailure) {
          const failure = nextFailure;
          nextFailure = null;
          send(failure.status, failure.body);
          return;
        }
        if (request.headers.access_token !== apiKey)
          return fail(401, "invalid_access_token", "A chave de API fornecida é inválida");
        if (malformed) return fail(400, "invalid_request", "O corpo da requisição não é um JSON válido");
        const url = new URL(path, "http://fake-asaas");
        const input = (body ?? {}) as Record<string, unknown>;

        if (request.method === "GET" && url.pathname === "/v3/customers") {
          const cpfCnpj = url.searchParams.get("cpfCnpj");
          const data = [...customers.values()].filter((c) => !cpfCnpj || c.cpfCnpj === cpfCnpj);
          return send(200, {
            object: "list",
            hasMore: false,
            totalCount: data.length,
            limit: 10,
            offset: 0,
            data,
          });
        }
        if (request.method === "POST" && url.pathname === "/v3/customers") {
          if (typeof input.name !== "string" || !input.name.trim())
            return fail(400, "invalid_name", "O campo name deve ser informado");
          const cpfCnpj = typeof input.cpfCnpj === "string" ? input.cpfCnpj.replace(/\D/g, "") : "";
          if (cpfCnpj.length !== 11 && cpfCnpj.length !== 14)
            return fail(400, "invalid_cpfCnpj", "O CPF/CNPJ informado é inválido");
          const customer: FakeAsaasCustomer = {
            object: "customer",
            id: `cus_${String(customerSerial++).padStart(12, "0")}`,
            dateCreated: today(),
            name: input.name,
            email: typeof input.email === "string" ? input.email : null,
            cpfCnpj,
            personType: cpfCnpj.length === 11 ? "FISICA" : "JURIDICA",
            externalReference: typeof input.externalReference === "string" ? input.externalReference : null,
            deleted: false,
          };
          customers.set(customer.id, customer);
          return send(200, customer);
        }
        if (request.method === "POST" && url.pathname === "/v3/payments") {
          if (typeof input.customer !== "string" || !customers.has(input.customer))
            return fail(400, "invalid_customer", "Cliente inválido ou não informado");
          if (!["BOLETO", "PIX", "CREDIT_CARD", "UNDEFINED"].includes(String(input.billingType)))
            return fail(400, "invalid_billingType", "Forma de pagamento inválida");
          if (typeof input.value !== "number" || !(input.value > 0))
            return fail(400, "invalid_value", "O campo value deve ser informado e maior que zero");
          if (typeof input.dueDate !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(input.dueDate))
            return fail(400, "invalid_dueDate", "O campo dueDate deve ser informado");
          const n = paymentSerial++;
          const id = `pay_${String(n).padStart(12, "0")}`;
          const payment: FakeAsaasPayment = {
            object: "payment",
            id,
            dateCreated: today(),
            customer: input.customer,
            value: input.value,
            netValue: Math.round(input.value * 100 - 199) / 100,
            description: typeof input.description === "string" ? input.description : null,
            billingType: String(input.billingType),
            status: "PENDING",
            dueDate: input.dueDate,
            originalDueDate: input.dueDate,
            externalReference: typeof input.externalReference === "string" ? input.externalReference : null,
            invoiceUrl: `https://sandbox.asaas.com/i/${n}`,
            bankSlipUrl: input.billingType === "BOLETO" ? `https://sandbox.asaas.com/b/pdf/${n}` : null,
            nossoNumero: String(n % 100_000_000_000).padStart(11, "0"),
            deleted: false,
          };
          payments.set(id, payment);
          return send(200, payment);
        }
        const cash = /^\/v3\/payments\/([^/]+)\/receiveInCash$/.exec(url.pathname);
        if (request.method === "POST" && cash?.[1]) {
          const payment = payments.get(decodeURIComponent(cash[1]));
          if (!payment) return fail(404, "not_found", "Cobrança não encontrada");
          const input = body as { paymentDate?: unknown; value?: unknown };
          if (typeof input.paymentDate !== "string" || typeof input.value !== "number")
            return fail(400, "invalid_value", "Informe a data e o valor do recebimento");
          payment.status = "RECEIVED_IN_CASH";
          return send(200, payment);
        }
        const numbers = /^\/v3\/payments\/([^/]+)\/(identificationField|pixQrCode)$/.exec(url.pathname);
        if (request.method === "GET" && numbers?.[1] && numbers[2]) {
          const payment = payments.get(decodeURIComponent(numbers[1]));
          if (!payment) return fail(404, "not_found", "Cobrança não encontrada");
          if (numbers[2] === "identificationField") {
            if (payment.billingType !== "BOLETO" && payment.billingType !== "UNDEFINED")
              return fail(400, "invalid_action", "A linha digitável só existe em cobranças por boleto");
            const cents = Math.round(payment.value * 100);
            // Free field: agency 0001, wallet 09, the 11-digit nosso número, account 0000001, 0.
            const free = `000109${payment.nossoNumero}00000010`;
            const barCode = buildBoletoBarcode({
              bankCode: ASAAS_BANK_CODE,
              dueDate: payment.dueDate,
              amountCents: cents,
              freeField: free,
            });
            // Asaas's answer: { identificationField (47 digits), nossoNumero, barCode (44 digits) }.
            return send(200, {
              identificationField: digitableLineFromBarcode(barCode),
              nossoNumero: payment.nossoNumero,
              barCode,
            });
          }
          if (payment.billingType === "CREDIT_CARD")
            return fail(400, "invalid_action", "O QR Code Pix não existe em cobranças por cartão");
          return send(200, {
            encodedImage: TINY_PNG_BASE64,
            payload: pixPayload(payment.id, payment.value),
            // Asaas answers a Brasília wall-clock time without offset; the fake ends the due date's day.
            expirationDate: `${payment.dueDate} 23:59:59`,
          });
        }
        return fail(404, "not_found", `Endpoint ${request.method} ${url.pathname} não existe`);
      };

      if (nextHangMs > 0) {
        const ms = nextHangMs;
        nextHangMs = 0;
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!response.destroyed) answer();
        }, ms);
        timers.add(timer);
      } else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    customers,
    payments,
    failNext(status, body) {
      nextFailure = { status, body };
    },
    hang(ms) {
      nextHangMs = ms;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
