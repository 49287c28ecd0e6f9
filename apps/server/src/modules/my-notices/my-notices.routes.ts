import { myNoticesSchema } from "@certame/domain";
import type { FastifyInstance } from "fastify";
import { parseBody } from "../../http/errors";
import { currentUser } from "../auth/auth.plugin";
import type { MyNoticesService } from "./my-notices.service";

/** 'Meus editais' (issue 19 item 3): the user's processes with their next deadline and pending actions. */
export function myNoticesRoutes(app: FastifyInstance, myNotices: MyNoticesService) {
  app.post("/api/app/auction/myNotices", async (request) =>
    myNotices.list(currentUser(request), parseBody(myNoticesSchema, request.body ?? {})),
  );
}
