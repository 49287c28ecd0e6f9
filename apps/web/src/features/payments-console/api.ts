import type { PaymentMethod } from "@certame/domain";
import { apiPost } from "../../api/client";
import type { CreditPlan, SubscriptionPlan } from "../subscriptions/api";

// The staff's payments console (/pagamentos; issue 14): the charges, their manual confirmation and
// the plans. Shapes: payments.service.ts charges() and the plan lists (retired plans included).

export type ChargeStatus = "PENDING" | "PAID" | "EXPIRED";
export type ChargeFilter = ChargeStatus | "ALL";

export interface Charge {
  id: string;
  sequence: number;
  purpose: "SUBSCRIPTION" | "CREDIT";
  method: PaymentMethod;
  provider: string;
  /** Centavos. */
  amount: number;
  status: ChargeStatus;
  description: string;
  /** 'YYYY-MM-DD'. */
  dueDate: string;
  expiresAt: string;
  paidAt: string | null;
  confirmedBy: "WEBHOOK" | "STAFF" | null;
  createdDate: string;
  supplierName: string;
  supplierDocument: string | null;
}

export interface ChargeList {
  total: number;
  charges: Charge[];
}

export type { CreditPlan, SubscriptionPlan };

export const consoleKeys = {
  all: ["payments-console"] as const,
  charges: (status: ChargeFilter, page: number) => ["payments-console", "charges", status, page] as const,
  plans: ["payments-console", "plans"] as const,
};

export const fetchCharges = (status: ChargeFilter, page: number, limit: number) =>
  apiPost<ChargeList>("app/payments/charge/list", {
    ...(status === "ALL" ? {} : { status }),
    page,
    limit,
  });

export const markChargePaid = (id: string) =>
  apiPost<{ id: string; status: "PAID" }>("app/payments/charge/markPaid", { id });

export async function fetchStaffPlans() {
  const [subscriptions, credits] = await Promise.all([
    apiPost<{ subscriptionPlans: SubscriptionPlan[] }>("app/subscription-plan/list"),
    apiPost<{ creditPlans: CreditPlan[] }>("app/credit-plan/list"),
  ]);
  return { subscriptionPlans: subscriptions.subscriptionPlans, creditPlans: credits.creditPlans };
}

interface PlanFields {
  id?: string;
  title: string;
  largeCompanyPrice: number;
  smallCompanyPrice: number;
  active: boolean;
}

export const saveSubscriptionPlan = (input: PlanFields & { duration: number }) =>
  apiPost<{ id: string }>("app/subscription-plan/save", input);

export const saveCreditPlan = (input: PlanFields & { credits: number }) =>
  apiPost<{ id: string }>("app/credit-plan/save", input);
