import {
  changeVariationKindSchema,
  documentClassCreateSchema,
  documentsRequiredSchema,
  idSchema,
  NOTICE_FILE_MAX_BYTES,
  noticeCreateSchema,
  noticeDuplicateSchema,
  noticeEditSchema,
  noticeExportSchema,
  noticeUpdateStatusSchema,
  publicationProofSchema,
} from "@certame/domain";
import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock/clock";
import type { Db } from "../../db/client";
import { receiveUpload, toBuffer } from "../../files/multipart";
import { parseBody } from "../../http/errors";
import { sendFile } from "../../http/send-file";
import { requireBuyer } from "../auth/auth.plugin";
import { requireNoticeEditor } from "./notice.policy";
import { NoticeService } from "./notice.service";
import { NoticeExchangeService } from "./notice-exchange.service";
import {
  type ArmNoticeClocks,
  type NoticeLifecycleHooks,
  NoticeLifecycleService,
} from "./notice-lifecycle.service";
import { PublicationProofService } from "./publication-proof";

/**
 * The notice lifecycle calls of notices-and-accounts §7 "Notices (auction)": create, edit, delete,
 * duplicate, status moves, variation kind, required documents and classes, pre-qualification list,
 * publication proof, import and export. Each refuses non-buyers and restricted profiles (403).
 */
export function noticeLifecycleRoutes(
  app: FastifyInstance,
  db: Db,
  armNoticeClocks: ArmNoticeClocks,
  clock: Clock,
  hooks: NoticeLifecycleHooks = {},
) {
  const lifecycle = new NoticeLifecycleService(db, armNoticeClocks, clock, hooks);
  const notices = new NoticeService(db, clock);
  const proofs = new PublicationProofService(db, clock);
  const exchange = new NoticeExchangeService(db, clock);

  app.post("/api/app/auction/create", async (request) =>
    lifecycle.create(requireNoticeEditor(request), parseBody(noticeCreateSchema, request.body)),
  );
  app.post("/api/app/auction/edit", async (request) => {
    const editor = requireNoticeEditor(request);
    const { id } = await lifecycle.edit(editor, parseBody(noticeEditSchema, request.body));
    return notices.read(id, editor.user);
  });
  app.post("/api/app/auction/delete", async (request) =>
    lifecycle.delete(requireNoticeEditor(request), parseBody(idSchema, request.body).id),
  );
  app.post("/api/app/auction/duplicate", async (request) => {
    const editor = requireNoticeEditor(request);
    const { id } = await lifecycle.duplicate(editor, parseBody(noticeDuplicateSchema, request.body));
    return notices.read(id, editor.user);
  });
  app.post("/api/app/auction/updateStatus", async (request) => {
    const { id, status } = parseBody(noticeUpdateStatusSchema, request.body);
    return lifecycle.updateStatus(requireNoticeEditor(request), id, status);
  });
  app.post("/api/app/auction/finalizeProcess", async (request) =>
    lifecycle.finalize(requireNoticeEditor(request), parseBody(idSchema, request.body).id),
  );
  app.post("/api/app/auction/reopen", async (request) =>
    lifecycle.reopen(requireNoticeEditor(request), parseBody(idSchema, request.body).id),
  );
  app.post("/api/app/auction/cancelProcess", async (request) =>
    lifecycle.cancel(requireNoticeEditor(request), parseBody(idSchema, request.body).id),
  );
  app.post("/api/app/auction/changeVariationKind", async (request) => {
    const { id, variationKind } = parseBody(changeVariationKindSchema, request.body);
    return lifecycle.changeVariationKind(requireNoticeEditor(request), id, variationKind);
  });
  app.post("/api/app/auction/documentsRequired", async (request) =>
    lifecycle.documentsRequired(
      requireNoticeEditor(request),
      parseBody(documentsRequiredSchema, request.body),
    ),
  );
  app.post("/api/app/auction/documentClass/list", async (request) =>
    lifecycle.listDocumentClasses(requireNoticeEditor(request)),
  );
  app.post("/api/app/auction/documentClass/create", async (request) =>
    lifecycle.createDocumentClass(
      requireNoticeEditor(request),
      parseBody(documentClassCreateSchema, request.body).className,
    ),
  );
  app.post("/api/app/auction/preQualification/list", async (request) =>
    lifecycle.listPreQualifications(requireBuyer(request).buyer.id),
  );

  app.post("/api/app/auction/downloadPublicationProofReport", async (request, reply) => {
    const { auctionNoticeId } = parseBody(publicationProofSchema, request.body);
    const { buyer } = requireBuyer(request);
    const proof = await proofs.render(buyer.id, auctionNoticeId);
    return sendFile(reply, proof.fileName, "application/pdf", proof.data);
  });

  app.post("/api/app/auction/export", async (request, reply) => {
    const { id } = parseBody(noticeExportSchema, request.body);
    const file = await exchange.export(requireBuyer(request).buyer.id, id);
    return sendFile(reply, file.fileName, "application/json; charset=utf-8", Buffer.from(file.json, "utf8"));
  });

  app.post("/api/app/aspec/import", async (request) => {
    const editor = requireNoticeEditor(request);
    const { file: bytes } = await receiveUpload(request, {
      maxBytes: NOTICE_FILE_MAX_BYTES,
      message: "O arquivo do edital deve ter no máximo 5 MB.",
      notMultipartMessage: "Envie o arquivo do edital (multipart, campo file).",
      read: toBuffer,
    });
    return exchange.import(editor, bytes);
  });
}
