import type { ProcessAction, ProcessListColumn, ProcessStatus, ProcessStepKind } from "@certame/domain";
import { PROCESS_LIST_PAGE_SIZE } from "@certame/domain";
import { apiPost } from "../../api/client";

// The calls of 'Criar processo completo' (planning §7 "Processes"); the shapes are the server's
// (apps/server/src/modules/processes/process.service.ts).

export const PROCESS_PATHS = {
  list: "app/process/list",
  read: "app/process/read",
  create: "app/process/create",
  edit: "app/process/edit",
  delete: "app/process/delete",
  undo: "app/process/undo",
} as const;

/** A row of 'Processos criados'. */
export interface ProcessListRow {
  id: string;
  processNumber: string;
  /** ISO instant. */
  createdDate: string;
  secretaries: { name: string }[];
  /** The object (the DFD's description) and the modality (the ETP's). */
  demandFormalization: { description?: string | null } | null;
  preliminaryTechnicalStudy: { modality?: string | null } | null;
  /** Civil date, 'YYYY-MM-DD'. */
  processDate: string;
  status: ProcessStatus;
  isDeleted: boolean;
  actions: ProcessAction[];
}

export interface ProcessListAnswer {
  processes: ProcessListRow[];
  limitResult: number;
  total: number;
}

export interface ProcessListQuery {
  page: number;
  limit?: number;
  orderByColumn: ProcessListColumn;
  sortOrder: "ASC" | "DESC";
  searchParameters?: string;
}

export interface ProcessStep {
  kind: ProcessStepKind;
  label: string;
  /** The wizard's route segment for the five planning steps, else null. */
  slug: string | null;
  status: "PENDING" | "IN_PROGRESS" | "COMPLETED" | "SIGNED";
  updatedDate: string | null;
  signatures: unknown[];
  suppliers: unknown[];
}

/** The process as app/process/read (and app/process/edit) return it. */
export interface ProcessDetail {
  id: string;
  processNumber: string;
  createdDate: string;
  processDate: string;
  status: ProcessStatus;
  isDeleted: boolean;
  secretaries: { id?: string; name: string }[];
  demandFormalization?: { description: string | null } | null;
  preliminaryTechnicalStudy?: { modality: string | null; subModality: string | null } | null;
  riskManagement?: { processRisk: string | null } | null;
  actions: ProcessAction[];
  steps: ProcessStep[];
}

export const processKeys = {
  all: ["processes"] as const,
  list: ["processes", "list"] as const,
  detail: (id: string) => ["processes", "detail", id] as const,
};

export const listProcesses = (query: ProcessListQuery) =>
  apiPost<ProcessListAnswer>(PROCESS_PATHS.list, { limit: PROCESS_LIST_PAGE_SIZE, ...query });
export const readProcess = (id: string) => apiPost<ProcessDetail>(PROCESS_PATHS.read, { id });
export const createProcess = (processNumber: string) =>
  apiPost<{ id: string }>(PROCESS_PATHS.create, { processNumber });
export const editProcessNumber = (id: string, processNumber: string) =>
  apiPost<ProcessDetail>(PROCESS_PATHS.edit, { id, processNumber });
export const deleteProcess = (id: string) => apiPost<{ id: string }>(PROCESS_PATHS.delete, { id });
export const undoProcess = (id: string) => apiPost<{ id: string }>(PROCESS_PATHS.undo, { id });
