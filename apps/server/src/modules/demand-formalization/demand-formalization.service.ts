import {
  buildDfdDocument,
  DEMAND_BATCH_NOT_FOUND_MESSAGE,
  DEMAND_CATEGORY_UNKNOWN_MESSAGE,
  DEMAND_FORMALIZATION_NOT_FOUND_MESSAGE,
  DEMAND_LOT_ITEM_TAKEN_MESSAGE,
  DEMAND_PRODUCT_UNKNOWN_MESSAGE,
  DEMAND_UNIT_UNKNOWN_MESSAGE,
  type DemandBatchPayload,
  type DemandFormalizationSaveInput,
  demandFormalizationComplete,
  demandPriorityIssue,
  hasOnlyRestrictedRoles,
  processFileName,
} from "@certame/domain";
import type { Clock } from "../../clock/clock";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { type IssuedDocument, processDocumentId } from "../../files/document-file";
import { readXlsx } from "../../files/spreadsheet";
import { badRequest, notFound, type PropertyError } from "../../http/errors";
import * as buyers from "../buyers/buyer.repository";
import * as lots from "../lots/lot.repository";
import {
  assertOwnPeople,
  lockWritableProcess,
  type Planner,
  readableProcess,
} from "../processes/process.policy";
import * as processes from "../processes/process.repository";
import * as products from "../products/product.repository";
import { demandBatchTemplate, readDemandBatchRows } from "./demand-batch-spreadsheet";
import * as repo from "./demand-formalization.repository";

export type StepStatus = "PENDING" | "IN_PROGRESS" | "COMPLETED";

const field = (property: string, message: string): PropertyError => ({ property, errorMessages: [message] });

/**
 * The Demand Formalization Document (planning §2.5, §3, §4, §5, §7; issue 15 item 3): one per process,
 * saved sub-step by sub-step, with its lot/item lines (typed or imported from the .xlsx template), its
 * requesting areas and responsible people (the process's). Only the body's planners reach it (another
 * body's process answers 404); lines change only while the process is pending (§4); every save is a
 * line of the process's log in the same transaction.
 */
export class DemandFormalizationService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  categories() {
    return repo.allCategories(this.db);
  }

  /** §7 app/demandFormalization/read {process:{id}}: the document (empty fields before the first save). */
  async read(planner: Planner, processId: string) {
    const process = await readableProcess(this.db, planner, processId);
    return this.view(this.db, process);
  }

  private async view(
    db: DbOrTx,
    process: { id: string; processNumber: string; status: string; isDeleted: boolean },
  ) {
    const doc = await repo.findByProcess(db, process.id);
    const [secretaries, responsible, categories, batches] = await Promise.all([
      processes.secretariesOf(db, process.id),
      processes.responsiblesOf(db, process.id),
      doc ? repo.categoriesOf(db, doc.id) : [],
      doc ? repo.batchesOf(db, doc.id) : [],
    ]);
    const binding = doc?.demandFormalizationBinding ?? [];
    return {
      id: doc?.id ?? null,
      process: {
        id: process.id,
        processNumber: process.processNumber,
        status: process.status,
        isDeleted: process.isDeleted,
        secretaries,
        responsible,
      },
      expectedCompletionDateTime: doc?.expectedCompletionDate ?? null,
      hiringPlanProcessNumber: doc?.hiringPlanProcessNumber ?? null,
      categories,
      description: doc?.description ?? null,
      priority: doc?.priority ?? null,
      priorityJustification: doc?.priorityJustification ?? null,
      needOfHiringJustification: doc?.needOfHiringJustification ?? null,
      demandFormalizationBinding: binding,
      // §3: true when there is any binding, otherwise null.
      hasDemandFormalizationBinding: binding.length > 0 ? true : null,
      batches: batches.map(batchView),
      updatedDate: doc?.updatedDate.toISOString() ?? null,
    };
  }

  /** §7 app/demandFormalization/save: the sub-step's fields (those sent), the process's people. */
  async save(planner: Planner, input: DemandFormalizationSaveInput) {
    const now = this.clock();
    return this.db.transaction(async (tx) => {
      const process = await lockWritableProcess(tx, planner, input.process.id);
      const people = await assertOwnPeople(tx, planner.buyerId, {
        secretaries: input.process.secretaries?.map((s) => s.id),
        responsible: input.process.responsible?.map((r) => r.id),
      });
      if (input.categories) {
        const ids = [...new Set(input.categories.map((c) => c.id))];
        if ((await repo.existingCategoryIds(tx, ids)).length !== ids.length)
          throw badRequest(DEMAND_CATEGORY_UNKNOWN_MESSAGE, [
            field("categories", DEMAND_CATEGORY_UNKNOWN_MESSAGE),
          ]);
      }
      const doc = await repo.ensureForProcess(tx, process.id);
      const values = {
        ...(input.expectedCompletionDateTime !== undefined && {
          expectedCompletionDate: input.expectedCompletionDateTime,
        }),
        ...(input.hiringPlanProcessNumber !== undefined && {
          hiringPlanProcessNumber: input.hiringPlanProcessNumber,
        }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.priority !== undefined && { priority: input.priority }),
        ...(input.priorityJustification !== undefined && {
          priorityJustification: input.priorityJustification,
        }),
        ...(input.needOfHiringJustification !== undefined && {
          needOfHiringJustification: input.needOfHiringJustification,
        }),
        ...(input.demandFormalizationBinding !== undefined && {
          demandFormalizationBinding: [...new Set(input.demandFormalizationBinding)],
        }),
      };
      // §4: a high priority needs its justification, whichever save brings which.
      const issue = demandPriorityIssue({ ...doc, ...values });
      if (issue) throw badRequest(issue, [field("priorityJustification", issue)]);
      await repo.updateDocument(tx, doc.id, values, now);
      if (input.categories)
        await repo.setCategories(
          tx,
          doc.id,
          input.categories.map((c) => c.id),
        );
      if (input.process.secretaries)
        await processes.setProcessSecretaries(tx, process.id, people.secretaries);
      if (input.process.responsible)
        await processes.setProcessResponsibles(tx, process.id, people.responsible);
      const fields = [
        ...Object.keys(values),
        ...(input.categories ? ["categories"] : []),
        ...(input.process.secretaries ? ["secretaries"] : []),
        ...(input.process.responsible ? ["responsible"] : []),
      ];
      await this.log(tx, planner, process.id, "DEMAND_FORMALIZATION_SAVED", { fields }, now);
      return this.view(tx, process);
    });
  }

  /** The document by its id, for the lines' calls: another body's answers 404, like an unknown id. */
  private async ownDocument(db: DbOrTx, planner: Planner, demandFormalizationId: string) {
    const doc = await repo.findById(db, demandFormalizationId);
    if (!doc) throw notFound(DEMAND_FORMALIZATION_NOT_FOUND_MESSAGE);
    await readableProcess(db, planner, doc.processId);
    return doc;
  }

  /** §7 batch/list {id}: the document's lines. */
  async listBatches(planner: Planner, demandFormalizationId: string) {
    const doc = await this.ownDocument(this.db, planner, demandFormalizationId);
    return (await repo.batchesOf(this.db, doc.id)).map(batchView);
  }

  /** §7 batch/save {demandFormalizationId, batchesData}: new lines are added, lines with an id changed. */
  async saveBatches(
    planner: Planner,
    input: { demandFormalizationId: string; batchesData: DemandBatchPayload[] },
  ) {
    const now = this.clock();
    return this.db.transaction(async (tx) => {
      const doc = await this.ownDocument(tx, planner, input.demandFormalizationId);
      await lockWritableProcess(tx, planner, doc.processId, { pendingOnly: true });
      await this.assertLines(tx, planner, doc.id, input.batchesData);
      const created = input.batchesData.filter((b) => !b.id);
      for (const b of input.batchesData.filter((b) => b.id))
        await repo.updateBatch(tx, b.id as string, lineColumns(b), now);
      await repo.insertBatches(
        tx,
        created.map((b) => ({ demandFormalizationId: doc.id, ...lineColumns(b) })),
      );
      await repo.updateDocument(tx, doc.id, {}, now);
      const payload = { created: created.length, changed: input.batchesData.length - created.length };
      await this.log(tx, planner, doc.processId, "DEMAND_BATCHES_SAVED", payload, now);
      return (await repo.batchesOf(tx, doc.id)).map(batchView);
    });
  }

  /** §7 batch/delete {id}. */
  async deleteBatch(planner: Planner, batchId: string) {
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      const batch = await repo.findBatch(tx, batchId);
      if (!batch) throw notFound(DEMAND_BATCH_NOT_FOUND_MESSAGE);
      const doc = await this.ownDocument(tx, planner, batch.demandFormalizationId);
      await lockWritableProcess(tx, planner, doc.processId, { pendingOnly: true });
      // Read again under the process's lock: of two deletes at once, the second finds nothing.
      if (!(await repo.findBatch(tx, batchId))) throw notFound(DEMAND_BATCH_NOT_FOUND_MESSAGE);
      await repo.deleteBatch(tx, batch.id);
      await repo.updateDocument(tx, doc.id, {}, now);
      const payload = { number: batch.number, item: batch.item };
      await this.log(tx, planner, doc.processId, "DEMAND_BATCH_DELETED", payload, now);
    });
    return { id: batchId };
  }

  /** The document of the body (issue 15 item 6; issue 35 item 2), as PDF or .docx, named after the process. */
  async documentModel(planner: Planner, processId: string): Promise<IssuedDocument> {
    const process = await readableProcess(this.db, planner, processId);
    const view = await this.view(this.db, process);
    const processNumber = view.process.processNumber;
    return {
      model: buildDfdDocument({
        ...view,
        buyerName: await buyers.buyerName(this.db, planner.buyerId),
        processNumber,
        secretaries: view.process.secretaries,
        responsible: view.process.responsible,
      }),
      // Versioned (issue 35 item 3): the same content gives the same PDF, whatever the day.
      issuedAt: process.createdDate,
      documentId: processDocumentId(process.id, "DEMAND_FORMALIZATION"),
      fileName: (format) => processFileName("dfd", processNumber, format),
    };
  }

  template() {
    return demandBatchTemplate(this.db);
  }

  /** §7 batch/import (multipart file, processId): the sheet's lines added after the last lot. */
  async importBatches(planner: Planner, processId: string, bytes: Buffer) {
    const now = this.clock();
    const workbook = await readXlsx(bytes);
    return this.db.transaction(async (tx) => {
      await lockWritableProcess(tx, planner, processId, { pendingOnly: true });
      const doc = await repo.ensureForProcess(tx, processId);
      const offset = await repo.lastLotNumber(tx, doc.id);
      // Restricted profiles plan but do not register products (the catalogue is the editors', §6).
      const mayCreate = !hasOnlyRestrictedRoles(planner.user.buyer?.staffRoles ?? []);
      const lines = await readDemandBatchRows(tx, workbook, planner.buyerId, offset, mayCreate);
      await this.assertLines(tx, planner, doc.id, lines);
      await repo.insertBatches(
        tx,
        lines.map((b) => ({ demandFormalizationId: doc.id, ...lineColumns(b) })),
      );
      await repo.updateDocument(tx, doc.id, {}, now);
      await this.log(tx, planner, processId, "DEMAND_BATCHES_IMPORTED", { lines: lines.length }, now);
      return { demandFormalizationId: doc.id, batches: (await repo.batchesOf(tx, doc.id)).map(batchView) };
    });
  }

  /** The lines' products (the body's or the shared catalogue), units and lot/item pairs (§5 "Lots"). */
  private async assertLines(
    tx: Tx,
    planner: Planner,
    demandFormalizationId: string,
    lines: DemandBatchPayload[],
  ) {
    const errors: PropertyError[] = [];
    const visible = new Set(
      (
        await products.findVisibleProducts(
          tx,
          planner.buyerId,
          lines.map((b) => b.product.id),
        )
      ).map((p) => p.id),
    );
    const units = new Set(
      await lots.existingUnitCodes(
        tx,
        lines.map((b) => b.measurementUnit.code),
      ),
    );
    const own = new Set(await repo.batchIdsOf(tx, demandFormalizationId));
    const seen = new Set<string>();
    for (const [i, b] of lines.entries()) {
      const at = `batchesData.${i}`;
      if (b.id && !own.has(b.id)) throw notFound(DEMAND_BATCH_NOT_FOUND_MESSAGE);
      if (!visible.has(b.product.id)) errors.push(field(`${at}.product`, DEMAND_PRODUCT_UNKNOWN_MESSAGE));
      if (!units.has(b.measurementUnit.code))
        errors.push(field(`${at}.measurementUnit`, DEMAND_UNIT_UNKNOWN_MESSAGE));
      const pair = `${b.number}/${b.item}`;
      if (seen.has(pair) || (await repo.lotItemTaken(tx, demandFormalizationId, b.number, b.item, b.id)))
        errors.push(field(`${at}.item`, DEMAND_LOT_ITEM_TAKEN_MESSAGE));
      seen.add(pair);
    }
    if (errors.length) throw badRequest(errors[0]?.errorMessages[0] as string, errors);
  }

  private log(tx: Tx, planner: Planner, processId: string, eventType: string, payload: object, at: Date) {
    return processes.appendProcessEvent(tx, {
      processId,
      eventType,
      actorUserId: planner.user.id,
      payload,
      occurredAt: at,
    });
  }
}

const lineColumns = (b: DemandBatchPayload) => ({
  number: b.number,
  item: b.item,
  productId: b.product.id,
  quantity: b.quantity,
  measurementUnitCode: b.measurementUnit.code,
});

type BatchRow = Awaited<ReturnType<typeof repo.batchesOf>>[number];

/** §3 "Demand formalization batch" as read. */
function batchView(b: BatchRow) {
  return {
    id: b.id,
    number: b.number,
    item: b.item,
    quantity: b.quantity,
    measurementUnit: b.measurementUnit,
    product: b.product,
  };
}

/** The DFD's row on the process administration page (§2.3): its status, last change and object. */
export async function demandStepSummary(
  db: DbOrTx,
  processId: string,
): Promise<{ status: StepStatus; updatedDate: Date | null; description: string | null }> {
  const doc = await repo.findByProcess(db, processId);
  if (!doc) return { status: "PENDING", updatedDate: null, description: null };
  const [categories, counts] = await Promise.all([
    repo.categoriesOf(db, doc.id),
    repo.completenessCounts(db, processId, doc.id),
  ]);
  const complete = demandFormalizationComplete({ ...doc, categories, ...counts });
  return {
    status: complete ? "COMPLETED" : "IN_PROGRESS",
    updatedDate: doc.updatedDate,
    description: doc.description,
  };
}
