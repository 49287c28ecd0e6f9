import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { storedFiles } from "../../db/schema";
import type { FileStorage } from "../../files/file-storage";
import { receiveUpload } from "../../files/multipart";
import { sniff, UPLOAD_ALLOWED_MIME, UPLOAD_ERROR_MESSAGE } from "../../files/sniff";
import { AppError, notFound } from "../../http/errors";
import { currentUser } from "../auth/auth.plugin";

/**
 * upload (notices-and-accounts §7): one multipart file, at most 30 MB, JPG/PNG/PDF by content.
 * The bytes go to file storage, the metadata and sha256 to stored_files.
 */
export function uploadRoutes(app: FastifyInstance, db: Db, storage: FileStorage) {
  app.post("/api/upload", async (request) => {
    const user = currentUser(request);
    const { filename, file: received } = await receiveUpload(request, {
      message: UPLOAD_ERROR_MESSAGE,
      read: (file) => storage.receive(file),
      discard: (file) => file.discard(),
    });
    const kind = sniff(received.head);
    if (!kind || !UPLOAD_ALLOWED_MIME.includes(kind.mimeType) || received.sizeBytes === 0) {
      await received.discard();
      throw new AppError(415, UPLOAD_ERROR_MESSAGE);
    }
    const storageKey = await received.commit(kind.extension);
    const [row] = await db
      .insert(storedFiles)
      .values({
        storageKey,
        originalName: filename.slice(0, 255),
        mimeType: kind.mimeType,
        sizeBytes: received.sizeBytes,
        sha256: received.sha256,
        uploadedByUserId: user.id,
      })
      .returning();
    if (!row) throw new Error("falha ao registrar o arquivo");
    return {
      id: row.id,
      fileName: row.originalName,
      url: `/api/app/file/${row.id}`,
      mimeType: row.mimeType,
      size: row.sizeBytes,
      sha256: row.sha256,
    };
  });

  // The uploader reads back its own file (notice and room documents get their own download rules).
  app.get<{ Params: { id: string } }>("/api/app/file/:id", async (request, reply) => {
    const user = currentUser(request);
    const id = request.params.id;
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound("Arquivo não encontrado.");
    const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
    if (!row || (row.uploadedByUserId !== user.id && user.kind !== "ADMIN"))
      throw notFound("Arquivo não encontrado.");
    reply.header("content-type", row.mimeType);
    reply.header("x-suggested-filename", encodeURIComponent(row.originalName));
    reply.header(
      "content-disposition",
      `attachment; filename*=UTF-8''${encodeURIComponent(row.originalName)}`,
    );
    return reply.send(storage.read(row.storageKey));
  });
}
