import {
  ETP_MODALITY_LABELS,
  ETP_SECTIONS,
  ETP_STEP_LABELS,
  ETP_SUB_MODALITY_LABELS,
  ETP_TEXT_STEPS,
  type EtpModality,
  type EtpSubModality,
  feasibilityStatement,
  SERVICE_KIND_LABELS,
  type ServiceKind,
  VULNERABILITY_STATEMENT_KINDS,
  type VulnerabilityStatementKind,
} from "@certame/domain";
import { createReport } from "../../files/pdf-layout";

export interface EtpPdfData {
  buyerName: string;
  processNumber: string;
  issuedAt: Date;
  study: {
    number: string | null;
    isRejectedFromTheProcess: boolean | null;
    exemptionJustification: string | null;
    description: string | null;
    modality: string | null;
    subModality: string | null;
    serviceKind: string | null;
    vulnerabilityStatementKind: string | null;
    feasibilityJustification: string | null;
    documents: { name: string; description: string | null }[];
    process: {
      secretaries: { name: string }[];
      responsible: { name: string; email: string | null; cpf: string | null }[];
    };
  } & Record<string, unknown>;
}

const NOT_FILLED = "Não preenchido.";
const label = <K extends string>(labels: Record<K, string>, value: string | null) =>
  value ? (labels[value as K] ?? value) : "—";
const isStatement = (v: unknown): v is VulnerabilityStatementKind =>
  (VULNERABILITY_STATEMENT_KINDS as readonly unknown[]).includes(v);

/**
 * The ETP as a document of the body (issue 15 item 8): the body and process in the header, the
 * identification, then each section and sub-step with its text (planning §2.6 menu order) — or,
 * when dispensed, the dispensation statement and its justification — the requesting areas, the
 * responsibles and the feasibility statement.
 */
export function renderEtpPdf(data: EtpPdfData): Promise<Buffer> {
  const { study } = data;
  const title = "Estudo Técnico Preliminar";
  const report = createReport({
    title: `${title} — ${data.processNumber}`,
    subject: data.buyerName,
    issuedAt: data.issuedAt,
  });
  report.heading(title, data.buyerName);
  report.field("Processo", data.processNumber);
  report.field("Número do ETP", study.number ?? "—");
  report.field("Modalidade", label(ETP_MODALITY_LABELS as Record<EtpModality, string>, study.modality));
  report.field(
    "Submodalidade",
    label(ETP_SUB_MODALITY_LABELS as Record<EtpSubModality, string>, study.subModality),
  );
  if (study.serviceKind)
    report.field(
      "Tipo de serviço",
      label(SERVICE_KIND_LABELS as Record<ServiceKind, string>, study.serviceKind),
    );

  if (study.isRejectedFromTheProcess) {
    report.section("Dispensa do Estudo Técnico Preliminar");
    report.paragraph("O Estudo Técnico Preliminar foi dispensado para o processo em questão.");
    report.doc.moveDown(0.5);
    report.field("Justificativa da dispensa", study.exemptionJustification ?? NOT_FILLED);
  } else {
    for (const [index, section] of ETP_SECTIONS.entries()) {
      report.section(`${index + 1}. ${section.label}`);
      for (const step of section.steps) {
        report.doc.moveDown(0.4);
        report.doc
          .font("Helvetica-Bold")
          .fontSize(10)
          .fillColor("black")
          .text(ETP_STEP_LABELS[step], 50, report.doc.y, {
            width: report.width,
          });
        report.doc.moveDown(0.2);
        if (step === "DESCRIPTION") report.paragraph(study.description ?? NOT_FILLED);
        else if (step === "SECRETARIES")
          report.paragraph(study.process.secretaries.map((s) => s.name).join("\n") || NOT_FILLED);
        else if (step === "RESPONSIBLES")
          report.paragraph(
            study.process.responsible.map((r) => [r.name, r.email].filter(Boolean).join(" — ")).join("\n") ||
              NOT_FILLED,
          );
        else if (step === "FEASIBILITY_DESCRIPTION") {
          const kind = study.vulnerabilityStatementKind;
          report.paragraph(isStatement(kind) ? `${feasibilityStatement(kind)}.` : NOT_FILLED);
          if (study.feasibilityJustification) {
            report.doc.moveDown(0.3);
            report.field("Justificativa", study.feasibilityJustification);
          }
        } else if (step === "DOCUMENTS")
          report.paragraph(
            study.documents
              .map((d) => (d.description ? `${d.name} — ${d.description}` : d.name))
              .join("\n") || "Nenhum documento anexado.",
          );
        else {
          const value = study[ETP_TEXT_STEPS[step].field];
          report.paragraph(typeof value === "string" && value ? value : NOT_FILLED);
        }
      }
    }
  }
  if (study.isRejectedFromTheProcess) {
    report.section("Área(s) Requisitante(s) e Responsáveis");
    report.field("Área(s) Requisitante(s)", study.process.secretaries.map((s) => s.name).join(", ") || "—");
    report.field("Responsáveis", study.process.responsible.map((r) => r.name).join(", ") || "—");
  }
  return report.finish();
}
