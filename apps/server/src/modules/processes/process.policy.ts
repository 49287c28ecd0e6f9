import { canPlanProcesses, PLANNING_NOT_ALLOWED_MESSAGE, PROCESS_NOT_FOUND_MESSAGE } from "@certame/domain";
import type { FastifyRequest } from "fastify";
import { forbidden, notFound } from "../../http/errors";
import { requireBuyer } from "../auth/auth.plugin";
import type { SessionUser } from "../auth/auth.service";

export interface Planner {
  user: SessionUser;
  buyerId: string;
}

/** The route gate of planning (route-access 'planning'): the body's account or a planning profile. */
export function requirePlanner(request: FastifyRequest): Planner {
  const { user, buyer } = requireBuyer(request);
  if (!canPlanProcesses(buyer)) throw forbidden(PLANNING_NOT_ALLOWED_MESSAGE);
  return { user, buyerId: buyer.id };
}

/** Another body's process is not known to exist: 404, as an unknown id. */
export function assertOwnProcess<T extends { buyerId: string }>(
  process: T | undefined,
  buyerId: string,
): asserts process is T {
  if (!process || process.buyerId !== buyerId) throw notFound(PROCESS_NOT_FOUND_MESSAGE);
}
