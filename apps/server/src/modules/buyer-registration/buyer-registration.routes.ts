import {
  buyerDocumentDeleteSchema,
  buyerIdsSchema,
  buyerRegistrationSchema,
  buyerStaffCreateSchema,
  buyerStaffUpdateSchema,
  secretaryOfficeCreateSchema,
  secretaryOfficeEditSchema,
  userCheckSchema,
} from "@certame/domain";
import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock/clock";
import type { Db } from "../../db/client";
import type { FileStorage } from "../../files/file-storage";
import { receiveUpload, toBuffer } from "../../files/multipart";
import { sniff, UPLOAD_MAX_BYTES } from "../../files/sniff";
import { AppError, notFound, parseBody } from "../../http/errors";
import { safeFileName, sendFile } from "../../http/send-file";
import { isUuid } from "../../http/uuid";
import { currentUser } from "../auth/auth.plugin";
import {
  BuyerRegistrationService,
  DOCUMENT_NOT_FOUND,
  TERMS_PDF_MESSAGE,
} from "./buyer-registration.service";

/** saveRegistration / updateRegistration take {buyer} (§7: "the buyer object"); a bare object is read too. */
const buyerOf = (body: unknown) => {
  const b = body as { buyer?: unknown } | null;
  return b && typeof b === "object" && "buyer" in b ? b.buyer : b;
};

/**
 * The buyer accreditation wizard's calls (notices-and-accounts §2.11, §7 "Buyers, secretariats and
 * staff"). Every row of route-access.ts here is 'session': the service decides (a BUYER user; the
 * registrant before the body exists; then the body's account, competent authority or unrestricted staff).
 */
export function buyerRegistrationRoutes(
  app: FastifyInstance,
  deps: { db: Db; storage: FileStorage; clock: Clock; publicUrl: string },
) {
  const service = new BuyerRegistrationService({
    ...deps,
    mailer: app.mailer,
    log: (error, message) => app.log.error({ err: error }, message),
  });

  app.post("/api/app/buyer/saveRegistration", async (request) =>
    service.save(currentUser(request), parseBody(buyerRegistrationSchema, buyerOf(request.body))),
  );
  app.post("/api/app/buyer/updateRegistration", async (request) =>
    service.update(currentUser(request), parseBody(buyerRegistrationSchema, buyerOf(request.body))),
  );
  app.post("/api/app/buyer/completeRegistration", async (request) => service.complete(currentUser(request)));

  app.post("/api/app/buyerSecretaryOffice/create", async (request) => {
    const user = currentUser(request);
    const { buyerSecretaryOfficeData } = parseBody(secretaryOfficeCreateSchema, request.body);
    return service.createSecretaryOffices(user, buyerSecretaryOfficeData);
  });
  app.post("/api/app/buyerSecretaryOffice/edit", async (request) => {
    const user = currentUser(request);
    const { buyerSecretaryOfficeData } = parseBody(secretaryOfficeEditSchema, request.body);
    return service.editSecretaryOffices(user, buyerSecretaryOfficeData);
  });
  app.post("/api/app/buyerSecretaryOffice/delete", async (request) => {
    const user = currentUser(request);
    return service.deleteSecretaryOffices(user, parseBody(buyerIdsSchema, request.body).ids);
  });

  app.post("/api/app/buyer/createSupportingStaff", async (request) => {
    const user = currentUser(request);
    return service.createStaff(user, parseBody(buyerStaffCreateSchema, request.body).buyerStaffData);
  });
  app.post("/api/app/buyer/updateSupportingStaff", async (request) => {
    const user = currentUser(request);
    return service.updateStaff(user, parseBody(buyerStaffUpdateSchema, request.body).buyerStaffData);
  });
  app.post("/api/app/buyer/deleteSupportingStaff", async (request) => {
    const user = currentUser(request);
    return service.deleteStaff(user, parseBody(buyerIdsSchema, request.body).ids);
  });

  app.post("/api/app/user/check", async (request) => {
    const user = currentUser(request);
    return service.checkUser(user, parseBody(userCheckSchema, request.body));
  });

  app.post("/api/app/buyer/downloadMembershipTerms", async (request, reply) => {
    const { pdf, fileName } = await service.downloadTerms(currentUser(request));
    return sendFile(reply, fileName, "application/pdf", pdf);
  });
  app.post("/api/app/buyer/requestMembershipTermsSignature", async (request) =>
    service.requestSignature(currentUser(request)),
  );
  // multipart 'file': the signed term, a PDF by its first bytes, at most 30 MB (§9 "Documents").
  app.post("/api/app/buyer/attachMembershipTerms", async (request) => {
    const user = currentUser(request);
    await service.assertCanAttach(user);
    const { filename, file } = await receiveUpload(request, {
      message: TERMS_PDF_MESSAGE,
      maxBytes: UPLOAD_MAX_BYTES,
      read: toBuffer,
    });
    if (file.length === 0 || sniff(file.subarray(0, 16))?.mimeType !== "application/pdf")
      throw new AppError(415, TERMS_PDF_MESSAGE);
    return service.attachTerms(user, {
      filename: safeFileName(filename || "termo-de-adesao-assinado.pdf", 200),
      bytes: file,
    });
  });
  app.post("/api/app/buyer/deleteDocument", async (request) => {
    const user = currentUser(request);
    return service.deleteDocument(user, parseBody(buyerDocumentDeleteSchema, request.body).id);
  });
  app.get<{ Params: { id: string } }>("/api/app/buyer/document/:id", async (request, reply) => {
    const user = currentUser(request);
    if (!isUuid(request.params.id)) throw notFound(DOCUMENT_NOT_FOUND);
    const { doc, stream } = await service.openDocument(user, request.params.id);
    reply.header("content-length", doc.sizeBytes);
    return sendFile(reply, doc.name, doc.mimeType, stream);
  });
}
