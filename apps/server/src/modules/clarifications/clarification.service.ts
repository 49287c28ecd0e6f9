import {
  CHALLENGE_DECISION_LABELS,
  CHALLENGE_DECISION_REQUIRED,
  CLARIFICATION_PAGE_SIZE,
  type ClarificationAnswerInput,
  type ClarificationCreateInput,
  type ClarificationKind,
  clarificationAnswerDeadline,
  clarificationDeadlineMessage,
  type clarificationMineSchema,
  clarificationRequestDeadline,
  formatBrasiliaDate,
  hasOnlyRestrictedRoles,
  isClarificationRequestOpen,
  type NoticeStatus,
  type z,
} from "@certame/domain";
import type { FastifyBaseLogger } from "fastify";
import { type Clock, systemClock } from "../../clock/clock";
import type { Db, DbOrTx } from "../../db/client";
import { appendEvent } from "../../events/event-log.repository";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { Mailer } from "../../integrations/mail/mailer";
import { renderMail } from "../../integrations/mail/templates";
import type { SessionUser } from "../auth/auth.service";
import { NOTICE_NOT_FOUND, type NoticeEditor } from "../notices/notice.policy";
import * as noticeRepo from "../notices/notice.repository";
import type { NoticeLifecycleService } from "../notices/notice-lifecycle.service";
import { ownPdfOrNull } from "../uploads/own-pdf";
import * as repo from "./clarification.repository";

/** The notice statuses in which requests are received (the deadline decides within them). */
const RECEIVING: readonly NoticeStatus[] = ["PUBLISHED", "ONGOING", "SUSPENDED"];

export const CLARIFICATION_NOT_FOUND = "Pedido não encontrado.";
export const AUTHORS_ONLY = "Pedidos de esclarecimento e impugnações são feitos por fornecedores e cidadãos.";
export const NOT_RECEIVING =
  "Este processo não recebe pedidos de esclarecimento ou impugnações no status atual.";
export const NO_SESSION_DATE = "Este processo não tem data de abertura da sessão definida.";
export const ALREADY_ANSWERED = "Este pedido já foi respondido.";
export const SUSPEND_ONLY_UPHELD = "Só uma impugnação deferida pode suspender o edital.";
export const NO_DECISION_ON_CLARIFICATION = "Um esclarecimento não tem decisão de deferimento.";

/** Where each kind's requests are seen in the web app (the e-mails link there). */
export const viewPath = (kind: ClarificationKind, noticeId: string) =>
  `${kind === "CHALLENGE" ? "/visualizar-impugnacoes" : "/visualizar-esclarecimentos"}/${noticeId}`;

export interface ClarificationDeps {
  clock?: Clock;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  lifecycle: NoticeLifecycleService;
}

type Viewer = SessionUser | null;

const isBodyOf = (user: Viewer, buyerId: string) => user?.kind === "BUYER" && user.buyer?.id === buyerId;
const canAnswerFor = (user: Viewer, buyerId: string) =>
  isBodyOf(user, buyerId) && !hasOnlyRestrictedRoles(user?.buyer?.staffRoles ?? []);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Clarification requests and challenges of a notice (Lei 14.133/2021 art. 164; issue 19 item 1):
 * any supplier or citizen asks or challenges up to 3 business days before the session; the body's
 * unrestricted staff answer (a challenge with 'Deferida' or 'Indeferida' and its reasoning, an upheld
 * one optionally suspending the notice); the answers are public on the notice.
 */
export class ClarificationService {
  private readonly clock: Clock;

  constructor(
    private readonly db: Db,
    private readonly deps: ClarificationDeps,
  ) {
    this.clock = deps.clock ?? systemClock;
  }

  /** A notice the viewer may see: a draft only by its own body (as app/auction/read). */
  private async visibleNotice(db: DbOrTx, user: Viewer, id: string) {
    const notice = await repo.findNotice(db, id);
    if (!notice || (notice.status === "PENDING" && !isBodyOf(user, notice.buyerId)))
      throw notFound(NOTICE_NOT_FOUND);
    return notice;
  }

  private deadlineOf(notice: repo.ClarificationNotice): Date | null {
    return notice.startDateTime
      ? clarificationRequestDeadline(notice.startDateTime, notice.clarificationEndDateTime)
      : null;
  }

  /** A notice's requests of one kind as the viewer may see them, with the deadline and what it may do. */
  async list(user: Viewer, noticeId: string, kind: ClarificationKind) {
    const notice = await this.visibleNotice(this.db, user, noticeId);
    const body = isBodyOf(user, notice.buyerId);
    const rows = (await repo.listOfNotice(this.db, notice.id, kind)).filter(
      ({ row }) => body || row.status === "ANSWERED" || row.requesterUserId === user?.id,
    );
    const files = await repo.findStoredFiles(
      this.db,
      rows.flatMap(({ row }) => [row.fileId, row.answerFileId].filter((f): f is string => !!f)),
    );
    const fileOf = (id: string | null) => {
      const file = id ? files.find((f) => f.id === id) : undefined;
      return file ? { id: file.id, name: file.originalName } : null;
    };
    const now = this.clock();
    const deadline = this.deadlineOf(notice);
    const open = !!deadline && RECEIVING.includes(notice.status) && isClarificationRequestOpen(now, deadline);
    return {
      notice: {
        id: notice.id,
        noticeNumber: notice.noticeNumber,
        processNumber: notice.processNumber,
        objectOfInterest: notice.objectOfInterest,
        buyerName: notice.buyerName,
        status: notice.status,
        startDateTime: iso(notice.startDateTime),
      },
      kind,
      requestDeadline: iso(deadline),
      requestOpen: open,
      canRequest: open && (user?.kind === "SUPPLIER" || user?.kind === "REGULAR_CITIZEN"),
      canAnswer: canAnswerFor(user, notice.buyerId),
      items: rows.map(({ row, requesterName }) => ({
        id: row.id,
        kind: row.kind,
        status: row.status,
        text: row.text,
        createdDate: row.createdDate.toISOString(),
        answerDueAt: row.answerDueAt.toISOString(),
        answer: row.answer,
        decision: row.decision,
        answeredAt: iso(row.answeredAt),
        overdue: row.status === "PENDING" && now.getTime() > row.answerDueAt.getTime(),
        file: fileOf(row.fileId),
        answerFile: fileOf(row.answerFileId),
        mine: row.requesterUserId === user?.id,
        // The public reads the question and its answer, not who asked.
        requesterName: body ? requesterName : null,
      })),
    };
  }

  /** app/clarification/create: a supplier's or a citizen's request, within the art. 164 deadline. */
  async create(user: SessionUser, input: ClarificationCreateInput) {
    if (user.kind !== "SUPPLIER" && user.kind !== "REGULAR_CITIZEN") throw forbidden(AUTHORS_ONLY);
    const now = this.clock();
    const { row, notice } = await this.db.transaction(async (tx) => {
      const notice = await this.visibleNotice(tx, user, input.auctionNoticeId);
      if (!RECEIVING.includes(notice.status)) throw conflict(NOT_RECEIVING);
      const deadline = this.deadlineOf(notice);
      if (!deadline) throw conflict(NO_SESSION_DATE);
      if (!isClarificationRequestOpen(now, deadline))
        throw conflict(clarificationDeadlineMessage(input.kind, deadline));
      const fileId = await ownPdfOrNull(tx, user.id, input.fileId);
      const row = await repo.insertClarification(tx, {
        auctionNoticeId: notice.id,
        kind: input.kind,
        requesterUserId: user.id,
        text: input.text,
        fileId,
        answerDueAt: clarificationAnswerDeadline(now),
        createdDate: now,
        updatedDate: now,
      });
      await appendEvent(tx, {
        auctionNoticeId: notice.id,
        eventType: input.kind === "CHALLENGE" ? "CHALLENGE_FILED" : "CLARIFICATION_REQUESTED",
        actorUserId: user.id,
        payload: { clarificationId: row.id, answerDueAt: row.answerDueAt.toISOString() },
      });
      return { row, notice };
    });
    await this.notifyBody(notice, row);
    return { id: row.id, status: row.status, answerDueAt: row.answerDueAt.toISOString() };
  }

  /** app/clarification/answer: the body's answer; a challenge's with its decision. */
  async answer(editor: NoticeEditor, input: ClarificationAnswerInput) {
    const now = this.clock();
    const result = await this.db.transaction(async (tx) => {
      const found = await repo.lockClarification(tx, input.id);
      if (!found) throw notFound(CLARIFICATION_NOT_FOUND);
      const notice = await noticeRepo.lockNotice(tx, found.auctionNoticeId);
      if (!notice) throw notFound(CLARIFICATION_NOT_FOUND);
      // Another body's request is not even known to exist.
      if (notice.buyerId !== editor.buyerId) throw notFound(CLARIFICATION_NOT_FOUND);
      if (found.status === "ANSWERED") throw conflict(ALREADY_ANSWERED);
      const challenge = found.kind === "CHALLENGE";
      if (challenge && !input.decision)
        throw badRequest(CHALLENGE_DECISION_REQUIRED, [
          { property: "decision", errorMessages: [CHALLENGE_DECISION_REQUIRED] },
        ]);
      if (!challenge && input.decision)
        throw badRequest(NO_DECISION_ON_CLARIFICATION, [
          { property: "decision", errorMessages: [NO_DECISION_ON_CLARIFICATION] },
        ]);
      if (input.suspendNotice && input.decision !== "UPHELD")
        throw badRequest(SUSPEND_ONLY_UPHELD, [
          { property: "suspendNotice", errorMessages: [SUSPEND_ONLY_UPHELD] },
        ]);
      const answerFileId = await ownPdfOrNull(tx, editor.user.id, input.fileId);
      const row = await repo.updateClarification(tx, found.id, {
        status: "ANSWERED",
        answer: input.answer,
        decision: challenge ? (input.decision ?? null) : null,
        answerFileId,
        answeredAt: now,
        answeredByUserId: editor.user.id,
        updatedDate: now,
      });
      await appendEvent(tx, {
        auctionNoticeId: notice.id,
        eventType: challenge ? "CHALLENGE_JUDGED" : "CLARIFICATION_ANSWERED",
        actorUserId: editor.user.id,
        payload: {
          clarificationId: row.id,
          decision: row.decision,
          late: now.getTime() > row.answerDueAt.getTime(),
          suspendNotice: !!input.suspendNotice,
        },
      });
      // The notice lifecycle's own suspension, in this commit: the body then edits and republishes.
      const suspended = input.suspendNotice
        ? await this.deps.lifecycle.suspendWithin(tx, editor, notice.id)
        : null;
      return { row, noticeStatus: suspended?.status ?? notice.status, noticeNumber: notice.noticeNumber };
    });
    await this.notifyRequester(result.row, result.noticeNumber);
    return {
      id: result.row.id,
      status: result.row.status,
      decision: result.row.decision,
      answeredAt: iso(result.row.answeredAt),
      noticeStatus: result.noticeStatus,
    };
  }

  /** app/clarification/mine (/esclarecimentos): a body's requests to answer, or a requester's own. */
  async mine(user: SessionUser, input: z.infer<typeof clarificationMineSchema>) {
    const page = input.page ?? 1;
    const scope =
      user.kind === "BUYER" && user.buyer ? { buyerId: user.buyer.id } : { requesterUserId: user.id };
    const { rows, total } = await repo.listMine(this.db, {
      ...scope,
      kind: input.kind,
      status: input.status,
      limit: CLARIFICATION_PAGE_SIZE,
      offset: (page - 1) * CLARIFICATION_PAGE_SIZE,
    });
    const now = this.clock().getTime();
    return {
      page,
      pageSize: CLARIFICATION_PAGE_SIZE,
      total,
      items: rows.map(({ row, requesterName, noticeNumber, objectOfInterest, buyerName }) => ({
        id: row.id,
        auctionNoticeId: row.auctionNoticeId,
        noticeNumber,
        objectOfInterest,
        buyerName,
        kind: row.kind,
        status: row.status,
        decision: row.decision,
        createdDate: row.createdDate.toISOString(),
        answerDueAt: row.answerDueAt.toISOString(),
        answeredAt: iso(row.answeredAt),
        overdue: row.status === "PENDING" && now > row.answerDueAt.getTime(),
        requesterName: scope.buyerId ? requesterName : null,
      })),
    };
  }

  /** A request's or an answer's file: public once answered, else to the requester and the body. */
  async file(user: Viewer, fileId: string) {
    const row = await repo.clarificationOfFile(this.db, fileId);
    const notice = row ? await repo.findNotice(this.db, row.auctionNoticeId) : undefined;
    if (!row || !notice) throw notFound("Arquivo não encontrado.");
    const allowed =
      (row.status === "ANSWERED" && notice.status !== "PENDING") ||
      row.requesterUserId === user?.id ||
      isBodyOf(user, notice.buyerId);
    const file = allowed ? await repo.findStoredFile(this.db, fileId) : undefined;
    if (!file) throw notFound("Arquivo não encontrado.");
    return file;
  }

  /** After the commit: the notice's auctioneers are e-mailed; a mail failure never undoes the request. */
  private async notifyBody(notice: repo.ClarificationNotice, row: repo.ClarificationRow) {
    try {
      const recipients = await repo.noticeRecipients(this.db, notice);
      for (const to of recipients) {
        const mail = renderMail(
          "clarificationRequested",
          {
            name: to.name,
            challenge: row.kind === "CHALLENGE",
            noticeNumber: notice.noticeNumber,
            text: row.text,
            answerDue: formatBrasiliaDate(row.answerDueAt),
            path: viewPath(row.kind, notice.id),
          },
          this.deps.publicUrl,
        );
        await this.deps.mailer.send({ to: to.email, ...mail });
      }
    } catch (error) {
      this.deps.log.error({ err: error }, "clarification e-mail to the body not sent");
    }
  }

  private async notifyRequester(row: repo.ClarificationRow, noticeNumber: string) {
    try {
      const to = await repo.userContact(this.db, row.requesterUserId);
      if (!to) return;
      const mail = renderMail(
        "clarificationAnswered",
        {
          name: to.name,
          challenge: row.kind === "CHALLENGE",
          noticeNumber,
          decision: row.decision ? CHALLENGE_DECISION_LABELS[row.decision] : null,
          answer: row.answer ?? "",
          path: viewPath(row.kind, row.auctionNoticeId),
        },
        this.deps.publicUrl,
      );
      await this.deps.mailer.send({ to: to.email, ...mail });
    } catch (error) {
      this.deps.log.error({ err: error }, "clarification answer e-mail not sent");
    }
  }
}
