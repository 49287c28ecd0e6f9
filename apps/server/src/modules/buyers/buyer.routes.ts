import { buyerReadSchema, idSchema } from "@certame/domain";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { parseBody } from "../../http/errors";
import { currentUser } from "../auth/auth.plugin";
import { BuyerService } from "./buyer.service";

export function buyerRoutes(app: FastifyInstance, db: Db) {
  const buyers = new BuyerService(db);
  app.post("/api/app/buyer/read", async (request) => {
    const { buyerId } = parseBody(buyerReadSchema, request.body);
    return buyers.read(currentUser(request), buyerId);
  });
  app.post("/api/public/buyer/read", async (request) => {
    const { id } = parseBody(idSchema, request.body);
    return buyers.readPublic(id);
  });
}
