import type { RegistrationStatus, StaffRole, SupplierRegistrationStatus, UserKind } from "@certame/domain";

export interface SessionBuyer {
  id: number | string;
  corporateName: string;
  staffRoles: StaffRole[];
  /** The body's registration (issue 13); absent in older answers means approved. */
  registrationStatus?: RegistrationStatus;
  isBuyerAccount?: boolean;
  isCompetentAuthority?: boolean;
  /** The body's address state (UF), when known. */
  state?: string | null;
}

export interface SessionSupplier {
  id: number | string;
  name: string;
  isSmallBusiness: boolean;
  subscriptionEndDate: string | null;
  credentialKind?: "LEGAL_PERSON" | "INDIVIDUAL";
  /** The supplier's registration (issue 13). */
  registrationStatus?: SupplierRegistrationStatus;
}

/** The logged-in user as the server's auth calls return it. */
export interface SessionUser {
  id: number | string;
  name: string;
  email: string;
  kind: UserKind;
  buyer?: SessionBuyer | null;
  supplier?: SessionSupplier | null;
}

export interface LoginPayload {
  login: string;
  password: string;
}

/** The organisation shown beside the user's name: the buyer body or the supplier company. */
export function organisationName(user: SessionUser): string | null {
  return user.buyer?.corporateName ?? user.supplier?.name ?? null;
}
