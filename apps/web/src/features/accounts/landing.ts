import type { SessionUser } from "../auth/types";

/** Where a user lands after logging in, when a registration is still theirs to finish (issue 13). */
export const BUYER_REGISTRATION_PATH = "/cadastro-de-orgao";
export const SUPPLIER_REGISTRATION_PATH = "/cadastro-de-fornecedor";

const UNFINISHED = new Set(["IN_PROGRESS", "REJECTED"]);

/**
 * A public body's own account without a body, or whose body's registration is in progress or was
 * rejected, goes to the accreditation wizard; a supplier without a supplier record, or whose
 * registration is in progress or rejected, to the supplier registration; everyone else to `fallback`.
 * A status absent from the answer counts as approved (types.ts).
 */
export function landingPath(user: SessionUser, fallback: string): string {
  if (user.kind === "BUYER") {
    const buyer = user.buyer;
    if (!buyer) return BUYER_REGISTRATION_PATH;
    if (buyer.isBuyerAccount && buyer.registrationStatus && UNFINISHED.has(buyer.registrationStatus))
      return BUYER_REGISTRATION_PATH;
  }
  if (user.kind === "SUPPLIER") {
    const supplier = user.supplier;
    if (!supplier) return SUPPLIER_REGISTRATION_PATH;
    if (supplier.registrationStatus && UNFINISHED.has(supplier.registrationStatus))
      return SUPPLIER_REGISTRATION_PATH;
  }
  return fallback;
}
