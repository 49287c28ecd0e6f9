// Supplier credential kind (notices-and-accounts §3 "Supplier"; planning §3 "Budget").
// INDIVIDUAL documents are a CPF; any other kind is a CNPJ.
export const CREDENTIAL_KINDS = ["LEGAL_PERSON", "INDIVIDUAL"] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

export const CREDENTIAL_KIND_LABELS: Record<CredentialKind, string> = {
  LEGAL_PERSON: "Pessoa jurídica",
  INDIVIDUAL: "Pessoa física",
};

export type PersonDocumentKind = "CPF" | "CNPJ";

export function documentKindOf(credentialKind: CredentialKind): PersonDocumentKind {
  return credentialKind === "INDIVIDUAL" ? "CPF" : "CNPJ";
}

/** The national portal's person type: 'PF' is an individual, anything else a legal person (planning §9). */
export function credentialKindFromPersonType(personType: string | null | undefined): CredentialKind {
  return personType === "PF" ? "INDIVIDUAL" : "LEGAL_PERSON";
}

/** The supplier picker's 'Indicar em:' choice (notices-and-accounts §2.7, §2.9, §3 "selectSupplierKind"). */
export const SELECT_SUPPLIER_KINDS = ["SELECTED", "ALL"] as const;
export type SelectSupplierKind = (typeof SELECT_SUPPLIER_KINDS)[number];

export const SELECT_SUPPLIER_KIND_LABELS: Record<SelectSupplierKind, string> = {
  SELECTED: "Lote Selecionado",
  ALL: "Todos os Lotes",
};
