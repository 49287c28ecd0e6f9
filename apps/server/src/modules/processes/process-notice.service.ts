import {
  type AuctionBatchPayload,
  areLotValuesEditable,
  brasiliaCivilDate,
  hasOnlyRestrictedRoles,
  isSubModalityAllowed,
  type JudgementCriterion,
  type Modality,
  maxMaskedMoney,
  NOTICE_LIMITS,
  noticeLotsFromPlan,
  noticeParticipationOf,
  type PlanGap,
  PROCESS_ALREADY_PUBLISHED_MESSAGE,
  PROCESS_EDIT_NOT_ALLOWED_MESSAGE,
  PROCESS_NOTICE_DEFERRED_FIELDS,
  PROCESS_NOTICE_INCOMPLETE_MESSAGE,
  PROCESS_NOTICE_MISSING_MESSAGE,
  PROCESS_NOTICE_NOT_ALLOWED_MESSAGE,
  PROCESS_NOTICE_PUBLISHED_MESSAGE,
  planGapsForNotice,
  type SubModality,
} from "@certame/domain";
import type { Clock } from "../../clock/clock";
import type { Db, Tx } from "../../db/client";
import { uniqueViolation } from "../../db/errors";
import { appendEvent } from "../../events/event-log.repository";
import { renderDocument } from "../../files/document-file";
import { AppError, badRequest, conflict, forbidden, type PropertyError } from "../../http/errors";
import { ownNotice } from "../lots/lot.policy";
import { batchRows, deleteBatches } from "../lots/lot.repository";
import type { LotService } from "../lots/lot.service";
import type { NoticeEditor } from "../notices/notice.policy";
import { countDocuments, updateNotice } from "../notices/notice.repository";
import { applyPayloadRules, defaultFields } from "../notices/notice-fields";
import { insertPendingNotice, type NoticeLifecycleService } from "../notices/notice-lifecycle.service";
import { issueEdital } from "../process-documents/edital";
import { processAgents } from "../reference-term/reference-term.repository";
import { lockWritableProcess, type Planner, readableProcess } from "./process.policy";
import * as processes from "./process.repository";
import * as repo from "./process-notice.repository";
import {
  attachPlanDocuments,
  discardPlanDocuments,
  type PlanDocumentRenderers,
  type StoredPlanDocument,
  storePdf,
  storePlanDocuments,
} from "./process-notice-documents";
import { type Plan, planSha256, readPlan } from "./process-plan";

/**
 * Creating, changing and publishing a notice reaches beyond planning: the restricted profiles plan
 * (route row 'planning') but do not create or publish notices (notices-and-accounts §6, as
 * requireNoticeEditor).
 */
function noticeEditorOf(planner: Planner): NoticeEditor {
  if (hasOnlyRestrictedRoles(planner.user.buyer?.staffRoles ?? []))
    throw forbidden(PROCESS_NOTICE_NOT_ALLOWED_MESSAGE);
  return planner;
}

const incomplete = (gaps: readonly PropertyError[]) =>
  badRequest(PROCESS_NOTICE_INCOMPLETE_MESSAGE, [...gaps]);

/** The plan's gaps for a notice of this criterion, with the lots' prices that the lots editor cannot hold. */
function gapsOf(
  plan: Plan,
  modality: Modality | null,
  subModality: SubModality | null,
  criterion: JudgementCriterion | null,
  lots: AuctionBatchPayload[],
) {
  const gaps: PlanGap[] = planGapsForNotice({
    description: plan.description,
    modality,
    subModality,
    subModalityAllowed: Boolean(modality && subModality && isSubModalityAllowed(modality, subModality)),
    lots: plan.lots,
    criterion,
  });
  const tooHigh = lots.filter((l) => l.referencePrice > maxMaskedMoney(l.decimalsNumber));
  if (tooHigh.length && !gaps.some((g) => g.property === "budget"))
    gaps.push({
      property: "budget",
      errorMessages: [
        `O preço de referência passa de R$ 9.999.999 em: ${tooHigh.map((l) => `lote ${l.number} item ${l.item}`).join(", ")}.`,
      ],
    });
  return gaps;
}

/** The lots editor's refusal of the plan's lots, named on the DFD (its lot and item) instead of a payload index. */
async function applyLots(
  lots: LotService,
  tx: Tx,
  notice: Parameters<LotService["applyInTx"]>[1],
  payload: AuctionBatchPayload[],
  valuesEditable: boolean,
  buyerId: string,
) {
  try {
    return await lots.applyInTx(tx, notice, payload, valuesEditable, buyerId);
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode !== 400 || !error.properties) throw error;
    const messages = error.properties.flatMap((p) => {
      const lot = payload[Number(p.property.split(".")[0])];
      const where = lot ? `Lote ${lot.number} item ${lot.item}: ` : "";
      return p.errorMessages.map((m) => `${where}${m}`);
    });
    throw incomplete([{ property: "demandFormalization", errorMessages: messages }]);
  }
}

/**
 * Step 6 'Edital' of the process administration (issue 35): the notice made from the plan, kept in
 * step with it while it is a draft, and published with the process. The notice's own rules decide
 * (its creation, its lots editor, its publication); the plan gives the values. Each call is one
 * transaction with its lines in the process's and the notice's logs.
 */
export class ProcessNoticeService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: {
      lifecycle: NoticeLifecycleService;
      lots: LotService;
      documents: PlanDocumentRenderers;
    },
  ) {}

  /**
   * app/process/notice/create → {id, created}: the PENDING notice made from the process, or the one it
   * already has (created false). The plan's documents are rendered before the transaction (their
   * bytes are removed again when nothing is recorded).
   */
  async create(planner: Planner, processId: string): Promise<{ id: string; created: boolean }> {
    const editor = noticeEditorOf(planner);
    const process = await readableProcess(this.db, planner, processId);
    if (process.isDeleted) throw conflict(PROCESS_EDIT_NOT_ALLOWED_MESSAGE);
    const existing = await repo.linkedNotice(this.db, processId);
    if (existing) return { id: existing.id, created: false };
    if (process.status !== "PROCESS_PENDING") throw conflict(PROCESS_ALREADY_PUBLISHED_MESSAGE);
    // Refused before anything is rendered; checked again under the process's lock.
    this.draftOf(await readPlan(this.db, processId), process.processNumber);
    const files = await storePlanDocuments(this.deps.documents, planner, process);
    let result: { id: string; created: boolean };
    try {
      result = await this.db.transaction(async (tx) => {
        const locked = await lockWritableProcess(tx, planner, processId);
        const again = await repo.linkedNotice(tx, processId);
        if (again) return { id: again.id, created: false };
        if (locked.status !== "PROCESS_PENDING") throw conflict(PROCESS_ALREADY_PUBLISHED_MESSAGE);
        return { id: await this.createLocked(tx, editor, locked, files), created: true };
      });
    } catch (error) {
      await discardPlanDocuments(this.deps.documents.storage, files);
      // Two creations at once: the unique link decides, the loser answers with the winner's notice.
      const winner =
        uniqueViolation(error) !== undefined ? await repo.linkedNotice(this.db, processId) : undefined;
      if (winner) return { id: winner.id, created: false };
      throw error;
    }
    if (!result.created) await discardPlanDocuments(this.deps.documents.storage, files);
    return result;
  }

  /** The notice's fields and lots from the plan, or the 400 naming what the plan lacks. */
  private draftOf(plan: Plan, processNumber: string, now = this.clock()) {
    const { modality, subModality } = plan;
    const defaults =
      modality && subModality && isSubModalityAllowed(modality, subModality)
        ? defaultFields(modality, subModality)
        : null;
    const lots = noticeLotsFromPlan(plan.lots);
    const gaps = gapsOf(plan, modality, subModality, defaults?.dispensationForm ?? null, lots);
    if (gaps.length || !defaults) throw incomplete(gaps);
    const fields = applyPayloadRules({
      ...defaults,
      noticeNumber: processNumber,
      processNumber,
      objectOfInterest: (plan.description ?? "").trim().slice(0, NOTICE_LIMITS.objectOfInterestMax),
      purchaseYear: brasiliaCivilDate(now).year,
      processParticipation: noticeParticipationOf(
        lots.filter((l) => l.item === 1).map((l) => l.batchItemParticipation),
      ),
      // A secret estimate decided in the reference term (art. 24) stays secret; otherwise the notice's default.
      shouldDiscloseReferencePrice: plan.confidentialEstimate ? false : defaults.shouldDiscloseReferencePrice,
    });
    return { fields, lots };
  }

  private async createLocked(
    tx: Tx,
    editor: NoticeEditor,
    process: processes.ProcessRow,
    files: readonly StoredPlanDocument[],
  ) {
    const now = this.clock();
    const plan = await readPlan(tx, process.id);
    const draft = this.draftOf(plan, process.processNumber, now);
    const fields = {
      ...draft.fields,
      // The process's requesting areas are the body's units; its responsible auctioneers lead the notice.
      secretaryOffice: (await processes.secretariesOf(tx, process.id)).map((s) => s.id),
      auctioneers: (await processAgents(tx, process.id)).map((a) => a.id),
    };
    const id = await insertPendingNotice(tx, editor, fields, {
      deferred: PROCESS_NOTICE_DEFERRED_FIELDS,
      process: { id: process.id, syncedAt: now },
    });
    const notice = await ownNotice(tx, editor.buyerId, id, true);
    await applyLots(this.deps.lots, tx, notice, draft.lots, true, editor.buyerId);
    const documents = await attachPlanDocuments(tx, id, editor.user.id, files);
    const planDigest = planSha256(plan);
    await appendEvent(tx, {
      auctionNoticeId: id,
      eventType: "NOTICE_CREATED",
      actorUserId: editor.user.id,
      payload: {
        fromProcess: process.id,
        modality: fields.modality,
        noticeNumber: fields.noticeNumber,
        processNumber: fields.processNumber,
        lots: draft.lots.length,
        documents,
      },
    });
    await processes.appendProcessEvent(tx, {
      processId: process.id,
      eventType: "PROCESS_NOTICE_CREATED",
      actorUserId: editor.user.id,
      payload: { auctionNoticeId: id, lots: draft.lots.length, planSha256: planDigest },
      occurredAt: now,
    });
    return id;
  }

  /**
   * app/process/notice/sync → {id}: the plan's object, lots (line, quantity, unit, product, options)
   * and reference prices carried into the notice while it is a draft; a lot the plan no longer has
   * leaves it. What only the notice decides (dates, people, criterion, subcontracting) stays.
   */
  async sync(planner: Planner, processId: string): Promise<{ id: string }> {
    const editor = noticeEditorOf(planner);
    const now = this.clock();
    return this.db.transaction(async (tx) => {
      const { process, notice } = await lockNoticeAndProcess(tx, planner, editor, processId);
      if (!notice) throw missingNotice();
      if (notice.status !== "PENDING") throw conflict(PROCESS_NOTICE_PUBLISHED_MESSAGE);
      const plan = await readPlan(tx, process.id);
      const rows = await batchRows(tx, notice.id);
      const byKey = new Map(rows.map((r) => [`${r.number}/${r.item}`, r]));
      const lots = noticeLotsFromPlan(plan.lots, (number, item) => {
        const r = byKey.get(`${number}/${item}`);
        return (
          r && {
            id: r.id,
            decimalsNumber: r.decimalsNumber,
            minimumVariation: r.minimumVariation,
            percentMinimumVariation: Number(r.percentMinimumVariation),
            batchItemParticipation: r.batchItemParticipation,
            wideParticipationBatch: r.wideParticipationBatch,
            isSubcontractingIndicator: r.isSubcontractingIndicator,
            shouldAttachTechnicalDocuments: r.shouldAttachTechnicalDocuments,
          }
        );
      });
      const gaps = gapsOf(plan, notice.modality, notice.subModality, notice.dispensationForm, lots);
      if (gaps.length) throw incomplete(gaps);
      const kept = new Set(lots.flatMap((l) => (l.id ? [l.id] : [])));
      const removed = rows.filter((r) => !kept.has(r.id)).map((r) => r.id);
      if (removed.length) await deleteBatches(tx, notice.id, removed);
      const changes = {
        objectOfInterest: (plan.description ?? "").trim().slice(0, NOTICE_LIMITS.objectOfInterestMax),
        processParticipation: noticeParticipationOf(
          lots.filter((l) => l.item === 1).map((l) => l.batchItemParticipation),
        ),
        // An estimate the term made secret after the notice was made goes secret in the notice too
        // (art. 24); a term that stops being secret leaves the notice's own choice alone.
        ...(plan.confidentialEstimate ? { shouldDiscloseReferencePrice: false } : {}),
        processSyncedAt: now,
      };
      await updateNotice(tx, notice.id, changes);
      const valuesEditable = areLotValuesEditable(notice, now);
      const applied = await applyLots(
        this.deps.lots,
        tx,
        { ...notice, ...changes },
        lots,
        valuesEditable,
        editor.buyerId,
      );
      await appendEvent(tx, {
        auctionNoticeId: notice.id,
        eventType: "NOTICE_SYNCED_FROM_PROCESS",
        actorUserId: editor.user.id,
        payload: { processId: process.id, ...applied, removed },
      });
      await processes.appendProcessEvent(tx, {
        processId: process.id,
        eventType: "PROCESS_NOTICE_SYNCED",
        actorUserId: editor.user.id,
        payload: { auctionNoticeId: notice.id, planSha256: planSha256(plan) },
        occurredAt: now,
      });
      return { id: notice.id };
    });
  }

  /**
   * app/process/publish: the linked notice published by the notice's own rules (registration
   * approved, complete notice, lots, the edital file; the PNCP hook) and the process PUBLISHED, in one
   * transaction: a refusal of the notice leaves the process pending.
   */
  async publish(planner: Planner, processId: string) {
    const editor = noticeEditorOf(planner);
    const drafted: StoredPlanDocument[] = [];
    try {
      await this.db.transaction(async (tx) => {
        const { process, notice } = await lockNoticeAndProcess(tx, planner, editor, processId);
        if (process.status !== "PROCESS_PENDING") throw conflict(PROCESS_ALREADY_PUBLISHED_MESSAGE);
        if (!notice) throw missingNotice();
        // Without a main file of the body's own, the edital the platform drafts from the notice as it
        // is now becomes the notice's main file (step 9: the plan published with no retyping).
        if ((await countDocuments(tx, notice.id, "AUCTION_NOTICE")) === 0) {
          const edital = await issueEdital(tx, notice.id, this.clock());
          if (edital) {
            drafted.push(
              await storePdf(this.deps.documents, {
                name: edital.fileName("pdf"),
                description: "Edital gerado pela plataforma a partir do processo",
                bytes: await renderDocument(edital, "pdf"),
              }),
            );
            await attachPlanDocuments(tx, notice.id, editor.user.id, drafted, "AUCTION_NOTICE");
          }
        }
        await this.deps.lifecycle.publishWithin(tx, editor, notice.id);
        // The lifecycle's hook publishes the process too (publishProcessOfNotice); said here as well so
        // that this call never depends on how the lifecycle was wired.
        await publishProcessOfNotice(tx, notice.id, editor.user.id, this.clock());
      });
    } catch (error) {
      // Refused (the notice's rules, a race): the drafted file's row rolled back, its bytes go too.
      await discardPlanDocuments(this.deps.documents.storage, drafted);
      throw error;
    }
  }
}

/**
 * The process's notice and the process, locked in the order every notice change takes them (the
 * notice first: its publication then publishes the process), so that a sync or a publication of the
 * process never waits in a cycle with the notice's own publication. Another body's process is a 404
 * and a deleted one a 409 before anything is locked.
 */
async function lockNoticeAndProcess(tx: Tx, planner: Planner, editor: NoticeEditor, processId: string) {
  const seen = await readableProcess(tx, planner, processId);
  if (seen.isDeleted) throw conflict(PROCESS_EDIT_NOT_ALLOWED_MESSAGE);
  const before = await repo.linkedNotice(tx, processId);
  const locked = before ? await ownNotice(tx, editor.buyerId, before.id, true) : undefined;
  const process = await lockWritableProcess(tx, planner, processId);
  // A notice made meanwhile (its creation held the process): taken now, after the process.
  const after = locked ? undefined : await repo.linkedNotice(tx, processId);
  const notice = locked ?? (after ? await ownNotice(tx, editor.buyerId, after.id, true) : undefined);
  return { process, notice };
}

const missingNotice = () =>
  badRequest(PROCESS_NOTICE_MISSING_MESSAGE, [
    { property: "auctionNotice", errorMessages: [PROCESS_NOTICE_MISSING_MESSAGE] },
  ]);

/**
 * A notice made from a process publishes its process (PROCESS_PUBLISHED, planning §4), in the
 * transaction that publishes the notice — whichever way it is published (the process's 'Publicar
 * Processo' or the notice's own page). No-op for a notice without a process or a process already out.
 */
export async function publishProcessOfNotice(tx: Tx, noticeId: string, actorUserId: string, at: Date) {
  const processId = await repo.processOfNotice(tx, noticeId);
  if (!processId) return;
  const process = await processes.lockProcess(tx, processId);
  // A deleted process stays as it was: its notice, published from the notices' page, goes alone.
  if (process?.status !== "PROCESS_PENDING" || process.isDeleted) return;
  await processes.updateProcess(tx, processId, { status: "PROCESS_PUBLISHED" });
  await processes.appendProcessEvent(tx, {
    processId,
    eventType: "PROCESS_PUBLISHED",
    actorUserId,
    payload: { auctionNoticeId: noticeId },
    occurredAt: at,
  });
}
