import { PNCP_MALFORMED_MESSAGE, PNCP_TIMEOUT_MESSAGE, PNCP_UNAVAILABLE_MESSAGE } from "@certame/domain";
import type { FastifyBaseLogger } from "fastify";
import { conflict } from "../../http/errors";
import { PncpPortalError } from "../../integrations/pncp/pncp-client";

const MESSAGES: Record<PncpPortalError["kind"], string> = {
  unavailable: PNCP_UNAVAILABLE_MESSAGE,
  timeout: PNCP_TIMEOUT_MESSAGE,
  malformed: PNCP_MALFORMED_MESSAGE,
};

/**
 * A portal call of the price search: the portal down, silent past the call's deadline or answering
 * nonsense is 409 with the pt-BR message (issue 35: never a 5xx, never a hang; docs/decisions.md
 * "Price search without a process"). The request was right; the platform cannot complete it now.
 */
export async function portalCall<T>(log: FastifyBaseLogger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PncpPortalError)) throw error;
    log.warn({ err: error }, "PNCP");
    throw conflict(MESSAGES[error.kind]);
  }
}
