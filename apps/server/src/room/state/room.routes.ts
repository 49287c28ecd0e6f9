import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { parseBody } from "../../http/errors";
import { currentUser } from "../../modules/auth/auth.plugin";
import type { RoomService } from "./room.service";

export function roomRoutes(app: FastifyInstance, room: RoomService) {
  // The lot-phases call (trading-room §3 "Lot phase information"; path not shown by the spec).
  app.post("/api/app/auction/lotPhases", async (request) => {
    const { batchId } = parseBody(z.object({ batchId: z.uuid() }), {
      ...(request.query as object),
      ...(request.body as object),
    });
    return room.lotPhases(currentUser(request), batchId);
  });
}
