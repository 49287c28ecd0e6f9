import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  bids,
  type DocumentAssociationKind,
  initialProposalDocuments,
  lotSupplierDocuments,
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
      /** Null: sent with the initial proposal, for the whole notice. */
      batchId: sql<string | null>`NULL::uuid`,
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

/**
 * The qualification documents the winner sent in the room for some lots (award.service.ts,
 * lot_supplier_documents; the set in force only), in the shape of the initial associations.
 */
export function lotQualificationDocuments(
  db: DbOrTx,
  noticeId: string,
  batchIds: readonly string[],
  supplierIds: readonly string[],
): Promise<AssociationRow[]> {
  if (batchIds.length === 0 || supplierIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: lotSupplierDocuments.id,
      supplierId: lotSupplierDocuments.supplierId,
      kindAssociation: sql<DocumentAssociationKind>`'QUALIFICATION_DOCUMENT'`,
      batchId: sql<string | null>`${lotSupplierDocuments.batchId}`,
      createdDate: lotSupplierDocuments.createdDate,
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
    .from(lotSupplierDocuments)
    .innerJoin(supplierDocuments, eq(supplierDocuments.id, lotSupplierDocuments.supplierDocumentId))
    .innerJoin(storedFiles, eq(storedFiles.id, supplierDocuments.fileId))
    .where(
      and(
        eq(lotSupplierDocuments.auctionNoticeId, noticeId),
        eq(lotSupplierDocuments.kind, "QUALIFICATION_DOCUMENT"),
        eq(lotSupplierDocuments.isCurrent, true),
        inArray(lotSupplierDocuments.batchId, [...batchIds]),
        inArray(lotSupplierDocuments.supplierId, [...supplierIds]),
      ),
    )
    .orderBy(asc(lotSupplierDocuments.createdDate), asc(supplierDocuments.name));
}

/**
 * A document row by id (the 'Visualizar' link): an initial association, or a qualification document
 * sent in the room, whatever its notice — the caller checks what the user may see.
 */
export async function associationById(db: DbOrTx, id: string) {
  const [initial] = await db
    .select({
      id: initialProposalDocuments.id,
      auctionNoticeId: initialProposalDocuments.auctionNoticeId,
      supplierId: initialProposalDocuments.supplierId,
      kindAssociation: initialProposalDocuments.kindAssociation,
    })
    .from(initialProposalDocuments)
    .where(eq(initialProposalDocuments.id, id))
    .limit(1);
  if (initial) return { ...initial, batchId: null as string | null };
  const [sent] = await db
    .select({
      id: lotSupplierDocuments.id,
      auctionNoticeId: lotSupplierDocuments.auctionNoticeId,
      supplierId: lotSupplierDocuments.supplierId,
      batchId: lotSupplierDocuments.batchId,
    })
    .from(lotSupplierDocuments)
    .where(and(eq(lotSupplierDocuments.id, id), eq(lotSupplierDocuments.kind, "QUALIFICATION_DOCUMENT")))
    .limit(1);
  return sent ? { ...sent, kindAssociation: "QUALIFICATION_DOCUMENT" as DocumentAssociationKind } : undefined;
}
