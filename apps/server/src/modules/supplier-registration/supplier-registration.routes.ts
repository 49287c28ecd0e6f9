import { supplierDeclarationsSchema, supplierStartRegistrationSchema } from "@certame/domain";
import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock/clock";
import type { Db } from "../../db/client";
import type { FileStorage } from "../../files/file-storage";
import { receiveUpload, toBuffer } from "../../files/multipart";
import { UPLOAD_ERROR_MESSAGE } from "../../files/sniff";
import { parseBody } from "../../http/errors";
import { sendFile } from "../../http/send-file";
import { currentUser } from "../auth/auth.plugin";
import { requireSupplierAccount, SupplierRegistrationService } from "./supplier-registration.service";

/**
 * A supplier's own registration (notices-and-accounts §2.12, §7 "Suppliers"). Session routes: the
 * service lets in SUPPLIER accounts (before and after their supplier row exists) and, for `read`,
 * platform staff. Payloads and answers: see the domain's supplier-registration.schema.ts.
 */
export function supplierRegistrationRoutes(app: FastifyInstance, db: Db, storage: FileStorage, clock: Clock) {
  const registration = new SupplierRegistrationService(db, storage, clock);

  app.post("/api/app/supplier/read", async (request) =>
    registration.read(currentUser(request), request.body),
  );
  app.post("/api/app/supplier/startRegistration", async (request) => {
    const user = currentUser(request);
    requireSupplierAccount(user);
    return registration.start(user, parseBody(supplierStartRegistrationSchema, request.body));
  });
  app.post("/api/app/supplier/updateRegistration", async (request) =>
    registration.update(currentUser(request), request.body),
  );
  app.post("/api/app/supplier/saveRegistrationInformation", async (request) => {
    const user = currentUser(request);
    requireSupplierAccount(user);
    return registration.saveInformation(user, parseBody(supplierDeclarationsSchema, request.body));
  });
  app.post("/api/app/supplier/completeRegistration", async (request) =>
    registration.complete(currentUser(request)),
  );
  app.post("/api/app/supplier/downloadMembershipTerms", async (request, reply) => {
    const { fileName, pdf } = await registration.membershipTerms(currentUser(request));
    return sendFile(reply, fileName, "application/pdf", pdf);
  });
  app.post("/api/app/supplier/requestMembershipTermsSignature", async (request) =>
    registration.requestSignature(currentUser(request)),
  );
  // Multipart, the signed PDF in `file`; refused before a byte is read when it may not be attached.
  app.post("/api/app/supplier/attachMembershipTerms", async (request) => {
    const user = currentUser(request);
    await registration.assertMayAttach(user);
    const { filename, file } = await receiveUpload(request, {
      message: UPLOAD_ERROR_MESSAGE,
      read: toBuffer,
    });
    return registration.attachTerms(user, { filename, bytes: file });
  });
}
