import {
  registrationAnalysisIdSchema,
  registrationAnalysisListSchema,
  registrationRejectSchema,
} from "@certame/domain";
import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock/clock";
import type { Db } from "../../db/client";
import type { FileStorage } from "../../files/file-storage";
import { parseBody } from "../../http/errors";
import { sendFile } from "../../http/send-file";
import { requirePlatformStaff } from "../auth/auth.plugin";
import { RegistrationAnalysisService } from "./registration-analysis.service";

/**
 * The staff console's calls (/analise-de-cadastros; route rows 'staff': platform staff only). The
 * decisions e-mail the user through the app's mailer after their commit.
 */
export function registrationAnalysisRoutes(
  app: FastifyInstance,
  db: Db,
  storage: FileStorage,
  options: { clock: Clock; publicUrl: string },
) {
  const analyses = new RegistrationAnalysisService(db, {
    clock: options.clock,
    // Read at each send: the app's mailer as decorated (SMTP or the outbox).
    mailer: { send: (message) => app.mailer.send(message) },
    publicUrl: options.publicUrl,
    log: (message, error) => app.log.error({ err: error }, message),
  });

  app.post("/api/app/registrationAnalysis/list", async (request) => {
    requirePlatformStaff(request);
    return analyses.list(parseBody(registrationAnalysisListSchema, request.body));
  });
  app.post("/api/app/registrationAnalysis/read", async (request) => {
    requirePlatformStaff(request);
    return analyses.read(parseBody(registrationAnalysisIdSchema, request.body).id);
  });
  app.post("/api/app/registrationAnalysis/approve", async (request) => {
    const staff = requirePlatformStaff(request);
    return analyses.approve(staff, parseBody(registrationAnalysisIdSchema, request.body).id);
  });
  app.post("/api/app/registrationAnalysis/reject", async (request) => {
    const staff = requirePlatformStaff(request);
    const { id, reason } = parseBody(registrationRejectSchema, request.body);
    return analyses.reject(staff, id, reason);
  });
  app.get<{ Params: { id: string } }>("/api/app/registrationAnalysis/file/:id", async (request, reply) => {
    requirePlatformStaff(request);
    const file = await analyses.file(request.params.id);
    return sendFile(reply, file.originalName, file.mimeType, storage.read(file.storageKey));
  });
}
