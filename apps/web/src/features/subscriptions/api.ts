import type { CreditStatus, PaymentMethod } from "@certame/domain";
import { apiPost } from "../../api/client";

// The calls of /assinaturas (notices-and-accounts §7 "Subscriptions and credits"); the shapes are
// the server's subscriptionView / creditView / paymentData (payments.service.ts).

export type SubscriptionStatus = "PENDING" | "ACTIVE" | "ENDED" | "EXPIRED";
export type ChargeStatus = "PENDING" | "PAID" | "EXPIRED";

/** A purchase's charge; every field is null when the row has no charge (chargeId null). */
export interface PaymentData {
  chargeId: string | null;
  paymentMethod: PaymentMethod | null;
  chargeStatus?: ChargeStatus | null;
  /** The boleto's due date, 'YYYY-MM-DD'. */
  dueDate: string | null;
  /** When an unpaid charge lapses (ISO instant): the Pix's "pay until". */
  expiresAt?: string | null;
  paidAt?: string | null;
  /** The boleto's digitable line (digits only). */
  barCode: string | null;
  /** The boleto PDF ('Baixar Pdf'), same origin. */
  link: string | null;
  /** qrCodeUrl is drawn only while the charge can be paid. */
  pix: { qrCode: string; qrCodeUrl: string | null } | null;
}

export interface Subscription extends PaymentData {
  id: string;
  subscriptionPlan: { title: string; duration: number };
  startDate: string | null;
  endDate: string | null;
  /** The last day in force ('Válida até'): endDate is exclusive. */
  lastDay: string | null;
  price: number;
  status: SubscriptionStatus;
  createdDate: string;
}

export interface Credit extends PaymentData {
  id: string;
  creditPlan: { title: string | null };
  createdDate: string;
  amount: number;
  price: number;
  status: CreditStatus;
  auction: { id: string; noticeNumber: string | null } | null;
}

export interface SubscriptionList {
  remainingDays: number;
  endDate: string | null;
  subscriptions: Subscription[];
}

export interface CreditList {
  availableCredits: number;
  credits: Credit[];
}

interface PlanPrices {
  id: string;
  title: string;
  /** SA/LTDA, in centavos. */
  largeCompanyPrice: number;
  /** ME-EPP, in centavos. */
  smallCompanyPrice: number;
  /** The caller's own price; null for a visitor or platform staff. */
  price: number | null;
  active: boolean;
}

export interface SubscriptionPlan extends PlanPrices {
  /** Months. */
  duration: number;
}

export interface CreditPlan extends PlanPrices {
  /** Participations one unit gives. */
  credits: number;
}

export interface Plans {
  subscriptionPlans: SubscriptionPlan[];
  creditPlans: CreditPlan[];
}

export const subscriptionKeys = {
  all: ["subscriptions"] as const,
  subscriptions: ["subscriptions", "subscriptions"] as const,
  credits: ["subscriptions", "credits"] as const,
  plans: ["subscriptions", "plans"] as const,
  publicPlans: ["subscriptions", "public-plans"] as const,
};

export const fetchSubscriptions = () => apiPost<SubscriptionList>("app/subscription/list");
export const fetchCredits = () => apiPost<CreditList>("app/credit/list");

/** The plans with the supplier's own price. */
export async function fetchPlans(): Promise<Plans> {
  const [subscriptions, credits] = await Promise.all([
    apiPost<Pick<Plans, "subscriptionPlans">>("app/subscription-plan/list"),
    apiPost<Pick<Plans, "creditPlans">>("app/credit-plan/list"),
  ]);
  return { subscriptionPlans: subscriptions.subscriptionPlans, creditPlans: credits.creditPlans };
}

/** The active plans for anyone (the public mode of §2.15). */
export const fetchPublicPlans = () => apiPost<Plans>("public/plans/list");

export const createSubscription = (input: { subscriptionPlanId: string; paymentMethod: PaymentMethod }) =>
  apiPost<Subscription>("app/subscription/create", input);

export const createCredit = (input: {
  creditPlanId: string;
  quantity: number;
  paymentMethod: PaymentMethod;
}) => apiPost<Credit>("app/credit/create", input);
