import {
  riskDeleteSchema,
  riskListSchema,
  riskManagementReadSchema,
  riskManagementSaveSchema,
  riskSaveSchema,
} from "@certame/domain";
import type { FastifyInstance } from "fastify";
import type { FileStorage } from "../../files/file-storage";
import { notFound, parseBody } from "../../http/errors";
import { sendFile } from "../../http/send-file";
import { isUuid } from "../../http/uuid";
import { requirePlanner } from "../processes/process.policy";
import { processDocumentRoutes } from "../processes/process-document.routes";
import type { RiskManagementService } from "./risk-management.service";

/** §7 "Risk management" (route rows 'planning'), the matrix's attachments and its risk map as a PDF. */
export function riskManagementRoutes(
  app: FastifyInstance,
  risks: RiskManagementService,
  deps: { storage: FileStorage },
) {
  app.post("/api/app/riskManagement/read", async (request) =>
    risks.read(requirePlanner(request), parseBody(riskManagementReadSchema, request.body).process.id),
  );
  app.post("/api/app/riskManagement/save", async (request) =>
    risks.save(requirePlanner(request), parseBody(riskManagementSaveSchema, request.body)),
  );
  app.post("/api/app/riskManagement/listOwnRisks", async (request) =>
    risks.listOwnRisks(requirePlanner(request), parseBody(riskListSchema, request.body)),
  );
  app.post("/api/app/riskManagement/saveRisk", async (request) =>
    risks.saveRisk(requirePlanner(request), parseBody(riskSaveSchema, request.body)),
  );
  app.post("/api/app/riskManagement/deleteRisk", async (request) =>
    risks.deleteRisk(requirePlanner(request), parseBody(riskDeleteSchema, request.body)),
  );

  // 'Ver anexo': an attachment, for any planner of the body (a colleague may have uploaded it).
  app.get<{ Params: { id: string } }>("/api/app/riskManagement/document/:id", async (request, reply) => {
    const planner = requirePlanner(request);
    if (!isUuid(request.params.id)) throw notFound("Arquivo não encontrado.");
    const file = await risks.document(planner, request.params.id);
    return sendFile(reply, file.originalName, file.mimeType, deps.storage.read(file.storageKey));
  });

  // 'Baixar PDF' and 'Baixar arquivo em Word': the risk map of the process as a document of the body.
  processDocumentRoutes(app, "/api/app/riskManagement", (planner, processId) =>
    risks.documentModel(planner, processId),
  );
}
