import { type NoticeStatus, PNCP_RESULT_PHASES } from "@certame/domain";
import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  auctionBatches,
  auctionNotices,
  auctionWinners,
  eventLog,
  processEvents,
  suppliers,
} from "../../db/schema";
import { findNoticePeople } from "../notices/notice.repository";

// The SQL of the notice made from a planning process (issue 35): the plan's lots as the notice takes
// them, the link between process and notice, and what the administration page reads of the notice.

/** The live notice made from the process (a deleted one lets go of it), or undefined. */
export async function linkedNotice(db: DbOrTx, processId: string) {
  const [row] = await db
    .select({
      id: auctionNotices.id,
      noticeNumber: auctionNotices.noticeNumber,
      status: auctionNotices.status,
      publishedDate: auctionNotices.publishedDate,
      processSyncedAt: auctionNotices.processSyncedAt,
      updatedDate: auctionNotices.updatedDate,
    })
    .from(auctionNotices)
    .where(and(eq(auctionNotices.processId, processId), eq(auctionNotices.isDeleted, false)));
  return row;
}

/** The notices made from these processes (the process list's link), by process. */
export async function linkedNotices(db: DbOrTx, processIds: readonly string[]) {
  if (!processIds.length) return new Map<string, { id: string; status: NoticeStatus }>();
  const rows = await db
    .select({ id: auctionNotices.id, status: auctionNotices.status, processId: auctionNotices.processId })
    .from(auctionNotices)
    .where(and(inArray(auctionNotices.processId, [...processIds]), eq(auctionNotices.isDeleted, false)));
  return new Map(rows.map((r) => [r.processId as string, { id: r.id, status: r.status as NoticeStatus }]));
}

/** Names of the notice's auctioneers ('Pregoeiro/Agente de Contratação Responsável'). */
export async function noticeAuctioneerNames(db: DbOrTx, noticeId: string) {
  const { staff } = await findNoticePeople(db, noticeId);
  return staff.filter((s) => s.assignment === "AUCTIONEER").map((s) => s.userName);
}

/**
 * When the notice's lots were homologated ('Data da Homologação'): the last move of a lot into
 * HOMOLOGATION in its event log (Lei 14.133/2021 art. 71 IV), or null.
 */
export async function homologationDate(db: DbOrTx, noticeId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: eventLog.occurredAt })
    .from(eventLog)
    .where(
      and(
        eq(eventLog.auctionNoticeId, noticeId),
        eq(eventLog.eventType, "PHASE_ADVANCED"),
        sql`${eventLog.payload}->>'to' = 'HOMOLOGATION'`,
      ),
    )
    .orderBy(desc(eventLog.occurredAt))
    .limit(1);
  return row?.at ?? null;
}

const supplierName = sql<string>`coalesce(${suppliers.corporateName}, ${suppliers.name}, ${suppliers.documentNumber})`;

/**
 * The suppliers of the notice's homologated result with their lot numbers: the room's winner of each
 * lot in HOMOLOGATION or CLOSING (the award, as the PNCP result reads it), and the winners recorded by
 * hand once the notice is FINISHED (formalization and in-person results).
 */
export async function homologatedWinners(db: DbOrTx, noticeId: string, noticeStatus: NoticeStatus) {
  const room = await db
    .select({ supplierId: suppliers.id, name: supplierName, lot: auctionBatches.number })
    .from(auctionBatches)
    .innerJoin(suppliers, eq(suppliers.id, auctionBatches.negotiatingSupplierId))
    .where(
      and(
        eq(auctionBatches.auctionNoticeId, noticeId),
        eq(auctionBatches.item, 1),
        inArray(auctionBatches.phase, [...PNCP_RESULT_PHASES]),
        isNotNull(auctionBatches.negotiatingSupplierId),
      ),
    );
  const recorded =
    noticeStatus === "FINISHED"
      ? await db
          .select({ supplierId: suppliers.id, name: supplierName, lot: auctionBatches.number })
          .from(auctionWinners)
          .innerJoin(suppliers, eq(suppliers.id, auctionWinners.supplierId))
          .innerJoin(auctionBatches, eq(auctionBatches.id, auctionWinners.batchId))
          .where(eq(auctionWinners.auctionNoticeId, noticeId))
      : [];
  const bySupplier = new Map<string, { supplierId: string; name: string; lots: Set<number> }>();
  for (const r of [...room, ...recorded]) {
    const entry = bySupplier.get(r.supplierId) ?? { supplierId: r.supplierId, name: r.name, lots: new Set() };
    entry.lots.add(r.lot);
    bySupplier.set(r.supplierId, entry);
  }
  return [...bySupplier.values()]
    .map((s) => ({ supplierId: s.supplierId, name: s.name, lots: [...s.lots].sort((a, b) => a - b) }))
    .sort((a, b) => (a.lots[0] ?? 0) - (b.lots[0] ?? 0) || a.name.localeCompare(b.name, "pt-BR"));
}

/** The plan's digest as last carried into the notice (the payload of its creation or last sync). */
export async function lastCarriedPlanSha256(db: DbOrTx, processId: string): Promise<string | null> {
  const [row] = await db
    .select({ payload: processEvents.payload })
    .from(processEvents)
    .where(
      and(
        eq(processEvents.processId, processId),
        inArray(processEvents.eventType, ["PROCESS_NOTICE_CREATED", "PROCESS_NOTICE_SYNCED"]),
      ),
    )
    .orderBy(desc(processEvents.id))
    .limit(1);
  const sha = (row?.payload as { planSha256?: unknown } | undefined)?.planSha256;
  return typeof sha === "string" ? sha : null;
}

/** The process a notice was made from, or null. */
export async function processOfNotice(db: DbOrTx, noticeId: string): Promise<string | null> {
  const [row] = await db
    .select({ processId: auctionNotices.processId })
    .from(auctionNotices)
    .where(eq(auctionNotices.id, noticeId));
  return row?.processId ?? null;
}
