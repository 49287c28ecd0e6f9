import {
  brasiliaCivilDate,
  civilDateKey,
  PROCESS_DELETE_NOT_ALLOWED_MESSAGE,
  PROCESS_EDIT_NOT_ALLOWED_MESSAGE,
  PROCESS_NUMBER_TAKEN_MESSAGE,
  PROCESS_STEP_KIND_LABELS,
  PROCESS_STEP_SLUGS,
  PROCESS_UNDO_NOT_ALLOWED_MESSAGE,
  type ProcessCreateInput,
  type ProcessEditInput,
  type ProcessListInput,
  type ProcessStepKind,
  processActions,
  processSteps,
} from "@certame/domain";
import type { Clock } from "../../clock/clock";
import type { Db, Tx } from "../../db/client";
import { uniqueViolation } from "../../db/errors";
import { badRequest, conflict } from "../../http/errors";
import { assertOwnProcess, type Planner } from "./process.policy";
import * as repo from "./process.repository";
import { linkedNotices } from "./process-notice.repository";
import { noticeOverview, planningOverview } from "./process-overview";

const numberTaken = () =>
  badRequest(PROCESS_NUMBER_TAKEN_MESSAGE, [
    { property: "processNumber", errorMessages: [PROCESS_NUMBER_TAKEN_MESSAGE] },
  ]);

const isUniqueViolation = (error: unknown) => uniqueViolation(error) !== undefined;

/**
 * Processes being planned (planning §2.2, §2.3, §4; issue 15): created by number (unique within the
 * body), listed, renamed, soft-deleted and recovered. Only the body's planners see them (another
 * body's process answers 404), and every change is a line of the process's log, in its transaction.
 */
/** The signatures of the process's documents, per step ('Assinaturas'; process-signature.service.ts). */
export interface StepSignatures {
  stepSignatures(planner: Planner, processId: string): Promise<Partial<Record<ProcessStepKind, unknown[]>>>;
}

export class ProcessService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly signatures?: StepSignatures,
  ) {}

  async create(planner: Planner, input: ProcessCreateInput) {
    const now = this.clock();
    try {
      return await this.db.transaction(async (tx) => {
        if (await repo.numberTaken(tx, planner.buyerId, input.processNumber)) throw numberTaken();
        const row = await repo.insertProcess(tx, {
          buyerId: planner.buyerId,
          processNumber: input.processNumber,
          processDate: civilDateKey(brasiliaCivilDate(now)),
          createdByUserId: planner.user.id,
        });
        await this.log(tx, planner, row.id, "PROCESS_CREATED", { processNumber: row.processNumber }, now);
        return { id: row.id };
      });
    } catch (error) {
      // Two creations of the same number at once: the unique index decides, the loser is told why.
      if (isUniqueViolation(error)) throw numberTaken();
      throw error;
    }
  }

  /** §7 app/process/edit: the number, inline on the administration page. */
  async edit(planner: Planner, input: ProcessEditInput) {
    const now = this.clock();
    try {
      await this.db.transaction(async (tx) => {
        const row = await repo.lockProcess(tx, input.id);
        assertOwnProcess(row, planner.buyerId);
        if (row.isDeleted) throw conflict(PROCESS_EDIT_NOT_ALLOWED_MESSAGE);
        if (row.processNumber === input.processNumber) return;
        if (await repo.numberTaken(tx, planner.buyerId, input.processNumber, row.id)) throw numberTaken();
        await repo.updateProcess(tx, row.id, { processNumber: input.processNumber });
        const change = { from: row.processNumber, to: input.processNumber };
        await this.log(tx, planner, row.id, "PROCESS_NUMBER_CHANGED", change, now);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw numberTaken();
      throw error;
    }
    return this.read(planner, input.id);
  }

  /** §7 app/process/list: {processes, limitResult, total}. */
  async list(planner: Planner, input: ProcessListInput) {
    const { rows, total } = await repo.listProcesses(this.db, planner.buyerId, input);
    const notices = await linkedNotices(
      this.db,
      rows.map((r) => r.id),
    );
    return {
      processes: rows.map((r) => ({
        id: r.id,
        processNumber: r.processNumber,
        createdDate: r.createdDate.toISOString(),
        secretaries: r.secretaries.map((name) => ({ name })),
        demandFormalization: { description: r.description },
        preliminaryTechnicalStudy: { modality: r.modality },
        processDate: r.processDate,
        status: r.status,
        isDeleted: r.isDeleted,
        actions: processActions(r.status, r.isDeleted),
        // The notice made from the process (issue 35), for a link from the list.
        auctionNotice: notices.get(r.id) ?? null,
      })),
      limitResult: input.limit,
      total,
    };
  }

  /** §7 app/process/read: the process, its general data and its steps (§2.3, §4 "Process step order"). */
  async read(planner: Planner, id: string) {
    const row = await repo.findProcess(this.db, id);
    assertOwnProcess(row, planner.buyerId);
    const [secretaries, overview, signed] = await Promise.all([
      repo.secretariesOf(this.db, id),
      planningOverview(this.db, id),
      this.signatures?.stepSignatures(planner, id) ?? {},
    ]);
    const notice = await noticeOverview(this.db, id, overview.plan);
    const stepOf = (kind: ProcessStepKind) => notice.steps[kind] ?? overview.steps[kind];
    return {
      id: row.id,
      processNumber: row.processNumber,
      createdDate: row.createdDate.toISOString(),
      processDate: row.processDate,
      status: row.status,
      isDeleted: row.isDeleted,
      secretaries,
      demandFormalization: { description: overview.description },
      preliminaryTechnicalStudy: { modality: overview.modality, subModality: overview.subModality },
      riskManagement: { processRisk: overview.processRisk },
      auctionNotice: notice.auctionNotice,
      auctioneers: notice.auctioneers,
      totalValue: notice.totalValue,
      actions: processActions(row.status, row.isDeleted),
      steps: processSteps().map((kind) => ({
        kind,
        label: PROCESS_STEP_KIND_LABELS[kind],
        slug: PROCESS_STEP_SLUGS[kind] ?? null,
        signatures: (signed as Partial<Record<ProcessStepKind, unknown[]>>)[kind] ?? [],
        suppliers: [],
        ...stepOf(kind),
        // The steps without a document yet (the contract) stay pending.
        status: stepOf(kind)?.status ?? ("PENDING" as const),
        updatedDate: stepOf(kind)?.updatedDate ?? null,
      })),
    };
  }

  /** §7 app/process/listResponsible {page}: the body's staff, by name (the responsible pickers). */
  async listResponsible(planner: Planner, input: { page: number; limit: number }) {
    const { rows, total } = await repo.staffOfBody(this.db, planner.buyerId, {
      limit: input.limit,
      offset: (input.page - 1) * input.limit,
    });
    return { responsible: rows, limitResult: input.limit, total };
  }

  async remove(planner: Planner, id: string) {
    await this.toggleDeleted(planner, id, true);
  }

  async undo(planner: Planner, id: string) {
    await this.toggleDeleted(planner, id, false);
  }

  /** §4: 'Excluir' only a pending, live process; 'Desfazer' only a deleted one. */
  private async toggleDeleted(planner: Planner, id: string, deleted: boolean) {
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      const row = await repo.lockProcess(tx, id);
      assertOwnProcess(row, planner.buyerId);
      const allowed = processActions(row.status, row.isDeleted).includes(deleted ? "DELETE" : "UNDO");
      if (!allowed)
        throw conflict(deleted ? PROCESS_DELETE_NOT_ALLOWED_MESSAGE : PROCESS_UNDO_NOT_ALLOWED_MESSAGE);
      await repo.updateProcess(tx, id, { isDeleted: deleted, deletedAt: deleted ? now : null });
      await this.log(tx, planner, id, deleted ? "PROCESS_DELETED" : "PROCESS_RESTORED", {}, now);
    });
  }

  private log(tx: Tx, planner: Planner, processId: string, eventType: string, payload: object, at: Date) {
    return repo.appendProcessEvent(tx, {
      processId,
      eventType,
      actorUserId: planner.user.id,
      payload,
      occurredAt: at,
    });
  }
}
