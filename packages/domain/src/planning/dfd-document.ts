import type { DocumentBlock, DocumentModel } from "../format/document-model";
import { formatCpf } from "../format/documents";
import { formatQuantityBR } from "../format/quantity";
import { PURCHASE_PRIORITY_LABELS, type PurchasePriority } from "./demand-formalization";

/** What the DFD document shows (the service's read plus the body's name). */
export interface DfdDocumentInput {
  buyerName: string;
  processNumber: string;
  /** 'YYYY-MM-DD'. */
  expectedCompletionDateTime: string | null;
  hiringPlanProcessNumber: string | null;
  categories: { description: string }[];
  description: string | null;
  priority: PurchasePriority | null;
  priorityJustification: string | null;
  needOfHiringJustification: string | null;
  demandFormalizationBinding: string[];
  batches: {
    number: number;
    item: number;
    quantity: string;
    measurementUnit: { code: string; description: string };
    product: { code: number; name: string; technicalDescription: string | null };
  }[];
  secretaries: { name: string }[];
  responsible: { name: string; email: string; cpf: string | null }[];
}

export const DFD_DOCUMENT_TITLE = "Documento de Formalização de Demanda";

const dash = (v: string | null | undefined) => (v?.trim() ? v : "Não informado");
const brDate = (iso: string | null) => (iso ? iso.split("-").reverse().join("/") : "Não informada");

/**
 * The Demand Formalization Document as the body files it (issue 15 item 6; planning §2.5; Lei
 * 14.133/2021 art. 12 VII): the general information, the justification, the lots and items, the
 * requesting areas and the responsibles, with their signature lines. One model for its PDF and .docx.
 */
export function buildDfdDocument(input: DfdDocumentInput): DocumentModel {
  const blocks: DocumentBlock[] = [
    { kind: "heading", text: "1. Informações gerais" },
    {
      kind: "fields",
      rows: [
        { label: "Data prevista para a contratação", value: brDate(input.expectedCompletionDateTime) },
        { label: "Código no Plano de Contratações Anual", value: dash(input.hiringPlanProcessNumber) },
        {
          label: "Categorias",
          value: input.categories.map((c) => c.description).join("; ") || "Não informadas",
        },
        {
          label: "Prioridade da compra",
          value: input.priority ? PURCHASE_PRIORITY_LABELS[input.priority] : "Não informada",
        },
        ...(input.priorityJustification
          ? [{ label: "Justificativa da prioridade", value: input.priorityJustification }]
          : []),
        { label: "Descrição do objeto", value: dash(input.description) },
      ],
    },
    { kind: "heading", text: "2. Justificativa da necessidade de contratação" },
    { kind: "paragraph", text: dash(input.needOfHiringJustification) },
    {
      kind: "fields",
      rows: [
        {
          label: "Demandas vinculadas",
          value: input.demandFormalizationBinding.length
            ? input.demandFormalizationBinding.join(", ")
            : "Nenhuma",
        },
      ],
    },
    { kind: "heading", text: "3. Materiais e serviços" },
    input.batches.length === 0
      ? { kind: "paragraph", text: "Nenhum lote cadastrado." }
      : {
          kind: "table",
          columns: ["Lote", "Item", "Código", "Produto/Serviço", "Quantidade", "Unidade"],
          widths: [0.08, 0.08, 0.1, 0.44, 0.15, 0.15],
          align: ["left", "left", "left", "left", "right", "left"],
          rows: input.batches.map((b) => [
            String(b.number),
            String(b.item),
            String(b.product.code),
            b.product.technicalDescription
              ? `${b.product.name} — ${b.product.technicalDescription}`
              : b.product.name,
            formatQuantityBR(b.quantity),
            b.measurementUnit.description,
          ]),
        },
    { kind: "heading", text: "4. Área(s) requisitante(s) e responsáveis" },
    {
      kind: "fields",
      rows: [
        {
          label: "Área(s) requisitante(s)",
          value: input.secretaries.map((s) => s.name).join("; ") || "Não informadas",
        },
      ],
    },
    input.responsible.length === 0
      ? { kind: "paragraph", text: "Nenhum responsável informado." }
      : {
          kind: "table",
          columns: ["Responsável", "CPF", "E-mail"],
          widths: [0.45, 0.2, 0.35],
          rows: input.responsible.map((p) => [p.name, p.cpf ? formatCpf(p.cpf) : "—", p.email]),
        },
    ...input.responsible.map((p): DocumentBlock => ({ kind: "signature", name: p.name })),
  ];
  return {
    title: DFD_DOCUMENT_TITLE,
    subtitle: `${input.buyerName} · Processo ${input.processNumber}`,
    blocks,
  };
}
