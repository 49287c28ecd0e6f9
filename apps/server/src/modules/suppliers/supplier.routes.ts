import { companyInformationSchema, supplierCreateSchema, supplierListSchema } from "@certame/domain";
import type { FastifyInstance } from "fastify";
import { parseBody } from "../../http/errors";
import { currentUser, requireBuyer } from "../auth/auth.plugin";
import type { SupplierService } from "./supplier.service";

/** Bidders in the notice context (notices-and-accounts §2.9, §7 "Suppliers") and the CNPJ lookup. */
export function supplierRoutes(app: FastifyInstance, suppliers: SupplierService) {
  app.post("/api/app/supplier/list", async (request) => {
    requireBuyer(request);
    return suppliers.list(parseBody(supplierListSchema, request.body));
  });
  app.post("/api/app/supplier/create", async (request) => {
    const { user } = requireBuyer(request);
    return suppliers.create(user.id, parseBody(supplierCreateSchema, request.body));
  });
  // Any signed-in user (buyer and supplier registration forms); not public, so it cannot be scraped.
  app.post("/api/integrations/getCompanyInformation", async (request) => {
    currentUser(request);
    const { cnpj } = parseBody(companyInformationSchema, request.body);
    return suppliers.companyInformation(cnpj);
  });
}
