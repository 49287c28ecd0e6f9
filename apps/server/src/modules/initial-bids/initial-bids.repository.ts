import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import {
  auctionBatches,
  auctionNotices,
  auctionWinners,
  bids,
  buyers,
  type DocumentAssociationKind,
  initialProposalDocuments,
  initialProposals,
  noticeParticipants,
  products,
  storedFiles,
  supplierDocuments,
  suppliers,
} from "../../db/schema";

export type NoticeRow = typeof auctionNotices.$inferSelect;
export type ProposalRow = typeof initialProposals.$inferSelect;
export type BidRow = typeof bids.$inferSelect;

/** The notice with its buyer's name (never a PENDING or deleted one to a supplier). */
export async function findNotice(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ notice: auctionNotices, buyerName: buyers.corporateName })
    .from(auctionNotices)
    .innerJoin(buyers, eq(buyers.id, auctionNotices.buyerId))
    .where(and(eq(auctionNotices.id, id), eq(auctionNotices.isDeleted, false)))
    .limit(1);
  return row;
}

/** Every lot row (all items) of the notice, with its product, in lot/item order. */
export function lotRows(db: DbOrTx, noticeId: string) {
  return db
    .select({
      batch: auctionBatches,
      productName: products.name,
      technicalDescription: products.technicalDescription,
    })
    .from(auctionBatches)
    .leftJoin(products, eq(products.id, auctionBatches.productId))
    .where(eq(auctionBatches.auctionNoticeId, noticeId))
    .orderBy(asc(auctionBatches.number), asc(auctionBatches.item));
}
export type LotRow = Awaited<ReturnType<typeof lotRows>>[number];

/**
 * Holds the notice's head rows (FOR SHARE) for the save: the proposal clock (engine
 * moveWaitingLots) updates them, so it waits for this transaction or this one sees its phase.
 */
export async function shareLotHeads(tx: Tx, noticeId: string) {
  return tx
    .select({ id: auctionBatches.id, phase: auctionBatches.phase })
    .from(auctionBatches)
    .where(and(eq(auctionBatches.auctionNoticeId, noticeId), eq(auctionBatches.item, 1)))
    .orderBy(asc(auctionBatches.number))
    .for("share");
}

export async function findSupplier(db: DbOrTx, supplierId: string) {
  const [row] = await db.select().from(suppliers).where(eq(suppliers.id, supplierId)).limit(1);
  return row;
}

/** The supplier's live initial bids in the notice (one per lot head row). */
export function liveInitialBids(db: DbOrTx, noticeId: string, supplierId: string) {
  return db
    .select()
    .from(bids)
    .where(
      and(
        eq(bids.auctionNoticeId, noticeId),
        eq(bids.supplierId, supplierId),
        eq(bids.kind, "INITIAL"),
        eq(bids.isCancelled, false),
      ),
    )
    .orderBy(asc(bids.createdDate));
}

export async function findProposal(db: DbOrTx, noticeId: string, supplierId: string) {
  const [row] = await db
    .select()
    .from(initialProposals)
    .where(and(eq(initialProposals.auctionNoticeId, noticeId), eq(initialProposals.supplierId, supplierId)))
    .limit(1);
  return row;
}

/** The supplier's proposal row of the notice, created if missing and locked: saves of one supplier queue. */
export async function lockProposal(tx: Tx, noticeId: string, supplierId: string): Promise<ProposalRow> {
  await tx.insert(initialProposals).values({ auctionNoticeId: noticeId, supplierId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(initialProposals)
    .where(and(eq(initialProposals.auctionNoticeId, noticeId), eq(initialProposals.supplierId, supplierId)))
    .for("update");
  return row as ProposalRow;
}

export async function updateProposal(
  tx: Tx,
  id: string,
  values: Partial<typeof initialProposals.$inferInsert>,
) {
  await tx.update(initialProposals).set(values).where(eq(initialProposals.id, id));
}

/** Pre-qualified: a winner of the notice's pre-qualification process (its winners step). */
export async function isWinnerOf(db: DbOrTx, noticeId: string, supplierId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: auctionWinners.id })
    .from(auctionWinners)
    .where(and(eq(auctionWinners.auctionNoticeId, noticeId), eq(auctionWinners.supplierId, supplierId)))
    .limit(1);
  return Boolean(row);
}

export async function findParticipant(db: DbOrTx, noticeId: string, supplierId: string) {
  const [row] = await db
    .select()
    .from(noticeParticipants)
    .where(
      and(eq(noticeParticipants.auctionNoticeId, noticeId), eq(noticeParticipants.supplierId, supplierId)),
    )
    .limit(1);
  return row;
}

export async function setSmallCompanyDeclaration(
  tx: Tx,
  noticeId: string,
  supplierId: string,
  value: boolean,
) {
  await tx
    .update(noticeParticipants)
    .set({ hasSmallCompanyDeclaration: value })
    .where(
      and(eq(noticeParticipants.auctionNoticeId, noticeId), eq(noticeParticipants.supplierId, supplierId)),
    );
}

export type NewInitialBid = typeof bids.$inferInsert;

export async function insertBid(tx: Tx, values: NewInitialBid): Promise<BidRow> {
  const [row] = await tx.insert(bids).values(values).returning();
  return row as BidRow;
}

/** A new value for a live initial bid: the row is the proposal, its time the value's registration. */
export async function updateBid(tx: Tx, id: string, values: Partial<NewInitialBid>): Promise<BidRow> {
  const [row] = await tx
    .update(bids)
    .set(values.createdDate ? { ...values, updatedDate: values.createdDate } : values)
    .where(eq(bids.id, id))
    .returning();
  return row as BidRow;
}

/** Removes a proposal in a lot: the row stays, cancelled with the reason (DESIGN §3). */
export async function cancelBid(tx: Tx, id: string, userId: string, at: Date, reason: string) {
  await tx
    .update(bids)
    .set({
      isCancelled: true,
      cancellationReason: reason,
      cancelledByUserId: userId,
      cancelledAt: at,
      updatedDate: at,
    })
    .where(eq(bids.id, id));
}

// ---- documents (the supplier's library, supplier_documents) ----

const documentView = {
  id: supplierDocuments.id,
  name: supplierDocuments.name,
  description: supplierDocuments.description,
  kind: supplierDocuments.kind,
  documentClass: supplierDocuments.documentClass,
  fileId: supplierDocuments.fileId,
  createdDate: supplierDocuments.createdDate,
  sentDatetime: supplierDocuments.sentDatetime,
  mimeType: storedFiles.mimeType,
};

/** The supplier's live library documents among `ids` (a foreign or deleted id is simply absent). */
export function ownDocuments(db: DbOrTx, supplierId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(documentView)
    .from(supplierDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, supplierDocuments.fileId))
    .where(
      and(
        eq(supplierDocuments.supplierId, supplierId),
        eq(supplierDocuments.isDeleted, false),
        inArray(supplierDocuments.id, [...ids]),
      ),
    );
}
export type DocumentRow = Awaited<ReturnType<typeof ownDocuments>>[number];

/** The supplier's live documents of the given kinds (the process files of the screen's modals). */
export function documentsOfKinds(db: DbOrTx, supplierId: string, kinds: readonly string[]) {
  return db
    .select(documentView)
    .from(supplierDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, supplierDocuments.fileId))
    .where(
      and(
        eq(supplierDocuments.supplierId, supplierId),
        eq(supplierDocuments.isDeleted, false),
        inArray(supplierDocuments.kind, [...kinds]),
      ),
    )
    .orderBy(desc(supplierDocuments.createdDate));
}

/** The documents associated with the supplier's proposal (deleted ones too: the link keeps its file). */
export function associations(db: DbOrTx, noticeId: string, supplierId: string) {
  return db
    .select({ kindAssociation: initialProposalDocuments.kindAssociation, ...documentView })
    .from(initialProposalDocuments)
    .innerJoin(supplierDocuments, eq(supplierDocuments.id, initialProposalDocuments.supplierDocumentId))
    .innerJoin(storedFiles, eq(storedFiles.id, supplierDocuments.fileId))
    .where(
      and(
        eq(initialProposalDocuments.auctionNoticeId, noticeId),
        eq(initialProposalDocuments.supplierId, supplierId),
      ),
    )
    .orderBy(asc(initialProposalDocuments.createdDate));
}

/** Replaces the proposal's document set and marks first sendings (sentDatetime). */
export async function replaceAssociations(
  tx: Tx,
  noticeId: string,
  supplierId: string,
  links: readonly { supplierDocumentId: string; kindAssociation: DocumentAssociationKind }[],
  at: Date,
) {
  await tx
    .delete(initialProposalDocuments)
    .where(
      and(
        eq(initialProposalDocuments.auctionNoticeId, noticeId),
        eq(initialProposalDocuments.supplierId, supplierId),
      ),
    );
  if (links.length === 0) return;
  await tx
    .insert(initialProposalDocuments)
    .values(links.map((l) => ({ ...l, auctionNoticeId: noticeId, supplierId })));
  await tx
    .update(supplierDocuments)
    .set({ sentDatetime: at, updatedDate: at })
    .where(
      and(
        inArray(supplierDocuments.id, [...new Set(links.map((l) => l.supplierDocumentId))]),
        isNull(supplierDocuments.sentDatetime),
      ),
    );
}
