import { PNCP_MALFORMED_MESSAGE, PNCP_TIMEOUT_MESSAGE, PNCP_UNAVAILABLE_MESSAGE } from "@certame/domain";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../http/errors";
import { PncpPortalError } from "../../integrations/pncp/pncp-client";

const MESSAGES: Record<PncpPortalError["kind"], string> = {
  unavailable: PNCP_UNAVAILABLE_MESSAGE,
  timeout: PNCP_TIMEOUT_MESSAGE,
  malformed: PNCP_MALFORMED_MESSAGE,
};

/**
 * A portal call of the price search: the portal down, silent past the call's deadline or answering
 * nonsense is 503 with the pt-BR message, within the call's deadline (issue 35: never a hang), as the
 * other outside services answer (CEP, CNPJ, payments): the request was right, the client may retry.
 */
export async function portalCall<T>(log: FastifyBaseLogger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PncpPortalError)) throw error;
    log.warn({ err: error }, "PNCP");
    throw new AppError(503, MESSAGES[error.kind]);
  }
}
