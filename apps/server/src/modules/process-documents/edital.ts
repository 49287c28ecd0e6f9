import { buildEditalDocument, type EditalDocumentInput, editalFileName } from "@certame/domain";
import type { DbOrTx } from "../../db/client";
import { type IssuedDocument, processDocumentId } from "../../files/document-file";
import * as notices from "../notices/notice.repository";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** What the edital of a notice is made from (its row, lots, people, required documents and annexes). */
export async function editalInput(
  db: DbOrTx,
  noticeId: string,
  issuedAt: Date,
): Promise<EditalDocumentInput | undefined> {
  const found = await notices.findNotice(db, noticeId);
  if (!found) return undefined;
  const [people, batches, documents, classes] = await Promise.all([
    notices.findNoticePeople(db, noticeId),
    notices.findBatches(db, noticeId),
    notices.findDocuments(db, noticeId),
    notices.findNoticeDocumentClasses(db, noticeId),
  ]);
  const n = found.notice;
  return {
    buyer: {
      corporateName: found.buyer.corporateName,
      cnpj: found.buyer.cnpj,
      city: found.buyer.city,
      state: found.buyer.state,
    },
    noticeNumber: n.noticeNumber,
    processNumber: n.processNumber,
    modality: n.modality,
    subModality: n.subModality,
    dispensationForm: n.dispensationForm,
    closingKind: n.closingKind,
    offerKind: n.offerKind,
    isSrp: n.isSrp,
    processParticipation: n.processParticipation,
    objectOfInterest: n.objectOfInterest,
    legislationName: found.legislation?.name ?? null,
    lawClauseName: found.lawClause?.name ?? null,
    proposalsStartDateTime: iso(n.proposalsStartDateTime),
    proposalsEndDateTime: iso(n.proposalsEndDateTime),
    startDateTime: iso(n.startDateTime),
    clarificationEndDateTime: iso(n.clarificationEndDateTime),
    shouldDiscloseReferencePrice: n.shouldDiscloseReferencePrice,
    isReferencePriceDisclosed: n.isReferencePriceDisclosed,
    auctioneers: people.staff.filter((s) => s.assignment === "AUCTIONEER").map((s) => s.userName),
    lots: batches.map(({ batch, product, measurementUnit }) => ({
      number: batch.number,
      item: batch.item,
      productCode: product?.code ?? null,
      description: product?.name
        ? product.technicalDescription
          ? `${product.name} — ${product.technicalDescription}`
          : product.name
        : "-",
      quantity: batch.quantity,
      unit: measurementUnit?.description ?? null,
      decimalsNumber: batch.decimalsNumber,
      referencePrice: batch.referencePrice,
      unitReferencePrice: batch.unitReferencePrice,
      totalAmount: batch.totalAmount,
      batchItemParticipation: batch.batchItemParticipation,
      wideParticipationBatch: batch.wideParticipationBatch,
    })),
    qualificationDocumentRequired: n.qualificationDocumentRequired,
    otherDocumentClasses: classes.map((c) => c.className),
    // The annexes are the notice's other documents: not the edital itself, nor the records made later.
    annexes: documents
      .filter((d) => d.kind === "OTHER")
      .map((d) => ({ description: d.description, name: d.name })),
    issuedAt: issuedAt.toISOString(),
  };
}

/**
 * The edital (minuta do edital) of a notice, ready to be written as PDF or .docx; undefined when the
 * notice does not exist. To file it as the notice's main document when publishing:
 * `renderDocument(await issueEdital(tx, noticeId, now), "pdf")` (files/document-file.ts).
 */
export async function issueEdital(
  db: DbOrTx,
  noticeId: string,
  issuedAt: Date,
): Promise<IssuedDocument | undefined> {
  const input = await editalInput(db, noticeId, issuedAt);
  if (!input) return undefined;
  return {
    model: buildEditalDocument(input),
    issuedAt,
    fileName: (format) => editalFileName(input.processNumber, format),
  };
}

/**
 * The edital of a process's notice as the process's step 6 document: versioned (issue 35 item 3) and
 * dated on the notice's creation, so the same notice gives the same PDF whatever the day of the
 * download and a signature of it stays in force until the notice's content changes. (The edital
 * filed as the main file at publication is dated on the publication: issueEdital.)
 */
export async function issueProcessEdital(
  db: DbOrTx,
  processId: string,
  noticeId: string,
): Promise<IssuedDocument | undefined> {
  const found = await notices.findNotice(db, noticeId);
  if (!found) return undefined;
  const edital = await issueEdital(db, noticeId, found.notice.createdDate);
  return edital && { ...edital, documentId: processDocumentId(processId, "AUCTION_NOTICE") };
}
