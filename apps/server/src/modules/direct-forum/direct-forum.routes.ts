import { directForumListSchema, directForumPostSchema } from "@certame/domain";
import type { FastifyInstance } from "fastify";
import { parseBody } from "../../http/errors";
import { currentUser } from "../auth/auth.plugin";
import type { DirectForumService } from "./direct-forum.service";

/**
 * The message forum of the direct procedures (/forum-de-mensagens/{id}; notices-and-accounts §2.3,
 * audience LOGGED_IN; issue 19 item 2). The spec names the screen, not the calls: these follow §7's
 * style under app/directForum/.
 */
export function directForumRoutes(app: FastifyInstance, forum: DirectForumService) {
  app.post("/api/app/directForum/list", async (request) => {
    const { auctionNoticeId, page } = parseBody(directForumListSchema, request.body);
    return forum.list(currentUser(request), auctionNoticeId, page);
  });
  app.post("/api/app/directForum/post", async (request) =>
    forum.post(currentUser(request), parseBody(directForumPostSchema, request.body)),
  );
}
