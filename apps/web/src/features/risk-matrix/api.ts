import type {
  RevisionHistoryRow,
  RiskAllocation,
  RiskImpact,
  RiskLevel,
  RiskListColumn,
  RiskPanel,
  RiskPhase,
  RiskProbability,
} from "@certame/domain";
import { RISK_LIST_PAGE_SIZE } from "@certame/domain";
import { apiPost } from "../../api/client";
import { apiUpload } from "../../api/files";

// The Risk Matrix's calls (planning §7 "Risk management"); the shapes are the server's
// (apps/server/src/modules/risk-management/risk-management.service.ts).

export const RISK_PATHS = {
  read: "app/riskManagement/read",
  save: "app/riskManagement/save",
  list: "app/riskManagement/listOwnRisks",
  saveRisk: "app/riskManagement/saveRisk",
  deleteRisk: "app/riskManagement/deleteRisk",
  demandFormalization: "app/demandFormalization/read",
} as const;

/** 'Baixar PDF': the risk map of the process. */
export const riskMapPdfUrl = (processId: string) => `/api/app/riskManagement/pdf/${processId}`;
/** 'Baixar arquivo em Word': the same document model as the PDF, as .docx (issue 35). */
export const riskMapDocxUrl = (processId: string) => `/api/app/riskManagement/docx/${processId}`;

/** A risk of the body's catalogue (§3 "Risk"). */
export interface Risk {
  id: string;
  description: string;
  cause: string;
  phase: RiskPhase;
  allocation: RiskAllocation;
  probability: RiskProbability;
  impact: RiskImpact;
  level: RiskLevel;
  disclose: boolean;
  possibleImpacts: string;
  preventiveActions: string;
  contingencyActions: string;
  createdDate: string;
  updatedDate: string;
}

export type RiskFields = Omit<Risk, "id" | "level" | "createdDate" | "updatedDate">;

export interface StaffPerson {
  id: string;
  name: string;
  email: string | null;
  cpf: string | null;
  position: string | null;
}

/** A risk selected for the matrix, with its responsible people. */
export interface SelectedRisk {
  id: string;
  createdDate: string;
  risk: Risk;
  responsible: StaffPerson[];
}

export interface RiskDocument {
  id?: string;
  description: string;
  fileId: string;
  name: string;
  url: string;
}

/** app/riskManagement/read. */
export interface RiskMatrix {
  id: string | null;
  number: string | null;
  canDispenseRisk: boolean;
  justification: string | null;
  updatedDate: string | null;
  documents: RiskDocument[];
  process: { id: string; processNumber: string; status: string; isDeleted: boolean };
  /** The number, dispensation, justification and attachments may change (the process is not deleted). */
  editable: boolean;
  /** Risks may be added, edited, deleted, selected and given people (§4: pending and not deleted). */
  risksEditable: boolean;
  risks: SelectedRisk[];
  panel: RiskPanel;
  revisionHistory: RevisionHistoryRow[];
  staff: StaffPerson[];
}

export interface RiskListQuery {
  page: number;
  orderByColumn: RiskListColumn;
  sortOrder: "ASC" | "DESC";
  searchParameters?: string;
}

export interface RiskListAnswer {
  risks: Risk[];
  total: number;
  limitResult: number;
}

export const riskKeys = {
  matrix: (processId: string) => ["risk-matrix", processId] as const,
  list: (processId: string) => ["risk-matrix", processId, "risks"] as const,
  categories: (processId: string) => ["risk-matrix", processId, "categories"] as const,
};

export const readRiskMatrix = (processId: string) =>
  apiPost<RiskMatrix>(RISK_PATHS.read, { process: { id: processId } });

export const listOwnRisks = (processId: string, query: RiskListQuery) =>
  apiPost<RiskListAnswer>(RISK_PATHS.list, { processId, limit: RISK_LIST_PAGE_SIZE, ...query });

export const saveRisk = (processId: string, fields: RiskFields & { id?: string }) =>
  apiPost<Risk>(RISK_PATHS.saveRisk, { ...fields, processId });

export const deleteRisk = (processId: string, riskId: string) =>
  apiPost<{ riskId: string }>(RISK_PATHS.deleteRisk, { riskId, processId });

type SavePart =
  | { number?: string | null; canDispenseRisk?: boolean }
  | { risks: { id?: string; risk: { id: string } }[] }
  | { risks: { id: string; responsible: { id: string }[] }[] }
  | { documents: { description: string; fileId: string }[] }
  | { justification: string };

export const saveRiskMatrix = (processId: string, part: SavePart) =>
  apiPost<RiskMatrix>(RISK_PATHS.save, { process: { id: processId }, ...part });

/** Uploads an attachment (POST /api/upload) and returns its stored file. */
export const uploadAttachment = (file: File) =>
  apiUpload<{ id: string; fileName: string; url: string }>("upload", file);

/**
 * 'Categoria': the demand formalization's categories joined by '; ' (§2.7), or '-' while the DFD
 * has none (or its call is not available).
 */
export async function readCategories(processId: string): Promise<string> {
  try {
    const dfd = await apiPost<{ categories?: ({ description?: string } | string)[] } | null>(
      RISK_PATHS.demandFormalization,
      { process: { id: processId } },
    );
    const names = (dfd?.categories ?? [])
      .map((c) => (typeof c === "string" ? c : (c.description ?? "")))
      .filter(Boolean);
    return names.length ? names.join("; ") : "-";
  } catch {
    return "-";
  }
}
