import {
  processCreateSchema,
  processEditSchema,
  processIdSchema,
  processListSchema,
  processResponsibleListSchema,
} from "@certame/domain";
import type { FastifyInstance } from "fastify";
import { parseBody } from "../../http/errors";
import { requirePlanner } from "./process.policy";
import type { ProcessService } from "./process.service";

/** §7 "Processes" (route rows 'planning': the body's account and its planning profiles). */
export function processRoutes(app: FastifyInstance, processes: ProcessService) {
  app.post("/api/app/process/create", async (request) =>
    processes.create(requirePlanner(request), parseBody(processCreateSchema, request.body)),
  );
  app.post("/api/app/process/edit", async (request) =>
    processes.edit(requirePlanner(request), parseBody(processEditSchema, request.body)),
  );
  app.post("/api/app/process/list", async (request) =>
    processes.list(requirePlanner(request), parseBody(processListSchema, request.body ?? {})),
  );
  app.post("/api/app/process/read", async (request) =>
    processes.read(requirePlanner(request), parseBody(processIdSchema, request.body).id),
  );
  app.post("/api/app/process/listResponsible", async (request) =>
    processes.listResponsible(
      requirePlanner(request),
      parseBody(processResponsibleListSchema, request.body ?? {}),
    ),
  );
  app.post("/api/app/process/delete", async (request) => {
    await processes.remove(requirePlanner(request), parseBody(processIdSchema, request.body).id);
    return { id: (request.body as { id: string }).id };
  });
  app.post("/api/app/process/undo", async (request) => {
    await processes.undo(requirePlanner(request), parseBody(processIdSchema, request.body).id);
    return { id: (request.body as { id: string }).id };
  });
}
