import { MODALITY_LABELS } from "../enums/modality";
import {
  SERVICE_KIND_LABELS,
  VULNERABILITY_STATEMENT_KINDS,
  type VulnerabilityStatementKind,
} from "../enums/study";
import { SUB_MODALITY_LABELS } from "../enums/sub-modality";
import type { DocumentBlock, DocumentModel } from "../format/document-model";
import {
  ETP_SECTIONS,
  ETP_STEP_LABELS,
  ETP_TEXT_STEPS,
  type EtpStep,
  feasibilityStatement,
} from "./preliminary-technical-study";

/** What the ETP document shows: the study as the service reads it, with the body and the process. */
export interface EtpDocumentInput {
  buyerName: string;
  processNumber: string;
  /**
   * The ETP as an annex of the published notice: without the estimated value (the notice discloses it,
   * or not, through its lots and edital by the one rule, isReferencePricePublic — art. 24) and without
   * the staff's e-mails (a public file; LGPD art. 6 III, only what the purpose needs).
   */
  asNoticeAnnex?: boolean;
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

export const ETP_DOCUMENT_TITLE = "Estudo Técnico Preliminar";
const NOT_FILLED = "Não preenchido.";

const label = (labels: Readonly<Record<string, string>>, value: string | null) =>
  value ? (labels[value] ?? value) : "—";
const isStatement = (v: unknown): v is VulnerabilityStatementKind =>
  (VULNERABILITY_STATEMENT_KINDS as readonly unknown[]).includes(v);

/** What a plan document attached to the notice says in place of the estimate (ETP, reference term). */
export const NOTICE_ANNEX_ESTIMATE_TEXT =
  "O valor estimado da contratação é informado no edital, conforme o sigilo ou a divulgação ali definidos (art. 24 da Lei nº 14.133/2021).";

function stepBlocks(step: EtpStep, study: EtpDocumentInput["study"], annex: boolean): DocumentBlock[] {
  const text = (value: string): DocumentBlock => ({ kind: "paragraph", text: value });
  if (annex && step === "ESTIMATE_CONTRACT_VALUE") return [text(NOTICE_ANNEX_ESTIMATE_TEXT)];
  switch (step) {
    case "DESCRIPTION":
      return [text(study.description ?? NOT_FILLED)];
    case "SECRETARIES":
      return [text(study.process.secretaries.map((s) => s.name).join("\n") || NOT_FILLED)];
    case "RESPONSIBLES":
      return [
        text(
          study.process.responsible
            .map((r) => [r.name, annex ? null : r.email].filter(Boolean).join(" — "))
            .join("\n") || NOT_FILLED,
        ),
      ];
    case "FEASIBILITY_DESCRIPTION": {
      const kind = study.vulnerabilityStatementKind;
      return [
        text(isStatement(kind) ? `${feasibilityStatement(kind)}.` : NOT_FILLED),
        ...(study.feasibilityJustification
          ? [
              {
                kind: "fields",
                rows: [{ label: "Justificativa", value: study.feasibilityJustification }],
              } satisfies DocumentBlock,
            ]
          : []),
      ];
    }
    case "DOCUMENTS":
      return [
        text(
          study.documents.map((d) => (d.description ? `${d.name} — ${d.description}` : d.name)).join("\n") ||
            "Nenhum documento anexado.",
        ),
      ];
    default: {
      const value = study[ETP_TEXT_STEPS[step].field];
      return [text(typeof value === "string" && value ? value : NOT_FILLED)];
    }
  }
}

/**
 * The ETP as a document of the body (issue 15 item 8): the body and process in the header, the
 * identification, then each section and sub-step with its text (planning §2.6 menu order) — or,
 * when dispensed, the dispensation statement and its justification, the requesting areas and the
 * responsibles. One model for its PDF and .docx.
 */
export function buildEtpDocument(input: EtpDocumentInput): DocumentModel {
  const { study } = input;
  const blocks: DocumentBlock[] = [
    {
      kind: "fields",
      rows: [
        { label: "Processo", value: input.processNumber },
        { label: "Número do ETP", value: study.number ?? "—" },
        { label: "Modalidade", value: label(MODALITY_LABELS, study.modality) },
        { label: "Submodalidade", value: label(SUB_MODALITY_LABELS, study.subModality) },
        ...(study.serviceKind
          ? [{ label: "Tipo de serviço", value: label(SERVICE_KIND_LABELS, study.serviceKind) }]
          : []),
      ],
    },
  ];
  if (study.isRejectedFromTheProcess) {
    blocks.push(
      { kind: "heading", text: "Dispensa do Estudo Técnico Preliminar" },
      { kind: "paragraph", text: "O Estudo Técnico Preliminar foi dispensado para o processo em questão." },
      {
        kind: "fields",
        rows: [{ label: "Justificativa da dispensa", value: study.exemptionJustification ?? NOT_FILLED }],
      },
      { kind: "heading", text: "Área(s) Requisitante(s) e Responsáveis" },
      {
        kind: "fields",
        rows: [
          {
            label: "Área(s) Requisitante(s)",
            value: study.process.secretaries.map((s) => s.name).join(", ") || "—",
          },
          { label: "Responsáveis", value: study.process.responsible.map((r) => r.name).join(", ") || "—" },
        ],
      },
    );
  } else {
    for (const [index, section] of ETP_SECTIONS.entries()) {
      blocks.push({ kind: "heading", text: `${index + 1}. ${section.label}` });
      for (const step of section.steps)
        blocks.push(
          { kind: "heading", level: 2, text: ETP_STEP_LABELS[step] },
          ...stepBlocks(step, study, input.asNoticeAnnex === true),
        );
    }
  }
  return { title: ETP_DOCUMENT_TITLE, subtitle: input.buyerName, blocks };
}
