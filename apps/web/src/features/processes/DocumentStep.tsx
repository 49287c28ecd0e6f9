import {
  formatBrasiliaDate,
  isSignableDocumentKind,
  PROCESS_STEP_SLUGS,
  type ProcessStepKind,
} from "@certame/domain";
import { Button, Group, Stack, Text } from "@mantine/core";
import { IconFileTypeDocx, IconFileTypePdf } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { type DownloadedFile, saveFile } from "../../api/files";
import { notifyApiError } from "../../ui/notify";
import { downloadPriceSearchReport } from "../budget/budget.api";
import { dfdDocxUrl, dfdPdfUrl } from "../demand-formalization/api";
import { etpDocxUrl, etpPdfUrl } from "../preliminary-technical-study/api";
import { downloadReferenceTermPdf, downloadReferenceTermWord } from "../reference-term/api";
import { riskMapDocxUrl, riskMapPdfUrl } from "../risk-matrix/api";
import { budgetPdfUrl, type ProcessDetail, type ProcessStep } from "./api";
import { SignatureActions, signaturesCell } from "./SignDocument";
import { StepTable } from "./StepTable";
import { PROCESS_TEXTS as T } from "./texts";

/** What a step panel gets: the process, the step (with its label) and its number in the list. */
export interface StepProps {
  process: ProcessDetail;
  step: ProcessStep;
  n: number;
}

/** A document's file: a plain link for the GET routes (the session cookie goes along), or a POST. */
export type DocumentFile =
  | { url: (processId: string) => string }
  | { fetch: (processId: string) => Promise<DownloadedFile> };

interface DocumentModel {
  /** 'Criar/Editar': the screen under /cadastrar/processos/{id}/ (default: the step's wizard). */
  editSegment?: string;
  word?: DocumentFile;
  pdf?: DocumentFile;
}

/**
 * The document steps built on their own screens (planning §2.3), with their files (issue 35 item 2):
 * the budget's and the price-taking's document are the same price research report (.docx); the
 * budget's also as PDF, the version its signatures sign (issue 35 item 3); the price-taking step
 * opens the budget screen, where that research is made.
 */
const DOCUMENTS: Partial<Record<ProcessStepKind, DocumentModel>> = {
  DEMAND_FORMALIZATION: { word: { url: dfdDocxUrl }, pdf: { url: dfdPdfUrl } },
  PRELIMINARY_TECHNICAL_STUDY: { word: { url: etpDocxUrl }, pdf: { url: etpPdfUrl } },
  RISK_MANAGEMENT: { word: { url: riskMapDocxUrl }, pdf: { url: riskMapPdfUrl } },
  BUDGET: { word: { fetch: downloadPriceSearchReport }, pdf: { url: budgetPdfUrl } },
  REFERENCE_TERM: { word: { fetch: downloadReferenceTermWord }, pdf: { fetch: downloadReferenceTermPdf } },
  PRICES_SUBMISSION: { editSegment: PROCESS_STEP_SLUGS.BUDGET, word: { fetch: downloadPriceSearchReport } },
};

/**
 * 'Assinaturas': the count and the signers of the document (a stale signature marked), else the
 * reference term's signed PDF of issue 16 (kept as its status), else 'Nenhuma'.
 */
function signaturesText(step: ProcessStep): string {
  const signed = signaturesCell(step.signatures);
  if (signed) return signed;
  if (step.status === "SIGNED") return T.signatures.signedPdf;
  return T.signatures.none;
}

/** The document steps' table: Data da Última Alteração, Status, Assinaturas (§2.3). */
export function DocumentTable({ step, n }: { step: ProcessStep; n: number }) {
  const c = T.stepColumns;
  return (
    <StepTable
      label={`${n} - ${step.label}`}
      columns={[c.updatedDate, c.status, c.signatures]}
      rows={[
        {
          key: step.kind,
          cells: [
            step.updatedDate ? formatBrasiliaDate(step.updatedDate) : T.placeholder,
            T.stepStatus[step.status] ?? step.status,
            signaturesText(step),
          ],
        },
      ]}
    />
  );
}

/**
 * A download button of a step: named with the step's label for screen readers ('Baixar arquivo em
 * Word Edital'); `disabledBy` is the id of the visible reason when it cannot download yet.
 */
export function DownloadButton({
  kind,
  file,
  processId,
  stepLabel,
  disabledBy,
}: {
  kind: "word" | "pdf";
  file: DocumentFile;
  processId: string;
  stepLabel: string;
  disabledBy?: string;
}) {
  const [busy, setBusy] = useState(false);
  const text = kind === "word" ? T.downloadWord : T.downloadPdf;
  const common = {
    size: "xs",
    variant: "default",
    leftSection:
      kind === "word" ? (
        <IconFileTypeDocx size={14} aria-hidden />
      ) : (
        <IconFileTypePdf size={14} aria-hidden />
      ),
    "aria-label": `${text} ${stepLabel}`,
  } as const;
  if (disabledBy)
    return (
      <Button {...common} disabled aria-describedby={disabledBy}>
        {text}
      </Button>
    );
  if ("url" in file)
    return (
      <Button {...common} component="a" href={file.url(processId)} download>
        {text}
      </Button>
    );
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await file.fetch(processId));
    } catch (error) {
      notifyApiError(error, T.downloadError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button {...common} loading={busy} onClick={() => void download()}>
      {text}
    </Button>
  );
}

/** The buttons' row of a step, wrapping on a phone. */
export function StepActions({ children }: { children: ReactNode }) {
  return (
    <Group gap="sm" align="center" wrap="wrap">
      {children}
    </Group>
  );
}

/**
 * A document step (steps 1–5, 7 and 8): its table, 'Criar/Editar' to its screen, its files, and
 * 'Assinar o Documento' / 'Imprimir pdf assinado' where §2.3 shows them (not for the price-taking nor
 * the contract). The contract (step 8) is drafted after the homologation, which is later work: said
 * in a sentence.
 */
export function DocumentStep({ process, step, n }: StepProps) {
  const navigate = useNavigate();
  const model = DOCUMENTS[step.kind];
  const segment = model?.editSegment ?? step.slug;
  return (
    <Stack gap="sm">
      <DocumentTable step={step} n={n} />
      {step.kind === "CONTRACT" && (
        <Text size="sm" c="dimmed">
          {T.contractNote}
        </Text>
      )}
      {model && (
        <StepActions>
          {segment && (
            <Button
              size="xs"
              variant="light"
              aria-label={`${T.createOrEdit} ${step.label}`}
              onClick={() => navigate(`/cadastrar/processos/${process.id}/${segment}`)}
            >
              {T.createOrEdit}
            </Button>
          )}
          {model.word && (
            <DownloadButton kind="word" file={model.word} processId={process.id} stepLabel={step.label} />
          )}
          {model.pdf && (
            <DownloadButton kind="pdf" file={model.pdf} processId={process.id} stepLabel={step.label} />
          )}
          {isSignableDocumentKind(step.kind) && (
            <SignatureActions process={process} step={step} kind={step.kind} />
          )}
        </StepActions>
      )}
    </Stack>
  );
}
