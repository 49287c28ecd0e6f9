import { pncpListSchema, pncpRetrySchema, pncpUnitSchema } from "@certame/domain";
import type { FastifyInstance } from "fastify";
import { parseBody } from "../../http/errors";
import { requireBuyer } from "../auth/auth.plugin";
import { requireNoticeEditor } from "../notices/notice.policy";
import type { PncpPublicationService } from "./pncp-publication.service";

/**
 * The publications to the national portal (notices-and-accounts §7 app/auction/pncp/list; the
 * 'Serviços do PNCP' menu): the body's jobs with their outcome, 'Reenviar' and the local outbox.
 */
export function pncpPublicationRoutes(app: FastifyInstance, service: PncpPublicationService) {
  app.post("/api/app/auction/pncp/list", async (request) =>
    service.list(requireBuyer(request).buyer.id, parseBody(pncpListSchema, request.body ?? {})),
  );
  app.post("/api/app/auction/pncp/retry", async (request) => {
    const editor = requireNoticeEditor(request);
    const { id } = parseBody(pncpRetrySchema, request.body);
    const answer = await service.retry(editor.buyerId, id);
    // 'Reenviar' sends now, not at the next poll (the answer does not wait for the portal).
    void app.pncpPublication.worker.runDue();
    return answer;
  });
  // Why the portal would refuse the notice as configured (the wizard, before publication).
  app.post("/api/app/auction/pncp/check", async (request) => {
    const { buyer } = requireBuyer(request);
    const { id } = parseBody(pncpRetrySchema, request.body);
    return service.check(buyer.id, id);
  });
  // The body's unidade compradora in the portal (issue 34): checked there, then recorded.
  app.post("/api/app/auction/pncp/unit", async (request) => {
    const editor = requireNoticeEditor(request);
    const answer = await service.saveUnit(editor.buyerId, parseBody(pncpUnitSchema, request.body));
    if (answer.queuedNotices > 0) void app.pncpPublication.worker.runDue();
    return answer;
  });
  app.post("/api/app/auction/pncp/outbox", async (request) => ({
    entries: await service.outbox(requireBuyer(request).buyer.id),
  }));
}
