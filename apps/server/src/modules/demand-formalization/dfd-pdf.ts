import {
  formatCpf,
  formatQuantityBR,
  PURCHASE_PRIORITY_LABELS,
  type PurchasePriority,
} from "@certame/domain";
import { createReport } from "../../files/pdf-layout";

/** What the DFD document shows (the service's read plus the body's name). */
export interface DfdPdfInput {
  buyerName: string;
  processNumber: string;
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

const dash = (v: string | null | undefined) => (v?.trim() ? v : "Não informado");
const brDate = (iso: string | null) => (iso ? iso.split("-").reverse().join("/") : "Não informada");

/**
 * The Demand Formalization Document as the body files it (issue 15 item 6; planning §2.5; Law
 * 14.133/2021 art. 12 VII): the general information, the justification, the lots and items, the
 * requesting areas and the responsibles, with signature lines.
 */
export function dfdPdf(input: DfdPdfInput, issuedAt: Date): Promise<Buffer> {
  const r = createReport({
    title: `Documento de Formalização de Demanda — ${input.processNumber}`,
    subject: input.buyerName,
    issuedAt,
  });
  r.heading("Documento de Formalização de Demanda", `${input.buyerName} · Processo ${input.processNumber}`);

  r.section("1. Informações gerais");
  r.field("Data prevista para a contratação", brDate(input.expectedCompletionDateTime));
  r.field("Código no Plano de Contratações Anual", dash(input.hiringPlanProcessNumber));
  r.field("Categorias", input.categories.map((c) => c.description).join("; ") || "Não informadas");
  r.field(
    "Prioridade da compra",
    input.priority ? PURCHASE_PRIORITY_LABELS[input.priority] : "Não informada",
  );
  if (input.priorityJustification) r.field("Justificativa da prioridade", input.priorityJustification);
  r.paragraph("Descrição do objeto:");
  r.paragraph(dash(input.description));

  r.section("2. Justificativa da necessidade de contratação");
  r.paragraph(dash(input.needOfHiringJustification));
  r.field(
    "Demandas vinculadas",
    input.demandFormalizationBinding.length ? input.demandFormalizationBinding.join(", ") : "Nenhuma",
  );

  r.section("3. Materiais e serviços");
  if (input.batches.length === 0) r.paragraph("Nenhum lote cadastrado.");
  else
    r.table(
      [
        { title: "Lote", width: 40 },
        { title: "Item", width: 40 },
        { title: "Código", width: 50 },
        { title: "Produto/Serviço", width: 0 },
        { title: "Quantidade", width: 80, align: "right" },
        { title: "Unidade", width: 80 },
      ],
      input.batches.map((b) => [
        String(b.number),
        String(b.item),
        String(b.product.code),
        b.product.technicalDescription
          ? `${b.product.name} — ${b.product.technicalDescription}`
          : b.product.name,
        formatQuantityBR(b.quantity),
        b.measurementUnit.description,
      ]),
    );

  r.section("4. Área(s) requisitante(s) e responsáveis");
  r.field("Área(s) requisitante(s)", input.secretaries.map((s) => s.name).join("; ") || "Não informadas");
  if (input.responsible.length === 0) r.paragraph("Nenhum responsável informado.");
  else
    r.table(
      [
        { title: "Responsável", width: 0 },
        { title: "CPF", width: 110 },
        { title: "E-mail", width: 170 },
      ],
      input.responsible.map((p) => [p.name, p.cpf ? formatCpf(p.cpf) : "—", p.email]),
    );
  r.doc.moveDown(2);
  for (const p of input.responsible) {
    r.paragraph("_______________________________________________");
    r.paragraph(p.name);
    r.doc.moveDown(1);
  }
  return r.finish();
}
