import {
  canPlanProcesses,
  FOREIGN_RESPONSIBLE_MESSAGE,
  FOREIGN_SECRETARY_MESSAGE,
  PLANNING_NOT_ALLOWED_MESSAGE,
  PROCESS_EDIT_NOT_ALLOWED_MESSAGE,
  PROCESS_NOT_FOUND_MESSAGE,
  PROCESS_NOT_PENDING_MESSAGE,
} from "@certame/domain";
import type { FastifyRequest } from "fastify";
import type { DbOrTx, Tx } from "../../db/client";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import { requireBuyer } from "../auth/auth.plugin";
import type { SessionUser } from "../auth/auth.service";
import * as repo from "./process.repository";

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

/** A process the planner may read (its body's; deleted ones too): 404 otherwise. */
export async function readableProcess(db: DbOrTx, planner: Planner, processId: string) {
  const row = await repo.findProcess(db, processId);
  assertOwnProcess(row, planner.buyerId);
  return row;
}

/**
 * The process locked for a planning save (DFD, ETP, risk matrix): the planner's body's and not deleted.
 * `pendingOnly` for lots/items and risks, which §4 allows to change only while PROCESS_PENDING.
 */
export async function lockWritableProcess(
  tx: Tx,
  planner: Planner,
  processId: string,
  { pendingOnly = false }: { pendingOnly?: boolean } = {},
) {
  const row = await repo.lockProcess(tx, processId);
  assertOwnProcess(row, planner.buyerId);
  if (row.isDeleted) throw conflict(PROCESS_EDIT_NOT_ALLOWED_MESSAGE);
  if (pendingOnly && row.status !== "PROCESS_PENDING") throw conflict(PROCESS_NOT_PENDING_MESSAGE);
  return row;
}

/**
 * The requesting areas and responsible people chosen for a process must be the body's own: a forged or
 * another body's id is refused naming the field, before anything is written.
 */
export async function assertOwnPeople(
  db: DbOrTx,
  buyerId: string,
  people: { secretaries?: string[]; responsible?: string[] },
) {
  const secretaries = [...new Set(people.secretaries ?? [])];
  const responsible = [...new Set(people.responsible ?? [])];
  const own = await repo.countOwnPeople(db, buyerId, secretaries, responsible);
  if (own.offices !== secretaries.length)
    throw badRequest(FOREIGN_SECRETARY_MESSAGE, [
      { property: "secretaries", errorMessages: [FOREIGN_SECRETARY_MESSAGE] },
    ]);
  if (own.staff !== responsible.length)
    throw badRequest(FOREIGN_RESPONSIBLE_MESSAGE, [
      { property: "responsible", errorMessages: [FOREIGN_RESPONSIBLE_MESSAGE] },
    ]);
  return { secretaries, responsible };
}
