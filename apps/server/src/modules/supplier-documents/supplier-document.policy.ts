import type { FastifyRequest } from "fastify";
import { forbidden } from "../../http/errors";
import { currentUser } from "../auth/auth.plugin";

/** The library belongs to a supplier account; buyers, citizens and staff get 403. */
export function requireSupplier(request: FastifyRequest) {
  const user = currentUser(request);
  if (user.kind !== "SUPPLIER" || !user.supplier)
    throw forbidden("Ação disponível apenas para fornecedores.");
  return { user, supplierId: user.supplier.id };
}
