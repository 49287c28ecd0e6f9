import type { CredentialKind, SupplierRegistrationStatus } from "@certame/domain";
import { apiPost } from "../../api/client";
import { apiDownload, apiUpload } from "../../api/files";

/** The supplier's own registration calls (notices-and-accounts §7 "Suppliers"; shapes in the domain schema). */
export const SUPPLIER_REGISTRATION_PATHS = {
  read: "app/supplier/read",
  start: "app/supplier/startRegistration",
  update: "app/supplier/updateRegistration",
  saveInformation: "app/supplier/saveRegistrationInformation",
  complete: "app/supplier/completeRegistration",
  downloadTerms: "app/supplier/downloadMembershipTerms",
  requestSignature: "app/supplier/requestMembershipTermsSignature",
  attachTerms: "app/supplier/attachMembershipTerms",
  companyInformation: "integrations/getCompanyInformation",
} as const;

export interface RegistrationAddressView {
  postalCode: string | null;
  street: string | null;
  number: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
  complement: string | null;
  ibgeCode: string | null;
}

export interface SupplierRegistration {
  id: string;
  code: number;
  credentialKind: CredentialKind;
  documentNumber: string;
  name: string | null;
  corporateName: string | null;
  tradeName: string | null;
  isSmallBusiness: boolean;
  email: string | null;
  phoneNumber: string | null;
  cellphoneNumber: string | null;
  tradeRepresentativeName: string | null;
  tradeRepresentativeCpf: string | null;
  address: RegistrationAddressView;
  registrationStatus: SupplierRegistrationStatus;
  declarations: { id: number; text: string; accepted: boolean; acceptedAt: string | null }[];
  documents: { id: string; name: string; kind: string; url: string; createdDate: string; sha256: string }[];
  membershipSignature: {
    provider: string;
    status: "REQUESTED" | "SIGNED";
    requestedAt: string;
    signedAt: string | null;
    hasDigitalSignature: boolean | null;
  } | null;
  rejectionReason: string | null;
  rejectedAt: string | null;
  analysisDueAt: string | null;
  pendingRequirements: { property: string; errorMessages: string[] }[];
}

export interface StartRegistrationPayload {
  credentialKind: CredentialKind;
  documentNumber: string;
  corporateName?: string | null;
  name?: string | null;
}

export interface RegistrationDataPayload {
  corporateName?: string;
  name?: string;
  tradeName?: string | null;
  isSmallBusiness?: boolean;
  tradeRepresentativeName?: string;
  tradeRepresentativeCpf?: string;
  email: string;
  phoneNumber: string;
  cellphoneNumber?: string | null;
  address: {
    postalCode: string;
    street: string;
    number: string;
    district: string;
    city: string;
    state: string;
    complement?: string | null;
    ibgeCode?: string | null;
  };
}

/** §3 "Lookup results": the company data of a CNPJ (the server maps the registry's answer). */
export interface CompanyInformation {
  cnpj: string;
  corporateName: string;
  tradeName: string | null;
  postalCode: string | null;
  phoneNumber: string | null;
}

export const readRegistration = () => apiPost<SupplierRegistration>(SUPPLIER_REGISTRATION_PATHS.read, {});
export const startRegistration = (payload: StartRegistrationPayload) =>
  apiPost<SupplierRegistration>(SUPPLIER_REGISTRATION_PATHS.start, payload);
export const updateRegistration = (payload: RegistrationDataPayload) =>
  apiPost<SupplierRegistration>(SUPPLIER_REGISTRATION_PATHS.update, payload);
export const saveDeclarations = (ids: number[]) =>
  apiPost<SupplierRegistration>(SUPPLIER_REGISTRATION_PATHS.saveInformation, {
    declarations: ids.map((id) => ({ id, accepted: true })),
  });
export const completeRegistration = () =>
  apiPost<{ registrationStatus: SupplierRegistrationStatus; analysisDueAt: string }>(
    SUPPLIER_REGISTRATION_PATHS.complete,
    {},
  );
export const downloadMembershipTerms = () =>
  apiDownload(SUPPLIER_REGISTRATION_PATHS.downloadTerms, {}, "termo-de-adesao.pdf");
export const requestMembershipTermsSignature = () =>
  apiPost<{ provider: string; status: string; instructions: string }>(
    SUPPLIER_REGISTRATION_PATHS.requestSignature,
    {},
  );
export const attachMembershipTerms = (file: File) =>
  apiUpload<SupplierRegistration>(SUPPLIER_REGISTRATION_PATHS.attachTerms, file);
export const getCompanyInformation = (cnpj: string) =>
  apiPost<CompanyInformation>(SUPPLIER_REGISTRATION_PATHS.companyInformation, { cnpj });

export const SUPPLIER_REGISTRATION_QUERY_KEY = ["supplier-registration"] as const;
