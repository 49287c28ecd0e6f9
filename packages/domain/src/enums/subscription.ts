// Payment methods, credit statuses and price tiers of subscriptions and credits
// (notices-and-accounts §2.15, §3 "Subscription and credit entities", §4, §7, §9 "Subscriptions").
export const PAYMENT_METHODS = ["boleto", "pix"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const DEFAULT_PAYMENT_METHOD: PaymentMethod = "boleto";

/** The payment-type radio reads 'Boleto / Pix'. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  boleto: "Boleto",
  pix: "Pix",
};

// The spec names the credit statuses CONFIRMED and USED; a purchase is PENDING until its charge is
// paid and EXPIRED when the charge lapsed unpaid (notices-and-accounts §4 "Subscriptions and credits").
export const CREDIT_STATUSES = ["PENDING", "CONFIRMED", "USED", "EXPIRED"] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];

export const CREDIT_STATUS_LABELS: Record<CreditStatus, string> = {
  PENDING: "Aguardando pagamento",
  CONFIRMED: "Confirmado",
  USED: "Utilizado",
  EXPIRED: "Vencido",
};

/** Plan prices depend on the company size: SA/LTDA (large) or ME-EPP (small). */
export const COMPANY_SIZES = ["LARGE", "SMALL"] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

export const COMPANY_SIZE_LABELS: Record<CompanySize, string> = {
  LARGE: "SA/LTDA",
  SMALL: "ME-EPP",
};

export function companySizeOf(isSmallBusiness: boolean): CompanySize {
  return isSmallBusiness ? "SMALL" : "LARGE";
}

export const DEFAULT_CREDIT_QUANTITY = 1;
export const MIN_CREDIT_QUANTITY = 1;

/**
 * Available credits = the sum of amount over CONFIRMED credits minus the count of USED credits
 * (notices-and-accounts §4 "Subscriptions and credits"); purchases not paid count for nothing.
 */
export function availableCredits(credits: readonly { status: CreditStatus; amount: number }[]): number {
  let total = 0;
  for (const credit of credits) {
    if (credit.status === "CONFIRMED") total += credit.amount;
    else if (credit.status === "USED") total -= 1;
  }
  return total;
}
