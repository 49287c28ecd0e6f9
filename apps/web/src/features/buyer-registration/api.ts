import type { RegistrationStatus, StaffRole } from "@certame/domain";
import { apiPost } from "../../api/client";
import { apiDownload, apiUpload, type DownloadedFile } from "../../api/files";

// The buyer accreditation calls (notices-and-accounts §7 "Buyers, secretariats and staff").
export const BUYER_REGISTRATION_PATHS = {
  read: "app/buyer/read",
  save: "app/buyer/saveRegistration",
  update: "app/buyer/updateRegistration",
  complete: "app/buyer/completeRegistration",
  officeCreate: "app/buyerSecretaryOffice/create",
  officeEdit: "app/buyerSecretaryOffice/edit",
  officeDelete: "app/buyerSecretaryOffice/delete",
  staffCreate: "app/buyer/createSupportingStaff",
  staffUpdate: "app/buyer/updateSupportingStaff",
  staffDelete: "app/buyer/deleteSupportingStaff",
  userCheck: "app/user/check",
  downloadTerms: "app/buyer/downloadMembershipTerms",
  requestSignature: "app/buyer/requestMembershipTermsSignature",
  attachTerms: "app/buyer/attachMembershipTerms",
  deleteDocument: "app/buyer/deleteDocument",
  companyInformation: "integrations/getCompanyInformation",
} as const;

export interface PersonView {
  id: string;
  name: string;
  email: string;
  cpf: string | null;
  phoneNumber: string | null;
  cellphoneNumber?: string | null;
}

export interface SecretaryOfficeView {
  id: string;
  name: string;
  cnpj: string | null;
  kind: string;
  user: PersonView | null;
}

export interface StaffMemberView {
  id: string;
  role: StaffRole[];
  kind: string;
  department: string | null;
  internalPosition: string | null;
  registrationNumber: string | null;
  appointmentOrderNumber: string | null;
  /** yyyy-mm-dd */
  appointmentOrderDate: string | null;
  secretariesOffice: string[];
  user: PersonView;
}

export interface BuyerDocumentView {
  id: string;
  name: string;
  kind: "MEMBERSHIP_TERMS" | "OTHER";
  url: string;
  sha256: string;
  size: number;
  createdDate: string;
}

export interface MembershipSignatureView {
  provider: string;
  status: "REQUESTED" | "SIGNED";
  requestedAt: string;
  termsSha256: string;
  signedSha256: string | null;
  hasDigitalSignature: boolean | null;
  signedAt: string | null;
}

/** app/buyer/read as the wizard reads it. */
export interface BuyerRegistrationView {
  id: string;
  corporateName: string;
  cnpj: string;
  website: string | null;
  phoneNumber: string | null;
  registrationStatus: RegistrationStatus;
  analysisDueAt: string | null;
  rejection: { reason: string; decidedAt: string | null } | null;
  documents: BuyerDocumentView[];
  membershipSignature: MembershipSignatureView | null;
  address: {
    postalCode: string | null;
    street: string | null;
    number: string | null;
    district: string | null;
    city: string | null;
    state: string | null;
    complement: string | null;
    ibgeCode: string | null;
  };
  competentAuthority: { name: string | null; cnpj: string | null; user: PersonView | null };
  secretaries: SecretaryOfficeView[];
  staffMembers: StaffMemberView[];
}

export interface PersonPayload {
  name: string;
  email: string;
  cpf: string;
  phoneNumber: string;
  cellphoneNumber?: string;
}

export interface BuyerPayload {
  cnpj: string;
  corporateName: string;
  address: {
    postalCode: string;
    street: string;
    number: string;
    district: string;
    city: string;
    state: string;
    complement: string | null;
    ibgeCode: string | null;
  };
  phoneNumber: string;
  website: string | null;
  competentAuthority: { name: string; cnpj: string | null; user: PersonPayload };
}

export interface SecretaryOfficePayload {
  id?: string;
  name: string;
  cnpj: string | null;
  user: PersonPayload;
}

export interface StaffPayload {
  id?: string;
  user: PersonPayload;
  role: StaffRole[];
  secretariesOffice: string[];
  department: string | null;
  internalPosition: string | null;
  registrationNumber: string | null;
  appointmentOrderNumber: string | null;
  appointmentOrderDate: string | null;
}

/** The active user's body (the server answers 403 while the user has none). */
export const readOwnBuyer = () => apiPost<BuyerRegistrationView>(BUYER_REGISTRATION_PATHS.read, {});
export const saveRegistration = (buyer: BuyerPayload) =>
  apiPost<BuyerRegistrationView>(BUYER_REGISTRATION_PATHS.save, { buyer });
export const updateRegistration = (buyer: BuyerPayload) =>
  apiPost<BuyerRegistrationView>(BUYER_REGISTRATION_PATHS.update, { buyer });
export const completeRegistration = () =>
  apiPost<{ registrationStatus: RegistrationStatus; analysisDueAt: string }>(
    BUYER_REGISTRATION_PATHS.complete,
    {},
  );

export const createSecretaryOffice = (office: SecretaryOfficePayload) =>
  apiPost<{ ids: string[] }>(BUYER_REGISTRATION_PATHS.officeCreate, { buyerSecretaryOfficeData: [office] });
export const editSecretaryOffice = (office: SecretaryOfficePayload) =>
  apiPost<{ ids: string[] }>(BUYER_REGISTRATION_PATHS.officeEdit, { buyerSecretaryOfficeData: [office] });
export const deleteSecretaryOffices = (ids: string[]) =>
  apiPost<{ ids: string[] }>(BUYER_REGISTRATION_PATHS.officeDelete, { ids });

export const createStaff = (staff: StaffPayload) =>
  apiPost<{ ids: string[]; invited: string[] }>(BUYER_REGISTRATION_PATHS.staffCreate, {
    buyerStaffData: [staff],
  });
export const updateStaff = (staff: StaffPayload) =>
  apiPost<{ ids: string[]; invited: string[] }>(BUYER_REGISTRATION_PATHS.staffUpdate, {
    buyerStaffData: [staff],
  });
export const deleteStaff = (ids: string[]) =>
  apiPost<{ ids: string[] }>(BUYER_REGISTRATION_PATHS.staffDelete, { ids });

export const checkUser = (query: { email?: string; cpf?: string }) =>
  apiPost<{ email: { inUse: boolean }; cpf: { inUse: boolean } }>(BUYER_REGISTRATION_PATHS.userCheck, query);

export const downloadMembershipTerms = (): Promise<DownloadedFile> =>
  apiDownload(BUYER_REGISTRATION_PATHS.downloadTerms, {}, "termo-de-adesao-orgao-promotor.pdf");
export const requestMembershipTermsSignature = () =>
  apiPost<{ provider: string; status: string; instructions: string; termsSha256: string }>(
    BUYER_REGISTRATION_PATHS.requestSignature,
    {},
  );
export const attachMembershipTerms = (file: File) =>
  apiUpload<BuyerDocumentView & { signature: { hasDigitalSignature: boolean } }>(
    BUYER_REGISTRATION_PATHS.attachTerms,
    file,
  );
export const deleteBuyerDocument = (id: string) =>
  apiPost<{ id: string }>(BUYER_REGISTRATION_PATHS.deleteDocument, { id });

/** §3 "Lookup results": the company data of a CNPJ, as the body form uses it. */
export interface CompanyLookup {
  cnpj: string;
  corporateName: string;
  postalCode: string | null;
  phoneNumber: string | null;
}
export const getCompanyInformation = (cnpj: string) =>
  apiPost<CompanyLookup>(BUYER_REGISTRATION_PATHS.companyInformation, { cnpj });
