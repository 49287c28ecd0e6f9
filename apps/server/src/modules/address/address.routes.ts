import { addressByPostalCodeSchema, CEP_LOOKUP_FAILED_MESSAGE, CEP_NOT_FOUND_MESSAGE } from "@certame/domain";
import type { FastifyInstance } from "fastify";
import { AppError, notFound, parseBody } from "../../http/errors";
import { type CepLookup, CepLookupUnavailable } from "../../integrations/cep/cep-lookup";
import { currentUser } from "../auth/auth.plugin";

/**
 * The postal-code lookup of the address forms (notices-and-accounts §2.17, §3 "Lookup results", §8):
 * 200 the address, 400 a malformed CEP ('CEP inválido'), 404 'Não encontrado' when the service does
 * not know it, 503 'Erro ao localizar dados do CEP' when the service fails or does not answer in time.
 */
export function addressRoutes(app: FastifyInstance, cep: CepLookup) {
  // Any signed-in user (every form with an address); not public, so it cannot be used as a free proxy.
  app.post("/api/integrations/getAddressByPostalCode", async (request) => {
    currentUser(request);
    const { postalCode } = parseBody(addressByPostalCodeSchema, request.body);
    try {
      const address = await cep.find(postalCode);
      if (!address) throw notFound(CEP_NOT_FOUND_MESSAGE);
      return address;
    } catch (error) {
      if (error instanceof CepLookupUnavailable) {
        request.log.warn({ err: error }, "consulta de CEP falhou");
        throw new AppError(503, CEP_LOOKUP_FAILED_MESSAGE);
      }
      throw error;
    }
  });
}
