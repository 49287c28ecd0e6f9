import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import {
  auctionBatches,
  auctionNotices,
  bids,
  buyers,
  chatMessages,
  eventLog,
  lotBidders,
  noticeDocuments,
  noticeParticipants,
  products,
  storedFiles,
  suppliers,
} from "../../db/schema";

/** The notice and its body, as the minutes' header shows them. */
export async function findMinutesNotice(db: DbOrTx, noticeId: string) {
  const [row] = await db
    .select({
      id: auctionNotices.id,
      buyerId: auctionNotices.buyerId,
      status: auctionNotices.status,
      modality: auctionNotices.modality,
      subModality: auctionNotices.subModality,
      dispensationForm: auctionNotices.dispensationForm,
      closingKind: auctionNotices.closingKind,
      auctionLicensePhase: auctionNotices.auctionLicensePhase,
      noticeNumber: auctionNotices.noticeNumber,
      processNumber: auctionNotices.processNumber,
      objectOfInterest: auctionNotices.objectOfInterest,
      startDateTime: auctionNotices.startDateTime,
      shouldDiscloseReferencePrice: auctionNotices.shouldDiscloseReferencePrice,
      isReferencePriceDisclosed: auctionNotices.isReferencePriceDisclosed,
      buyerName: buyers.corporateName,
      buyerCnpj: buyers.cnpj,
      buyerCity: buyers.city,
      buyerState: buyers.state,
    })
    .from(auctionNotices)
    .innerJoin(buyers, eq(buyers.id, auctionNotices.buyerId))
    .where(and(eq(auctionNotices.id, noticeId), eq(auctionNotices.isDeleted, false)))
    .limit(1);
  return row;
}

/** Every row of the notice's lots (items included), in lot and item order, with product names. */
export function minutesLots(db: DbOrTx, noticeId: string) {
  return db
    .select({
      id: auctionBatches.id,
      number: auctionBatches.number,
      item: auctionBatches.item,
      phase: auctionBatches.phase,
      product: products.name,
      quantity: auctionBatches.quantity,
      unit: auctionBatches.measurementUnitCode,
      referencePrice: auctionBatches.referencePrice,
      decimals: auctionBatches.decimalsNumber,
      dispensationForm: auctionBatches.dispensationForm,
      participation: auctionBatches.batchItemParticipation,
      negotiatingSupplierId: auctionBatches.negotiatingSupplierId,
    })
    .from(auctionBatches)
    .leftJoin(products, eq(products.id, auctionBatches.productId))
    .where(eq(auctionBatches.auctionNoticeId, noticeId))
    .orderBy(asc(auctionBatches.number), asc(auctionBatches.item));
}

/** The notice's bidders with their anonymous numbers and names. */
export function minutesParticipants(db: DbOrTx, noticeId: string) {
  return db
    .select({
      supplierId: noticeParticipants.supplierId,
      anonymousNumber: noticeParticipants.anonymousNumber,
      corporateName: suppliers.corporateName,
      name: suppliers.name,
      documentNumber: suppliers.documentNumber,
      isSmallBusiness: suppliers.isSmallBusiness,
    })
    .from(noticeParticipants)
    .innerJoin(suppliers, eq(suppliers.id, noticeParticipants.supplierId))
    .where(eq(noticeParticipants.auctionNoticeId, noticeId));
}

/** Each bidder's standing in the lots (qualified, enabled), for the minutes' "Situação" column. */
export function minutesBidderFlags(db: DbOrTx, batchIds: readonly string[]) {
  if (batchIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(lotBidders)
    .where(inArray(lotBidders.batchId, [...batchIds]));
}

/** The revealed, live bids of the lots' head rows (sealed bids not yet opened stay out). */
export function minutesBids(db: DbOrTx, batchIds: readonly string[]) {
  if (batchIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      batchId: bids.batchId,
      supplierId: bids.supplierId,
      unitPrice: bids.unitPrice,
      percentDiscount: bids.percentDiscount,
      kind: bids.kind,
      createdDate: bids.createdDate,
    })
    .from(bids)
    .where(and(inArray(bids.batchId, batchIds), eq(bids.isCancelled, false), eq(bids.isRevealed, true)))
    .orderBy(asc(bids.createdDate));
}

/** The system messages of the session (phase moves and control actions) with their lots, oldest first. */
export function minutesOccurrences(db: DbOrTx, noticeId: string) {
  return db
    .select({
      id: chatMessages.id,
      groupId: chatMessages.groupId,
      batchId: chatMessages.batchId,
      text: chatMessages.text,
      createdDate: chatMessages.createdDate,
    })
    .from(chatMessages)
    .where(and(eq(chatMessages.auctionNoticeId, noticeId), eq(chatMessages.isSystemMessage, true)))
    .orderBy(asc(chatMessages.createdDate), asc(chatMessages.id));
}

/** The head of the notice's hash-chained event log, printed on the minutes for verification. */
export async function eventLogHead(db: DbOrTx, noticeId: string) {
  const [row] = await db
    .select({ seq: eventLog.seq, hash: eventLog.hash })
    .from(eventLog)
    .where(eq(eventLog.auctionNoticeId, noticeId))
    .orderBy(desc(eventLog.seq))
    .limit(1);
  return row ?? null;
}

/** Retires the notice's earlier minutes: only the latest is published with the notice's files. */
export async function retireMinutes(tx: Tx, noticeId: string) {
  await tx
    .update(noticeDocuments)
    .set({ isDeleted: true })
    .where(
      and(
        eq(noticeDocuments.auctionNoticeId, noticeId),
        eq(noticeDocuments.kind, "SESSION_MINUTES"),
        eq(noticeDocuments.isDeleted, false),
      ),
    );
}

export async function insertMinutes(
  tx: Tx,
  values: {
    noticeId: string;
    storageKey: string;
    name: string;
    sizeBytes: number;
    sha256: string;
    userId: string;
  },
) {
  const [file] = await tx
    .insert(storedFiles)
    .values({
      storageKey: values.storageKey,
      originalName: values.name,
      mimeType: "application/pdf",
      sizeBytes: values.sizeBytes,
      sha256: values.sha256,
      uploadedByUserId: values.userId,
    })
    .returning({ id: storedFiles.id });
  if (!file) throw new Error("falha ao registrar o arquivo");
  const [doc] = await tx
    .insert(noticeDocuments)
    .values({
      auctionNoticeId: values.noticeId,
      fileId: file.id,
      kind: "SESSION_MINUTES",
      label: values.name,
      description: "Gerada pela plataforma",
    })
    .returning({ id: noticeDocuments.id });
  if (!doc) throw new Error("falha ao registrar o documento");
  return doc;
}

/** The body's processes past their draft, newest first (the minute-and-contract control report). */
export function bodyNotices(db: DbOrTx, buyerId: string) {
  return db
    .select({
      id: auctionNotices.id,
      noticeNumber: auctionNotices.noticeNumber,
      processNumber: auctionNotices.processNumber,
      modality: auctionNotices.modality,
      status: auctionNotices.status,
      objectOfInterest: auctionNotices.objectOfInterest,
      isSrp: auctionNotices.isSrp,
      daysDue: auctionNotices.daysDue,
    })
    .from(auctionNotices)
    .where(
      and(
        eq(auctionNotices.buyerId, buyerId),
        eq(auctionNotices.isDeleted, false),
        ne(auctionNotices.status, "PENDING"),
      ),
    )
    .orderBy(desc(auctionNotices.createdDate), asc(auctionNotices.id));
}

/** When each notice's current session minutes were filed (none: not generated yet). */
export function currentMinutesDates(db: DbOrTx, noticeIds: readonly string[]) {
  if (noticeIds.length === 0) return Promise.resolve([]);
  return db
    .select({ noticeId: noticeDocuments.auctionNoticeId, createdDate: noticeDocuments.createdDate })
    .from(noticeDocuments)
    .where(
      and(
        inArray(noticeDocuments.auctionNoticeId, [...noticeIds]),
        eq(noticeDocuments.kind, "SESSION_MINUTES"),
        eq(noticeDocuments.isDeleted, false),
      ),
    );
}
