import {
  PNCP_MALFORMED_MESSAGE,
  PNCP_UNAVAILABLE_MESSAGE,
  pncpItemResultsSchema,
  pncpItemsSchema,
  pncpSearchSchema,
} from "@certame/domain";
import type { FastifyInstance, FastifyReply } from "fastify";
import { parseBody } from "../../http/errors";
import { PncpPortalError } from "../../integrations/pncp/pncp-client";
import { requirePlanner } from "../processes/process.policy";
import type { PncpService } from "./pncp.service";

/** The portal down or slow → 503, an unexpected answer → 502 (§7; never a 500, never a hang). */
async function portalCall<T>(reply: FastifyReply, call: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PncpPortalError)) throw error;
    reply.log.warn({ err: error }, "PNCP");
    return error.kind === "unavailable"
      ? reply.code(503).send({ message: PNCP_UNAVAILABLE_MESSAGE })
      : reply.code(502).send({ message: PNCP_MALFORMED_MESSAGE });
  }
}

/** §7 "Price search" through the server (route rows 'planning'). */
export function pncpRoutes(app: FastifyInstance, pncp: PncpService) {
  app.post("/api/app/pncp/search", async (request, reply) => {
    requirePlanner(request);
    const input = parseBody(pncpSearchSchema, request.body);
    return portalCall(reply, () => pncp.search(input));
  });
  app.post("/api/app/pncp/items", async (request, reply) => {
    requirePlanner(request);
    const input = parseBody(pncpItemsSchema, request.body);
    return portalCall(reply, () => pncp.items(input));
  });
  app.post("/api/app/pncp/itemResults", async (request, reply) => {
    requirePlanner(request);
    const input = parseBody(pncpItemResultsSchema, request.body);
    return portalCall(reply, () => pncp.itemResults(input));
  });
}
