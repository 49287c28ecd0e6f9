import type {
  EtpModality,
  EtpStatus,
  EtpStep,
  EtpSubModality,
  ServiceKind,
  VulnerabilityStatementKind,
} from "@certame/domain";
import { apiPost } from "../../api/client";
import { apiUpload } from "../../api/files";

// The calls of the ETP wizard (planning §7 "Preliminary technical study"); the shapes are the server's
// (apps/server/src/modules/preliminary-technical-study/preliminary-technical-study.service.ts).

export const ETP_PATHS = {
  read: "app/preliminaryTechnicalStudy/read",
  save: "app/preliminaryTechnicalStudy/save",
} as const;

/** The ETP as a PDF of the body (opened through a plain link: the session cookie goes along). */
export const etpPdfUrl = (processId: string) => `/api/app/preliminaryTechnicalStudy/pdf/${processId}`;
/** 'Baixar arquivo em Word': the same document model as the PDF, as .docx (issue 35). */
export const etpDocxUrl = (processId: string) => `/api/app/preliminaryTechnicalStudy/docx/${processId}`;

export interface EtpDocumentView {
  id?: string;
  fileId: string;
  name: string;
  description: string | null;
  url?: string;
}

/** The study as app/preliminaryTechnicalStudy/read (and save) answer: null fields when never saved. */
export interface EtpView {
  id: string | null;
  number: string | null;
  isRejectedFromTheProcess: boolean | null;
  exemptionJustification: string | null;
  description: string | null;
  modality: EtpModality | null;
  subModality: EtpSubModality | null;
  serviceKind: ServiceKind | null;
  descriptionHiringRequirements: string | null;
  marketResearch: string | null;
  solutionDescription: string | null;
  quantityEstimates: string | null;
  estimateContractValue: string | null;
  justification: string | null;
  hiring: string | null;
  contractingAndPlanningAlignment: string | null;
  intendedResults: string | null;
  measuresToTake: string | null;
  environmentalImpacts: string | null;
  feasibilityJustification: string | null;
  vulnerabilityStatementKind: VulnerabilityStatementKind | null;
  documents: EtpDocumentView[];
  status: EtpStatus;
  updatedDate: string | null;
  process: {
    id: string;
    processNumber: string;
    isDeleted: boolean;
    secretaries: { id: string; name: string }[];
    responsible: { id: string; name: string }[];
  };
}

export const etpKeys = { detail: (processId: string) => ["preliminaryTechnicalStudy", processId] as const };

export const readStudy = (processId: string) =>
  apiPost<EtpView>(ETP_PATHS.read, { process: { id: processId } });

/** One step's save: `step`, its fields, and the process (with the people for their steps). */
export const saveStudy = (
  processId: string,
  step: EtpStep,
  fields: Record<string, unknown>,
  people: { secretaries?: string[]; responsible?: string[] } = {},
) =>
  apiPost<EtpView>(ETP_PATHS.save, {
    step,
    ...fields,
    process: {
      id: processId,
      ...(people.secretaries ? { secretaries: people.secretaries.map((id) => ({ id })) } : {}),
      ...(people.responsible ? { responsible: people.responsible.map((id) => ({ id })) } : {}),
    },
  });

/** An attachment goes up first (/api/upload); the save then references its id. */
export const uploadEtpDocument = (file: File) => apiUpload<{ id: string; fileName: string }>("upload", file);
