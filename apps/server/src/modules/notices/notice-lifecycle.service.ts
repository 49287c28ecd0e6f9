import {
  areNoticeLotsEditable,
  BUYER_NOT_APPROVED_MESSAGE,
  canDeleteNotice,
  canFinishNotice,
  canReopenNotice,
  isNoticeEditable,
  isSubModalityAllowed,
  lockedNoticeFields,
  NOTICE_CANCELLABLE_STATUSES,
  NOTICE_SUSPENDABLE_STATUSES,
  type NoticeCreateInput,
  type NoticeEditInput,
  type NoticeStatus,
  publicationProofApplies,
  publishKind,
  QUALIFICATION_DOCUMENT_CLASSES,
  REOPENED_NOTICE_STATUS,
  SUB_MODALITIES_BY_MODALITY,
  type SubModality,
  type UpdateStatusTarget,
  type VariationKind,
} from "@certame/domain";
import { type Clock, systemClock } from "../../clock/clock";
import type { Db, Tx } from "../../db/client";
import { appendEvent } from "../../events/event-log.repository";
import { badRequest, conflict, forbidden, VALIDATION_MESSAGE } from "../../http/errors";
import { buyerRegistrationStatus } from "../registration-analysis/registration-analysis.repository";
import { assertOwnNotice, type NoticeEditor } from "./notice.policy";
import * as repo from "./notice.repository";
import { noticeContentSha256 } from "./notice-content-hash";
import {
  applyPayloadRules,
  assertValidNotice,
  changedFields,
  defaultFields,
  definedFields,
  fieldsToRow,
  lockViolations,
  type NoticeFields,
  peopleOf,
  rowToFields,
} from "./notice-fields";

const WRONG_STATUS = {
  edit: "Este processo não pode ser editado no status atual.",
  delete:
    "Apenas processos pendentes, ou encerrados de formalização e contratação direta, podem ser excluídos.",
  publish: "Apenas processos pendentes ou suspensos por prazo indeterminado podem ser publicados.",
  suspend:
    "Apenas processos publicados, em andamento ou suspensos podem ser suspensos por prazo indeterminado.",
  finish: "Apenas processos presenciais em andamento podem ser finalizados.",
  reopen: "Apenas processos encerrados de formalização e contratação direta podem ser retomados.",
  cancel: "Apenas processos publicados e ainda não encerrados podem ser anulados.",
  variation:
    "O tipo de variação só pode ser alterado com o processo pendente ou suspenso por prazo indeterminado.",
};

/** Arms a notice's clocks in the room's engine (room/engine/lot-timer.worker.ts), given by app.ts. */
export type ArmNoticeClocks = (tx: Tx, noticeId: string) => Promise<void>;

/**
 * Other modules' work in the transaction of a status move, given by app.ts (the notices module does
 * not import them): the publication to the national portal queues its jobs there.
 */
export interface NoticeLifecycleHooks {
  /** The notice was published or republished, by this user. */
  onPublished?: (tx: Tx, noticeId: string, actorUserId: string) => Promise<void>;
  /** The process was finished (its results are final). */
  onFinished?: (tx: Tx, noticeId: string) => Promise<void>;
  /** The notice was suspended or cancelled (its situation changes where it was published). */
  onWithdrawn?: (tx: Tx, noticeId: string) => Promise<void>;
}

/**
 * A new PENDING notice of the editor's body with its people and required document classes, after
 * every rule of a whole notice, in the caller's transaction: app/auction/create, the import and the
 * notice made from a planning process (issue 35), which links it to its process and may leave the
 * `deferred` fields to the notice's form (assertValidNotice).
 */
export async function insertPendingNotice(
  tx: Tx,
  editor: NoticeEditor,
  fields: NoticeFields,
  options: { deferred?: readonly string[]; process?: { id: string; syncedAt: Date } } = {},
): Promise<string> {
  await assertValidNotice(tx, editor.buyerId, fields, [], options.deferred);
  const id = await repo.insertNotice(tx, {
    ...fieldsToRow(fields),
    buyerId: editor.buyerId,
    status: "PENDING",
    createdByUserId: editor.user.id,
    processId: options.process?.id ?? null,
    processSyncedAt: options.process?.syncedAt ?? null,
  });
  await repo.replaceNoticePeople(tx, id, peopleOf(fields));
  await repo.replaceNoticeDocumentClasses(
    tx,
    id,
    fields.othersDocumentsClassesRequired.map((c) => c.id),
  );
  return id;
}

/** Create, edit and the status moves of a notice (notices-and-accounts §4, §7). Each is one transaction with its event. */
export class NoticeLifecycleService {
  constructor(
    private readonly db: Db,
    private readonly armNoticeClocks: ArmNoticeClocks,
    private readonly clock: Clock = systemClock,
    private readonly hooks: NoticeLifecycleHooks = {},
  ) {}

  /** The locked, owned notice inside a transaction. */
  private async own(tx: Tx, editor: NoticeEditor, id: string) {
    const row = await repo.lockNotice(tx, id);
    assertOwnNotice(row, editor.buyerId);
    return row as repo.NoticeRow & { status: NoticeStatus };
  }

  private async currentFields(tx: Tx, row: repo.NoticeRow) {
    // One client per transaction: its queries run one after the other.
    const people = await repo.findNoticePeopleIds(tx, row.id);
    const classes = await repo.findNoticeDocumentClasses(tx, row.id);
    return rowToFields(
      row,
      people,
      classes.map((c) => c.id),
    );
  }

  private async save(tx: Tx, id: string, f: NoticeFields) {
    await repo.updateNotice(tx, id, fieldsToRow(f));
    await repo.replaceNoticePeople(tx, id, peopleOf(f));
    await repo.replaceNoticeDocumentClasses(
      tx,
      id,
      f.othersDocumentsClassesRequired.map((c) => c.id),
    );
    // A published notice's clocks follow its dates: an edit of the proposal or session dates moves
    // them (no-op for a draft; the timer worker picks the new due time up on its next poll).
    await this.armNoticeClocks(tx, id);
  }

  /** app/auction/create → {id}: a PENDING notice of the editor's body, from the modality's defaults. */
  async create(editor: NoticeEditor, input: NoticeCreateInput): Promise<{ id: string }> {
    const sub = isSubModalityAllowed(input.modality, input.subModality)
      ? input.subModality
      : (SUB_MODALITIES_BY_MODALITY[input.modality][0] as SubModality);
    const fields = applyPayloadRules({ ...defaultFields(input.modality, sub), ...definedFields(input) });
    return this.db.transaction(async (tx) => {
      const id = await insertPendingNotice(tx, editor, fields);
      await this.armNoticeClocks(tx, id);
      await appendEvent(tx, {
        auctionNoticeId: id,
        eventType: "NOTICE_CREATED",
        actorUserId: editor.user.id,
        payload: {
          modality: fields.modality,
          noticeNumber: fields.noticeNumber,
          processNumber: fields.processNumber,
        },
      });
      return { id };
    });
  }

  /**
   * app/auction/edit: the sent fields over the stored notice. Only in the 'Editar' statuses (§4);
   * a field locked by status or time (§4) may be sent unchanged, never changed.
   */
  async edit(editor: NoticeEditor, input: NoticeEditInput, now = this.clock()) {
    const { id, ...rest } = input;
    const sent = definedFields(rest) as Partial<NoticeFields>;
    return this.db.transaction(async (tx) => {
      const row = await this.own(tx, editor, id);
      if (!isNoticeEditable(row.status)) throw conflict(WRONG_STATUS.edit);
      const current = await this.currentFields(tx, row);
      const locked = lockedNoticeFields(row, now);
      const merged = applyPayloadRules({ ...current, ...sent });
      await assertValidNotice(tx, editor.buyerId, merged, lockViolations(locked, current, sent));
      const changed = changedFields(current, merged);
      if (changed.length === 0) return { id, changed };
      await this.save(tx, id, merged);
      await appendEvent(tx, {
        auctionNoticeId: id,
        eventType: "NOTICE_UPDATED",
        actorUserId: editor.user.id,
        payload: { changed },
      });
      return { id, changed };
    });
  }

  /** app/auction/delete: soft delete (is_deleted), PENDING or a finished formalization/direct process (§4). */
  async delete(editor: NoticeEditor, id: string) {
    return this.db.transaction(async (tx) => {
      const row = await this.own(tx, editor, id);
      if (!canDeleteNotice(row.status, row.modality)) throw conflict(WRONG_STATUS.delete);
      // A draft made from a planning process lets go of it: the process may make its notice again. A
      // finished one stays its published process's notice (its dates, winners and auctioneer).
      await repo.updateNotice(tx, id, {
        isDeleted: true,
        ...(row.status === "PENDING" ? { processId: null } : {}),
      });
      await appendEvent(tx, {
        auctionNoticeId: id,
        eventType: "NOTICE_DELETED",
        actorUserId: editor.user.id,
        payload: { status: row.status, ...(row.processId ? { processId: row.processId } : {}) },
      });
      return { id };
    });
  }

  /**
   * app/auction/duplicate: a new PENDING notice with the source's fields, people, required documents
   * and lots (phases start over), under a new process and notice number; files are not copied.
   */
  async duplicate(
    editor: NoticeEditor,
    input: { id: string; processNumber?: string; noticeNumber?: string },
  ) {
    return this.db.transaction(async (tx) => {
      const source = await this.own(tx, editor, input.id);
      const copySuffix = " (cópia)";
      const numbers = {
        noticeNumber:
          input.noticeNumber ?? `${source.noticeNumber.slice(0, 60 - copySuffix.length)}${copySuffix}`,
        processNumber:
          input.processNumber ?? `${source.processNumber.slice(0, 60 - copySuffix.length)}${copySuffix}`,
      };
      const same = (["noticeNumber", "processNumber"] as const).filter((k) => numbers[k] === source[k]);
      if (same.length) {
        throw badRequest(
          VALIDATION_MESSAGE,
          same.map((property) => ({
            property,
            errorMessages: ["Informe um número diferente do processo original"],
          })),
        );
      }
      const fields = { ...(await this.currentFields(tx, source)), ...numbers };
      const newId = await repo.insertNotice(tx, {
        ...fieldsToRow(fields),
        buyerId: editor.buyerId,
        status: "PENDING",
        createdByUserId: editor.user.id,
      });
      await this.save(tx, newId, fields);
      const lots = await repo.copyBatches(tx, source.id, newId);
      await appendEvent(tx, {
        auctionNoticeId: newId,
        eventType: "NOTICE_CREATED",
        actorUserId: editor.user.id,
        payload: { duplicatedFrom: source.id, ...numbers, lots },
      });
      await appendEvent(tx, {
        auctionNoticeId: source.id,
        eventType: "NOTICE_DUPLICATED",
        actorUserId: editor.user.id,
        payload: { newNoticeId: newId },
      });
      return { id: newId };
    });
  }

  /**
   * app/auction/updateStatus. PUBLISHED publishes a PENDING notice or republishes a
   * SUSPENDED_INDEFINITELY one (§4); it needs a complete notice, at least one lot and the main notice
   * file (AUCTION_NOTICE). SUSPENDED_INDEFINITELY suspends a notice that is out and not closed.
   */
  async updateStatus(editor: NoticeEditor, id: string, status: UpdateStatusTarget) {
    return this.db.transaction(async (tx) => {
      const row = await this.own(tx, editor, id);
      if (status === "SUSPENDED_INDEFINITELY") return this.suspendLocked(tx, editor, row);
      return this.publishLocked(tx, editor, row);
    });
  }

  /**
   * The publication of updateStatus inside the caller's transaction: a planning process's 'Publicar
   * Processo' publishes its notice by the same rules, in the commit that publishes the process (issue 35).
   */
  async publishWithin(tx: Tx, editor: NoticeEditor, id: string) {
    return this.publishLocked(tx, editor, await this.own(tx, editor, id));
  }

  private async publishLocked(tx: Tx, editor: NoticeEditor, row: repo.NoticeRow & { status: NoticeStatus }) {
    const id = row.id;
    // Issue 13: only a body whose registration the platform staff approved publishes (read here,
    // in the transaction: a session may be older than the decision).
    if ((await buyerRegistrationStatus(tx, editor.buyerId)) !== "APPROVED")
      throw forbidden(BUYER_NOT_APPROVED_MESSAGE);
    const kind = publishKind(row.status);
    if (!kind) throw conflict(WRONG_STATUS.publish);
    const fields = await this.currentFields(tx, row);
    await assertValidNotice(tx, editor.buyerId, fields);
    const lots = await repo.countBatches(tx, id);
    const mainFiles = await repo.countDocuments(tx, id, "AUCTION_NOTICE");
    const missing = [
      ...(lots === 0
        ? [{ property: "batches", errorMessages: ["Cadastre ao menos um lote antes de publicar"] }]
        : []),
      ...(mainFiles === 0
        ? [{ property: "documents", errorMessages: ["Anexe o arquivo do edital antes de publicar"] }]
        : []),
    ];
    if (missing.length) {
      throw badRequest(
        lots === 0
          ? "Cadastre ao menos um lote antes de publicar o edital."
          : "Anexe o arquivo do edital antes de publicá-lo.",
        missing,
      );
    }
    const publishedDate = this.clock();
    await repo.updateNotice(tx, id, { status: "PUBLISHED", publishedDate });
    // The proposal window and the session start run by the notice's dates from now on.
    await this.armNoticeClocks(tx, id);
    await this.hooks.onPublished?.(tx, id, editor.user.id);
    const contentSha256 = await noticeContentSha256(tx, { ...row, status: "PUBLISHED", publishedDate });
    const event = await appendEvent(tx, {
      auctionNoticeId: id,
      eventType: kind === "PUBLISH" ? "NOTICE_PUBLISHED" : "NOTICE_REPUBLISHED",
      actorUserId: editor.user.id,
      payload: {
        from: row.status,
        to: "PUBLISHED",
        contentSha256,
        lots,
        publishedDate: publishedDate.toISOString(),
      },
    });
    return {
      id,
      status: "PUBLISHED" as const,
      publishedDate: publishedDate.toISOString(),
      contentSha256,
      eventHash: event.hash,
      publicationProof: publicationProofApplies(row.modality),
    };
  }

  /** A suspension, by the notice's own action or an upheld challenge; the portal gets its rectification. */
  private async suspendLocked(tx: Tx, editor: NoticeEditor, row: repo.NoticeRow & { status: NoticeStatus }) {
    if (!NOTICE_SUSPENDABLE_STATUSES.includes(row.status)) throw conflict(WRONG_STATUS.suspend);
    const moved = await this.move(tx, editor, row, "SUSPENDED_INDEFINITELY", "NOTICE_SUSPENDED");
    await this.hooks.onWithdrawn?.(tx, row.id);
    return moved;
  }

  /**
   * The suspension of updateStatus (SUSPENDED_INDEFINITELY) inside the caller's transaction: an
   * upheld challenge suspends the notice in the same commit as its answer (issue 19; Lei 14.133 art.
   * 164). The notice is then edited and republished as any suspended one (§4 'Republicar').
   */
  async suspendWithin(tx: Tx, editor: NoticeEditor, id: string) {
    return this.suspendLocked(tx, editor, await this.own(tx, editor, id));
  }

  private async move(tx: Tx, editor: NoticeEditor, row: repo.NoticeRow, to: NoticeStatus, eventType: string) {
    await repo.updateNotice(tx, row.id, { status: to });
    await appendEvent(tx, {
      auctionNoticeId: row.id,
      eventType,
      actorUserId: editor.user.id,
      payload: { from: row.status, to },
    });
    return { id: row.id, status: to };
  }

  /** app/auction/finalizeProcess: ONGOING in-person process → FINISHED (§4 'Finalizar'). */
  finalize(editor: NoticeEditor, id: string) {
    return this.db.transaction(async (tx) => {
      const row = await this.own(tx, editor, id);
      if (!canFinishNotice(row.status, row.modality)) throw conflict(WRONG_STATUS.finish);
      const moved = await this.move(tx, editor, row, "FINISHED", "NOTICE_FINISHED");
      await this.hooks.onFinished?.(tx, row.id);
      return moved;
    });
  }

  /** app/auction/reopen: a FINISHED formalization/direct process goes back to be adjusted and republished. */
  reopen(editor: NoticeEditor, id: string) {
    return this.db.transaction(async (tx) => {
      const row = await this.own(tx, editor, id);
      if (!canReopenNotice(row.status, row.modality)) throw conflict(WRONG_STATUS.reopen);
      return this.move(tx, editor, row, REOPENED_NOTICE_STATUS, "NOTICE_REOPENED");
    });
  }

  /** app/auction/cancelProcess: a published process not yet closed → CANCELLED. */
  cancel(editor: NoticeEditor, id: string) {
    return this.db.transaction(async (tx) => {
      const row = await this.own(tx, editor, id);
      if (!NOTICE_CANCELLABLE_STATUSES.includes(row.status)) throw conflict(WRONG_STATUS.cancel);
      const moved = await this.move(tx, editor, row, "CANCELLED", "NOTICE_CANCELLED");
      await this.hooks.onWithdrawn?.(tx, row.id);
      return moved;
    });
  }

  /** app/auction/changeVariationKind: while the lots may change; BIGGEST_DISCOUNT admits only PERCENTAGE (§5). */
  changeVariationKind(editor: NoticeEditor, id: string, variationKind: VariationKind) {
    return this.db.transaction(async (tx) => {
      const row = await this.own(tx, editor, id);
      if (!areNoticeLotsEditable(row.status)) throw conflict(WRONG_STATUS.variation);
      if (row.dispensationForm === "BIGGEST_DISCOUNT" && variationKind !== "PERCENTAGE") {
        throw badRequest(VALIDATION_MESSAGE, [
          {
            property: "variationKind",
            errorMessages: ["Editais de maior desconto admitem apenas variação em %"],
          },
        ]);
      }
      if (row.variationKind !== variationKind) {
        await repo.updateNotice(tx, id, { variationKind });
        await appendEvent(tx, {
          auctionNoticeId: id,
          eventType: "VARIATION_KIND_CHANGED",
          actorUserId: editor.user.id,
          payload: { from: row.variationKind, to: variationKind },
        });
      }
      return { id, variationKind };
    });
  }

  /**
   * app/auction/documentsRequired: with only the id, reads; with any field, updates (in the 'Editar'
   * statuses). An update must select at least one document or class (§5 "Documents-required modal").
   */
  async documentsRequired(
    editor: NoticeEditor,
    input: {
      id: string;
      canIndicateQualificationDocument?: boolean;
      qualificationDocumentRequired?: string[];
      othersDocumentsClassesRequired?: { id: string }[];
    },
  ) {
    const { id, ...changes } = input;
    const isUpdate = Object.values(changes).some((v) => v !== undefined);
    await this.db.transaction(async (tx) => {
      const row = await this.own(tx, editor, id);
      if (!isUpdate) return;
      if (!isNoticeEditable(row.status)) throw conflict(WRONG_STATUS.edit);
      const current = await this.currentFields(tx, row);
      const merged = { ...current, ...(definedFields(changes) as Partial<NoticeFields>) };
      if (merged.qualificationDocumentRequired.length + merged.othersDocumentsClassesRequired.length === 0) {
        throw badRequest(VALIDATION_MESSAGE, [
          {
            property: "qualificationDocumentRequired",
            errorMessages: ["Selecione ao menos um documento ou classe"],
          },
        ]);
      }
      await assertValidNotice(tx, editor.buyerId, merged);
      const changed = changedFields(current, merged);
      if (!changed.length) return;
      await this.save(tx, id, merged);
      await appendEvent(tx, {
        auctionNoticeId: id,
        eventType: "DOCUMENTS_REQUIRED_UPDATED",
        actorUserId: editor.user.id,
        payload: {
          qualificationDocumentRequired: merged.qualificationDocumentRequired,
          othersDocumentsClassesRequired: merged.othersDocumentsClassesRequired.map((c) => c.id),
        },
      });
    });
    const row = (await repo.findNotice(this.db, id))?.notice;
    const classes = await repo.findNoticeDocumentClasses(this.db, id);
    return {
      id,
      canIndicateQualificationDocument: row?.canIndicateQualificationDocument ?? false,
      qualificationDocumentRequired: JSON.stringify(row?.qualificationDocumentRequired ?? []),
      othersDocumentsClassesRequired: classes,
      qualificationDocumentClasses: QUALIFICATION_DOCUMENT_CLASSES,
    };
  }

  listDocumentClasses(editor: NoticeEditor) {
    return repo.listDocumentClasses(this.db, editor.buyerId);
  }

  async createDocumentClass(editor: NoticeEditor, className: string) {
    const existing = await repo.listDocumentClasses(this.db, editor.buyerId);
    if (
      existing.some((c) => c.className.toLocaleLowerCase("pt-BR") === className.toLocaleLowerCase("pt-BR"))
    ) {
      throw conflict("Já existe uma classe de documentos com este nome.");
    }
    return repo.insertDocumentClass(this.db, editor.buyerId, className);
  }

  listPreQualifications(buyerId: string) {
    return repo.listPreQualificationNotices(this.db, buyerId);
  }
}
