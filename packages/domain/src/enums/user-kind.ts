// User kinds (notices-and-accounts §1). ADMIN is platform staff (analyses registrations).
export const USER_KINDS = ["BUYER", "SUPPLIER", "REGULAR_CITIZEN", "ADMIN"] as const;
export type UserKind = (typeof USER_KINDS)[number];

export const USER_KIND_LABELS: Record<UserKind, string> = {
  BUYER: "Órgão comprador",
  SUPPLIER: "Fornecedor",
  REGULAR_CITIZEN: "Cidadão",
  ADMIN: "Equipe da plataforma",
};
