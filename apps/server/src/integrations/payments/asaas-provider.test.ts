import { barcodeFromDigitableLine, isValidDigitableLine } from "@certame/domain";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeAsaas, startFakeAsaas } from "../../../test/fake-asaas";
import { AsaasPaymentProvider, reaisToCents } from "./asaas-provider";
import { type ChargeRequest, PaymentProviderUnavailable, WebhookRefused } from "./payment-provider";

const WEBHOOK_TOKEN = "whk_token_certame_0123456789";

const charge = (overrides: Partial<ChargeRequest> = {}): ChargeRequest => ({
  chargeId: "6f1c2b9e-8a47-4b7e-9d55-0c3e1f2a7b10",
  sequence: 42,
  method: "boleto",
  amountCents: 15010,
  dueDate: "2026-12-10",
  expiresAt: new Date("2026-12-03T18:30:00-03:00"),
  description: "Assinatura Certame — dezembro/2026",
  payer: {
    name: "Prefeitura de Exemplo",
    document: "12.345.678/0001-95",
    email: "compras@exemplo.gov.br",
    address: null,
  },
  ...overrides,
});

let fake: FakeAsaas;
let provider: AsaasPaymentProvider;

beforeEach(async () => {
  fake = await startFakeAsaas();
  provider = new AsaasPaymentProvider({
    baseUrl: fake.url,
    apiKey: fake.apiKey,
    webhookToken: WEBHOOK_TOKEN,
  });
});

afterEach(async () => {
  await fake.close();
});

const unavailable = async (promise: Promise<unknown>): Promise<string> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderUnavailable);
  return (error as Error).message;
};

describe("AsaasPaymentProvider.createCharge", () => {
  it("creates the customer and a boleto charge, sending Asaas's documented request", async () => {
    const issued = await provider.createCharge(charge());

    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /v3/customers?cpfCnpj=12345678000195",
      "POST /v3/customers",
      "POST /v3/payments",
      `GET /v3/payments/${issued.providerChargeId}/identificationField`,
    ]);
    for (const request of fake.requests) {
      expect(request.headers.access_token).toBe(fake.apiKey);
      expect(request.headers["user-agent"]).toBe("Certame");
    }
    // GETs carry no body (Asaas answers 403 otherwise); POSTs are JSON.
    expect(fake.requests[0]?.headers["content-type"]).toBeUndefined();
    expect(fake.requests[1]?.headers["content-type"]).toBe("application/json");
    expect(fake.requests[1]?.body).toEqual({
      name: "Prefeitura de Exemplo",
      cpfCnpj: "12345678000195",
      email: "compras@exemplo.gov.br",
    });
    const customerId = [...fake.customers.keys()][0];
    expect(customerId).toMatch(/^cus_\d{12}$/);
    expect(fake.requests[2]?.body).toEqual({
      customer: customerId,
      billingType: "BOLETO",
      value: 150.1,
      dueDate: "2026-12-10",
      description: "Assinatura Certame — dezembro/2026",
      externalReference: "6f1c2b9e-8a47-4b7e-9d55-0c3e1f2a7b10",
    });

    expect(issued.providerChargeId).toMatch(/^pay_\d{12}$/);
    expect(issued.pix).toBeUndefined();
    const payment = fake.payments.get(issued.providerChargeId);
    expect(payment?.status).toBe("PENDING");
    expect(issued.boleto).toEqual({
      barcode: expect.stringMatching(/^4619\d{40}$/),
      digitableLine: expect.stringMatching(/^4619\d{43}$/),
      ourNumber: payment?.nossoNumero,
      dueDate: "2026-12-10",
    });
    // The barcode carries the charged amount in its last 10 digits, and the line ends with factor + value.
    expect(issued.boleto?.barcode.slice(9, 19)).toBe("0000015010");
    expect(issued.boleto?.digitableLine.slice(33)).toBe(issued.boleto?.barcode.slice(5, 19));
    // Valid FEBRABAN numbers, and the line is the barcode's.
    expect(isValidDigitableLine(issued.boleto?.digitableLine ?? "")).toBe(true);
    expect(barcodeFromDigitableLine(issued.boleto?.digitableLine ?? "")).toBe(issued.boleto?.barcode);
  });

  it("reuses the Asaas customer of the same CPF/CNPJ on the next charge", async () => {
    const first = await provider.createCharge(charge());
    const before = fake.requests.length;
    const second = await provider.createCharge(charge({ chargeId: "0d9e7c1a-3b2f-4c55-8e61-7a9b0c1d2e3f" }));

    expect(fake.requests.slice(before).map((r) => `${r.method} ${r.path.split("?")[0]}`)).toEqual([
      "GET /v3/customers",
      "POST /v3/payments",
      `GET /v3/payments/${second.providerChargeId}/identificationField`,
    ]);
    expect(fake.customers.size).toBe(1);
    expect(second.providerChargeId).not.toBe(first.providerChargeId);
    expect(fake.payments.get(second.providerChargeId)?.customer).toBe([...fake.customers.keys()][0]);
  });

  it("issues a Pix charge with its copy-and-paste payload and expiry", async () => {
    const issued = await provider.createCharge(charge({ method: "pix", amountCents: 7 }));

    const created = fake.requests.find((r) => r.method === "POST" && r.path === "/v3/payments");
    // The Pix's due date is the Brasília day it stops being payable.
    expect(created?.body).toMatchObject({ billingType: "PIX", value: 0.07, dueDate: "2026-12-03" });
    expect(fake.requests.at(-1)?.path).toBe(`/v3/payments/${issued.providerChargeId}/pixQrCode`);
    expect(issued.boleto).toBeUndefined();
    expect(issued.pix?.payload).toMatch(/^000201/);
    // expirationDate "2026-12-03 23:59:59" is Brasília time.
    expect(issued.pix?.expiresAt.toISOString()).toBe("2026-12-04T02:59:59.000Z");
  });

  it("turns a 400 into PaymentProviderUnavailable carrying Asaas's description", async () => {
    const message = await unavailable(provider.createCharge(charge({ dueDate: "" })));
    expect(message).toContain("400");
    expect(message).toContain("O campo dueDate deve ser informado");

    fake.failNext(400, {
      errors: [
        { code: "invalid_value", description: "O campo value deve ser informado" },
        { code: "invalid_dueDate", description: "A data de vencimento não pode ser inferior à hoje" },
      ],
    });
    const both = await unavailable(provider.createCharge(charge()));
    expect(both).toContain(
      "O campo value deve ser informado; A data de vencimento não pode ser inferior à hoje",
    );
  });

  it("turns a 401 (wrong API key) into PaymentProviderUnavailable", async () => {
    const wrongKey = new AsaasPaymentProvider({
      baseUrl: fake.url,
      apiKey: "wrong",
      webhookToken: WEBHOOK_TOKEN,
    });
    const message = await unavailable(wrongKey.createCharge(charge()));
    expect(message).toContain("401");
    expect(message).toContain("A chave de API fornecida é inválida");
    expect(fake.payments.size).toBe(0);
  });

  it("gives up after timeoutMs when Asaas does not answer", async () => {
    const impatient = new AsaasPaymentProvider({
      baseUrl: fake.url,
      apiKey: fake.apiKey,
      webhookToken: WEBHOOK_TOKEN,
      timeoutMs: 200,
    });
    fake.hang(5_000);
    const started = Date.now();
    const message = await unavailable(impatient.createCharge(charge()));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(message).toContain("200 ms");
  });

  it("treats an answer that is not JSON, or no answer at all, as unavailable", async () => {
    fake.failNext(502, "<html>Bad Gateway</html>");
    expect(await unavailable(provider.createCharge(charge()))).toContain("502");

    fake.failNext(200, "<html>manutenção</html>");
    expect(await unavailable(provider.createCharge(charge()))).toContain("não é JSON");

    const url = fake.url;
    await fake.close();
    fake = await startFakeAsaas();
    const gone = new AsaasPaymentProvider({ baseUrl: url, apiKey: "k", webhookToken: WEBHOOK_TOKEN });
    expect(await unavailable(gone.createCharge(charge()))).toContain("indisponível");
  });
});

describe("AsaasPaymentProvider.parseWebhook", () => {
  const now = new Date("2026-12-05T15:00:00Z");
  // null: no asaas-access-token header at all.
  const event = (body: unknown, token: string | null = WEBHOOK_TOKEN) =>
    provider.parseWebhook(
      { "content-type": "application/json", ...(token === null ? {} : { "asaas-access-token": token }) },
      Buffer.from(typeof body === "string" ? body : JSON.stringify(body)),
      now,
    );
  const received = {
    id: "evt_05b708f961d739ea7eba7e4db318f621&368604920",
    event: "PAYMENT_RECEIVED",
    dateCreated: "2026-12-05 16:45:03",
    payment: {
      object: "payment",
      id: "pay_080225913252",
      value: 150.1,
      netValue: 148.11,
      status: "RECEIVED",
      billingType: "PIX",
      paymentDate: "2026-12-05",
      clientPaymentDate: "2026-12-05",
      confirmedDate: "2026-12-05",
      externalReference: "6f1c2b9e-8a47-4b7e-9d55-0c3e1f2a7b10",
    },
  };

  it("reads PAYMENT_RECEIVED with the right token as PAID, in exact centavos", () => {
    expect(event(received)).toEqual({
      eventId: "evt_05b708f961d739ea7eba7e4db318f621&368604920",
      kind: "PAID",
      providerChargeId: "pay_080225913252",
      amountCents: 15010,
      paidAt: new Date("2026-12-05T16:45:03-03:00"),
    });
  });

  it("reads PAYMENT_CONFIRMED as PAID, dated by the payment day when the event is from another day", () => {
    const confirmed = {
      ...received,
      id: "evt_2",
      event: "PAYMENT_CONFIRMED",
      dateCreated: "2026-12-08 09:00:00",
      payment: { ...received.payment, value: 0.07, clientPaymentDate: "2026-12-07", paymentDate: undefined },
    };
    expect(event(confirmed)).toMatchObject({
      kind: "PAID",
      amountCents: 7,
      paidAt: new Date("2026-12-07T12:00:00-03:00"),
    });
  });

  it("refuses a missing or different asaas-access-token", () => {
    expect(() => event(received, null)).toThrow(WebhookRefused);
    expect(() => event(received, "wrong")).toThrow(WebhookRefused);
    expect(() => event(received, `${WEBHOOK_TOKEN}x`)).toThrow(WebhookRefused);
    expect(() =>
      provider.parseWebhook({ "asaas-access-token": [WEBHOOK_TOKEN, WEBHOOK_TOKEN] }, Buffer.from("{}"), now),
    ).toThrow(WebhookRefused);
  });

  it("refuses a body that is not JSON or lacks the event's id", () => {
    expect(() => event("{not json")).toThrow(WebhookRefused);
    expect(() => event("[]")).toThrow(WebhookRefused);
    expect(() => event({ event: "PAYMENT_RECEIVED", payment: received.payment })).toThrow(WebhookRefused);
    expect(() => event({ ...received, payment: { ...received.payment, value: "abc" } })).toThrow(
      WebhookRefused,
    );
  });

  it("reads PAYMENT_OVERDUE as OVERDUE", () => {
    const overdue = {
      id: "evt_3",
      event: "PAYMENT_OVERDUE",
      dateCreated: "2026-12-11 00:05:00",
      payment: { ...received.payment, status: "OVERDUE" },
    };
    expect(event(overdue)).toEqual({
      eventId: "evt_3",
      kind: "OVERDUE",
      providerChargeId: "pay_080225913252",
    });
  });

  it("acknowledges other events, such as PAYMENT_CREATED, as IGNORED", () => {
    const created = {
      id: "evt_4",
      event: "PAYMENT_CREATED",
      dateCreated: "2026-12-01 10:00:00",
      payment: { ...received.payment, status: "PENDING" },
    };
    expect(event(created)).toEqual({
      eventId: "evt_4",
      kind: "IGNORED",
      providerChargeId: "pay_080225913252",
      type: "PAYMENT_CREATED",
    });
  });
});

describe("Asaas amounts", () => {
  it("converts reais to centavos without float error", () => {
    expect(reaisToCents(150.1)).toBe(15010);
    expect(reaisToCents(0.07)).toBe(7);
    expect(reaisToCents("1500.00")).toBe(150000);
    expect(reaisToCents(100)).toBe(10000);
    expect(reaisToCents(1.005)).toBeNull();
    expect(reaisToCents(-1)).toBeNull();
    expect(reaisToCents(1e21)).toBeNull();
    expect(reaisToCents(null)).toBeNull();
  });
});

describe("the fake's boleto numbers", () => {
  it("pass the same checks as Asaas's own example answer of identificationField", () => {
    // The example on Asaas's "Obter linha digitável do boleto" page (Banco do Brasil, factor 8789).
    expect(isValidDigitableLine("00190000090275928800021932978170187890000005000")).toBe(true);
    expect(barcodeFromDigitableLine("00190000090275928800021932978170187890000005000")).toBe(
      "00191878900000050000000002759288002193297817",
    );
  });
});
