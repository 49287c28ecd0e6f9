import { processNoticeSchema } from "@certame/domain";
import type { FastifyInstance } from "fastify";
import { parseBody } from "../../http/errors";
import { requirePlanner } from "./process.policy";
import type { ProcessService } from "./process.service";
import type { ProcessNoticeService } from "./process-notice.service";

/**
 * Step 6 'Edital' and step 9 'Publicar Processo' of the process administration (issue 35; route rows
 * 'planning'): the notice made from the process, carried in step with the plan, and the publication.
 */
export function processNoticeRoutes(
  app: FastifyInstance,
  notices: ProcessNoticeService,
  processes: ProcessService,
) {
  app.post("/api/app/process/notice/create", async (request) => {
    const planner = requirePlanner(request);
    return notices.create(planner, parseBody(processNoticeSchema, request.body).processId);
  });
  app.post("/api/app/process/notice/sync", async (request) => {
    const planner = requirePlanner(request);
    return notices.sync(planner, parseBody(processNoticeSchema, request.body).processId);
  });
  // Answers the process as app/process/read does, now PROCESS_PUBLISHED.
  app.post("/api/app/process/publish", async (request) => {
    const planner = requirePlanner(request);
    const { processId } = parseBody(processNoticeSchema, request.body);
    await notices.publish(planner, processId);
    return processes.read(planner, processId);
  });
}
