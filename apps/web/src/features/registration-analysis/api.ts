import type { RegistrationAnalysisListStatus, RegistrationSubjectKind, StaffRole } from "@certame/domain";
import { apiPost } from "../../api/client";

/** One analysis as the console lists it (server registration-analysis.service.ts). */
export interface AnalysisSummary {
  id: string;
  subjectKind: RegistrationSubjectKind;
  subject: { id: string | null; name: string; document: string; documentKind: "CNPJ" | "CPF" };
  submittedAt: string;
  dueAt: string;
  overdue: boolean;
  submittedBy: { name: string; email: string } | null;
  previousRejections: number;
  decision: "APPROVED" | "REJECTED" | null;
  reason: string | null;
  decidedAt: string | null;
  decidedBy: { name: string } | null;
}

export interface AnalysisList {
  analyses: AnalysisSummary[];
  total: number;
  page: number;
  limit: number;
}

export interface RegistrationDocument {
  id: string;
  name: string;
  kind: string;
  sha256: string;
  mimeType: string;
  size: number;
  createdDate: string;
  url: string;
}

export interface MembershipSignature {
  provider: string;
  status: "REQUESTED" | "SIGNED";
  requestedAt: string;
  termsSha256: string;
  signedSha256: string | null;
  hasDigitalSignature: boolean | null;
  signedAt: string | null;
  url: string | null;
}

export interface RegistrationAddress {
  postalCode: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
  ibgeCode: string | null;
}

export interface BuyerRegistration {
  id: string;
  corporateName: string;
  cnpj: string;
  website: string | null;
  phoneNumber: string | null;
  registrationStatus: string;
  address: RegistrationAddress;
  account: { name: string | null; email: string } | null;
  competentAuthority: { name: string | null; email: string | null; cpf: string | null; cnpj: string | null };
  secretaryOffices: { id: string; name: string; cnpj: string | null }[];
  staff: {
    id: string;
    name: string;
    email: string;
    cpf: string | null;
    roles: StaffRole[];
    department: string | null;
    internalPosition: string | null;
  }[];
  documents: RegistrationDocument[];
  membershipSignature: MembershipSignature | null;
}

export interface SupplierRegistration {
  id: string;
  credentialKind: "LEGAL_PERSON" | "INDIVIDUAL";
  documentNumber: string;
  name: string | null;
  corporateName: string | null;
  tradeName: string | null;
  email: string | null;
  phoneNumber: string | null;
  cellphoneNumber: string | null;
  isSmallBusiness: boolean;
  registrationStatus: string;
  address: RegistrationAddress;
  account: { name: string | null; email: string } | null;
  representative: { name: string; cpf: string | null } | null;
  declarations: { id: number; text: string; acceptedAt: string | null }[];
  documents: RegistrationDocument[];
  membershipSignature: MembershipSignature | null;
}

export interface AnalysisDetail extends AnalysisSummary {
  buyer?: BuyerRegistration;
  supplier?: SupplierRegistration;
  history: {
    id: string;
    submittedAt: string;
    decision: "APPROVED" | "REJECTED" | null;
    reason: string | null;
    decidedAt: string | null;
    decidedBy: { name: string } | null;
  }[];
}

export const fetchAnalyses = (status: RegistrationAnalysisListStatus, page: number, limit: number) =>
  apiPost<AnalysisList>("app/registrationAnalysis/list", { status, page, limit });

export const fetchAnalysis = (id: string) => apiPost<AnalysisDetail>("app/registrationAnalysis/read", { id });

export const approveAnalysis = (id: string) =>
  apiPost<AnalysisSummary>("app/registrationAnalysis/approve", { id });

export const rejectAnalysis = (id: string, reason: string) =>
  apiPost<AnalysisSummary>("app/registrationAnalysis/reject", { id, reason });
