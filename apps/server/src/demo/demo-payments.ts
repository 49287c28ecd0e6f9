import {
  addMonths,
  brasiliaCivilDate,
  type CivilDate,
  chargeTerms,
  civilDateKey,
  creditPurchase,
  planPrice,
  subscriptionInForceUntil,
} from "@certame/domain";
import type { PaymentsConfig } from "../config";
import type { Tx } from "../db/client";
import { creditPlans, paymentCharges, subscriptionPlans, subscriptions, supplierCredits } from "../db/schema";
import { BuiltinPaymentProvider } from "../integrations/payments/builtin-provider";
import { nextChargeSequence } from "../modules/payments/payments.repository";

const P = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** Stable ids of the demo plans and purchases (tests and e2e read them). */
export const DEMO_PAYMENT_IDS = {
  planMonthly: P(1501),
  planSemiannual: P(1502),
  planAnnual: P(1503),
  creditSingle: P(1511),
  creditPack: P(1512),
  supplier1Subscription: P(1521),
  supplier3Subscription: P(1522),
  supplier3Renewal: P(1523),
  supplier2Credit: P(1531),
  supplier2PendingCredit: P(1532),
} as const;

const PLANS = [
  { id: DEMO_PAYMENT_IDS.planMonthly, title: "Mensal", durationMonths: 1, large: 19_990, small: 11_990 },
  {
    id: DEMO_PAYMENT_IDS.planSemiannual,
    title: "Semestral",
    durationMonths: 6,
    large: 99_900,
    small: 59_900,
  },
  { id: DEMO_PAYMENT_IDS.planAnnual, title: "Anual", durationMonths: 12, large: 179_900, small: 107_900 },
];

const CREDIT_PLANS = [
  { id: DEMO_PAYMENT_IDS.creditSingle, title: "Participação única", credits: 1, large: 14_990, small: 8_990 },
  {
    id: DEMO_PAYMENT_IDS.creditPack,
    title: "Pacote com 5 participações",
    credits: 5,
    large: 64_900,
    small: 38_900,
  },
];

/** The annual subscription the demo suppliers 1 and 3 paid: in force for a year from today. */
export function demoSubscriptionPeriod(now: number): {
  startDate: CivilDate;
  endDate: CivilDate;
  inForceUntil: Date;
} {
  const startDate = brasiliaCivilDate(now);
  const endDate = addMonths(startDate, 12);
  return { startDate, endDate, inForceUntil: subscriptionInForceUntil(endDate) };
}

/**
 * Issue 14's demo: the plans; fornecedor1 (ME/EPP) with a paid annual subscription; fornecedor2
 * (large company) with one confirmed credit and a pending Pix charge for another; fornecedor3 (ME/EPP)
 * in force and with a pending boleto for its renewal. The pending charges are real built-in codes.
 */
export async function insertDemoPayments(
  tx: Tx,
  now: number,
  supplierIds: { supplier1: string; supplier2: string; supplier3: string },
  config: PaymentsConfig,
) {
  const plansInserted = await tx
    .insert(subscriptionPlans)
    .values(
      PLANS.map((p) => ({
        id: p.id,
        title: p.title,
        durationMonths: p.durationMonths,
        largeCompanyPrice: p.large,
        smallCompanyPrice: p.small,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: subscriptionPlans.id });
  // Loaded before: nothing else to do (the loader runs at every start).
  if (plansInserted.length === 0) return;
  await tx.insert(creditPlans).values(
    CREDIT_PLANS.map((p) => ({
      id: p.id,
      title: p.title,
      credits: p.credits,
      largeCompanyPrice: p.large,
      smallCompanyPrice: p.small,
    })),
  );

  const provider = new BuiltinPaymentProvider(config);
  const at = new Date(now);
  const today = brasiliaCivilDate(now);
  const annual = PLANS[2] as (typeof PLANS)[number];
  const period = demoSubscriptionPeriod(now);

  /** A charge as the built-in provider issues it; paid (at `now`) or pending. */
  const charge = async (input: {
    supplierId: string;
    purpose: "SUBSCRIPTION" | "CREDIT";
    method: "boleto" | "pix";
    amount: number;
    description: string;
    paid: boolean;
  }) => {
    const sequence = await nextChargeSequence(tx);
    const terms = chargeTerms(input.method, at, today);
    const id = P(1600 + sequence);
    const issued = await provider.createCharge({
      chargeId: id,
      sequence,
      method: input.method,
      amountCents: input.amount,
      dueDate: civilDateKey(terms.dueDate),
      expiresAt: terms.expiresAt,
      description: input.description,
      payer: { name: "", document: "", email: null, address: null },
    });
    await tx.insert(paymentCharges).values({
      id,
      sequence,
      supplierId: input.supplierId,
      purpose: input.purpose,
      method: input.method,
      provider: "builtin",
      providerChargeId: issued.providerChargeId,
      amount: input.amount,
      status: input.paid ? "PAID" : "PENDING",
      description: input.description,
      dueDate: issued.boleto?.dueDate ?? civilDateKey(terms.dueDate),
      expiresAt: terms.expiresAt,
      pixPayload: issued.pix?.payload ?? null,
      boletoBarcode: issued.boleto?.barcode ?? null,
      boletoDigitableLine: issued.boleto?.digitableLine ?? null,
      boletoOurNumber: issued.boleto?.ourNumber ?? null,
      paidAt: input.paid ? at : null,
      paidAmount: input.paid ? input.amount : null,
      confirmedBy: input.paid ? "WEBHOOK" : null,
    });
    return id;
  };

  const annualSmall = planPrice({ largeCompanyPrice: annual.large, smallCompanyPrice: annual.small }, true);
  for (const [id, supplierId] of [
    [DEMO_PAYMENT_IDS.supplier1Subscription, supplierIds.supplier1],
    [DEMO_PAYMENT_IDS.supplier3Subscription, supplierIds.supplier3],
  ] as const) {
    const chargeId = await charge({
      supplierId,
      purpose: "SUBSCRIPTION",
      method: "pix",
      amount: annualSmall,
      description: "Assinatura Anual (12 meses)",
      paid: true,
    });
    await tx.insert(subscriptions).values({
      id,
      supplierId,
      subscriptionPlanId: annual.id,
      durationMonths: 12,
      price: annualSmall,
      status: "ACTIVE",
      startDate: civilDateKey(period.startDate),
      endDate: civilDateKey(period.endDate),
      chargeId,
    });
  }
  const renewalCharge = await charge({
    supplierId: supplierIds.supplier3,
    purpose: "SUBSCRIPTION",
    method: "boleto",
    amount: (PLANS[0] as (typeof PLANS)[number]).small,
    description: "Assinatura Mensal (1 mês)",
    paid: false,
  });
  await tx.insert(subscriptions).values({
    id: DEMO_PAYMENT_IDS.supplier3Renewal,
    supplierId: supplierIds.supplier3,
    subscriptionPlanId: DEMO_PAYMENT_IDS.planMonthly,
    durationMonths: 1,
    price: (PLANS[0] as (typeof PLANS)[number]).small,
    status: "PENDING",
    chargeId: renewalCharge,
  });

  const single = CREDIT_PLANS[0] as (typeof CREDIT_PLANS)[number];
  const singlePlan = { credits: 1, largeCompanyPrice: single.large, smallCompanyPrice: single.small };
  const bought = creditPurchase(singlePlan, 1, false);
  for (const [id, paid, method] of [
    [DEMO_PAYMENT_IDS.supplier2Credit, true, "pix"],
    [DEMO_PAYMENT_IDS.supplier2PendingCredit, false, "pix"],
  ] as const) {
    const chargeId = await charge({
      supplierId: supplierIds.supplier2,
      purpose: "CREDIT",
      method,
      amount: bought.price,
      description: `${single.title} — 1 participação`,
      paid,
    });
    await tx.insert(supplierCredits).values({
      id,
      supplierId: supplierIds.supplier2,
      creditPlanId: single.id,
      amount: bought.amount,
      price: bought.price,
      status: paid ? "CONFIRMED" : "PENDING",
      chargeId,
    });
  }
}
