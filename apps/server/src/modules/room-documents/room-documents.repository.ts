import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  bids,
  type DocumentAssociationKind,
  initialProposalDocuments,
  storedFiles,
  supplierDocuments,
} from "../../db/schema";

/**
 * The suppliers with a live initial proposal in the lot (its head row), or in any lot of the notice
 * when no lot is given: the bidders whose documents the room's modals may show.
 */
export async function biddersOf(db: DbOrTx, noticeId: string, batchId: string | null) {
  const rows = await db
    .selectDistinct({ supplierId: bids.supplierId, batchId: bids.batchId })
    .from(bids)
    .where(
      and(
        eq(bids.auctionNoticeId, noticeId),
        eq(bids.kind, "INITIAL"),
        eq(bids.isCancelled, false),
        ...(batchId ? [eq(bids.batchId, batchId)] : []),
      ),
    );
  return rows;
}

/** The documents the suppliers associated with their initial proposals, of one association kind. */
export function associations(
  db: DbOrTx,
  noticeId: string,
  kindAssociation: DocumentAssociationKind,
  supplierIds: readonly string[],
) {
  if (supplierIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: initialProposalDocuments.id,
      supplierId: initialProposalDocuments.supplierId,
      kindAssociation: initialProposalDocuments.kindAssociation,
      createdDate: initialProposalDocuments.createdDate,
      documentId: supplierDocuments.id,
      name: supplierDocuments.name,
      description: supplierDocuments.description,
      kind: supplierDocuments.kind,
      documentCreatedDate: supplierDocuments.createdDate,
      sentDatetime: supplierDocuments.sentDatetime,
      storageKey: storedFiles.storageKey,
      mimeType: storedFiles.mimeType,
      sizeBytes: storedFiles.sizeBytes,
    })
    .from(initialProposalDocuments)
    .innerJoin(supplierDocuments, eq(supplierDocuments.id, initialProposalDocuments.supplierDocumentId))
    .innerJoin(storedFiles, eq(storedFiles.id, supplierDocuments.fileId))
    .where(
      and(
        eq(initialProposalDocuments.auctionNoticeId, noticeId),
        eq(initialProposalDocuments.kindAssociation, kindAssociation),
        inArray(initialProposalDocuments.supplierId, [...supplierIds]),
      ),
    )
    .orderBy(asc(initialProposalDocuments.createdDate), asc(supplierDocuments.name));
}

export type AssociationRow = Awaited<ReturnType<typeof associations>>[number];

/** The association rows by id (the 'Visualizar' link), whatever their notice: the caller checks it. */
export async function associationById(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: initialProposalDocuments.id,
      auctionNoticeId: initialProposalDocuments.auctionNoticeId,
      supplierId: initialProposalDocuments.supplierId,
      kindAssociation: initialProposalDocuments.kindAssociation,
    })
    .from(initialProposalDocuments)
    .where(eq(initialProposalDocuments.id, id))
    .limit(1);
  return row;
}
