import {
  clarificationAnswerSchema,
  clarificationCreateSchema,
  clarificationListSchema,
  clarificationMineSchema,
} from "@certame/domain";
import type { FastifyInstance } from "fastify";
import type { FileStorage } from "../../files/file-storage";
import { notFound, parseBody } from "../../http/errors";
import { currentUser } from "../auth/auth.plugin";
import { requireNoticeEditor } from "../notices/notice.policy";
import type { ClarificationService } from "./clarification.service";

/**
 * Clarifications and challenges (Lei 14.133/2021 art. 164; notices-and-accounts §2.3; issue 19). The
 * spec names the screens, not the calls: these follow §7's style under app/clarification/ and, for
 * what the public reads on the notice, public/clarification/.
 */
export function clarificationRoutes(
  app: FastifyInstance,
  clarifications: ClarificationService,
  storage: FileStorage,
) {
  app.post("/api/public/clarification/list", async (request) => {
    const { auctionNoticeId, kind } = parseBody(clarificationListSchema, request.body);
    return clarifications.list(request.sessionUser ?? null, auctionNoticeId, kind);
  });
  app.post("/api/app/clarification/create", async (request) =>
    clarifications.create(currentUser(request), parseBody(clarificationCreateSchema, request.body)),
  );
  app.post("/api/app/clarification/answer", async (request) =>
    clarifications.answer(requireNoticeEditor(request), parseBody(clarificationAnswerSchema, request.body)),
  );
  app.post("/api/app/clarification/mine", async (request) =>
    clarifications.mine(currentUser(request), parseBody(clarificationMineSchema, request.body)),
  );
  app.get<{ Params: { id: string } }>("/api/public/clarification/file/:id", async (request, reply) => {
    if (!/^[0-9a-f-]{36}$/i.test(request.params.id)) throw notFound("Arquivo não encontrado.");
    const file = await clarifications.file(request.sessionUser ?? null, request.params.id.toLowerCase());
    reply.header("content-type", file.mimeType);
    reply.header("x-suggested-filename", encodeURIComponent(file.originalName));
    reply.header(
      "content-disposition",
      `attachment; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
    );
    return reply.send(storage.read(file.storageKey));
  });
}
