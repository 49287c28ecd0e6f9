import { PUBLIC_NOTICE_STATUSES } from "@certame/domain";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  auctionBatches,
  auctionNotices,
  auctionWinners,
  buyers,
  eventLog,
  measurementUnits,
  noticeParticipants,
  ocdsReleases,
  ocdsSnapshotCursor,
  products,
  suppliers,
} from "../../db/schema";

/** Published notices only: drafts (PENDING) and deleted notices are never open data. */
const published = () =>
  and(eq(auctionNotices.isDeleted, false), inArray(auctionNotices.status, [...PUBLIC_NOTICE_STATUSES]));

/**
 * A page of published notices' ids, oldest publication first (a page's contents do not move when
 * a notice is published later, it lands on the last page). One more than asked tells a next page.
 */
export function publishedNoticeIds(db: DbOrTx, offset: number, limit: number) {
  return db
    .select({ id: auctionNotices.id })
    .from(auctionNotices)
    .where(published())
    .orderBy(
      sql`${auctionNotices.publishedDate} ASC NULLS LAST`,
      asc(auctionNotices.createdDate),
      asc(auctionNotices.id),
    )
    .offset(offset)
    .limit(limit);
}

/** The published notice and its body, as the open data describe them; undefined for a draft. */
export async function findPublishedNotice(db: DbOrTx, noticeId: string) {
  const [row] = await db
    .select({
      id: auctionNotices.id,
      status: auctionNotices.status,
      modality: auctionNotices.modality,
      subModality: auctionNotices.subModality,
      dispensationForm: auctionNotices.dispensationForm,
      offerKind: auctionNotices.offerKind,
      auctionLicensePhase: auctionNotices.auctionLicensePhase,
      noticeNumber: auctionNotices.noticeNumber,
      processNumber: auctionNotices.processNumber,
      objectOfInterest: auctionNotices.objectOfInterest,
      startDateTime: auctionNotices.startDateTime,
      proposalsStartDateTime: auctionNotices.proposalsStartDateTime,
      proposalsEndDateTime: auctionNotices.proposalsEndDateTime,
      clarificationEndDateTime: auctionNotices.clarificationEndDateTime,
      shouldDiscloseReferencePrice: auctionNotices.shouldDiscloseReferencePrice,
      isReferencePriceDisclosed: auctionNotices.isReferencePriceDisclosed,
      publishedDate: auctionNotices.publishedDate,
      createdDate: auctionNotices.createdDate,
      updatedDate: auctionNotices.updatedDate,
      buyerName: buyers.corporateName,
      buyerCnpj: buyers.cnpj,
      buyerCity: buyers.city,
      buyerState: buyers.state,
    })
    .from(auctionNotices)
    .innerJoin(buyers, eq(buyers.id, auctionNotices.buyerId))
    .where(and(eq(auctionNotices.id, noticeId), published()))
    .limit(1);
  return row;
}

/** Every row of the notice's lots (items included), in lot and item order. */
export function noticeLotRows(db: DbOrTx, noticeId: string) {
  return db
    .select({
      id: auctionBatches.id,
      number: auctionBatches.number,
      item: auctionBatches.item,
      phase: auctionBatches.phase,
      product: products.name,
      quantity: auctionBatches.quantity,
      unitCode: auctionBatches.measurementUnitCode,
      unitName: measurementUnits.description,
      referencePrice: auctionBatches.referencePrice,
      unitReferencePrice: auctionBatches.unitReferencePrice,
      decimals: auctionBatches.decimalsNumber,
      dispensationForm: auctionBatches.dispensationForm,
      negotiatingSupplierId: auctionBatches.negotiatingSupplierId,
      phaseStartDateTime: auctionBatches.phaseStartDateTime,
      updatedDate: auctionBatches.updatedDate,
    })
    .from(auctionBatches)
    .leftJoin(products, eq(products.id, auctionBatches.productId))
    .leftJoin(measurementUnits, eq(measurementUnits.code, auctionBatches.measurementUnitCode))
    .where(eq(auctionBatches.auctionNoticeId, noticeId))
    .orderBy(asc(auctionBatches.number), asc(auctionBatches.item));
}

/** The notice's bidders with their numbers and public identities (CNPJ or, for a person, none). */
export function noticeBidders(db: DbOrTx, noticeId: string) {
  return db
    .select({
      supplierId: noticeParticipants.supplierId,
      anonymousNumber: noticeParticipants.anonymousNumber,
      corporateName: suppliers.corporateName,
      name: suppliers.name,
      credentialKind: suppliers.credentialKind,
      documentNumber: suppliers.documentNumber,
    })
    .from(noticeParticipants)
    .innerJoin(suppliers, eq(suppliers.id, noticeParticipants.supplierId))
    .where(eq(noticeParticipants.auctionNoticeId, noticeId))
    .orderBy(asc(noticeParticipants.anonymousNumber));
}

/** Winners recorded by hand (formalization and in-person results), with their suppliers. */
export function noticeRecordedWinners(db: DbOrTx, noticeId: string) {
  return db
    .select({
      id: auctionWinners.id,
      batchId: auctionWinners.batchId,
      supplierId: auctionWinners.supplierId,
      unitPrice: auctionWinners.unitPrice,
      totalPrice: auctionWinners.totalPrice,
      quantity: auctionWinners.quantity,
      createdDate: auctionWinners.createdDate,
      updatedDate: auctionWinners.updatedDate,
      corporateName: suppliers.corporateName,
      name: suppliers.name,
      credentialKind: suppliers.credentialKind,
      documentNumber: suppliers.documentNumber,
    })
    .from(auctionWinners)
    .innerJoin(suppliers, eq(suppliers.id, auctionWinners.supplierId))
    .where(eq(auctionWinners.auctionNoticeId, noticeId))
    .orderBy(asc(auctionWinners.createdDate), asc(auctionWinners.id));
}

/** The releases published so far of some notices, in the order they were first published. */
export function storedReleases(db: DbOrTx, noticeIds: string[]) {
  if (noticeIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: ocdsReleases.id, noticeId: ocdsReleases.auctionNoticeId, release: ocdsReleases.release })
    .from(ocdsReleases)
    .where(inArray(ocdsReleases.auctionNoticeId, noticeIds))
    .orderBy(asc(ocdsReleases.recordedAt), asc(ocdsReleases.id));
}

/** Keeps releases not kept yet (a release never changes: its id is its content's). */
export async function keepReleases(
  db: DbOrTx,
  noticeId: string,
  releases: { id: string; tag: string; date: string; release: Record<string, unknown> }[],
  at: Date,
) {
  if (releases.length === 0) return;
  await db
    .insert(ocdsReleases)
    .values(
      releases.map((r) => ({
        id: r.id,
        auctionNoticeId: noticeId,
        tag: r.tag,
        releaseDate: r.date,
        release: r.release,
        recordedAt: at,
      })),
    )
    .onConflictDoNothing();
}

export async function readSnapshotCursor(db: DbOrTx): Promise<number> {
  const [row] = await db.select().from(ocdsSnapshotCursor).where(eq(ocdsSnapshotCursor.id, 1)).limit(1);
  return row?.lastEventId ?? 0;
}

export async function writeSnapshotCursor(db: DbOrTx, lastEventId: number) {
  await db
    .insert(ocdsSnapshotCursor)
    .values({ id: 1, lastEventId })
    .onConflictDoUpdate({
      target: ocdsSnapshotCursor.id,
      set: { lastEventId, updatedDate: sql`now()` },
    });
}

/**
 * The event log after `afterId`, oldest first: which notices changed, and whether each entry is old
 * enough (`settled`, by the database's own clock) that no transaction still open can commit an entry
 * numbered before it.
 */
export function eventsAfter(db: DbOrTx, afterId: number, limit: number, settleSeconds: number) {
  return db
    .select({
      id: eventLog.id,
      noticeId: eventLog.auctionNoticeId,
      settled: sql<boolean>`${eventLog.occurredAt} < now() - make_interval(secs => ${settleSeconds})`,
    })
    .from(eventLog)
    .where(gt(eventLog.id, afterId))
    .orderBy(asc(eventLog.id))
    .limit(limit);
}
