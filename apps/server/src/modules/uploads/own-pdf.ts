import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { storedFiles } from "../../db/schema";
import { badRequest } from "../../http/errors";

export const OWN_PDF_ONLY = "Anexe um arquivo PDF enviado por você.";

/**
 * An optional PDF attachment given by its upload id (clarifications, challenges, appeals and their
 * answers): the caller's own upload of a PDF (its bytes checked by /api/upload), else 400 naming the
 * field; null when none is given.
 */
export async function ownPdfOrNull(
  db: DbOrTx,
  userId: string,
  fileId: string | null | undefined,
  property = "fileId",
): Promise<string | null> {
  if (!fileId) return null;
  const [file] = await db.select().from(storedFiles).where(eq(storedFiles.id, fileId)).limit(1);
  if (!file || file.uploadedByUserId !== userId || file.mimeType !== "application/pdf")
    throw badRequest(OWN_PDF_ONLY, [{ property, errorMessages: [OWN_PDF_ONLY] }]);
  return file.id;
}
