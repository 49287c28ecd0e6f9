import { etpReadSchema, etpSaveSchema, PROCESS_NOT_FOUND_MESSAGE } from "@certame/domain";
import type { FastifyInstance } from "fastify";
import type { FileStorage } from "../../files/file-storage";
import { notFound, parseBody } from "../../http/errors";
import { sendFile } from "../../http/send-file";
import { isUuid } from "../../http/uuid";
import { requirePlanner } from "../processes/process.policy";
import { processDocumentRoutes } from "../processes/process-document.routes";
import type { PreliminaryTechnicalStudyService } from "./preliminary-technical-study.service";

/** §7 "Preliminary technical study" (route rows 'planning'), plus the ETP's PDF and its attachments. */
export function preliminaryTechnicalStudyRoutes(
  app: FastifyInstance,
  studies: PreliminaryTechnicalStudyService,
  storage: FileStorage,
) {
  app.post("/api/app/preliminaryTechnicalStudy/read", async (request) =>
    studies.read(requirePlanner(request), parseBody(etpReadSchema, request.body).process.id),
  );
  app.post("/api/app/preliminaryTechnicalStudy/save", async (request) =>
    studies.save(requirePlanner(request), parseBody(etpSaveSchema, request.body)),
  );
  processDocumentRoutes(app, "/api/app/preliminaryTechnicalStudy", (planner, processId) =>
    studies.documentModel(planner, processId),
  );
  app.get<{ Params: { processId: string; fileId: string } }>(
    "/api/app/preliminaryTechnicalStudy/document/:processId/:fileId",
    async (request, reply) => {
      const planner = requirePlanner(request);
      const { processId, fileId } = request.params;
      if (!isUuid(processId)) throw notFound(PROCESS_NOT_FOUND_MESSAGE);
      if (!isUuid(fileId)) throw notFound("Documento não encontrado.");
      const file = await studies.document(planner, processId, fileId);
      return sendFile(reply, file.name, file.mimeType, storage.read(file.storageKey));
    },
  );
}
