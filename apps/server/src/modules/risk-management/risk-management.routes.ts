import {
  PROCESS_NOT_FOUND_MESSAGE,
  processPdfFileName,
  riskDeleteSchema,
  riskListSchema,
  riskManagementReadSchema,
  riskManagementSaveSchema,
  riskSaveSchema,
} from "@certame/domain";
import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock/clock";
import type { Db } from "../../db/client";
import type { FileStorage } from "../../files/file-storage";
import { notFound, parseBody } from "../../http/errors";
import { sendFile } from "../../http/send-file";
import { isUuid } from "../../http/uuid";
import { buyerName } from "../buyers/buyer.repository";
import { requirePlanner } from "../processes/process.policy";
import type { RiskManagementService } from "./risk-management.service";
import { renderRiskMapPdf } from "./risk-map-pdf";

/** §7 "Risk management" (route rows 'planning'), the matrix's attachments and its risk map as a PDF. */
export function riskManagementRoutes(
  app: FastifyInstance,
  risks: RiskManagementService,
  deps: { db: Db; storage: FileStorage; clock: Clock },
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

  // 'Baixar PDF': the risk map of the process as a document of the body.
  app.get<{ Params: { processId: string } }>(
    "/api/app/riskManagement/pdf/:processId",
    async (request, reply) => {
      const planner = requirePlanner(request);
      if (!isUuid(request.params.processId)) throw notFound(PROCESS_NOT_FOUND_MESSAGE);
      const matrix = await risks.read(planner, request.params.processId);
      const pdf = await renderRiskMapPdf({
        bodyName: await buyerName(deps.db, planner.buyerId),
        processNumber: matrix.process.processNumber,
        number: matrix.number,
        canDispenseRisk: matrix.canDispenseRisk,
        justification: matrix.justification,
        panel: matrix.panel,
        risks: matrix.risks,
        issuedAt: deps.clock(),
      });
      return sendFile(
        reply,
        processPdfFileName("matriz-de-riscos", matrix.process.processNumber),
        "application/pdf",
        pdf,
      );
    },
  );
}
