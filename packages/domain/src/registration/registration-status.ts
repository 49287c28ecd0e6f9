// Registration of a public body or a supplier (notices-and-accounts §4 "Buyer registration",
// "Supplier registration"; issue 13). The spec does not show the status values; these are ours:
// IN_PROGRESS while the user fills the wizard, PENDING once completed ('Salvar e finalizar') and
// waiting for the platform staff, then APPROVED or REJECTED (with a reason). A rejected registration
// is corrected and completed again, which opens a new analysis with a new deadline.
export const REGISTRATION_STATUSES = ["IN_PROGRESS", "PENDING", "REJECTED", "APPROVED"] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** A supplier row a buyer registered in a notice ('Cadastro de licitante') has no registration: NONE. */
export type SupplierRegistrationStatus = RegistrationStatus | "NONE";

export const REGISTRATION_STATUS_LABELS: Record<SupplierRegistrationStatus, string> = {
  IN_PROGRESS: "Cadastro em preenchimento",
  PENDING: "Em análise pela equipe da plataforma",
  REJECTED: "Cadastro devolvido para correção",
  APPROVED: "Cadastro aprovado",
  NONE: "Sem cadastro próprio",
};

/** The user may change the registration data and complete it (again). */
export function canCompleteRegistration(status: SupplierRegistrationStatus): boolean {
  return status === "IN_PROGRESS" || status === "REJECTED";
}

/** Who analyses: the subject kinds of the staff console (/analise-de-cadastros). */
export const REGISTRATION_SUBJECT_KINDS = ["BUYER", "SUPPLIER"] as const;
export type RegistrationSubjectKind = (typeof REGISTRATION_SUBJECT_KINDS)[number];

export const REGISTRATION_DECISIONS = ["APPROVED", "REJECTED"] as const;
export type RegistrationDecision = (typeof REGISTRATION_DECISIONS)[number];

/** Why a body cannot publish / a supplier cannot bid before approval (shown by the screens). */
export const BUYER_NOT_APPROVED_MESSAGE =
  "O cadastro do órgão ainda não foi aprovado pela equipe da plataforma. A publicação de processos fica disponível após a aprovação.";
export const SUPPLIER_NOT_APPROVED_MESSAGE =
  "O seu cadastro de fornecedor ainda não foi aprovado pela equipe da plataforma. O envio de propostas e lances fica disponível após a aprovação.";
