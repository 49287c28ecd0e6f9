import type { Tx } from "../db/client";
import { storedFiles } from "../db/schema";

/** The row of a PDF a user sent (a signed document), stored under `storageKey`; returns its id. */
export async function insertStoredPdf(
  tx: Tx,
  values: { storageKey: string; originalName: string; sizeBytes: number; sha256: string; userId: string },
): Promise<string> {
  const [row] = await tx
    .insert(storedFiles)
    .values({
      storageKey: values.storageKey,
      originalName: values.originalName,
      mimeType: "application/pdf",
      sizeBytes: values.sizeBytes,
      sha256: values.sha256,
      uploadedByUserId: values.userId,
    })
    .returning({ id: storedFiles.id });
  if (!row) throw new Error("falha ao registrar o arquivo");
  return row.id;
}
