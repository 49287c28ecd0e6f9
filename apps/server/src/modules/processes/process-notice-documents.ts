import { createHash, randomUUID } from "node:crypto";
import {
  buildRiskMatrixDocument,
  DOCUMENT_KIND_LABELS,
  NOTICE_ANNEX_ESTIMATE_TEXT,
  processPdfFileName,
  riskPanel,
} from "@certame/domain";
import type { Clock } from "../../clock/clock";
import type { Db, Tx } from "../../db/client";
import { renderDocument } from "../../files/document-file";
import { renderDocumentPdf } from "../../files/document-pdf";
import type { FileStorage } from "../../files/file-storage";
import { buyerName } from "../buyers/buyer.repository";
import { insertNoticeDocument, insertStoredFile } from "../notice-documents/notice-document.repository";
import { findStudy } from "../preliminary-technical-study/preliminary-technical-study.repository";
import type { PreliminaryTechnicalStudyService } from "../preliminary-technical-study/preliminary-technical-study.service";
import { findTerm } from "../reference-term/reference-term.repository";
import type { ReferenceTermService } from "../reference-term/reference-term.service";
import type { RiskManagementService } from "../risk-management/risk-management.service";
import type { Planner } from "./process.policy";

/** A plan document stored for the notice: its bytes are in storage, its rows not yet written. */
export interface StoredPlanDocument {
  storageKey: string;
  name: string;
  description: string;
  sizeBytes: number;
  sha256: string;
}

export interface PlanDocumentRenderers {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  etp: PreliminaryTechnicalStudyService;
  term: ReferenceTermService;
  risks: RiskManagementService;
}

/**
 * The plan's documents a notice made from the process carries as its own files (issue 35 step 6) —
 * public once the notice is: they never carry the estimate (the notice shows it, or keeps it secret,
 * through its lots and edital by the one rule isReferencePricePublic) nor the staff's e-mails —
 * rendered by the planning documents' own PDF renderers: the ETP, the reference term, and the risk
 * matrix reduced to the risks marked 'Divulgar no Edital' (the annex of risks the notice discloses,
 * Lei 14.133/2021 art. 22) — each when it exists. The bytes are written to storage now; the caller
 * records them in its transaction or removes them (discardPlanDocuments).
 */
export async function storePlanDocuments(
  r: PlanDocumentRenderers,
  planner: Planner,
  process: { id: string; processNumber: string },
): Promise<StoredPlanDocument[]> {
  const files: { name: string; description: string; bytes: Buffer }[] = [];
  if (await findStudy(r.db, process.id)) {
    const study = await r.etp.documentModel(planner, process.id, { asNoticeAnnex: true });
    files.push({
      name: study.fileName("pdf"),
      description: "Estudo Técnico Preliminar",
      bytes: await renderDocument(study, "pdf"),
    });
  }
  if (await findTerm(r.db, process.id))
    files.push({
      name: processPdfFileName("termo-de-referencia", process.processNumber),
      description: "Termo de Referência",
      bytes: await r.term.pdf(planner, process.id, { valueText: NOTICE_ANNEX_ESTIMATE_TEXT }),
    });
  const matrix = await r.risks.read(planner, process.id);
  const disclosed = matrix.canDispenseRisk ? [] : matrix.risks.filter((s) => s.risk.disclose);
  if (disclosed.length)
    files.push({
      name: processPdfFileName("anexo-riscos", process.processNumber),
      description: "Matriz de Riscos — riscos divulgados no edital",
      bytes: await renderDocumentPdf(
        buildRiskMatrixDocument({
          bodyName: await buyerName(r.db, planner.buyerId),
          processNumber: process.processNumber,
          number: matrix.number,
          canDispenseRisk: false,
          justification: null,
          panel: riskPanel(disclosed.map((s) => s.risk)),
          risks: disclosed,
        }),
        { issuedAt: r.clock() },
      ),
    });
  const stored: StoredPlanDocument[] = [];
  try {
    for (const f of files) stored.push(await storePdf(r, f));
  } catch (error) {
    await discardPlanDocuments(r.storage, stored);
    throw error;
  }
  return stored;
}

/** Writes one generated PDF to storage; its rows are the caller's, in its transaction. */
export async function storePdf(
  r: Pick<PlanDocumentRenderers, "clock" | "storage">,
  f: { name: string; description: string; bytes: Buffer },
): Promise<StoredPlanDocument> {
  const now = r.clock();
  const storageKey = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/${randomUUID()}.pdf`;
  await r.storage.write(storageKey, f.bytes);
  return {
    storageKey,
    name: f.name,
    description: f.description,
    sizeBytes: f.bytes.length,
    sha256: createHash("sha256").update(f.bytes).digest("hex"),
  };
}

export async function discardPlanDocuments(storage: FileStorage, files: readonly StoredPlanDocument[]) {
  await Promise.all(files.map((f) => storage.remove(f.storageKey).catch(() => {})));
}

/** Records stored documents as the notice's files: the plan's as OTHER, the drafted edital as AUCTION_NOTICE. */
export async function attachPlanDocuments(
  tx: Tx,
  noticeId: string,
  userId: string,
  files: readonly StoredPlanDocument[],
  kind: "OTHER" | "AUCTION_NOTICE" = "OTHER",
) {
  const attached: { documentId: string; name: string; sha256: string }[] = [];
  for (const f of files) {
    const file = await insertStoredFile(tx, {
      storageKey: f.storageKey,
      originalName: f.name,
      mimeType: "application/pdf",
      sizeBytes: f.sizeBytes,
      sha256: f.sha256,
      uploadedByUserId: userId,
    });
    const doc = await insertNoticeDocument(tx, {
      auctionNoticeId: noticeId,
      fileId: file.id,
      kind,
      label: DOCUMENT_KIND_LABELS[kind],
      description: f.description,
    });
    attached.push({ documentId: doc.id, name: f.name, sha256: f.sha256 });
  }
  return attached;
}
