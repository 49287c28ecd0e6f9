import {
  PROCESS_NOT_FOUND_MESSAGE,
  paragraphTemplateByChapterSchema,
  REFERENCE_TERM_PDF_FILE_NAME,
  REFERENCE_TERM_WORD_FILE_NAME,
  referenceTermExportSchema,
  referenceTermReadSchema,
  referenceTermSaveSchema,
  SIGNED_REFERENCE_TERM_MAX_BYTES,
} from "@certame/domain";
import type { FastifyInstance } from "fastify";
import { DOCX_MIME } from "../../files/document-docx";
import { receiveUpload, toBuffer } from "../../files/multipart";
import { sniff } from "../../files/sniff";
import { AppError, badRequest, notFound, parseBody, VALIDATION_MESSAGE } from "../../http/errors";
import { safeFileName, sendFile } from "../../http/send-file";
import { isUuid } from "../../http/uuid";
import { requirePlanner } from "../processes/process.policy";
import type { ReferenceTermService } from "./reference-term.service";

const MAX_MB = Math.round(SIGNED_REFERENCE_TERM_MAX_BYTES / (1024 * 1024));
export const SIGNED_REFERENCE_TERM_MESSAGE = `Envie o termo de referência assinado em PDF, com até ${MAX_MB} MB.`;

/** §7 "Reference term" plus its exports and the signed PDF (issue 16 items 4–5; route rows 'planning'). */
export function referenceTermRoutes(app: FastifyInstance, terms: ReferenceTermService) {
  app.post("/api/app/referenceTerm/save", async (request) =>
    terms.save(requirePlanner(request), parseBody(referenceTermSaveSchema, request.body)),
  );
  app.post("/api/app/referenceTerm/read", async (request) =>
    terms.read(requirePlanner(request), parseBody(referenceTermReadSchema, request.body).process.id),
  );
  app.get("/api/app/referenceTerm/template", async (request) => {
    requirePlanner(request);
    return terms.template();
  });
  app.post("/api/app/paragraphTemplate/byChapter", async (request) =>
    terms.paragraphTemplates(
      requirePlanner(request),
      parseBody(paragraphTemplateByChapterSchema, request.body).chapterCode,
    ),
  );
  app.post("/api/app/referenceTerm/word", async (request, reply) => {
    const planner = requirePlanner(request);
    const { process } = parseBody(referenceTermExportSchema, request.body);
    return sendFile(reply, REFERENCE_TERM_WORD_FILE_NAME, DOCX_MIME, await terms.word(planner, process.id));
  });
  app.post("/api/app/referenceTerm/pdf", async (request, reply) => {
    const planner = requirePlanner(request);
    const { process } = parseBody(referenceTermExportSchema, request.body);
    return sendFile(
      reply,
      REFERENCE_TERM_PDF_FILE_NAME,
      "application/pdf",
      await terms.pdf(planner, process.id),
    );
  });
  // multipart: `processId` and `file`, the signed term — a PDF by its first bytes, at most 10 MiB.
  app.post("/api/app/referenceTerm/signature", async (request) => {
    const planner = requirePlanner(request);
    const { filename, file, fields } = await receiveUpload(request, {
      message: SIGNED_REFERENCE_TERM_MESSAGE,
      maxBytes: SIGNED_REFERENCE_TERM_MAX_BYTES,
      read: toBuffer,
    });
    const processId = fields.processId;
    if (!processId)
      throw badRequest(VALIDATION_MESSAGE, [{ property: "processId", errorMessages: ["Campo obrigatório"] }]);
    if (!isUuid(processId)) throw notFound(PROCESS_NOT_FOUND_MESSAGE);
    if (file.length === 0 || sniff(file.subarray(0, 16))?.mimeType !== "application/pdf")
      throw new AppError(415, SIGNED_REFERENCE_TERM_MESSAGE);
    return terms.sign(planner, processId, {
      filename: safeFileName(filename || "termo-de-referencia-assinado.pdf", 200),
      bytes: file,
    });
  });
  // The signed PDF on record (the uploader-only file route would not serve the body's other planners).
  app.post("/api/app/referenceTerm/signature/download", async (request, reply) => {
    const planner = requirePlanner(request);
    const { process } = parseBody(referenceTermExportSchema, request.body);
    const file = await terms.signedFile(planner, process.id);
    return sendFile(reply, file.name, file.mimeType, file.stream);
  });
}
