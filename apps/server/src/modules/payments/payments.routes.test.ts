import {
  barcodeFromDigitableLine,
  isValidDigitableLine,
  parsePixBrCode,
  paymentProviderErrorMessage,
} from "@certame/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseFingerprint } from "../../../test/database-fingerprint";
import { startFakeAsaas } from "../../../test/fake-asaas";
import { readItfFromPdf } from "../../../test/itf-from-pdf";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import { paymentCharges, subscriptions, supplierCredits, suppliers } from "../../db/schema";
import { DEMO_IDS } from "../../demo/demo-data";
import { DEMO_PAYMENT_IDS } from "../../demo/demo-payments";
import type { MailMessage } from "../../integrations/mail/mailer";
import { AsaasPaymentProvider } from "../../integrations/payments/asaas-provider";
import { SIGNATURE_HEADER, signWebhook } from "../../integrations/payments/builtin-provider";
import { PaymentProviderUnavailable } from "../../integrations/payments/payment-provider";
import * as creditRepo from "./credits.repository";
import { AMOUNT_MISMATCH_MESSAGE, WEBHOOK_REFUSED_MESSAGE } from "./payments.service";

// notices-and-accounts §2.15, §3 "Subscription and credit entities", §4, §7 "Subscriptions and
// credits", §8; issue 14 (payment provider, webhook, staff confirmation, gating).
const ME1 = "fornecedor1@demo.com.br"; // ME/EPP
const BIG = "fornecedor2@demo.com.br"; // SA/LTDA, one confirmed credit
const ME3 = "fornecedor3@demo.com.br";
const SECRET = "segredo-do-webhook-de-teste";
const HOUR = 3_600_000;

let t: TestApp;
const clock = new TestClock();
const mails: MailMessage[] = [];
let me1: string;
let big: string;
let me3: string;
let staff: string;
let citizen: string;
let buyer: string;

beforeAll(async () => {
  t = await createTestApp({
    clock: clock.now,
    env: { PAYMENT_WEBHOOK_SECRET: SECRET },
    mailer: {
      send: async (message) => {
        mails.push(message);
        return `<${mails.length}@test>`;
      },
    },
  });
  [me1, big, me3, staff, citizen, buyer] = await Promise.all([
    t.login(ME1),
    t.login(BIG),
    t.login(ME3),
    t.login("admin@certame.local"),
    t.login("cidadao@demo.com.br"),
    t.login("pregoeiro@demo.gov.br"),
  ]);
});
afterAll(() => t.close());

/** A webhook call as the built-in provider's settlement sends it, signed now (or at `at`). */
function webhook(body: object, options: { secret?: string; at?: Date } = {}) {
  const payload = JSON.stringify(body);
  return t.app.inject({
    method: "POST",
    url: "/api/public/payments/webhook",
    payload,
    headers: {
      "content-type": "application/json",
      [SIGNATURE_HEADER]: signWebhook(options.secret ?? SECRET, payload, options.at ?? clock.now()),
    },
  });
}
const paid = (chargeId: string, amount: number, id = `evt_${chargeId}`) => ({
  id,
  type: "charge.paid",
  data: { chargeId, amount, paidAt: clock.now().toISOString() },
});

async function charge(id: string) {
  const [row] = await t.db.select().from(paymentCharges).where(eq(paymentCharges.id, id));
  return row as typeof paymentCharges.$inferSelect;
}

describe("plans (§7 app/subscription-plan/list, app/credit-plan/list)", () => {
  it("shows the active plans to a visitor, and each supplier its own price by company size", async () => {
    const open = (await t.post("/api/public/plans/list")).json();
    expect(open.subscriptionPlans.map((p: { title: string }) => p.title)).toEqual([
      "Mensal",
      "Semestral",
      "Anual",
    ]);
    expect(open.creditPlans).toHaveLength(2);
    expect(open.subscriptionPlans[0]).toMatchObject({
      duration: 1,
      largeCompanyPrice: 19_990,
      smallCompanyPrice: 11_990,
      price: null,
    });

    const small = (await t.post("/api/app/subscription-plan/list", {}, me1)).json().subscriptionPlans;
    const large = (await t.post("/api/app/subscription-plan/list", {}, big)).json().subscriptionPlans;
    expect(small[0].price).toBe(11_990);
    expect(large[0].price).toBe(19_990);
    const credits = (await t.post("/api/app/credit-plan/list", {}, big)).json().creditPlans;
    expect(credits[0]).toMatchObject({ title: "Participação única", credits: 1, price: 14_990 });
  });

  it("lets platform staff create, change and retire a plan; a retired plan is not sold", async () => {
    const created = await t.post(
      "/api/app/subscription-plan/save",
      { title: "Trimestral", duration: 3, largeCompanyPrice: 54_900, smallCompanyPrice: 32_900 },
      staff,
    );
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json();
    expect(
      (await t.post("/api/public/plans/list")).json().subscriptionPlans.map((p: { id: string }) => p.id),
    ).toContain(id);
    await t.post(
      "/api/app/subscription-plan/save",
      {
        id,
        title: "Trimestral",
        duration: 3,
        largeCompanyPrice: 54_900,
        smallCompanyPrice: 32_900,
        active: false,
      },
      staff,
    );
    expect(
      (await t.post("/api/public/plans/list")).json().subscriptionPlans.map((p: { id: string }) => p.id),
    ).not.toContain(id);
    const refused = await t.post(
      "/api/app/subscription/create",
      { subscriptionPlanId: id, paymentMethod: "pix" },
      me1,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().properties[0].property).toBe("subscriptionPlanId");
    // Staff still sees it, to bring it back.
    const all = (await t.post("/api/app/subscription-plan/list", {}, staff)).json().subscriptionPlans;
    expect(all.find((p: { id: string }) => p.id === id)?.active).toBe(false);
  });

  it("refuses a plan without a price, a zero duration, and anyone but staff", async () => {
    const bad = await t.post(
      "/api/app/credit-plan/save",
      { title: "Grátis", credits: 1, largeCompanyPrice: 0, smallCompanyPrice: 10 },
      staff,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().properties.map((p: { property: string }) => p.property)).toEqual(["largeCompanyPrice"]);
    const zero = await t.post(
      "/api/app/subscription-plan/save",
      { title: "Nada", duration: 0, largeCompanyPrice: 10, smallCompanyPrice: 10 },
      staff,
    );
    expect(zero.json().properties.map((p: { property: string }) => p.property)).toEqual(["duration"]);
    const byBuyer = await t.post(
      "/api/app/credit-plan/save",
      { title: "X", credits: 1, largeCompanyPrice: 10, smallCompanyPrice: 10 },
      buyer,
    );
    expect(byBuyer.statusCode).toBe(403);
  });
});

describe("a subscription bought by Pix and confirmed by the signed webhook", () => {
  let chargeId: string;
  let subscriptionId: string;

  it("issues a BR Code for the ME/EPP price, with its QR image, and e-mails how to pay", async () => {
    const res = await t.post(
      "/api/app/subscription/create",
      { subscriptionPlanId: DEMO_PAYMENT_IDS.planSemiannual, paymentMethod: "pix" },
      me1,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      price: 59_900,
      status: "PENDING",
      paymentMethod: "pix",
      barCode: null,
      link: null,
    });
    expect(body.subscriptionPlan).toEqual({ title: "Semestral", duration: 6 });
    const parsed = parsePixBrCode(body.pix.qrCode);
    expect(parsed.crcValid).toBe(true);
    expect(parsed.fields["54"]).toBe("599.00");
    expect(parsed.merchantAccount["00"]).toBe("br.gov.bcb.pix");
    expect(body.pix.qrCodeUrl).toMatch(/^data:image\/png;base64,/);
    chargeId = body.chargeId;
    subscriptionId = body.id;
    const mail = mails.find((m) => m.to === ME1 && m.subject.startsWith("Pagamento pendente"));
    expect(mail?.text).toContain(body.pix.qrCode);
  });

  it("confirms it once: the period starts, the remaining days appear, a redelivery changes nothing", async () => {
    const before = (await t.post("/api/app/subscription/list", {}, me1)).json();
    const res = await webhook(paid(chargeId, 59_900));
    expect(res.statusCode, res.body).toBe(200);
    const after = (await t.post("/api/app/subscription/list", {}, me1)).json();
    const row = after.subscriptions.find((s: { id: string }) => s.id === subscriptionId);
    expect(row.status).toBe("ACTIVE");
    // endDate is exclusive; people read the day before it ('Válida até').
    const end = new Date(`${row.endDate}T12:00:00Z`);
    expect(row.lastDay).toBe(new Date(end.getTime() - 86_400_000).toISOString().slice(0, 10));
    // fornecedor1's demo annual subscription is in force: the new period follows it.
    expect(row.startDate).toBe(before.endDate);
    expect(after.remainingDays).toBeGreaterThan(before.remainingDays + 180);
    expect(row.pix.qrCodeUrl).toBeNull();
    const [supplier] = await t.db.select().from(suppliers).where(eq(suppliers.id, DEMO_IDS.supplier1));
    expect(supplier?.subscriptionEndDate?.toISOString().slice(0, 10)).toBe(row.endDate);
    expect(mails.filter((m) => m.to === ME1 && m.subject.startsWith("Pagamento confirmado"))).toHaveLength(1);

    const fingerprint = await databaseFingerprint(t.db);
    expect((await webhook(paid(chargeId, 59_900))).statusCode).toBe(200);
    expect(await databaseFingerprint(t.db)).toBe(fingerprint);
    expect(mails.filter((m) => m.to === ME1 && m.subject.startsWith("Pagamento confirmado"))).toHaveLength(1);
  });

  it("refuses, logs and never applies a wrong signature, an old call, an unknown charge or another amount", async () => {
    const pending = (
      await t.post(
        "/api/app/subscription/create",
        { subscriptionPlanId: DEMO_PAYMENT_IDS.planMonthly, paymentMethod: "pix" },
        me3,
      )
    ).json();
    const fingerprint = await databaseFingerprint(t.db);
    const forged = await webhook(paid(pending.chargeId, 11_990), { secret: "outro-segredo" });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(WEBHOOK_REFUSED_MESSAGE);
    const old = await webhook(paid(pending.chargeId, 11_990), {
      at: new Date(clock.now().getTime() - 10 * 60_000),
    });
    expect(old.statusCode).toBe(403);
    const unsigned = await t.app.inject({
      method: "POST",
      url: "/api/public/payments/webhook",
      payload: JSON.stringify(paid(pending.chargeId, 11_990)),
      headers: { "content-type": "application/json" },
    });
    expect(unsigned.statusCode).toBe(403);
    expect((await webhook(paid("00000000-0000-4000-8000-999999999999", 11_990))).statusCode).toBe(404);
    const cheaper = await webhook(paid(pending.chargeId, 100));
    expect(cheaper.statusCode).toBe(400);
    expect(cheaper.json().message).toBe(AMOUNT_MISMATCH_MESSAGE);
    expect(await databaseFingerprint(t.db)).toBe(fingerprint);
    expect((await charge(pending.chargeId)).status).toBe("PENDING");
    // The right amount, under a new event id, still applies afterwards.
    expect((await webhook(paid(pending.chargeId, 11_990, "evt_corrigido"))).statusCode).toBe(200);
    expect((await charge(pending.chargeId)).status).toBe("PAID");
  });
});

describe("credits bought by boleto, confirmed by staff and spent once per process", () => {
  let credit: { id: string; chargeId: string; barCode: string; link: string; price: number; amount: number };

  it("issues a FEBRABAN boleto for two participations at the large-company price", async () => {
    const res = await t.post(
      "/api/app/credit/create",
      { creditPlanId: DEMO_PAYMENT_IDS.creditSingle, quantity: 2, paymentMethod: "boleto" },
      big,
    );
    expect(res.statusCode, res.body).toBe(200);
    credit = res.json();
    expect(credit).toMatchObject({ amount: 2, price: 29_980, status: "PENDING", pix: null });
    expect(credit.barCode).toMatch(/^\d{47}$/);
    expect(isValidDigitableLine(credit.barCode)).toBe(true);
    expect(credit.barCode.slice(37)).toBe("0000029980");
    const list = (await t.post("/api/app/credit/list", {}, big)).json();
    expect(list.availableCredits).toBe(1);
  });

  it("downloads a real PDF whose ITF barcode is the digitable line's, to its own supplier and staff only", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: credit.link,
      headers: { authorization: `Bearer ${big}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(readItfFromPdf(pdf)).toBe(barcodeFromDigitableLine(credit.barCode));
    for (const [token, status] of [
      [me1, 404],
      [citizen, 404],
      [staff, 200],
    ] as const) {
      const other = await t.app.inject({
        method: "GET",
        url: credit.link,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(other.statusCode).toBe(status);
    }
    expect((await t.app.inject({ method: "GET", url: credit.link })).statusCode).toBe(401);
  });

  it("is confirmed by 'Marcar como pago' once; the credits count", async () => {
    const listed = (await t.post("/api/app/payments/charge/list", { status: "PENDING" }, staff)).json();
    expect(listed.charges.map((c: { id: string }) => c.id)).toContain(credit.chargeId);
    const marked = await t.post("/api/app/payments/charge/markPaid", { id: credit.chargeId }, staff);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(
      (await t.post("/api/app/payments/charge/markPaid", { id: credit.chargeId }, staff)).statusCode,
    ).toBe(409);
    const list = (await t.post("/api/app/credit/list", {}, big)).json();
    expect(list.availableCredits).toBe(3);
    expect(list.credits.find((c: { id: string }) => c.id === credit.id).status).toBe("CONFIRMED");
    expect((await charge(credit.chargeId)).confirmedBy).toBe("STAFF");
    expect(
      mails.some((m) => m.to === BIG && m.text.includes("2 créditos de participação única foram liberados")),
    ).toBe(true);
  });

  it("spends one participation per process even when two saves race", async () => {
    const available = await creditRepo.availableCredits(t.db, DEMO_IDS.supplier2);
    const notice = DEMO_IDS.noticeOpen;
    const results = await Promise.all(
      [1, 2].map(() =>
        t.db
          .transaction((tx) => creditRepo.consumeCredit(tx, DEMO_IDS.supplier2, notice))
          .then(
            (id) => ({ id }),
            (error: Error) => ({ error }),
          ),
      ),
    );
    expect(results.filter((r) => "id" in r && r.id)).toHaveLength(1);
    expect(await creditRepo.availableCredits(t.db, DEMO_IDS.supplier2)).toBe(available - 1);
    const used = (await t.post("/api/app/credit/list", {}, big))
      .json()
      .credits.find((c: { status: string }) => c.status === "USED");
    expect(used.auction.id).toBe(notice);
    expect(used.creditPlan.title).toBe("Participação única");
  });

  it("lets two processes racing for the last participation have it once", async () => {
    const left = await creditRepo.availableCredits(t.db, DEMO_IDS.supplier2);
    // Spend all but one, elsewhere.
    for (let i = 1; i < left; i++)
      await t.db
        .insert(supplierCredits)
        .values({ supplierId: DEMO_IDS.supplier2, amount: 1, price: 0, status: "USED" });
    expect(await creditRepo.availableCredits(t.db, DEMO_IDS.supplier2)).toBe(1);
    const results = await Promise.all(
      [DEMO_IDS.noticeRoom, DEMO_IDS.noticeAuction].map((notice) =>
        t.db.transaction((tx) => creditRepo.consumeCredit(tx, DEMO_IDS.supplier2, notice)),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(results.filter((r) => r === undefined)).toHaveLength(1);
    expect(await creditRepo.availableCredits(t.db, DEMO_IDS.supplier2)).toBe(0);
  });
});

describe("terms, bad input and other suppliers' data", () => {
  it("refuses a bad quantity, method or plan naming the field, and a non-supplier buyer", async () => {
    for (const [quantity, property] of [
      [0, "quantity"],
      [101, "quantity"],
      [1.5, "quantity"],
      ["dois", "quantity"],
    ] as const) {
      const res = await t.post(
        "/api/app/credit/create",
        { creditPlanId: DEMO_PAYMENT_IDS.creditSingle, quantity },
        big,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().properties[0].property).toBe(property);
    }
    const dear = (
      await t.post(
        "/api/app/credit-plan/save",
        { title: "Caríssimo", credits: 1, largeCompanyPrice: 999_999_999, smallCompanyPrice: 999_999_999 },
        staff,
      )
    ).json();
    const tooLarge = await t.post("/api/app/credit/create", { creditPlanId: dear.id, quantity: 11 }, big);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().properties[0].property).toBe("quantity");
    const method = await t.post(
      "/api/app/subscription/create",
      { subscriptionPlanId: DEMO_PAYMENT_IDS.planMonthly, paymentMethod: "cartao" },
      big,
    );
    expect(method.json().properties[0].property).toBe("paymentMethod");
    const forged = await t.post(
      "/api/app/subscription/create",
      { subscriptionPlanId: "00000000-0000-4000-8000-999999999999" },
      big,
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().properties[0].property).toBe("subscriptionPlanId");
    expect(
      (
        await t.post(
          "/api/app/subscription/create",
          { subscriptionPlanId: DEMO_PAYMENT_IDS.planMonthly },
          buyer,
        )
      ).statusCode,
    ).toBe(403);
    expect((await t.post("/api/app/credit/list", {}, citizen)).statusCode).toBe(403);
  });

  it("never shows a supplier another one's purchases", async () => {
    const mine = (await t.post("/api/app/subscription/list", {}, me1))
      .json()
      .subscriptions.map((s: { id: string }) => s.id);
    const theirs = (await t.post("/api/app/subscription/list", {}, me3))
      .json()
      .subscriptions.map((s: { id: string }) => s.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.filter((id: string) => theirs.includes(id))).toEqual([]);
    const rows = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.supplierId, DEMO_IDS.supplier3)));
    expect(theirs.sort()).toEqual(rows.map((r) => r.id).sort());
  });
  it("marks an unpaid Pix expired after 24 hours, and honours a payment that arrives later", async () => {
    const created = (
      await t.post(
        "/api/app/credit/create",
        { creditPlanId: DEMO_PAYMENT_IDS.creditPack, paymentMethod: "pix" },
        me3,
      )
    ).json();
    expect(created.amount).toBe(5);
    clock.advance(25 * HOUR);
    // Sessions age with the clock too: log in again.
    me3 = await t.login(ME3);
    const list = (await t.post("/api/app/credit/list", {}, me3)).json();
    expect(list.credits.find((c: { id: string }) => c.id === created.id).status).toBe("EXPIRED");
    expect((await charge(created.chargeId)).status).toBe("EXPIRED");
    expect((await webhook(paid(created.chargeId, created.price))).statusCode).toBe(200);
    const [row] = await t.db.select().from(supplierCredits).where(eq(supplierCredits.id, created.id));
    expect(row?.status).toBe("CONFIRMED");
  });

  it("starts a renewal after a subscription known only from before the payments (the supplier's cache)", async () => {
    const until = new Date(clock.now().getTime() + 500 * 86_400_000);
    await t.db
      .update(suppliers)
      .set({ subscriptionEndDate: until })
      .where(eq(suppliers.id, DEMO_IDS.supplier3));
    const bought = (
      await t.post(
        "/api/app/subscription/create",
        { subscriptionPlanId: DEMO_PAYMENT_IDS.planMonthly, paymentMethod: "pix" },
        me3,
      )
    ).json();
    expect((await webhook(paid(bought.chargeId, bought.price))).statusCode).toBe(200);
    const row = (await t.post("/api/app/subscription/list", {}, me3))
      .json()
      .subscriptions.find((s: { id: string }) => s.id === bought.id);
    const cacheDay = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(until);
    expect(row.startDate).toBe(cacheDay);
    // The cache never moves back.
    const [supplier] = await t.db.select().from(suppliers).where(eq(suppliers.id, DEMO_IDS.supplier3));
    expect(supplier?.subscriptionEndDate?.getTime()).toBeGreaterThan(until.getTime());
  });

  it("shows a paid subscription whose period is over as ended, with no days left", async () => {
    clock.advance(3 * 366 * 86_400_000);
    me1 = await t.login(ME1);
    const list = (await t.post("/api/app/subscription/list", {}, me1)).json();
    expect(list.remainingDays).toBe(0);
    const paidOnes = list.subscriptions.filter((s: { chargeStatus: string }) => s.chargeStatus === "PAID");
    expect(paidOnes.length).toBeGreaterThan(0);
    expect(paidOnes.every((s: { status: string }) => s.status === "ENDED")).toBe(true);
  });
});

describe("a provider that fails", () => {
  it("answers §8's message with the support phone and records nothing", async () => {
    const failing = await createTestApp({
      paymentProvider: {
        name: "builtin",
        acknowledgesRefusals: false,
        createCharge: async () => {
          throw new PaymentProviderUnavailable("indisponível");
        },
        parseWebhook: () => {
          throw new Error("unused");
        },
      },
    });
    try {
      const token = await failing.login(BIG);
      const before = await databaseFingerprint(failing.db);
      const res = await failing.post(
        "/api/app/subscription/create",
        { subscriptionPlanId: DEMO_PAYMENT_IDS.planMonthly, paymentMethod: "boleto" },
        token,
      );
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(paymentProviderErrorMessage("(61) 4040-1414"));
      expect(await databaseFingerprint(failing.db)).toBe(before);
    } finally {
      await failing.close();
    }
  });
});

describe("Asaas as the provider (against its local fake)", () => {
  it("issues through Asaas, applies its webhook, acknowledges a stray one, and settles by hand there too", async () => {
    const fake = await startFakeAsaas();
    const asaas = await createTestApp({
      paymentProvider: new AsaasPaymentProvider({
        baseUrl: fake.url,
        apiKey: fake.apiKey,
        webhookToken: "tok-asaas",
      }),
    });
    try {
      const token = await asaas.login(BIG);
      const credit = (
        await asaas.post(
          "/api/app/credit/create",
          { creditPlanId: DEMO_PAYMENT_IDS.creditSingle, paymentMethod: "boleto" },
          token,
        )
      ).json();
      expect(credit.barCode.slice(0, 3)).toBe("461");
      const [row] = await asaas.db
        .select()
        .from(paymentCharges)
        .where(eq(paymentCharges.id, credit.chargeId));
      expect(row?.provider).toBe("asaas");
      const providerId = row?.providerChargeId as string;
      const notify = (body: object, tokenHeader = "tok-asaas") =>
        asaas.app.inject({
          method: "POST",
          url: "/api/public/payments/webhook",
          payload: JSON.stringify(body),
          headers: { "content-type": "application/json", "asaas-access-token": tokenHeader },
        });
      const received = (id: string, paymentId: string, value: number) => ({
        id,
        event: "PAYMENT_RECEIVED",
        dateCreated: "2026-11-26 10:00:00",
        payment: { object: "payment", id: paymentId, value, status: "RECEIVED", paymentDate: "2026-11-26" },
      });

      // Stray events (a charge of the account this platform did not make, another amount) are
      // answered 200 so Asaas's queue keeps flowing, and never applied; a forged token is refused.
      const before = await databaseFingerprint(asaas.db);
      expect((await notify(received("evt_stray", "pay_000000000001", 149.9))).statusCode).toBe(200);
      expect((await notify(received("evt_other_amount", providerId, 1))).statusCode).toBe(200);
      expect((await notify(received("evt_forged", providerId, 149.9), "outro")).statusCode).toBe(403);
      expect(await databaseFingerprint(asaas.db)).toBe(before);

      expect((await notify(received("evt_ok", providerId, 149.9))).statusCode).toBe(200);
      const list = (await asaas.post("/api/app/credit/list", {}, token)).json();
      expect(list.credits.find((c: { id: string }) => c.id === credit.id).status).toBe("CONFIRMED");

      // 'Marcar como pago' receives the charge at Asaas as well, so it cannot be paid twice there.
      const second = (
        await asaas.post(
          "/api/app/credit/create",
          { creditPlanId: DEMO_PAYMENT_IDS.creditSingle, paymentMethod: "pix" },
          token,
        )
      ).json();
      const staffToken = await asaas.login("admin@certame.local");
      expect(
        (await asaas.post("/api/app/payments/charge/markPaid", { id: second.chargeId }, staffToken))
          .statusCode,
      ).toBe(200);
      const [secondRow] = await asaas.db
        .select()
        .from(paymentCharges)
        .where(eq(paymentCharges.id, second.chargeId));
      expect(fake.payments.get(secondRow?.providerChargeId as string)?.status).toBe("RECEIVED_IN_CASH");
    } finally {
      await asaas.close();
      await fake.close();
    }
  });
});
