import type { FastifyInstance } from "fastify";
import type { FileStorage } from "../../files/file-storage";
import { notFound, parseBody } from "../../http/errors";
import { currentUser } from "../../modules/auth/auth.plugin";
import {
  attachSchema,
  type DisputeService,
  fromSupplierSchema,
  judgeSchema,
  listSchema,
} from "./dispute.service";

/** The appeals' HTTP calls (trading-room §7 "Appeals"; docs/live-room.md "Appeals"). */
export function disputeRoutes(app: FastifyInstance, disputes: DisputeService, storage: FileStorage) {
  app.post("/api/app/dispute/attachDocument", async (request) =>
    disputes.attachDocument(currentUser(request), parseBody(attachSchema, request.body)),
  );
  app.post("/api/app/dispute/attachCounterArgument", async (request) =>
    disputes.attachCounterArgument(currentUser(request), parseBody(attachSchema, request.body)),
  );
  app.post("/api/app/dispute/list", async (request) =>
    disputes.list(currentUser(request), parseBody(listSchema, request.body)),
  );
  app.post("/api/app/dispute/judge", async (request) =>
    disputes.judge(currentUser(request), parseBody(judgeSchema, request.body)),
  );
  app.post("/api/app/dispute/getDisputeFromSupplier", async (request) =>
    disputes.fromSupplier(currentUser(request), parseBody(fromSupplierSchema, request.body)),
  );
  // A file of an appeal, to whoever the list shows it to.
  app.get<{ Params: { id: string } }>("/api/app/dispute/document/:id", async (request, reply) => {
    const user = currentUser(request);
    if (!/^[0-9a-f-]{36}$/i.test(request.params.id)) throw notFound("Arquivo não encontrado.");
    const { file, name } = await disputes.documentFor(user, request.params.id);
    reply.header("content-type", file.mimeType);
    reply.header("x-suggested-filename", encodeURIComponent(name));
    reply.header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
    return reply.send(storage.read(file.storageKey));
  });
}
