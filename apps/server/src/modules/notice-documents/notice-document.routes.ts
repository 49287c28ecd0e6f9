import { pipeline } from "node:stream";
import {
  noticeDocumentAttachSchema,
  noticeDocumentDeleteSchema,
  noticeDocumentListSchema,
} from "@certame/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db, Tx } from "../../db/client";
import type { FileStorage } from "../../files/file-storage";
import { receiveUpload } from "../../files/multipart";
import { sniff } from "../../files/sniff";
import { Utf8TextCheck } from "../../files/text-check";
import { AppError, notFound, parseBody } from "../../http/errors";
import { safeFileName, sendFile } from "../../http/send-file";
import { isUuid } from "../../http/uuid";
import { currentUser } from "../auth/auth.plugin";
import { requireNoticeEditor } from "../notices/notice.policy";
import {
  DOCUMENT_NOT_FOUND,
  NOTICE_FILE_ERROR_MESSAGE,
  NoticeDocumentService,
} from "./notice-document.service";

/**
 * Reads the multipart attach call: text fields (auctionNoticeId, kind, description) in any order
 * around one `file`, at most 30 MB, PDF by its first bytes or CSV as UTF-8 text without NUL bytes.
 * The bytes land in storage; the caller records them or removes them.
 */
async function receiveNoticeFile(request: FastifyRequest, storage: FileStorage) {
  const check = new Utf8TextCheck();
  const {
    filename,
    file: received,
    fields,
  } = await receiveUpload(request, {
    message: NOTICE_FILE_ERROR_MESSAGE,
    // The bytes pass through the text check on their way to storage; a failing part fails both.
    read: (file) => storage.receive(pipeline(file, check, () => {})),
    discard: (file) => file.discard(),
  });
  const pdf = sniff(received.head)?.mimeType === "application/pdf";
  const csv = !pdf && check.isText;
  if ((!pdf && !csv) || received.sizeBytes === 0) {
    await received.discard();
    throw new AppError(415, NOTICE_FILE_ERROR_MESSAGE);
  }
  const parsed = noticeDocumentAttachSchema.safeParse({
    ...fields,
    auctionNoticeId: fields.auctionNoticeId ?? fields.auctionNotice ?? fields.id,
  });
  if (!parsed.success) {
    await received.discard();
    parseBody(noticeDocumentAttachSchema, fields);
  }
  const extension = pdf ? "pdf" : "csv";
  const base = safeFileName(filename || `documento.${extension}`, 200).replace(/\.(pdf|csv)$/i, "");
  const storageKey = await received.commit(extension);
  return {
    input: parsed.data as NonNullable<typeof parsed.data>,
    file: {
      storageKey,
      originalName: `${base}.${extension}`,
      mimeType: pdf ? "application/pdf" : "text/csv",
      sizeBytes: received.sizeBytes,
      sha256: received.sha256,
    },
  };
}

/** Notice documents (notices-and-accounts §2.8, §7 "Winners and notice documents"): attach, list, delete, read. */
export function noticeDocumentRoutes(
  app: FastifyInstance,
  db: Db,
  storage: FileStorage,
  onAttached?: (tx: Tx, noticeId: string) => Promise<void>,
) {
  const documents = new NoticeDocumentService(db, storage, onAttached);

  app.post("/api/app/auction/documents/attach", async (request) => {
    const editor = requireNoticeEditor(request);
    const { input, file } = await receiveNoticeFile(request, storage);
    return documents.attach(editor, input, file);
  });
  app.post("/api/app/auction/documents/list", async (request) => {
    const { auctionNoticeId } = parseBody(noticeDocumentListSchema, request.body);
    return documents.list(auctionNoticeId, currentUser(request).buyer?.id ?? null, "app");
  });
  app.post("/api/public/auction/documents/list", async (request) => {
    const { auctionNoticeId } = parseBody(noticeDocumentListSchema, request.body);
    return documents.list(auctionNoticeId, null, "public");
  });
  app.post("/api/app/auction/documents/delete", async (request) =>
    documents.delete(requireNoticeEditor(request), parseBody(noticeDocumentDeleteSchema, request.body).id),
  );

  // 'Ver anexo' opens the url in a new window (§2.8): a GET that streams the file.
  const read = (prefix: "app" | "public") =>
    app.get<{ Params: { id: string } }>(`/api/${prefix}/auction/documents/:id`, async (request, reply) => {
      if (!isUuid(request.params.id)) throw notFound(DOCUMENT_NOT_FOUND);
      const viewer = prefix === "app" ? (currentUser(request).buyer?.id ?? null) : null;
      const { doc, stream } = await documents.open(request.params.id, viewer);
      reply.header("content-length", doc.sizeBytes);
      return sendFile(reply, doc.name, doc.mimeType, stream);
    });
  read("app");
  read("public");
}
