import {
  auctionNoticeIdSchema,
  directAppealCounterSchema,
  directAppealFileSchema,
  directAppealJudgeSchema,
  directProposalDecideSchema,
  directProposalSendSchema,
  idSchema,
} from "@certame/domain";
import type { FastifyInstance } from "fastify";
import type { FileStorage } from "../../files/file-storage";
import { XLSX_MIME } from "../../files/spreadsheet";
import { parseBody } from "../../http/errors";
import { safeFileName, sendFile } from "../../http/send-file";
import { currentUser } from "../auth/auth.plugin";
import { requireNoticeEditor } from "../notices/notice.policy";
import type { DirectAppealService } from "./direct-appeal.service";
import type { DirectProposalService } from "./direct-proposal.service";

/** `id` may come in the body or the query string, as the spec writes the notice calls. */
const withQuery = (body: unknown, query: unknown) => ({ ...(query as object), ...(body as object) });

/** The direct procedures' proposals (notices-and-accounts §2.3, §7; issue 19 item 2). */
export function directProposalRoutes(
  app: FastifyInstance,
  proposals: DirectProposalService,
  appeals: DirectAppealService,
  storage: FileStorage,
) {
  app.post("/api/app/auction/proposalTemplate/download", async (request, reply) => {
    const { id } = parseBody(idSchema, withQuery(request.body, request.query));
    const { buffer, fileName } = await proposals.template(id);
    return sendFile(reply, safeFileName(fileName), XLSX_MIME, buffer);
  });
  app.post("/api/app/directProposal/send", async (request) =>
    proposals.send(currentUser(request), parseBody(directProposalSendSchema, request.body)),
  );
  app.post("/api/app/directProposal/mine", async (request) =>
    proposals.mine(currentUser(request), parseBody(auctionNoticeIdSchema, request.body).auctionNoticeId),
  );
  app.post("/api/app/directProposal/list", async (request) =>
    proposals.list(currentUser(request), parseBody(auctionNoticeIdSchema, request.body).auctionNoticeId),
  );
  app.post("/api/app/directProposal/decide", async (request) =>
    proposals.decide(currentUser(request), parseBody(directProposalDecideSchema, request.body)),
  );
  app.post("/api/app/directProposal/results", async (request) =>
    proposals.results(currentUser(request), parseBody(auctionNoticeIdSchema, request.body).auctionNoticeId),
  );
  app.post("/api/app/directProposal/download", async (request, reply) => {
    const { id } = parseBody(idSchema, request.body);
    const file = await proposals.file(currentUser(request), id);
    return sendFile(reply, safeFileName(file.name), file.mimeType, storage.read(file.storageKey));
  });
  // Their appeals (Lei 14.133/2021 art. 165; /interpor-recurso, /visualizar-recursos).
  app.post("/api/app/directAppeal/list", async (request) =>
    appeals.list(currentUser(request), parseBody(auctionNoticeIdSchema, request.body).auctionNoticeId),
  );
  app.post("/api/app/directAppeal/file", async (request) =>
    appeals.file(currentUser(request), parseBody(directAppealFileSchema, request.body)),
  );
  app.post("/api/app/directAppeal/counter", async (request) =>
    appeals.counter(currentUser(request), parseBody(directAppealCounterSchema, request.body)),
  );
  app.post("/api/app/directAppeal/judge", async (request) =>
    appeals.judge(requireNoticeEditor(request), parseBody(directAppealJudgeSchema, request.body)),
  );
  app.post("/api/app/directAppeal/download", async (request, reply) => {
    const { id } = parseBody(idSchema, request.body);
    const file = await appeals.download(id);
    return sendFile(reply, safeFileName(file.originalName), file.mimeType, storage.read(file.storageKey));
  });
}
