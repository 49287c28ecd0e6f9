import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import {
  buyerStaff,
  demandFormalizationBatches,
  demandFormalizations,
  measurementUnits,
  paragraphTemplates,
  processResponsibles,
  products,
  type ReferenceTermChapterState,
  referenceTermSignatures,
  referenceTerms,
  storedFiles,
  users,
} from "../../db/schema";

// The SQL of the reference term (planning §3 "Reference term", "Paragraph template"; issue 16 items 4–5).

export type ReferenceTermRow = typeof referenceTerms.$inferSelect;
export type BatchOptionValues = Pick<
  typeof demandFormalizationBatches.$inferInsert,
  | "isProductBrandRequired"
  | "decimalsNumber"
  | "minimumVariationKind"
  | "minimumVariation"
  | "batchItemParticipation"
>;

/** The term of a process, or undefined before its first save. */
export async function findTerm(db: DbOrTx, processId: string) {
  const [row] = await db.select().from(referenceTerms).where(eq(referenceTerms.processId, processId));
  return row;
}

/** Creates or replaces the term's data, chapter states and step (the process is locked). */
export async function upsertTerm(
  tx: Tx,
  processId: string,
  values: {
    data: Record<string, unknown>;
    chapterStatus: Record<string, ReferenceTermChapterState>;
    step: string | null;
  },
  at: Date,
) {
  const [row] = await tx
    .insert(referenceTerms)
    .values({ ...values, processId, createdDate: at, updatedDate: at })
    .onConflictDoUpdate({ target: referenceTerms.processId, set: { ...values, updatedDate: at } })
    .returning();
  if (!row) throw new Error("falha ao gravar o termo de referência");
  return row;
}

/**
 * The DFD lots of a process with the options the term's step 1 sets, lot by lot, item by item (also
 * what the notice made from the process takes of them, issue 35).
 */
export function lotsOfProcess(db: DbOrTx, processId: string) {
  return db
    .select({
      id: demandFormalizationBatches.id,
      number: demandFormalizationBatches.number,
      item: demandFormalizationBatches.item,
      quantity: demandFormalizationBatches.quantity,
      productId: demandFormalizationBatches.productId,
      measurementUnitCode: demandFormalizationBatches.measurementUnitCode,
      productName: products.name,
      technicalDescription: products.technicalDescription,
      unitDescription: measurementUnits.description,
      isProductBrandRequired: demandFormalizationBatches.isProductBrandRequired,
      decimalsNumber: demandFormalizationBatches.decimalsNumber,
      minimumVariationKind: demandFormalizationBatches.minimumVariationKind,
      minimumVariation: demandFormalizationBatches.minimumVariation,
      batchItemParticipation: demandFormalizationBatches.batchItemParticipation,
      priceMethod: demandFormalizationBatches.priceMethod,
    })
    .from(demandFormalizationBatches)
    .innerJoin(
      demandFormalizations,
      eq(demandFormalizations.id, demandFormalizationBatches.demandFormalizationId),
    )
    .innerJoin(products, eq(products.id, demandFormalizationBatches.productId))
    .innerJoin(measurementUnits, eq(measurementUnits.code, demandFormalizationBatches.measurementUnitCode))
    .where(eq(demandFormalizations.processId, processId))
    .orderBy(asc(demandFormalizationBatches.number), asc(demandFormalizationBatches.item));
}

export async function updateLotOptions(tx: Tx, batchId: string, values: BatchOptionValues, at: Date) {
  await tx
    .update(demandFormalizationBatches)
    .set({ ...values, updatedDate: at })
    .where(eq(demandFormalizationBatches.id, batchId));
}

/** Sets the participation of every lot of the process's DFD. */
export async function setLotsParticipation(
  tx: Tx,
  processId: string,
  participation: "WIDE_PARTICIPATION" | "EXCLUSIVE",
  at: Date,
) {
  await tx
    .update(demandFormalizationBatches)
    .set({ batchItemParticipation: participation, updatedDate: at })
    .where(
      inArray(
        demandFormalizationBatches.demandFormalizationId,
        tx
          .select({ id: demandFormalizations.id })
          .from(demandFormalizations)
          .where(eq(demandFormalizations.processId, processId)),
      ),
    );
}

/**
 * Records custom paragraphs in the body's history of a chapter: a new content starts at its
 * increment, a known one adds it (0 keeps the count, 1 counts a chapter that adopts it). One
 * multi-row INSERT … ON CONFLICT for all of them (the contents are distinct).
 */
export async function recordParagraphs(
  tx: Tx,
  buyerId: string,
  chapterCode: string,
  entries: { content: string; contentSha256: string; increment: 0 | 1 }[],
  at: Date,
) {
  if (entries.length === 0) return;
  await tx
    .insert(paragraphTemplates)
    .values(
      entries.map((e) => ({
        buyerId,
        chapterCode,
        content: e.content,
        contentSha256: e.contentSha256,
        usageCount: e.increment,
        createdDate: at,
        updatedDate: at,
      })),
    )
    .onConflictDoUpdate({
      target: [paragraphTemplates.buyerId, paragraphTemplates.chapterCode, paragraphTemplates.contentSha256],
      set: {
        usageCount: sql`${paragraphTemplates.usageCount} + excluded.usage_count`,
        updatedDate: sql`CASE WHEN excluded.usage_count > 0 THEN excluded.updated_date ELSE ${paragraphTemplates.updatedDate} END`,
      },
    });
}

/** The body's history of a chapter, most used first (then the newest). */
export function paragraphTemplatesOf(db: DbOrTx, buyerId: string, chapterCode: string) {
  return db
    .select({
      content: paragraphTemplates.content,
      usageCount: paragraphTemplates.usageCount,
      createdDate: paragraphTemplates.createdDate,
    })
    .from(paragraphTemplates)
    .where(and(eq(paragraphTemplates.buyerId, buyerId), eq(paragraphTemplates.chapterCode, chapterCode)))
    .orderBy(
      desc(paragraphTemplates.usageCount),
      desc(paragraphTemplates.createdDate),
      asc(paragraphTemplates.id),
    );
}

/**
 * The responsible people of the process who act as 'Pregoeiro/Agente de Contratação' (AUCTIONEER):
 * the term's header names them, the notice made from the process takes them as its auctioneers.
 */
export async function processAgents(db: DbOrTx, processId: string) {
  return db
    .select({ id: buyerStaff.id, name: users.name })
    .from(processResponsibles)
    .innerJoin(buyerStaff, eq(buyerStaff.id, processResponsibles.staffId))
    .innerJoin(users, eq(users.id, buyerStaff.userId))
    .where(and(eq(processResponsibles.processId, processId), sql`'AUCTIONEER' = ANY(${buyerStaff.roles})`))
    .orderBy(asc(users.name), asc(buyerStaff.id));
}

export async function insertSignature(tx: Tx, values: typeof referenceTermSignatures.$inferInsert) {
  await tx.insert(referenceTermSignatures).values(values);
}

/** The latest signature of the process's term, with its file and signer; undefined when never signed. */
export async function latestSignature(db: DbOrTx, processId: string) {
  const [row] = await db
    .select({
      id: referenceTermSignatures.id,
      fileId: referenceTermSignatures.fileId,
      fileName: storedFiles.originalName,
      storageKey: storedFiles.storageKey,
      mimeType: storedFiles.mimeType,
      sizeBytes: storedFiles.sizeBytes,
      signedSha256: referenceTermSignatures.signedSha256,
      issuedSha256: referenceTermSignatures.issuedSha256,
      hasDigitalSignature: referenceTermSignatures.hasDigitalSignature,
      signedAt: referenceTermSignatures.signedAt,
      signedBy: users.name,
    })
    .from(referenceTermSignatures)
    .innerJoin(storedFiles, eq(storedFiles.id, referenceTermSignatures.fileId))
    .innerJoin(users, eq(users.id, referenceTermSignatures.signedByUserId))
    .where(eq(referenceTermSignatures.processId, processId))
    .orderBy(desc(referenceTermSignatures.signedAt), desc(referenceTermSignatures.createdDate))
    .limit(1);
  return row;
}
