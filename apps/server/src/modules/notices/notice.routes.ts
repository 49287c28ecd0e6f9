import { appNoticeListSchema, idSchema, noticeReadSchema, publicNoticeListSchema } from "@certame/domain";
import type { FastifyInstance } from "fastify";
import { parseBody } from "../../http/errors";
import { currentUser } from "../auth/auth.plugin";
import type { NoticeService } from "./notice.service";

/** `id` may come in the body or, as the spec writes it, in the query string (`read?id=`). */
const withQueryId = (body: unknown, query: unknown) => ({ ...(query as object), ...(body as object) });

export function noticeRoutes(app: FastifyInstance, notices: NoticeService) {
  app.post("/api/public/auction/list", async (request) =>
    notices.publicList(parseBody(publicNoticeListSchema, request.body)),
  );
  app.post("/api/public/auction/read", async (request) => {
    const { id } = parseBody(idSchema, withQueryId(request.body, request.query));
    return notices.read(id, request.sessionUser);
  });
  app.post("/api/app/auction/list", async (request) =>
    notices.appList(currentUser(request), parseBody(appNoticeListSchema, request.body)),
  );
  app.post("/api/app/auction/read", async (request) => {
    const { id, canUpdateAuctionView } = parseBody(
      noticeReadSchema,
      withQueryId(request.body, request.query),
    );
    return notices.read(id, currentUser(request), { forEdit: canUpdateAuctionView === true });
  });
}
