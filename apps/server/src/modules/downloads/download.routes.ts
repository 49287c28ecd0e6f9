import { type DocumentsDownloadInput, documentsDownloadSchema } from "@certame/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import type { FileStorage } from "../../files/file-storage";
import { zipStream } from "../../files/zip-stream";
import { notFound, parseBody } from "../../http/errors";
import { safeFileName, sendFile } from "../../http/send-file";
import { currentUser } from "../auth/auth.plugin";
import { canSeeNoticeFiles } from "../notice-documents/notice-document.service";
import { NOTICE_NOT_FOUND } from "../notices/notice.policy";
import * as notices from "../notices/notice.repository";

/**
 * The chosen documents of a notice the viewer may see (§2.16: public once the notice is out of
 * PENDING; a draft's files only for its own body on the app/ prefix). An id that is not a live
 * document of this notice is refused whole (404), so a forged id reveals nothing.
 */
async function chosenDocuments(db: Db, input: DocumentsDownloadInput, viewerBuyerId: string | null) {
  const found = await notices.findNotice(db, input.id);
  if (!found || !canSeeNoticeFiles({ buyerId: found.buyer.id, status: found.notice.status }, viewerBuyerId))
    throw notFound(NOTICE_NOT_FOUND);
  const all = await notices.findDocuments(db, input.id);
  const byId = new Map(all.map((d) => [d.id, d]));
  const chosen = input.documents.map((id) => byId.get(id));
  if (chosen.some((d) => !d)) throw notFound("Documento não encontrado neste edital.");
  const storageKeys = await notices.findStorageKeys(
    db,
    chosen.map((d) => d?.fileId as string),
  );
  return {
    noticeNumber: found.notice.noticeNumber,
    files: chosen.map((d) => ({
      name: d?.name as string,
      mimeType: d?.mimeType as string,
      size: d?.sizeBytes as number,
      createdDate: d?.createdDate as Date,
      storageKey: storageKeys.get(d?.fileId as string) as string,
    })),
  };
}

/** Document downloads (notices-and-accounts §2.16, §7 "Document downloads"). */
export function downloadRoutes(app: FastifyInstance, db: Db, storage: FileStorage) {
  const viewer = (request: FastifyRequest, prefix: "app" | "public") =>
    prefix === "app" ? (currentUser(request).buyer?.id ?? null) : null;

  const sendZip = async (
    reply: FastifyReply,
    input: DocumentsDownloadInput,
    viewerBuyerId: string | null,
  ) => {
    const { noticeNumber, files } = await chosenDocuments(db, input, viewerBuyerId);
    const stream = zipStream(
      files.map((f) => ({ name: f.name, mtime: f.createdDate, open: () => storage.read(f.storageKey) })),
    );
    return sendFile(reply, safeFileName(`Arquivos - ${noticeNumber}.zip`), "application/zip", stream);
  };

  for (const prefix of ["app", "public"] as const) {
    // One document: the file itself; several: the zip, so the call never fails on a multi-selection.
    app.post(`/api/${prefix}/auction/documents/download`, async (request, reply) => {
      const input = parseBody(documentsDownloadSchema, request.body);
      if (input.documents.length > 1) return sendZip(reply, input, viewer(request, prefix));
      const { files } = await chosenDocuments(db, input, viewer(request, prefix));
      const file = files[0];
      if (!file) throw notFound("Documento não encontrado neste edital.");
      reply.header("content-length", file.size);
      return sendFile(reply, file.name, file.mimeType, storage.read(file.storageKey));
    });
    // Several documents: one zip, streamed as it is written.
    app.post(`/api/${prefix}/auction/documents/download/zip`, async (request, reply) =>
      sendZip(reply, parseBody(documentsDownloadSchema, request.body), viewer(request, prefix)),
    );
    // The same zip for a browser that navigates to it: ?id=…&documents=a,b
    app.get<{ Querystring: { id?: string; documents?: string | string[] } }>(
      `/api/${prefix}/auction/documents/download/zip`,
      async (request, reply) => {
        const { id, documents } = request.query;
        const list = (Array.isArray(documents) ? documents : [documents ?? ""]).flatMap((d) => d.split(","));
        return sendZip(
          reply,
          parseBody(documentsDownloadSchema, { id, documents: list.filter(Boolean) }),
          viewer(request, prefix),
        );
      },
    );
  }
}
