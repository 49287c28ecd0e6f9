import {
  supplierDocumentAttachSchema,
  supplierDocumentDeleteSchema,
  supplierDocumentListSchema,
} from "@certame/domain";
import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock/clock";
import type { Db } from "../../db/client";
import { parseBody } from "../../http/errors";
import { requireSupplier } from "./supplier-document.policy";
import { SupplierDocumentService } from "./supplier-document.service";

/**
 * The supplier's qualification-document library (notices-and-accounts §2.13, §7 "Suppliers";
 * trading-room §7 "Suppliers"). Files come from /api/upload first; these calls register them.
 */
export function supplierDocumentRoutes(app: FastifyInstance, db: Db, clock: Clock) {
  const documents = new SupplierDocumentService(db, clock);

  // {params} as the spec writes it, or the filter fields at the top level.
  app.post("/api/app/supplier/qualificationDocumentsList", async (request) => {
    const { supplierId } = requireSupplier(request);
    const body = (request.body ?? {}) as { params?: unknown };
    const params = body.params && typeof body.params === "object" ? body.params : body;
    return documents.list(supplierId, parseBody(supplierDocumentListSchema, params));
  });
  app.post("/api/app/supplier/attachQualificationDocuments", async (request) => {
    const { user, supplierId } = requireSupplier(request);
    return documents.attach(user, supplierId, parseBody(supplierDocumentAttachSchema, request.body));
  });
  app.post("/api/app/supplier/deleteQualificationDocument", async (request) => {
    const { supplierId } = requireSupplier(request);
    return documents.delete(supplierId, parseBody(supplierDocumentDeleteSchema, request.body).id);
  });
}
