import { civilDateKey } from "../calendar/civil-date";
import { parseDateBR } from "../format/dates";
import { quantitySchema } from "../schemas/lots.schema";
import { z } from "../schemas/zod";
import { REQUIRED_FIELD_MESSAGE } from "./process.schema";

// The Demand Formalization Document (planning §2.5, §3 "Demand formalization", §4 "Purchase priority",
// §5 "Demand formalization", §7, §8; Law 14.133/2021 art. 12 VII and art. 18 §1 I: the DFD starts the
// planning phase).

export const TEXT_MAX_LENGTH = 5000;
const tooLong = `No máximo ${TEXT_MAX_LENGTH} caracteres`;

export const PURCHASE_PRIORITIES = ["LOW", "MEDIUM", "HIGH"] as const;
export type PurchasePriority = (typeof PURCHASE_PRIORITIES)[number];
export const PURCHASE_PRIORITY_LABELS: Record<PurchasePriority, string> = {
  LOW: "Baixa",
  MEDIUM: "Média",
  HIGH: "Alta",
};

/**
 * The categories a demand is described by (§7 category/list; the spec shows no values): the usual
 * groups of a municipal purchasing plan (PCA), upserted at start like the other reference lists.
 */
export const DEMAND_CATEGORIES = [
  "Material de consumo",
  "Material permanente",
  "Serviços comuns",
  "Serviços de engenharia",
  "Obras",
  "Tecnologia da informação e comunicação",
  "Saúde",
  "Educação",
  "Alimentação",
  "Limpeza e conservação",
  "Veículos e transporte",
  "Mobiliário e equipamentos",
] as const;

/** The wizard's menu (§2.5 "Menu"), in order, with each sub-step's title. */
export const DEMAND_FORMALIZATION_SECTIONS = [
  {
    label: "Informações Gerais",
    steps: [
      { key: "EXPECTED_DATE", label: "Data Prevista" },
      { key: "DESCRIPTION", label: "Descrição" },
      { key: "PURCHASE_PRIORITY", label: "Prioridade da Compra" },
    ],
  },
  {
    label: "Justificativa da Necessidade de Contratação",
    steps: [
      { key: "JUSTIFICATION_HIRING", label: "Justificativa da Contratação" },
      { key: "DEPENDENCIES", label: "Demandas Vinculadas" },
    ],
  },
  { label: "Materiais/Serviços", steps: [{ key: "MATERIALS_AND_SERVICES", label: "Lotes e Itens" }] },
  {
    label: "Identificação da Área Requisitante e Responsáveis",
    steps: [
      { key: "SECRETARIES", label: "Área(s) Requisitante(s)" },
      { key: "RESPONSIBLE", label: "Responsáveis" },
    ],
  },
] as const;
export type DemandFormalizationStep = (typeof DEMAND_FORMALIZATION_SECTIONS)[number]["steps"][number]["key"];

const requiredText = z
  .string({ error: REQUIRED_FIELD_MESSAGE })
  .trim()
  .min(1, REQUIRED_FIELD_MESSAGE)
  .max(TEXT_MAX_LENGTH, tooLong);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `No máximo ${max} caracteres`)
    .nullish()
    .transform((v) => (v ? v : null));

/** DD/MM/AAAA (§2.5) or AAAA-MM-DD, to AAAA-MM-DD. */
export const civilDateField = z.string({ error: REQUIRED_FIELD_MESSAGE }).transform((v, ctx) => {
  const text = v.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  const date = iso ? parseDateBR(`${iso[3]}/${iso[2]}/${iso[1]}`) : parseDateBR(text);
  if (!text) ctx.addIssue({ code: "custom", message: REQUIRED_FIELD_MESSAGE });
  else if (!date) ctx.addIssue({ code: "custom", message: "Data inválida (DD/MM/AAAA)" });
  if (!text || !date) return z.NEVER;
  return civilDateKey(date);
});

const refList = z.array(z.object({ id: z.uuid("Identificador inválido") })).max(200);

/**
 * app/demandFormalization/save (§7): the step's fields plus process {id, secretaries?, responsible?}.
 * A field left out is not part of this save; one sent must hold a valid value (§5). The high-priority
 * justification rule is checked on the merged document by `demandPriorityIssue`.
 */
export const demandFormalizationSaveSchema = z.object({
  process: z.object(
    {
      id: z.uuid("Identificador inválido"),
      secretaries: refList.min(1, "Selecione ao menos uma área requisitante").optional(),
      responsible: refList.min(1, "Selecione ao menos um responsável").optional(),
    },
    { error: REQUIRED_FIELD_MESSAGE },
  ),
  expectedCompletionDateTime: civilDateField.optional(),
  hiringPlanProcessNumber: optionalText(60).optional(),
  categories: z
    .array(z.object({ id: z.coerce.number().int().positive() }), { error: REQUIRED_FIELD_MESSAGE })
    .min(1, "Selecione ao menos uma categoria")
    .max(50)
    .optional(),
  description: requiredText.optional(),
  priority: z.enum(PURCHASE_PRIORITIES, { error: REQUIRED_FIELD_MESSAGE }).optional(),
  priorityJustification: optionalText(TEXT_MAX_LENGTH).optional(),
  needOfHiringJustification: requiredText.optional(),
  demandFormalizationBinding: z
    .array(z.string().trim().min(1, "Informe o número").max(60, "No máximo 60 caracteres"))
    .max(100)
    .optional(),
});
export type DemandFormalizationSaveInput = z.infer<typeof demandFormalizationSaveSchema>;

export const PRIORITY_JUSTIFICATION_REQUIRED_MESSAGE =
  "A justificativa é obrigatória para a prioridade alta.";

/** §4 "Purchase priority": the justification becomes required when the priority is HIGH. */
export function demandPriorityIssue(doc: {
  priority: PurchasePriority | null | undefined;
  priorityJustification: string | null | undefined;
}): string | null {
  return doc.priority === "HIGH" && !doc.priorityJustification?.trim()
    ? PRIORITY_JUSTIFICATION_REQUIRED_MESSAGE
    : null;
}

/** One lot/item line (§3 "Demand formalization batch", §5 "Lots": product, quantity with 4 places, unit). */
export const demandBatchPayloadSchema = z.object({
  id: z.uuid("Identificador inválido").optional(),
  number: z.coerce.number({ error: REQUIRED_FIELD_MESSAGE }).int().min(1, "Lote inválido").max(99_999),
  item: z.coerce.number().int().min(1, "Item inválido").max(9_999).default(1),
  product: z.object({ id: z.uuid("Selecione um produto do catálogo") }, { error: REQUIRED_FIELD_MESSAGE }),
  quantity: quantitySchema,
  measurementUnit: z.object(
    { code: z.string({ error: REQUIRED_FIELD_MESSAGE }).trim().min(1, REQUIRED_FIELD_MESSAGE).max(20) },
    { error: REQUIRED_FIELD_MESSAGE },
  ),
});
export type DemandBatchPayload = z.infer<typeof demandBatchPayloadSchema>;

export const demandBatchSaveSchema = z.object({
  demandFormalizationId: z.uuid("Identificador inválido"),
  batchesData: z.array(demandBatchPayloadSchema).min(1, "Informe ao menos um item").max(500),
});
export const demandBatchListSchema = z.object({ id: z.uuid("Identificador inválido") });
export const demandBatchDeleteSchema = z.object({ id: z.uuid("Identificador inválido") });
export const demandFormalizationReadSchema = z.object({
  process: z.object({ id: z.uuid("Identificador inválido") }, { error: REQUIRED_FIELD_MESSAGE }),
});

/** The completeness of the document (the process administration page's step status). */
export function demandFormalizationComplete(doc: {
  expectedCompletionDate: string | null;
  categories: readonly unknown[];
  description: string | null;
  priority: PurchasePriority | null;
  priorityJustification: string | null;
  needOfHiringJustification: string | null;
  batches: number;
  secretaries: number;
  responsible: number;
}): boolean {
  return Boolean(
    doc.expectedCompletionDate &&
      doc.categories.length > 0 &&
      doc.description?.trim() &&
      doc.priority &&
      demandPriorityIssue(doc) === null &&
      doc.needOfHiringJustification?.trim() &&
      doc.batches > 0 &&
      doc.secretaries > 0 &&
      doc.responsible > 0,
  );
}

/** §4 "Lot rows": the placeholder row's lot is the last lot number + 1, or 1 when there is none. */
export function nextLotNumber(batches: readonly { number: number }[]): number {
  return batches.reduce((max, b) => Math.max(max, b.number), 0) + 1;
}

// §8 success texts and ours.
export const DEMAND_FORMALIZATION_SAVED_MESSAGE = "Formalização de demanda salva com sucesso";
export const LOT_CREATED_MESSAGE = "Lote criado com sucesso";
export const LOT_CHANGED_MESSAGE = "Lote alterado com sucesso";
export const LOT_DELETED_MESSAGE = "Lote excluído com sucesso";
export const LOTS_ADDED_MESSAGE = "Lotes adicionados";
export const DEMAND_FORMALIZATION_NOT_FOUND_MESSAGE = "Formalização de demanda não encontrada.";
export const DEMAND_BATCH_NOT_FOUND_MESSAGE = "Lote/item não encontrado.";
export const DEMAND_LOT_ITEM_TAKEN_MESSAGE = "Já existe este item neste lote.";
export const DEMAND_CATEGORY_UNKNOWN_MESSAGE = "Categoria desconhecida.";
export const DEMAND_PRODUCT_UNKNOWN_MESSAGE = "Produto não encontrado no catálogo.";
export const DEMAND_UNIT_UNKNOWN_MESSAGE = "Unidade de medida desconhecida.";
