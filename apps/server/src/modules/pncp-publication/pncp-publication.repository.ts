import type { PncpJobKind, PncpJobStatus, PncpListInput } from "@certame/domain";
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import {
  auctionBatches,
  auctionNotices,
  auctionWinners,
  bids,
  buyers,
  lawClauses,
  measurementUnits,
  noticeDocuments,
  pncpOutbox,
  pncpPublicationJobs,
  products,
  respecifiedItemValues,
  storedFiles,
  suppliers,
} from "../../db/schema";

export type PncpJob = typeof pncpPublicationJobs.$inferSelect;
type Target = PncpJob["target"];

/** Adds a job to the queue, due now (inside the caller's transaction); HELD waits for the body's unit. */
export async function enqueue(
  tx: Tx,
  noticeId: string,
  kind: PncpJobKind,
  now: Date,
  target: Target = null,
  status: "PENDING" | "HELD" = "PENDING",
) {
  await tx
    .insert(pncpPublicationJobs)
    .values({ auctionNoticeId: noticeId, kind, target, nextAttemptAt: now, status });
}

export async function hasJob(tx: Tx, noticeId: string, kind: PncpJobKind): Promise<boolean> {
  const [row] = await tx
    .select({ id: pncpPublicationJobs.id })
    .from(pncpPublicationJobs)
    .where(and(eq(pncpPublicationJobs.auctionNoticeId, noticeId), eq(pncpPublicationJobs.kind, kind)))
    .limit(1);
  return Boolean(row);
}

/** The targets of a notice's jobs of one kind (documents or results already queued). */
export async function jobTargets(tx: Tx, noticeId: string, kind: PncpJobKind): Promise<Target[]> {
  const rows = await tx
    .select({ target: pncpPublicationJobs.target })
    .from(pncpPublicationJobs)
    .where(and(eq(pncpPublicationJobs.auctionNoticeId, noticeId), eq(pncpPublicationJobs.kind, kind)));
  return rows.map((r) => r.target);
}

/** The targets of a notice's jobs of one kind that were not given up (a FAILED one may be queued again). */
export async function liveJobTargets(tx: Tx, noticeId: string, kind: PncpJobKind): Promise<Target[]> {
  const rows = await tx
    .select({ target: pncpPublicationJobs.target })
    .from(pncpPublicationJobs)
    .where(
      and(
        eq(pncpPublicationJobs.auctionNoticeId, noticeId),
        eq(pncpPublicationJobs.kind, kind),
        sql`${pncpPublicationJobs.status} <> 'FAILED'`,
      ),
    );
  return rows.map((r) => r.target);
}

/**
 * Claims the next due job: FOR UPDATE SKIP LOCKED, so instances never take the same row; a job
 * waits while an earlier job of its notice is still PENDING (in order, retrying included) and while
 * the notice's contracting is not DONE (everything else is sent under its address). A job FAILED
 * for good — a file the portal refuses, a payload it rejects — does not hold the later ones: they
 * go on and the failure stays listed with 'Reenviar'. The claim moves nextAttemptAt past a lease: a
 * worker that dies mid-call leaves the job to be taken again once the lease ends.
 */
export async function claimDue(db: Db, now: Date, leaseMs: number): Promise<PncpJob | null> {
  return db.transaction(async (tx) => {
    const found = await tx.execute<{ id: string }>(sql`
      SELECT j.id FROM pncp_publication_jobs j
      WHERE j.status = 'PENDING' AND j.next_attempt_at <= ${now}
        AND NOT EXISTS (
          SELECT 1 FROM pncp_publication_jobs e
          WHERE e.auction_notice_id = j.auction_notice_id AND e.seq < j.seq
            AND (e.status = 'PENDING' OR (e.kind = 'PURCHASE' AND e.status <> 'DONE'))
        )
      ORDER BY j.next_attempt_at, j.seq
      LIMIT 1
      FOR UPDATE SKIP LOCKED`);
    const id = found.rows[0]?.id;
    if (!id) return null;
    const [job] = await tx
      .update(pncpPublicationJobs)
      .set({
        attempts: sql`${pncpPublicationJobs.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + leaseMs),
      })
      .where(eq(pncpPublicationJobs.id, id))
      .returning();
    return job ?? null;
  });
}

export async function markDone(tx: Tx | Db, id: string, now: Date, portalUri: string, sentItems?: object[]) {
  await tx
    .update(pncpPublicationJobs)
    .set({ status: "DONE", doneAt: now, portalUri, lastError: null, ...(sentItems ? { sentItems } : {}) })
    .where(eq(pncpPublicationJobs.id, id));
}

/** An ITEMS job's progress: the items the portal holds after its last accepted call. */
export async function setSentItems(db: Db, id: string, sentItems: object[]) {
  await db.update(pncpPublicationJobs).set({ sentItems }).where(eq(pncpPublicationJobs.id, id));
}

/** The items the portal holds for a notice: those of its last DONE contracting or items job. */
export async function lastSentItems(db: Db, noticeId: string) {
  const [row] = await db
    .select({ sentItems: pncpPublicationJobs.sentItems })
    .from(pncpPublicationJobs)
    .where(
      and(
        eq(pncpPublicationJobs.auctionNoticeId, noticeId),
        inArray(pncpPublicationJobs.kind, ["PURCHASE", "ITEMS"]),
        eq(pncpPublicationJobs.status, "DONE"),
        sql`${pncpPublicationJobs.sentItems} IS NOT NULL`,
      ),
    )
    .orderBy(desc(pncpPublicationJobs.seq))
    .limit(1);
  return row?.sentItems ?? null;
}

export async function markFailed(db: Db, id: string, error: string, retryAt: Date | null) {
  await db
    .update(pncpPublicationJobs)
    .set(
      retryAt
        ? { status: "PENDING", lastError: error, nextAttemptAt: retryAt }
        : { status: "FAILED", lastError: error },
    )
    .where(eq(pncpPublicationJobs.id, id));
}

/** 'Reenviar': a job of the body that is not DONE is due again now. */
export async function retryNow(db: Db, id: string, buyerId: string, now: Date) {
  return db.transaction(async (tx) => {
    const found = await tx.execute<{ status: PncpJobStatus }>(sql`
      SELECT j.status FROM pncp_publication_jobs j
      JOIN auction_notices n ON n.id = j.auction_notice_id
      WHERE j.id = ${id} AND n.buyer_id = ${buyerId} AND n.is_deleted = false
      FOR UPDATE OF j`);
    const status = found.rows[0]?.status;
    if (status === undefined || status === "DONE") return status ?? null;
    await tx
      .update(pncpPublicationJobs)
      .set({ status: "PENDING", nextAttemptAt: now })
      .where(eq(pncpPublicationJobs.id, id));
    return status;
  });
}

/** The notice as the payloads read it: its fields, the body's CNPJ and the law clause's code. */
export async function noticeForPortal(db: Db | Tx, noticeId: string) {
  const [row] = await db
    .select({
      notice: auctionNotices,
      cnpj: buyers.cnpj,
      unitCode: buyers.pncpUnitCode,
      lawClauseCode: lawClauses.code,
    })
    .from(auctionNotices)
    .innerJoin(buyers, eq(buyers.id, auctionNotices.buyerId))
    .leftJoin(lawClauses, eq(lawClauses.id, auctionNotices.lawClauseId))
    .where(eq(auctionNotices.id, noticeId));
  return row ?? null;
}

/** The lots' items in the portal's order (numeroItem = position, 1-based). */
export async function itemsForPortal(db: Db | Tx, noticeId: string) {
  return db
    .select({
      batch: auctionBatches,
      productName: products.name,
      productDescription: products.technicalDescription,
      isBasicProductiveIncentive: products.isBasicProductiveIncentive,
      unit: measurementUnits.description,
    })
    .from(auctionBatches)
    .leftJoin(products, eq(products.id, auctionBatches.productId))
    .leftJoin(measurementUnits, eq(measurementUnits.code, auctionBatches.measurementUnitCode))
    .where(eq(auctionBatches.auctionNoticeId, noticeId))
    .orderBy(asc(auctionBatches.number), asc(auctionBatches.item));
}

/** The notice's files not deleted, the main notice first. */
export async function documentsForPortal(db: Db | Tx, noticeId: string) {
  return db
    .select({
      id: noticeDocuments.id,
      kind: noticeDocuments.kind,
      label: noticeDocuments.label,
      description: noticeDocuments.description,
      storageKey: storedFiles.storageKey,
      name: storedFiles.originalName,
      mimeType: storedFiles.mimeType,
    })
    .from(noticeDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, noticeDocuments.fileId))
    .where(and(eq(noticeDocuments.auctionNoticeId, noticeId), eq(noticeDocuments.isDeleted, false)))
    .orderBy(sql`${noticeDocuments.kind} <> 'AUCTION_NOTICE'`, asc(noticeDocuments.createdDate));
}

/** The recorded winners of a notice's lots (one per lot item sent as a result). */
export async function winnersForPortal(db: Db | Tx, noticeId: string) {
  return db
    .select({
      batchId: auctionWinners.batchId,
      unitPrice: auctionWinners.unitPrice,
      totalPrice: auctionWinners.totalPrice,
      quantity: auctionWinners.quantity,
      createdDate: auctionWinners.createdDate,
      credentialKind: suppliers.credentialKind,
      documentNumber: suppliers.documentNumber,
      name: suppliers.name,
      corporateName: suppliers.corporateName,
    })
    .from(auctionWinners)
    .innerJoin(suppliers, eq(suppliers.id, auctionWinners.supplierId))
    .where(eq(auctionWinners.auctionNoticeId, noticeId))
    .orderBy(asc(auctionWinners.createdDate));
}

/**
 * The room's lots of a notice: every item row with its lot's head (item 1) phase and winner, in
 * the portal's order (the same as itemsForPortal).
 */
export async function roomLotRows(db: Db | Tx, noticeId: string) {
  const rows = await db
    .select({
      id: auctionBatches.id,
      number: auctionBatches.number,
      item: auctionBatches.item,
      quantity: auctionBatches.quantity,
      referencePrice: auctionBatches.referencePrice,
      unitReferencePrice: auctionBatches.unitReferencePrice,
      decimalsNumber: auctionBatches.decimalsNumber,
      dispensationForm: auctionBatches.dispensationForm,
      phase: auctionBatches.phase,
      phaseStartDateTime: auctionBatches.phaseStartDateTime,
      negotiatingSupplierId: auctionBatches.negotiatingSupplierId,
      isSubcontractingIndicator: auctionBatches.isSubcontractingIndicator,
      batchItemParticipation: auctionBatches.batchItemParticipation,
    })
    .from(auctionBatches)
    .where(eq(auctionBatches.auctionNoticeId, noticeId))
    .orderBy(asc(auctionBatches.number), asc(auctionBatches.item));
  const heads = new Map(rows.filter((r) => r.item === 1).map((r) => [r.number, r]));
  return rows.map((r) => ({ ...r, head: heads.get(r.number) ?? r }));
}
export type RoomLotRow = Awaited<ReturnType<typeof roomLotRows>>[number];

/** The bids of a lot's head row (the room's bids are all there). */
export function headBids(db: Db | Tx, headId: string) {
  return db.select().from(bids).where(eq(bids.batchId, headId)).orderBy(asc(bids.createdDate));
}

/** A lot's re-specified item values (its head row). */
export function respecifiedValues(db: Db | Tx, headId: string) {
  return db.select().from(respecifiedItemValues).where(eq(respecifiedItemValues.batchId, headId));
}

export async function supplierForPortal(db: Db | Tx, supplierId: string) {
  const [row] = await db
    .select({
      credentialKind: suppliers.credentialKind,
      documentNumber: suppliers.documentNumber,
      name: suppliers.name,
      corporateName: suppliers.corporateName,
    })
    .from(suppliers)
    .where(eq(suppliers.id, supplierId));
  return row ?? null;
}

export async function setControlNumber(
  tx: Tx,
  noticeId: string,
  values: { pncpControlNumber: string; pncpYear: number; pncpSequential: number },
) {
  await tx.update(auctionNotices).set(values).where(eq(auctionNotices.id, noticeId));
}

/** app/auction/pncp/list: the body's jobs, newest first, with their notice. */
export async function listJobs(db: Db, buyerId: string, input: PncpListInput) {
  const where: (SQL | undefined)[] = [
    eq(auctionNotices.buyerId, buyerId),
    eq(auctionNotices.isDeleted, false),
    input.statuses?.length ? inArray(pncpPublicationJobs.status, input.statuses) : undefined,
    input.noticeNumber
      ? ilike(auctionNotices.noticeNumber, `%${escapeLike(input.noticeNumber)}%`)
      : undefined,
    input.searchParameters
      ? sql`(${auctionNotices.noticeNumber} ILIKE ${`%${escapeLike(input.searchParameters)}%`} OR ${auctionNotices.objectOfInterest} ILIKE ${`%${escapeLike(input.searchParameters)}%`} OR ${auctionNotices.pncpControlNumber} ILIKE ${`%${escapeLike(input.searchParameters)}%`})`
      : undefined,
    input.modalities?.length ? inArray(auctionNotices.modality, input.modalities) : undefined,
    input.isPriceRegistration !== undefined ? eq(auctionNotices.isSrp, input.isPriceRegistration) : undefined,
    input.startDate ? sql`${pncpPublicationJobs.createdDate} >= ${input.startDate}::date` : undefined,
  ];
  const condition = and(...where);
  const order =
    input.orderByColumn === "noticeNumber"
      ? [asc(auctionNotices.noticeNumber), desc(pncpPublicationJobs.seq)]
      : input.orderByColumn === "status"
        ? [asc(pncpPublicationJobs.status), desc(pncpPublicationJobs.seq)]
        : [desc(pncpPublicationJobs.seq)];
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        job: pncpPublicationJobs,
        noticeId: auctionNotices.id,
        noticeNumber: auctionNotices.noticeNumber,
        modality: auctionNotices.modality,
        objectOfInterest: auctionNotices.objectOfInterest,
        pncpControlNumber: auctionNotices.pncpControlNumber,
      })
      .from(pncpPublicationJobs)
      .innerJoin(auctionNotices, eq(auctionNotices.id, pncpPublicationJobs.auctionNoticeId))
      .where(condition)
      .orderBy(...order)
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db
      .select({ total: count() })
      .from(pncpPublicationJobs)
      .innerJoin(auctionNotices, eq(auctionNotices.id, pncpPublicationJobs.auctionNoticeId))
      .where(condition),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** What the outbox holds for one body (its CNPJ is in every path), newest first. */
export async function listOutbox(db: Db, cnpj: string, limit: number) {
  return db
    .select()
    .from(pncpOutbox)
    .where(sql`${pncpOutbox.path} LIKE ${`/v1/orgaos/${cnpj}/%`}`)
    .orderBy(desc(pncpOutbox.createdDate))
    .limit(limit);
}

export async function buyerCnpj(db: Db, buyerId: string) {
  const [row] = await db.select({ cnpj: buyers.cnpj }).from(buyers).where(eq(buyers.id, buyerId));
  return row?.cnpj ?? null;
}

/** The body's PNCP unit (null when not recorded) and its CNPJ. */
export async function buyerUnit(db: Db | Tx, buyerId: string) {
  const [row] = await db
    .select({ cnpj: buyers.cnpj, code: buyers.pncpUnitCode, name: buyers.pncpUnitName })
    .from(buyers)
    .where(eq(buyers.id, buyerId));
  return row ?? null;
}

export async function setBuyerUnit(tx: Tx, buyerId: string, code: string, name: string) {
  await tx.update(buyers).set({ pncpUnitCode: code, pncpUnitName: name }).where(eq(buyers.id, buyerId));
}

/** The body's notices whose contracting is HELD for the want of its PNCP unit, oldest first. */
export async function noticesAwaitingUnit(db: Db | Tx, buyerId: string) {
  return db
    .select({ id: auctionNotices.id, noticeNumber: auctionNotices.noticeNumber })
    .from(pncpPublicationJobs)
    .innerJoin(auctionNotices, eq(auctionNotices.id, pncpPublicationJobs.auctionNoticeId))
    .where(and(eq(auctionNotices.buyerId, buyerId), eq(pncpPublicationJobs.status, "HELD")))
    .orderBy(asc(pncpPublicationJobs.seq));
}

/** The unit recorded: the body's HELD jobs are due now. */
export async function releaseHeld(tx: Tx, buyerId: string, now: Date) {
  const released = await tx.execute<{ id: string }>(sql`
    UPDATE pncp_publication_jobs j SET status = 'PENDING', next_attempt_at = ${now}
    FROM auction_notices n
    WHERE n.id = j.auction_notice_id AND n.buyer_id = ${buyerId} AND j.status = 'HELD'
    RETURNING j.id`);
  return released.rows.length;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
