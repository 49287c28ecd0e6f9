import type { PurchasePriority } from "@certame/domain";
import { apiPost } from "../../api/client";
import { apiDownload, apiUpload, type DownloadedFile } from "../../api/files";

// The calls of the Demand Formalization wizard (planning §7 "Demand formalization"); the shapes are the
// server's (apps/server/src/modules/demand-formalization/demand-formalization.service.ts).

export const DEMAND_PATHS = {
  read: "app/demandFormalization/read",
  save: "app/demandFormalization/save",
  categories: "app/demandFormalization/category/list",
  batchSave: "app/demandFormalization/batch/save",
  batchDelete: "app/demandFormalization/batch/delete",
  template: "app/demandFormalization/batch/getBatchTemplate",
  import: "app/demandFormalization/batch/import",
} as const;

export const dfdPdfUrl = (processId: string) => `/api/app/demandFormalization/pdf/${processId}`;
/** 'Baixar arquivo em Word': the same document model as the PDF, as .docx (issue 35). */
export const dfdDocxUrl = (processId: string) => `/api/app/demandFormalization/docx/${processId}`;

export interface DemandBatch {
  id: string;
  number: number;
  item: number;
  /** Decimal text, '.' separated. */
  quantity: string;
  measurementUnit: { code: string; description: string };
  product: { id: string; code: number; name: string; technicalDescription: string | null };
}

export interface DemandFormalization {
  id: string | null;
  process: {
    id: string;
    processNumber: string;
    status: string;
    isDeleted: boolean;
    secretaries: { id: string; name: string }[];
    responsible: { id: string; name: string; email: string; cpf: string | null }[];
  };
  /** 'YYYY-MM-DD' */
  expectedCompletionDateTime: string | null;
  hiringPlanProcessNumber: string | null;
  categories: { id: number; description: string }[];
  description: string | null;
  priority: PurchasePriority | null;
  priorityJustification: string | null;
  needOfHiringJustification: string | null;
  demandFormalizationBinding: string[];
  hasDemandFormalizationBinding: true | null;
  batches: DemandBatch[];
  updatedDate: string | null;
}

export interface DemandSave {
  process: { id: string; secretaries?: { id: string }[]; responsible?: { id: string }[] };
  expectedCompletionDateTime?: string;
  hiringPlanProcessNumber?: string | null;
  categories?: { id: number }[];
  description?: string;
  priority?: PurchasePriority;
  priorityJustification?: string | null;
  needOfHiringJustification?: string;
  demandFormalizationBinding?: string[];
}

export interface DemandBatchPayload {
  id?: string;
  number: number;
  item: number;
  product: { id: string };
  quantity: string;
  measurementUnit: { code: string };
}

export const demandKeys = {
  detail: (processId: string) => ["demand-formalization", processId] as const,
  categories: ["demand-formalization", "categories"] as const,
};

export const readDemand = (processId: string) =>
  apiPost<DemandFormalization>(DEMAND_PATHS.read, { process: { id: processId } });
export const saveDemand = (body: DemandSave) =>
  apiPost<{ data: DemandFormalization }>(DEMAND_PATHS.save, body).then((r) => r.data);
export const listDemandCategories = () =>
  apiPost<{ categories: { id: number; description: string }[] }>(DEMAND_PATHS.categories, {}).then(
    (r) => r.categories,
  );
export const saveDemandBatches = (demandFormalizationId: string, batchesData: DemandBatchPayload[]) =>
  apiPost<{ batches: DemandBatch[] }>(DEMAND_PATHS.batchSave, { demandFormalizationId, batchesData });
export const deleteDemandBatch = (id: string) => apiPost<{ id: string }>(DEMAND_PATHS.batchDelete, { id });
export const downloadDemandTemplate = (): Promise<DownloadedFile> =>
  apiDownload(DEMAND_PATHS.template, {}, "planilha-lotes-itens-dfd.xlsx");
export const importDemandBatches = (processId: string, file: File) =>
  apiUpload<{ data: { demandFormalizationId: string; batches: DemandBatch[] } }>(DEMAND_PATHS.import, file, {
    processId,
  });
