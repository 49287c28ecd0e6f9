import { PROCESS_NOT_FOUND_MESSAGE } from "@certame/domain";
import type { FastifyInstance } from "fastify";
import { notFound } from "../../http/errors";
import { sendFile } from "../../http/send-file";
import { isUuid } from "../../http/uuid";
import { requirePlanner } from "../processes/process.policy";
import { processDocumentRoutes } from "../processes/process-document.routes";
import type { ProcessFilesService } from "./process-files.service";

/**
 * The process's edital and its archive (issue 35 item 2; planning §2.3 steps 6 and 9; route rows
 * 'planning'): GET app/process/notice/{pdf,docx}/:processId and GET app/process/files/:processId.
 */
export function processDocumentsRoutes(app: FastifyInstance, files: ProcessFilesService) {
  processDocumentRoutes(app, "/api/app/process/notice", (planner, processId) =>
    files.edital(planner, processId),
  );
  // 'Baixar arquivos do processo': one .zip, streamed as it is written.
  app.get<{ Params: { processId: string } }>("/api/app/process/files/:processId", async (request, reply) => {
    const planner = requirePlanner(request);
    if (!isUuid(request.params.processId)) throw notFound(PROCESS_NOT_FOUND_MESSAGE);
    const { fileName, stream } = await files.archive(planner, request.params.processId);
    return sendFile(reply, fileName, "application/zip", stream);
  });
}
