import {
  acceptsDirectAppeals,
  DIRECT_APPEAL_DECISION_LABELS,
  DIRECT_APPEAL_STATUS_LABELS,
  DIRECT_LIVE_ACTIONS,
  DIRECT_PROPOSAL_KIND_LABELS,
  type DirectAppealCounterInput,
  type DirectAppealFileInput,
  type DirectAppealJudgeInput,
  type DirectProposalKind,
  directAppealDeadline,
  directAppealDecisionDeadline,
  directAppealRefusal,
  directCounterDeadline,
  directCounterRefusal,
  directJudgeRefusal,
  formatBrasiliaDate,
  statusAfterAppeal,
} from "@certame/domain";
import { type Clock, systemClock } from "../../clock/clock";
import type { Db, DbOrTx } from "../../db/client";
import { appendEvent } from "../../events/event-log.repository";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { Mailer } from "../../integrations/mail/mailer";
import { renderMail } from "../../integrations/mail/templates";
import { commitAndPublish } from "../../room/bus/live-commit";
import type { LivePublisher } from "../../room/bus/live-notice";
import type { SessionUser } from "../auth/auth.service";
import { noticeRecipients } from "../clarifications/clarification.repository";
import type { NoticeEditor } from "../notices/notice.policy";
import { findNotice, lockNotice } from "../notices/notice.repository";
import { ownPdfOrNull } from "../uploads/own-pdf";
import * as appeals from "./direct-appeal.repository";
import { directLiveNotice } from "./direct-live";
import * as proposals from "./direct-proposal.repository";

export const APPEAL_NOT_FOUND = "Recurso não encontrado.";
const NOTICE_NOT_FOUND = "Processo não encontrado.";
const SUPPLIERS_ONLY = "Ação disponível apenas para fornecedores.";
/** The reason a proposal carries when an appeal against its approval is upheld. */
const REVERSED_ON_APPEAL = "Aprovação revista em recurso: ";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** What is appealed against, as the page and the e-mails say it. */
function subjectOf(appealedStatus: "APPROVED" | "REJECTED", kind: DirectProposalKind, supplierName: string) {
  const act = appealedStatus === "APPROVED" ? "a aprovação" : "a reprovação";
  return `${act} de '${DIRECT_PROPOSAL_KIND_LABELS[kind]}' de ${supplierName}`;
}

export interface DirectAppealDeps {
  mailer: Mailer;
  publicUrl: string;
  /** The live channel: a decision reversed on appeal reaches the pages as any decision does. */
  live: LivePublisher;
  clock?: Clock;
  log?: (message: string, error: unknown) => void;
}

/**
 * Appeals in the accreditation and the pre-qualification (Lei 14.133/2021 art. 165; domain
 * direct-appeals.ts; issue 19 item 2): a participant appeals against the rejection of its own
 * proposal or the approval of another's within 3 business days, the other party answers within 3
 * more, and the body's staff judge; an upheld appeal reverses the decision in the same commit. The
 * appeals, their answers and decisions are public to signed-in users, as the results are.
 */
export class DirectAppealService {
  private readonly clock: Clock;

  constructor(
    private readonly db: Db,
    private readonly deps: DirectAppealDeps,
  ) {
    this.clock = deps.clock ?? systemClock;
  }

  /** A published procedure that receives appeals (drafts are not known to exist). */
  private async appealNotice(db: DbOrTx, noticeId: string) {
    const found = await findNotice(db, noticeId);
    if (!found || found.notice.status === "PENDING") throw notFound(NOTICE_NOT_FOUND);
    if (!acceptsDirectAppeals(found.notice.modality))
      throw badRequest("Este procedimento não recebe recursos.");
    return found;
  }

  /**
   * app/directAppeal/list (/visualizar-recursos and /interpor-recurso): the notice's appeals with their
   * counter-arguments and decisions; for a supplier, the decisions it may still appeal against and
   * which appeals it may answer; for the body's staff, which it may judge.
   */
  async list(user: SessionUser, noticeId: string) {
    const { notice, buyer } = await this.appealNotice(this.db, noticeId);
    const now = this.clock();
    const body = user.kind === "BUYER" && user.buyer?.id === buyer.id;
    const supplierId = user.kind === "SUPPLIER" ? (user.supplier?.id ?? null) : null;
    const rows = await appeals.listForNotice(this.db, notice.id);
    const files = new Map(
      (
        await Promise.all(
          rows
            .flatMap(({ appeal: a }) => [a.fileId, a.counterFileId, a.decisionFileId])
            .filter((f): f is string => !!f)
            .map((f) => proposals.findStoredFile(this.db, f)),
        )
      )
        .filter((f) => !!f)
        .map((f) => [f.id, { id: f.id, name: f.originalName }]),
    );
    const fileOf = (id: string | null) => (id ? (files.get(id) ?? null) : null);
    let appealable: {
      proposalId: string;
      subject: string;
      decidedAt: string | null;
      deadline: string;
      reason: string | null;
    }[] = [];
    if (supplierId) {
      const tookPart = await appeals.tookPart(this.db, notice.id, supplierId);
      const mine = await appeals.appealsOf(this.db, notice.id, supplierId);
      appealable = (await appeals.decidedProposals(this.db, notice.id))
        .filter(({ proposal: p }) => {
          const alreadyAppealed = mine.some(
            (m) => m.proposalId === p.id && m.appealedDecidedAt.getTime() === p.decidedAt?.getTime(),
          );
          return directAppealRefusal(notice, p, { supplierId, tookPart, alreadyAppealed }, now) === null;
        })
        .map(({ proposal: p, supplierName }) => ({
          proposalId: p.id,
          subject: subjectOf(p.status as "APPROVED" | "REJECTED", p.kind, supplierName),
          decidedAt: iso(p.decidedAt),
          deadline: directAppealDeadline(p.decidedAt as Date).toISOString(),
          reason: p.reason,
        }));
    }
    return {
      notice: {
        id: notice.id,
        noticeNumber: notice.noticeNumber,
        processNumber: notice.processNumber,
        objectOfInterest: notice.objectOfInterest,
        modality: notice.modality,
        buyerName: buyer.corporateName,
      },
      canJudge: body,
      appealable,
      appeals: rows.map(({ appeal: a, appellantName, counterpartName, proposalKind, judgedByName }) => {
        const state = {
          status: a.status,
          counterpartSupplierId: a.counterpartSupplierId,
          counterDueAt: a.counterDueAt,
          counterArgumentAt: a.counterArgumentAt,
        };
        return {
          id: a.id,
          proposalId: a.proposalId,
          subject: subjectOf(a.appealedStatus, proposalKind, counterpartName ?? appellantName),
          appellantName,
          counterpartName,
          mine: a.appellantSupplierId === supplierId,
          text: a.text,
          file: fileOf(a.fileId),
          filedAt: a.filedAt.toISOString(),
          counterDueAt: a.counterDueAt.toISOString(),
          counterArgument: a.counterArgument,
          counterFile: fileOf(a.counterFileId),
          counterArgumentAt: iso(a.counterArgumentAt),
          canCounter: !!supplierId && directCounterRefusal(state, supplierId, now) === null,
          decisionDueAt: a.decisionDueAt.toISOString(),
          status: a.status,
          statusLabel: DIRECT_APPEAL_STATUS_LABELS[a.status],
          decision: a.decision,
          decisionLabel: a.decision ? DIRECT_APPEAL_DECISION_LABELS[a.decision] : null,
          reasoning: a.reasoning,
          decisionFile: fileOf(a.decisionFileId),
          judgedAt: iso(a.judgedAt),
          judgedByName: body ? judgedByName : null,
          /** Why the body cannot judge it yet (the counter-arguments' term), or null. */
          judgeRefusal: body ? directJudgeRefusal(state, now) : null,
        };
      }),
    };
  }

  /** app/directAppeal/file: a participant's appeal against a decision, within the art. 165 I term. */
  async file(user: SessionUser, input: DirectAppealFileInput) {
    const supplierId = user.supplier?.id;
    if (user.kind !== "SUPPLIER" || !supplierId) throw forbidden(SUPPLIERS_ONLY);
    const found = await proposals.findWithSupplier(this.db, input.proposalId);
    if (!found) throw notFound("Proposta não encontrada.");
    const now = this.clock();
    const { result } = await commitAndPublish(this.db, this.deps.live, async (tx, outbox) => {
      const { notice, buyer } = await this.appealNotice(tx, found.proposal.auctionNoticeId);
      const proposal = await proposals.lockProposal(tx, input.proposalId);
      if (!proposal) throw notFound("Proposta não encontrada.");
      const mine = await appeals.appealsOf(tx, notice.id, supplierId);
      const refusal = directAppealRefusal(
        notice,
        proposal,
        {
          supplierId,
          tookPart: await appeals.tookPart(tx, notice.id, supplierId),
          alreadyAppealed: mine.some(
            (m) =>
              m.proposalId === proposal.id && m.appealedDecidedAt.getTime() === proposal.decidedAt?.getTime(),
          ),
        },
        now,
      );
      if (refusal) throw conflict(refusal);
      const fileId = await ownPdfOrNull(tx, user.id, input.fileId);
      const counterDueAt = directCounterDeadline(now);
      const counterpart = proposal.supplierId === supplierId ? null : proposal.supplierId;
      const row = await appeals.insertAppeal(tx, {
        auctionNoticeId: notice.id,
        proposalId: proposal.id,
        appealedStatus: proposal.status as "APPROVED" | "REJECTED",
        appealedDecidedAt: proposal.decidedAt as Date,
        appellantSupplierId: supplierId,
        appellantUserId: user.id,
        counterpartSupplierId: counterpart,
        text: input.text,
        fileId,
        filedAt: now,
        // Without another party there is nothing to wait for: the term is the filing itself.
        counterDueAt: counterpart ? counterDueAt : now,
        decisionDueAt: directAppealDecisionDeadline(counterpart ? counterDueAt : now),
      });
      await appendEvent(tx, {
        auctionNoticeId: notice.id,
        eventType: "DIRECT_APPEAL_FILED",
        actorUserId: user.id,
        payload: { appealId: row.id, proposalId: proposal.id, appealedStatus: row.appealedStatus },
      });
      outbox.push(directLiveNotice(notice.id, DIRECT_LIVE_ACTIONS.appealUpdated, row.id));
      return { row, notice, buyerName: buyer.corporateName };
    });
    await this.notifyFiled(result.row, result.notice, found.proposal.kind);
    return { id: result.row.id, counterDueAt: result.row.counterDueAt.toISOString() };
  }

  /** app/directAppeal/counter: the other party's counter-arguments, once, within their term (§4). */
  async counter(user: SessionUser, input: DirectAppealCounterInput) {
    const supplierId = user.supplier?.id;
    if (user.kind !== "SUPPLIER" || !supplierId) throw forbidden(SUPPLIERS_ONLY);
    const now = this.clock();
    const { result: row } = await commitAndPublish(this.db, this.deps.live, async (tx, outbox) => {
      const appeal = await appeals.lockAppeal(tx, input.id);
      if (!appeal) throw notFound(APPEAL_NOT_FOUND);
      await this.appealNotice(tx, appeal.auctionNoticeId);
      const refusal = directCounterRefusal(appeal, supplierId, now);
      if (refusal) throw appeal.counterpartSupplierId === supplierId ? conflict(refusal) : forbidden(refusal);
      const counterFileId = await ownPdfOrNull(tx, user.id, input.fileId);
      const updated = await appeals.updateAppeal(tx, appeal.id, {
        counterArgument: input.text,
        counterFileId,
        counterArgumentAt: now,
        counterUserId: user.id,
        updatedDate: now,
      });
      await appendEvent(tx, {
        auctionNoticeId: appeal.auctionNoticeId,
        eventType: "DIRECT_APPEAL_COUNTER_ARGUED",
        actorUserId: user.id,
        payload: { appealId: appeal.id },
      });
      outbox.push(directLiveNotice(appeal.auctionNoticeId, DIRECT_LIVE_ACTIONS.appealUpdated, appeal.id));
      return updated;
    });
    return { id: row.id, counterArgumentAt: iso(row.counterArgumentAt) };
  }

  /**
   * app/directAppeal/judge: the body's decision with its reasoning, after the counter-arguments or
   * their term; an upheld appeal reverses the proposal's decision in the same transaction.
   */
  async judge(editor: NoticeEditor, input: DirectAppealJudgeInput) {
    const now = this.clock();
    const { result } = await commitAndPublish(this.db, this.deps.live, async (tx, outbox) => {
      const appeal = await appeals.lockAppeal(tx, input.id);
      if (!appeal) throw notFound(APPEAL_NOT_FOUND);
      const notice = await lockNotice(tx, appeal.auctionNoticeId);
      // Another body's appeal is not known to exist.
      if (!notice || notice.buyerId !== editor.buyerId) throw notFound(APPEAL_NOT_FOUND);
      const refusal = directJudgeRefusal(appeal, now);
      if (refusal) throw conflict(refusal);
      const decisionFileId = await ownPdfOrNull(tx, editor.user.id, input.fileId);
      const judged = await appeals.updateAppeal(tx, appeal.id, {
        status: "JUDGED",
        decision: input.decision,
        reasoning: input.reasoning,
        decisionFileId,
        judgedAt: now,
        judgedByUserId: editor.user.id,
        updatedDate: now,
      });
      const proposal = await proposals.lockProposal(tx, appeal.proposalId);
      const after = statusAfterAppeal(input.decision, appeal.appealedStatus);
      // The proposal may have been reversed already by another appeal against the same decision.
      const reversed = !!proposal && proposal.status === appeal.appealedStatus && after !== proposal.status;
      if (reversed) {
        await proposals.decide(tx, appeal.proposalId, {
          status: after,
          reason: after === "REJECTED" ? `${REVERSED_ON_APPEAL}${input.reasoning}`.slice(0, 2000) : null,
          userId: editor.user.id,
          at: now,
        });
        outbox.push(
          directLiveNotice(
            appeal.auctionNoticeId,
            DIRECT_LIVE_ACTIONS.proposalDecided,
            appeal.proposalId,
            proposal.supplierId,
          ),
        );
      }
      await appendEvent(tx, {
        auctionNoticeId: appeal.auctionNoticeId,
        eventType: "DIRECT_APPEAL_JUDGED",
        actorUserId: editor.user.id,
        payload: { appealId: appeal.id, decision: input.decision, proposalStatus: reversed ? after : null },
      });
      outbox.push(directLiveNotice(appeal.auctionNoticeId, DIRECT_LIVE_ACTIONS.appealUpdated, appeal.id));
      return { judged, noticeNumber: notice.noticeNumber, reversed, after };
    });
    await this.notifyJudged(result.judged, result.noticeNumber);
    return {
      id: result.judged.id,
      decision: result.judged.decision,
      proposalStatus: result.reversed ? result.after : null,
    };
  }

  /** A file of an appeal (reasons, counter-arguments, decision): to signed-in users, as the list. */
  async download(fileId: string) {
    const appeal = await appeals.appealOfFile(this.db, fileId);
    if (!appeal) throw notFound("Arquivo não encontrado.");
    await this.appealNotice(this.db, appeal.auctionNoticeId);
    const file = await proposals.findStoredFile(this.db, fileId);
    if (!file) throw notFound("Arquivo não encontrado.");
    return file;
  }

  /** After the commit: the auctioneers and the other party are told; a mail failure never undoes it. */
  private async notifyFiled(
    row: appeals.DirectAppealRow,
    notice: { id: string; noticeNumber: string; buyerId: string; createdByUserId: string | null },
    kind: DirectProposalKind,
  ) {
    try {
      const listed = (await appeals.listForNotice(this.db, notice.id)).find((r) => r.appeal.id === row.id);
      if (!listed) return;
      const subject = subjectOf(row.appealedStatus, kind, listed.counterpartName ?? listed.appellantName);
      const base = {
        noticeNumber: notice.noticeNumber,
        appellantName: listed.appellantName,
        subject,
        text: row.text,
        decisionDue: formatBrasiliaDate(row.decisionDueAt),
        noticeId: notice.id,
      };
      const body = await noticeRecipients(this.db, notice);
      for (const to of body) {
        const mail = renderMail(
          "directAppealFiled",
          { ...base, name: to.name, counterDue: null },
          this.deps.publicUrl,
        );
        await this.deps.mailer.send({ to: to.email, ...mail });
      }
      if (row.counterpartSupplierId) {
        const to = await appeals.supplierContact(this.db, row.counterpartSupplierId);
        if (to) {
          const mail = renderMail(
            "directAppealFiled",
            { ...base, name: to.name, counterDue: formatBrasiliaDate(row.counterDueAt) },
            this.deps.publicUrl,
          );
          await this.deps.mailer.send({ to: to.email, ...mail });
        }
      }
    } catch (error) {
      this.deps.log?.(`e-mails do recurso ${row.id} não enviados`, error);
    }
  }

  private async notifyJudged(row: appeals.DirectAppealRow, noticeNumber: string) {
    try {
      const listed = (await appeals.listForNotice(this.db, row.auctionNoticeId)).find(
        (r) => r.appeal.id === row.id,
      );
      if (!listed || !row.decision) return;
      const subject = subjectOf(
        row.appealedStatus,
        listed.proposalKind,
        listed.counterpartName ?? listed.appellantName,
      );
      const parties = [row.appellantSupplierId, row.counterpartSupplierId].filter((s): s is string => !!s);
      for (const supplierId of parties) {
        const to = await appeals.supplierContact(this.db, supplierId);
        if (!to) continue;
        const mail = renderMail(
          "directAppealJudged",
          {
            name: to.name,
            noticeNumber,
            subject,
            decision: DIRECT_APPEAL_DECISION_LABELS[row.decision],
            reasoning: row.reasoning ?? "",
            noticeId: row.auctionNoticeId,
          },
          this.deps.publicUrl,
        );
        await this.deps.mailer.send({ to: to.email, ...mail });
      }
    } catch (error) {
      this.deps.log?.(`e-mails do julgamento do recurso ${row.id} não enviados`, error);
    }
  }
}
