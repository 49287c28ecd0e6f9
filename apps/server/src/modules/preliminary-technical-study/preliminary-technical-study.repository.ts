import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import {
  preliminaryTechnicalStudies,
  preliminaryTechnicalStudyDocuments,
  storedFiles,
} from "../../db/schema";

export type StudyRow = typeof preliminaryTechnicalStudies.$inferSelect;
export type StudyValues = Partial<Omit<typeof preliminaryTechnicalStudies.$inferInsert, "id" | "processId">>;

/** The ETP of a process (one per process), or undefined when never saved. */
export async function findStudy(db: DbOrTx, processId: string) {
  const [row] = await db
    .select()
    .from(preliminaryTechnicalStudies)
    .where(eq(preliminaryTechnicalStudies.processId, processId));
  return row;
}

/** The study row created on the first save, or updated by the later ones (the process is locked). */
export async function upsertStudy(tx: Tx, processId: string, values: StudyValues, at: Date) {
  const [row] = await tx
    .insert(preliminaryTechnicalStudies)
    .values({ ...values, processId, createdDate: at, updatedDate: at })
    .onConflictDoUpdate({
      target: preliminaryTechnicalStudies.processId,
      set: { ...values, updatedDate: at },
    })
    .returning();
  if (!row) throw new Error("falha ao gravar o estudo técnico preliminar");
  return row;
}

/** 'Documentos Anexos ao ETP' with the stored file's name. */
export function documentsOf(db: DbOrTx, studyId: string) {
  return db
    .select({
      id: preliminaryTechnicalStudyDocuments.id,
      fileId: preliminaryTechnicalStudyDocuments.fileId,
      name: storedFiles.originalName,
      mimeType: storedFiles.mimeType,
      size: storedFiles.sizeBytes,
      description: preliminaryTechnicalStudyDocuments.description,
    })
    .from(preliminaryTechnicalStudyDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, preliminaryTechnicalStudyDocuments.fileId))
    .where(eq(preliminaryTechnicalStudyDocuments.studyId, studyId))
    .orderBy(asc(preliminaryTechnicalStudyDocuments.createdDate), asc(preliminaryTechnicalStudyDocuments.id));
}

/** Replaces the study's attachments by this list (in order). */
export async function replaceDocuments(
  tx: Tx,
  studyId: string,
  documents: { fileId: string; description: string | null }[],
  at: Date,
) {
  await tx
    .delete(preliminaryTechnicalStudyDocuments)
    .where(eq(preliminaryTechnicalStudyDocuments.studyId, studyId));
  if (documents.length)
    await tx.insert(preliminaryTechnicalStudyDocuments).values(
      documents.map((d, i) => ({
        studyId,
        fileId: d.fileId,
        description: d.description,
        // Distinct stamps keep the order the planner gave.
        createdDate: new Date(at.getTime() + i),
        updatedDate: at,
      })),
    );
}

/** An attachment of the process's ETP, with what a download needs; undefined when not attached. */
export async function attachedFile(db: DbOrTx, processId: string, fileId: string) {
  const [row] = await db
    .select({
      storageKey: storedFiles.storageKey,
      name: storedFiles.originalName,
      mimeType: storedFiles.mimeType,
    })
    .from(preliminaryTechnicalStudyDocuments)
    .innerJoin(
      preliminaryTechnicalStudies,
      eq(preliminaryTechnicalStudies.id, preliminaryTechnicalStudyDocuments.studyId),
    )
    .innerJoin(storedFiles, eq(storedFiles.id, preliminaryTechnicalStudyDocuments.fileId))
    .where(
      and(
        eq(preliminaryTechnicalStudies.processId, processId),
        eq(preliminaryTechnicalStudyDocuments.fileId, fileId),
      ),
    )
    .limit(1);
  return row;
}
