import type { FastifyInstance } from "fastify";
import type { FileStorage } from "../../files/file-storage";
import { notFound, parseBody } from "../../http/errors";
import { currentUser } from "../../modules/auth/auth.plugin";
import {
  type AwardService,
  associateSchema,
  listSchema,
  processFileSchema,
  proofPaymentSchema,
  readjustedProposalSchema,
} from "./award.service";

/** The winner's documents' HTTP calls (trading-room §7 "Suppliers"; docs/live-room.md "Winner's documents"). */
export function awardRoutes(app: FastifyInstance, awards: AwardService, storage: FileStorage) {
  app.post("/api/app/supplier/attachReadjustedProposal", async (request) =>
    awards.attachReadjustedProposal(currentUser(request), parseBody(readjustedProposalSchema, request.body)),
  );
  app.post("/api/app/supplier/associateQualificationDocuments", async (request) =>
    awards.associateQualificationDocuments(currentUser(request), parseBody(associateSchema, request.body)),
  );
  app.post("/api/app/supplier/attachProofPayment", async (request) =>
    awards.attachProofPayment(currentUser(request), parseBody(proofPaymentSchema, request.body)),
  );
  app.post("/api/app/award/proofPayments", async (request) =>
    awards.proofPayments(currentUser(request), parseBody(listSchema, request.body)),
  );
  app.post("/api/app/auction/attachDocumentAtProcess", async (request) =>
    awards.attachProcessFile(currentUser(request), parseBody(processFileSchema, request.body)),
  );
  app.post("/api/app/award/documents", async (request) =>
    awards.list(currentUser(request), parseBody(listSchema, request.body)),
  );
  // A winner's document, to whoever the list shows it to.
  app.get<{ Params: { id: string } }>("/api/app/award/document/:id", async (request, reply) => {
    const user = currentUser(request);
    if (!/^[0-9a-f-]{36}$/i.test(request.params.id)) throw notFound("Arquivo não encontrado.");
    const { file, name } = await awards.documentFor(user, request.params.id);
    reply.header("content-type", file.mimeType);
    reply.header("x-suggested-filename", encodeURIComponent(name));
    reply.header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
    return reply.send(storage.read(file.storageKey));
  });
}
