import type { FastifyInstance } from "fastify";
import { parseBody } from "../../http/errors";
import { currentUser } from "../../modules/auth/auth.plugin";
import { type RespecifyService, respecifiedListSchema, respecifySchema } from "./respecify.service";

/** 'Reespecificar valores dos itens' (/dividir-valores-dos-lotes): the split and its read. */
export function respecifyRoutes(app: FastifyInstance, respecify: RespecifyService) {
  app.post("/api/app/auction/bids/respecify", async (request) =>
    respecify.save(currentUser(request), parseBody(respecifySchema, request.body)),
  );
  app.post("/api/app/auction/bids/respecified", async (request) =>
    respecify.list(currentUser(request), parseBody(respecifiedListSchema, request.body)),
  );
}
