import {
  isSignableDocumentKind,
  PROCESS_NOT_FOUND_MESSAGE,
  processSignatureReadSchema,
  processSignSchema,
  processSignUploadSchema,
  publicSignaturesSchema,
  SIGNATURE_FILE_MESSAGE,
  SIGNATURE_KIND_MESSAGE,
  SIGNATURE_NOT_FOUND_MESSAGE,
  SIGNATURE_NOT_SIGNED_MESSAGE,
  SIGNED_DOCUMENT_MAX_BYTES,
} from "@certame/domain";
import type { FastifyInstance } from "fastify";
import { receiveUpload, toBuffer } from "../../files/multipart";
import { sniff } from "../../files/sniff";
import { AppError, notFound, parseBody } from "../../http/errors";
import { safeFileName, sendFile } from "../../http/send-file";
import { isUuid } from "../../http/uuid";
import { requirePlanner } from "../processes/process.policy";
import type { ProcessSignatureService } from "./process-signature.service";

/**
 * The signatures of a process's documents (planning §2.3 'Assinar o Documento', 'Imprimir pdf
 * assinado'; issue 35 item 3; route rows 'planning'): read one document's version and signatures,
 * sign it with the password, send a signed PDF of it, print it with its manifest, and download a
 * signed PDF sent.
 */
export function processSignatureRoutes(app: FastifyInstance, signatures: ProcessSignatureService) {
  app.post("/api/app/process/signature/read", async (request) =>
    signatures.read(requirePlanner(request), parseBody(processSignatureReadSchema, request.body)),
  );
  app.post("/api/app/process/signature/sign", async (request) =>
    signatures.sign(requirePlanner(request), parseBody(processSignSchema, request.body), request.ip),
  );
  // multipart: `processId`, `kind`, optionally `documentSha256` (the version read), and `file` — a PDF
  // by its first bytes, at most 10 MiB.
  app.post("/api/app/process/signature/upload", async (request) => {
    const planner = requirePlanner(request);
    const { filename, file, fields } = await receiveUpload(request, {
      message: SIGNATURE_FILE_MESSAGE,
      maxBytes: SIGNED_DOCUMENT_MAX_BYTES,
      read: toBuffer,
    });
    const input = parseBody(processSignUploadSchema, {
      processId: fields.processId,
      kind: fields.kind,
      ...(fields.documentSha256 ? { documentSha256: fields.documentSha256 } : {}),
    });
    if (file.length === 0 || sniff(file.subarray(0, 16))?.mimeType !== "application/pdf")
      throw new AppError(415, SIGNATURE_FILE_MESSAGE);
    return signatures.upload(planner, input, {
      filename: safeFileName(filename || "documento-assinado.pdf", 200),
      bytes: file,
    });
  });
  // 'Imprimir pdf assinado': the document's PDF followed by its signature manifest.
  app.get<{ Params: { kind: string; processId: string } }>(
    "/api/app/process/signature/pdf/:kind/:processId",
    async (request, reply) => {
      const planner = requirePlanner(request);
      const { kind, processId } = request.params;
      if (!isSignableDocumentKind(kind)) throw notFound(SIGNATURE_KIND_MESSAGE);
      if (!isUuid(processId)) throw notFound(PROCESS_NOT_FOUND_MESSAGE);
      const { fileName, bytes } = await signatures.signedPdf(planner, processId, kind);
      return sendFile(reply, fileName, "application/pdf", bytes);
    },
  );
  // A signed PDF a signer sent (UPLOADED), for the body's planners.
  app.get<{ Params: { id: string } }>("/api/app/process/signature/file/:id", async (request, reply) => {
    const planner = requirePlanner(request);
    if (!isUuid(request.params.id)) throw notFound(SIGNATURE_NOT_FOUND_MESSAGE);
    const file = await signatures.signedFile(planner, request.params.id);
    return sendFile(reply, file.name, file.mimeType, file.stream);
  });
  // The public notice page (issue 35 item 5): the process's signed documents of a published notice.
  app.post("/api/public/auction/signatures/list", async (request) =>
    signatures.publicSignatures(parseBody(publicSignaturesSchema, request.body).auctionNoticeId),
  );
  app.get<{ Params: { id: string; kind: string } }>(
    "/api/public/auction/signatures/:id/:kind",
    async (request, reply) => {
      const { id, kind } = request.params;
      if (!isUuid(id) || !isSignableDocumentKind(kind)) throw notFound(SIGNATURE_NOT_SIGNED_MESSAGE);
      const { fileName, bytes } = await signatures.publicSignedPdf(id, kind);
      return sendFile(reply, fileName, "application/pdf", bytes);
    },
  );
}
