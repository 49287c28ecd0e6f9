import type { SignableDocumentKind, SignatureMethod } from "@certame/domain";
import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { processDocumentSignatures, storedFiles } from "../../db/schema";

export type SignatureRow = Awaited<ReturnType<typeof signaturesOf>>[number];

/**
 * A process's signatures (of one document, or of all), oldest first — of two in one instant of the
 * clock, the one recorded first — with the uploaded file's name.
 */
export function signaturesOf(db: DbOrTx, processId: string, kind?: SignableDocumentKind) {
  return db
    .select({
      id: processDocumentSignatures.id,
      documentKind: processDocumentSignatures.documentKind,
      documentSha256: processDocumentSignatures.documentSha256,
      method: processDocumentSignatures.method,
      signerUserId: processDocumentSignatures.signerUserId,
      signerName: processDocumentSignatures.signerName,
      signerCpf: processDocumentSignatures.signerCpf,
      signerRole: processDocumentSignatures.signerRole,
      signedAt: processDocumentSignatures.signedAt,
      signedFileSha256: processDocumentSignatures.signedFileSha256,
      hasDigitalSignature: processDocumentSignatures.hasDigitalSignature,
      fileName: storedFiles.originalName,
      storageKey: storedFiles.storageKey,
    })
    .from(processDocumentSignatures)
    .leftJoin(storedFiles, eq(storedFiles.id, processDocumentSignatures.fileId))
    .where(
      kind
        ? and(
            eq(processDocumentSignatures.processId, processId),
            eq(processDocumentSignatures.documentKind, kind),
          )
        : eq(processDocumentSignatures.processId, processId),
    )
    .orderBy(
      asc(processDocumentSignatures.signedAt),
      asc(processDocumentSignatures.createdDate),
      asc(processDocumentSignatures.id),
    );
}

/** One signature with its process (the download of an uploaded signed PDF). */
export async function findSignature(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: processDocumentSignatures.id,
      processId: processDocumentSignatures.processId,
      fileName: storedFiles.originalName,
      mimeType: storedFiles.mimeType,
      storageKey: storedFiles.storageKey,
    })
    .from(processDocumentSignatures)
    .leftJoin(storedFiles, eq(storedFiles.id, processDocumentSignatures.fileId))
    .where(eq(processDocumentSignatures.id, id))
    .limit(1);
  return row;
}

export async function insertSignature(
  tx: Tx,
  values: {
    processId: string;
    documentKind: SignableDocumentKind;
    documentSha256: string;
    method: SignatureMethod;
    signerUserId: string;
    signerName: string;
    signerCpf: string | null;
    signerRole: string;
    signedAt: Date;
    fileId?: string | null;
    signedFileSha256?: string | null;
    hasDigitalSignature?: boolean;
  },
) {
  const [row] = await tx
    .insert(processDocumentSignatures)
    .values(values)
    .returning({ id: processDocumentSignatures.id });
  if (!row) throw new Error("assinatura não registrada");
  return row.id;
}
