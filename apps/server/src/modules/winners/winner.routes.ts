import { auctionNoticeIdSchema, idSchema, winnersDeleteSchema, winnersSaveSchema } from "@certame/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { parseBody } from "../../http/errors";
import { requireBuyer } from "../auth/auth.plugin";
import type { WinnerService } from "./winner.service";

function buyerUser(request: FastifyRequest) {
  const { user, buyer } = requireBuyer(request);
  return { ...user, buyer };
}

/** Winners step (notices-and-accounts §2.7, §7 "Winners": paths not shown, named under app/auctionWinner/). */
export function winnerRoutes(app: FastifyInstance, winners: WinnerService) {
  app.post("/api/app/auctionWinner/list", async (request) =>
    winners.list(buyerUser(request), parseBody(auctionNoticeIdSchema, request.body).auctionNoticeId),
  );
  app.post("/api/app/auctionWinner/save", async (request) => {
    const user = buyerUser(request);
    const input = parseBody(winnersSaveSchema, request.body);
    return winners.save(user, input.auctionNoticeId, input.winners, "replace");
  });
  app.post("/api/app/auctionWinner/add", async (request) => {
    const user = buyerUser(request);
    const input = parseBody(winnersSaveSchema, request.body);
    return winners.save(user, input.auctionNoticeId, input.winners, "add");
  });
  app.post("/api/app/auctionWinner/delete", async (request) => {
    const user = buyerUser(request);
    const input = parseBody(winnersDeleteSchema, request.body);
    return winners.delete(user, input.auctionNoticeId, input.bidIds);
  });
  app.post("/api/app/auctionWinner/sum", async (request) =>
    winners.sum(buyerUser(request), parseBody(auctionNoticeIdSchema, request.body).auctionNoticeId),
  );
  app.post("/api/app/auction/getBatchesWithoutWinners", async (request) => {
    const user = buyerUser(request);
    const { id } = parseBody(idSchema, { ...(request.query as object), ...(request.body as object) });
    return winners.batchesWithoutWinners(user, id);
  });
}
