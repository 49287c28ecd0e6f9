import { pncpItemResultsSchema, pncpItemsSchema, pncpSearchSchema } from "@certame/domain";
import type { FastifyInstance } from "fastify";
import { parseBody } from "../../http/errors";
import { requirePlanner } from "../processes/process.policy";
import type { PncpService } from "./pncp.service";
import { portalCall } from "./pncp-failure";

/** §7 "Price search" through the server (route rows 'planning'). */
export function pncpRoutes(app: FastifyInstance, pncp: PncpService) {
  app.post("/api/app/pncp/search", async (request) => {
    requirePlanner(request);
    const input = parseBody(pncpSearchSchema, request.body);
    return portalCall(request.log, () => pncp.search(input));
  });
  app.post("/api/app/pncp/items", async (request) => {
    requirePlanner(request);
    const input = parseBody(pncpItemsSchema, request.body);
    return portalCall(request.log, () => pncp.items(input));
  });
  app.post("/api/app/pncp/itemResults", async (request) => {
    requirePlanner(request);
    const input = parseBody(pncpItemResultsSchema, request.body);
    return portalCall(request.log, () => pncp.itemResults(input));
  });
}
