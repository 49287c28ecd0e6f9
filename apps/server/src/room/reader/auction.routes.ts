import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { parseBody } from "../../http/errors";
import { currentUser } from "../../modules/auth/auth.plugin";
import type { AuctionReader } from "./auction-reader";

export function auctionRoutes(app: FastifyInstance, reader: AuctionReader) {
  // The lot's bids for the bid table (path not shown by the spec); the room is public, so no session
  // is needed — each audience gets its own view (docs/live-room.md).
  app.post("/api/room/batchBids", async (request) => {
    const { batchId } = parseBody(z.object({ batchId: z.uuid() }), request.body);
    return reader.batchBids(request.sessionUser ?? null, batchId);
  });
  app.post("/api/app/auction/myBestBids", async (request) => {
    const { auctionNoticeId } = parseBody(z.object({ auctionNoticeId: z.uuid() }), request.body);
    return reader.myBestBids(currentUser(request), auctionNoticeId);
  });
}
