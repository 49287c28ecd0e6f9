import {
  demandBatchDeleteSchema,
  demandBatchListSchema,
  demandBatchSaveSchema,
  demandFormalizationReadSchema,
  demandFormalizationSaveSchema,
} from "@certame/domain";
import type { FastifyInstance } from "fastify";
import { receiveMultipartFile, sendWorkbook } from "../../files/spreadsheet";
import { badRequest, parseBody } from "../../http/errors";
import { isUuid } from "../../http/uuid";
import { requirePlanner } from "../processes/process.policy";
import { processDocumentRoutes } from "../processes/process-document.routes";
import { DEMAND_BATCH_TEMPLATE_FILE_NAME } from "./demand-batch-spreadsheet";
import type { DemandFormalizationService } from "./demand-formalization.service";

/** §7 "Demand formalization" and its reference list (route rows 'planning'). */
export function demandFormalizationRoutes(app: FastifyInstance, service: DemandFormalizationService) {
  app.post("/api/app/demandFormalization/category/list", async (request) => {
    requirePlanner(request);
    return { categories: await service.categories() };
  });
  app.post("/api/app/demandFormalization/read", async (request) =>
    service.read(requirePlanner(request), parseBody(demandFormalizationReadSchema, request.body).process.id),
  );
  app.post("/api/app/demandFormalization/save", async (request) => {
    const planner = requirePlanner(request);
    const data = await service.save(planner, parseBody(demandFormalizationSaveSchema, request.body));
    return { data };
  });
  app.post("/api/app/demandFormalization/batch/list", async (request) => ({
    batches: await service.listBatches(
      requirePlanner(request),
      parseBody(demandBatchListSchema, request.body).id,
    ),
  }));
  app.post("/api/app/demandFormalization/batch/save", async (request) => ({
    batches: await service.saveBatches(
      requirePlanner(request),
      parseBody(demandBatchSaveSchema, request.body),
    ),
  }));
  app.post("/api/app/demandFormalization/batch/delete", async (request) =>
    service.deleteBatch(requirePlanner(request), parseBody(demandBatchDeleteSchema, request.body).id),
  );
  app.post("/api/app/demandFormalization/batch/getBatchTemplate", async (request, reply) => {
    requirePlanner(request);
    return sendWorkbook(reply, await service.template(), DEMAND_BATCH_TEMPLATE_FILE_NAME);
  });
  // multipart: file (the template's .xlsx) and processId.
  app.post("/api/app/demandFormalization/batch/import", async (request) => {
    const planner = requirePlanner(request);
    const file = await receiveMultipartFile(request);
    const processId = file.fields.processId ?? "";
    if (!isUuid(processId))
      throw badRequest("Informe o processo.", [
        { property: "processId", errorMessages: ["Identificador inválido"] },
      ]);
    return { data: await service.importBatches(planner, processId, file.bytes) };
  });
  processDocumentRoutes(app, "/api/app/demandFormalization", (planner, processId) =>
    service.documentModel(planner, processId),
  );
}
