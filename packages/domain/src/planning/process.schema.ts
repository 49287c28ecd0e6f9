import { z } from "../schemas/zod";

// The calls of 'Criar processo completo' (planning §2.2, §2.3, §5 "Create process", §7 "Processes",
// §8 "Processes").

export const PROCESS_NUMBER_MAX_LENGTH = 60;
export const REQUIRED_FIELD_MESSAGE = "Campo obrigatório";

const processNumber = z
  .string({ error: REQUIRED_FIELD_MESSAGE })
  .trim()
  .min(1, REQUIRED_FIELD_MESSAGE)
  .max(PROCESS_NUMBER_MAX_LENGTH, `No máximo ${PROCESS_NUMBER_MAX_LENGTH} caracteres`);

export const processCreateSchema = z.object({ processNumber });
export type ProcessCreateInput = z.infer<typeof processCreateSchema>;

export const processIdSchema = z.object({ id: z.uuid("Identificador inválido") });

export const processEditSchema = z.object({ id: z.uuid("Identificador inválido"), processNumber });
export type ProcessEditInput = z.infer<typeof processEditSchema>;

/** The sortable columns of 'Processos criados' (§2.2: every column sorts both ways). */
export const PROCESS_LIST_COLUMNS = [
  "processNumber",
  "createdDate",
  "secretaries",
  "description",
  "modality",
  "processDate",
  "status",
  "isDeleted",
] as const;
export type ProcessListColumn = (typeof PROCESS_LIST_COLUMNS)[number];

export const PROCESS_LIST_PAGE_SIZE = 20;

export const processListSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PROCESS_LIST_PAGE_SIZE),
  orderByColumn: z.enum(PROCESS_LIST_COLUMNS).default("createdDate"),
  sortOrder: z.enum(["ASC", "DESC"]).default("DESC"),
  searchParameters: z.string().trim().max(100).optional(),
});
export type ProcessListInput = z.infer<typeof processListSchema>;

/** §7 app/process/listResponsible {page}. */
export const processResponsibleListSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

// §8 "Processes" and §4's success texts.
export const PROCESS_LOAD_ERROR_MESSAGE = "Erro ao localizar o processo";
export const PROCESS_SAVE_ERROR_MESSAGE = "Erro ao salvar o processo";
export const PROCESS_NUMBER_CHANGED_MESSAGE = "Alterado com sucesso";
export const PROCESS_DELETED_MESSAGE = "Processo excluído com sucesso";
export const PROCESS_RESTORED_MESSAGE = "Processo recuperado com sucesso";
// Ours (the spec names no server messages).
export const PROCESS_NOT_FOUND_MESSAGE = "Processo não encontrado.";
export const PROCESS_NUMBER_TAKEN_MESSAGE = "Já existe um processo com este número no órgão.";
export const PROCESS_DELETE_NOT_ALLOWED_MESSAGE =
  "Somente processos pendentes e não excluídos podem ser excluídos.";
export const PROCESS_UNDO_NOT_ALLOWED_MESSAGE = "Somente processos excluídos podem ser recuperados.";
export const PROCESS_EDIT_NOT_ALLOWED_MESSAGE = "Um processo excluído não pode ser alterado.";
export const PROCESS_NOT_PENDING_MESSAGE =
  "Lotes, itens e riscos só podem ser alterados enquanto o processo está pendente.";
export const PLANNING_NOT_ALLOWED_MESSAGE =
  "Seu perfil de acesso não permite atuar no planejamento de processos do órgão.";
export const FOREIGN_SECRETARY_MESSAGE = "Área requisitante não encontrada no órgão.";
export const FOREIGN_RESPONSIBLE_MESSAGE = "Responsável não encontrado no órgão.";

/** A planning document's file name: '<prefix>-<process number in lower-case ASCII, dashes between words>.<extension>'. */
export function processFileName(
  prefix: string,
  processNumber: string,
  extension: "pdf" | "docx" | "zip",
): string {
  const slug = processNumber
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${prefix}-${slug || "processo"}.${extension}`;
}

/** A planning document's PDF name: '<prefix>-<process number slug>.pdf'. */
export const processPdfFileName = (prefix: string, processNumber: string) =>
  processFileName(prefix, processNumber, "pdf");
