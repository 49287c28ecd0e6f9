import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  appealRounds,
  auctionBatches,
  auctionNotices,
  bids,
  directAppeals,
  directProposals,
  disputeDocuments,
  disputes,
  initialProposals,
} from "../../db/schema";

// The facts 'Meus editais' reads its agenda from, for the notices of one page (≤ 100): a read model
// over the notice, its lots' heads and their appeal rounds; it writes nothing.

export async function findNoticeTerms(db: DbOrTx, noticeIds: readonly string[]) {
  return db
    .select({
      id: auctionNotices.id,
      status: auctionNotices.status,
      modality: auctionNotices.modality,
      proposalsStartDateTime: auctionNotices.proposalsStartDateTime,
      proposalsEndDateTime: auctionNotices.proposalsEndDateTime,
      startDateTime: auctionNotices.startDateTime,
      clarificationEndDateTime: auctionNotices.clarificationEndDateTime,
    })
    .from(auctionNotices)
    .where(inArray(auctionNotices.id, [...noticeIds]));
}

/** The lots' heads (item 1 holds a lot's state), in number order. */
export async function findLotHeads(db: DbOrTx, noticeIds: readonly string[]) {
  return db
    .select({
      id: auctionBatches.id,
      noticeId: auctionBatches.auctionNoticeId,
      number: auctionBatches.number,
      phase: auctionBatches.phase,
      attachingDocumentsEndingDateTime: auctionBatches.attachingDocumentsEndingDateTime,
      isReadjustedProposalAttached: auctionBatches.isReadjustedProposalAttached,
      isQualifiedDocumentConfirmed: auctionBatches.isQualifiedDocumentConfirmed,
      negotiatingSupplierId: auctionBatches.negotiatingSupplierId,
      tieCallOrder: auctionBatches.tieCallOrder,
      tieCallIndex: auctionBatches.tieCallIndex,
      tieCallDueDateTime: auctionBatches.tieCallDueDateTime,
    })
    .from(auctionBatches)
    .where(and(inArray(auctionBatches.auctionNoticeId, [...noticeIds]), eq(auctionBatches.item, 1)))
    .orderBy(asc(auctionBatches.number));
}

/** Each lot's current (latest) appeal round. */
export async function findCurrentRounds(db: DbOrTx, batchIds: readonly string[]) {
  if (batchIds.length === 0) return [];
  return db
    .selectDistinctOn([appealRounds.batchId], {
      id: appealRounds.id,
      batchId: appealRounds.batchId,
      interestEndsAt: appealRounds.interestEndsAt,
      reasonsDueAt: appealRounds.reasonsDueAt,
      counterArgumentsDueAt: appealRounds.counterArgumentsDueAt,
    })
    .from(appealRounds)
    .where(inArray(appealRounds.batchId, [...batchIds]))
    .orderBy(appealRounds.batchId, desc(appealRounds.openedAt));
}

/** The intentions of those rounds (every supplier's: whether others appealed counts too). */
export async function findRoundDisputes(db: DbOrTx, roundIds: readonly string[]) {
  if (roundIds.length === 0) return [];
  return db
    .select({ roundId: disputes.roundId, supplierId: disputes.supplierId, status: disputes.status })
    .from(disputes)
    .where(inArray(disputes.roundId, [...roundIds]));
}

/** The rounds in which this supplier's current reasons are filed. */
export async function findReasonsSent(db: DbOrTx, roundIds: readonly string[], supplierId: string) {
  if (roundIds.length === 0) return [];
  const rows = await db
    .select({ roundId: disputeDocuments.roundId })
    .from(disputeDocuments)
    .where(
      and(
        inArray(disputeDocuments.roundId, [...roundIds]),
        eq(disputeDocuments.supplierId, supplierId),
        eq(disputeDocuments.kind, "DISPUTE"),
        eq(disputeDocuments.isCurrent, true),
      ),
    );
  return rows.map((r) => r.roundId);
}

/** The lots (heads) in which the supplier holds a bid that was not cancelled. */
export async function findBidLots(db: DbOrTx, batchIds: readonly string[], supplierId: string) {
  if (batchIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ batchId: bids.batchId })
    .from(bids)
    .where(
      and(
        inArray(bids.batchId, [...batchIds]),
        eq(bids.supplierId, supplierId),
        sql`NOT ${bids.isCancelled}`,
      ),
    );
  return rows.map((r) => r.batchId);
}

/** The notices where the supplier's initial proposal holds a live bid. */
export async function findProposals(db: DbOrTx, noticeIds: readonly string[], supplierId: string) {
  const rows = await db
    .select({ noticeId: initialProposals.auctionNoticeId })
    .from(initialProposals)
    .where(
      and(
        inArray(initialProposals.auctionNoticeId, [...noticeIds]),
        eq(initialProposals.supplierId, supplierId),
        eq(initialProposals.hasProposal, true),
      ),
    );
  return rows.map((r) => r.noticeId);
}

/** The direct procedures' proposals of the notices (a supplier's own, or all for the body). */
export async function findDirectProposals(db: DbOrTx, noticeIds: readonly string[], supplierId?: string) {
  if (noticeIds.length === 0) return [];
  return db
    .select({
      id: directProposals.id,
      noticeId: directProposals.auctionNoticeId,
      supplierId: directProposals.supplierId,
      status: directProposals.status,
      decidedAt: directProposals.decidedAt,
    })
    .from(directProposals)
    .where(
      and(
        inArray(directProposals.auctionNoticeId, [...noticeIds]),
        supplierId ? eq(directProposals.supplierId, supplierId) : undefined,
      ),
    );
}

/** The direct procedures' appeals of the notices. */
export async function findDirectAppeals(db: DbOrTx, noticeIds: readonly string[]) {
  if (noticeIds.length === 0) return [];
  return db
    .select({
      noticeId: directAppeals.auctionNoticeId,
      proposalId: directAppeals.proposalId,
      appealedDecidedAt: directAppeals.appealedDecidedAt,
      appellantSupplierId: directAppeals.appellantSupplierId,
      status: directAppeals.status,
      counterpartSupplierId: directAppeals.counterpartSupplierId,
      counterDueAt: directAppeals.counterDueAt,
      counterArgumentAt: directAppeals.counterArgumentAt,
      decisionDueAt: directAppeals.decisionDueAt,
    })
    .from(directAppeals)
    .where(inArray(directAppeals.auctionNoticeId, [...noticeIds]));
}
