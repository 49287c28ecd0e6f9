import {
  type AgendaLot,
  buyerAgenda,
  type DirectAgenda,
  directAppealDeadline,
  directAppealRefusal,
  directCounterRefusal,
  directJudgeRefusal,
  effectiveNoticeStatus,
  isDirectModality,
  type MyNoticesInput,
  NOTICE_STATUSES,
  type NoticeAgenda,
  type NoticeAgendaInput,
  type NoticeStatus,
  PUBLIC_NOTICE_STATUSES,
  supplierAgenda,
} from "@certame/domain";
import { type Clock, systemClock } from "../../clock/clock";
import type { Db } from "../../db/client";
import { forbidden } from "../../http/errors";
import type { SessionUser } from "../auth/auth.service";
import { countNoticesByStatus, listNotices, type NoticeListQuery } from "../notices/notice.repository";
import * as repo from "./my-notices.repository";

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

/** Whose notices: a supplier's participations or a buyer's body's notices (drafts included). */
type Scope = { supplierId: string; buyerId?: undefined } | { buyerId: string; supplierId?: undefined };

function scopeOf(user: SessionUser): Scope {
  if (user.kind === "SUPPLIER" && user.supplier) return { supplierId: user.supplier.id };
  if (user.kind === "BUYER" && user.buyer) return { buyerId: user.buyer.id };
  throw forbidden("'Meus editais' reúne os processos de fornecedores e órgãos compradores.");
}

/**
 * 'Meus editais' (issue 19 item 3): a supplier sees every process it takes part in (an initial
 * proposal or a number in the room), a buyer its body's processes; each with its state, its next
 * deadline and its pending actions (domain my-notices.ts), searchable and narrowed by status, with
 * the count of each status for the tabs.
 */
export class MyNoticesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  async list(user: SessionUser, input: MyNoticesInput) {
    const scope = scopeOf(user);
    // A supplier never sees a draft, even one it was somehow tied to.
    const visible: readonly NoticeStatus[] = scope.supplierId ? PUBLIC_NOTICE_STATUSES : NOTICE_STATUSES;
    const statuses = input.statuses?.length
      ? input.statuses.filter((s) => visible.includes(s))
      : [...visible];
    const query: Omit<NoticeListQuery, "statuses"> = {
      buyerId: scope.buyerId,
      participantSupplierId: scope.supplierId,
      search: input.searchParameters,
      orderBy: "startDateTime",
      sortOrder: "DESC",
      page: input.page,
      limit: input.limit,
    };
    const [{ rows, total, totalIsLowerBound }, counts] = await Promise.all([
      statuses.length
        ? listNotices(this.db, { ...query, statuses })
        : Promise.resolve({ rows: [], total: 0, totalIsLowerBound: false }),
      countNoticesByStatus(this.db, query),
    ]);
    const agendas = await this.agendas(
      rows.map((r) => r.id),
      scope,
    );
    const statusCounts = Object.fromEntries(visible.map((s) => [s, 0])) as Record<NoticeStatus, number>;
    for (const c of counts) if (visible.includes(c.status)) statusCounts[c.status] = Number(c.total);
    return {
      auctionNotices: rows.map((r) => {
        const agenda = agendas.get(r.id);
        return {
          id: r.id,
          noticeNumber: r.noticeNumber,
          processNumber: r.processNumber,
          objectOfInterest: r.objectOfInterest,
          modality: r.modality,
          status: agenda?.status ?? r.status,
          startDateTime: iso(r.startDateTime),
          buyer: {
            id: r.buyerId,
            corporateName: r.buyerCorporateName,
            city: r.buyerCity,
            state: r.buyerState,
          },
          nextDeadline: agenda?.nextDeadline
            ? { ...agenda.nextDeadline, at: agenda.nextDeadline.at.toISOString() }
            : null,
          pendingActions: (agenda?.pendingActions ?? []).map((a) => ({ ...a, dueAt: iso(a.dueAt) })),
        };
      }),
      limitResult: input.limit,
      total,
      totalIsLowerBound,
      statusCounts,
    };
  }

  /** Each notice's effective status and agenda, read in a handful of queries for the whole page. */
  private async agendas(noticeIds: string[], scope: Scope) {
    const result = new Map<string, NoticeAgenda & { status: NoticeStatus }>();
    if (noticeIds.length === 0) return result;
    const supplierId = scope.supplierId;
    const [terms, heads, proposals, directProposals, directAppeals] = await Promise.all([
      repo.findNoticeTerms(this.db, noticeIds),
      repo.findLotHeads(this.db, noticeIds),
      supplierId ? repo.findProposals(this.db, noticeIds, supplierId) : Promise.resolve([]),
      repo.findDirectProposals(this.db, noticeIds),
      repo.findDirectAppeals(this.db, noticeIds),
    ]);
    const headIds = heads.map((h) => h.id);
    const rounds = await repo.findCurrentRounds(this.db, headIds);
    const roundIds = rounds.map((r) => r.id);
    const [roundDisputes, reasonsSent, bidLots] = supplierId
      ? await Promise.all([
          repo.findRoundDisputes(this.db, roundIds),
          repo.findReasonsSent(this.db, roundIds, supplierId),
          repo.findBidLots(this.db, headIds, supplierId),
        ])
      : [[], [], []];
    const roundOf = new Map(rounds.map((r) => [r.batchId, r]));
    const now = this.clock();
    for (const n of terms) {
      const lots: AgendaLot[] = heads
        .filter((h) => h.noticeId === n.id)
        .map((h) => {
          const round = roundOf.get(h.id) ?? null;
          const inRound = round ? roundDisputes.filter((d) => d.roundId === round.id) : [];
          const mine = inRound.find((d) => d.supplierId === supplierId);
          return {
            number: h.number,
            phase: h.phase,
            attachingDocumentsEndingDateTime: h.attachingDocumentsEndingDateTime,
            isReadjustedProposalAttached: h.isReadjustedProposalAttached,
            isQualifiedDocumentConfirmed: h.isQualifiedDocumentConfirmed,
            tieCallDueDateTime: h.tieCallDueDateTime,
            round: round && {
              interestEndsAt: round.interestEndsAt,
              reasonsDueAt: round.reasonsDueAt,
              counterArgumentsDueAt: round.counterArgumentsDueAt,
            },
            supplier: supplierId
              ? {
                  isBidder: bidLots.includes(h.id),
                  isNegotiating: h.negotiatingSupplierId === supplierId,
                  isTieCalled:
                    h.tieCallIndex !== null && (h.tieCallOrder ?? [])[h.tieCallIndex] === supplierId,
                  dispute: !mine ? "NONE" : mine.status === "MANIFESTED" ? "MANIFESTED" : "CLOSED",
                  reasonsSent: round ? reasonsSent.includes(round.id) : false,
                  othersAppealed: inRound.some(
                    (d) => d.supplierId !== supplierId && d.status === "MANIFESTED",
                  ),
                }
              : null,
          };
        });
      const direct = isDirectModality(n.modality)
        ? this.directAgenda(
            n,
            directProposals.filter((p) => p.noticeId === n.id),
            directAppeals.filter((a) => a.noticeId === n.id),
            supplierId,
            now,
          )
        : undefined;
      const input: NoticeAgendaInput = { ...n, lots, direct };
      const sentDirect =
        !!supplierId && directProposals.some((p) => p.noticeId === n.id && p.supplierId === supplierId);
      const agenda = supplierId
        ? supplierAgenda(input, { hasProposal: proposals.includes(n.id) || sentDirect }, now)
        : buyerAgenda(input, now);
      result.set(n.id, {
        ...agenda,
        status: effectiveNoticeStatus(
          n.status,
          lots.map((l) => l.phase),
        ),
      });
    }
    return result;
  }

  /** A direct procedure's pending work for the viewer, read with the appeals' own rules (art. 165). */
  private directAgenda(
    notice: { modality: MyNoticeModality; status: NoticeStatus },
    proposals: Awaited<ReturnType<typeof repo.findDirectProposals>>,
    appeals: Awaited<ReturnType<typeof repo.findDirectAppeals>>,
    supplierId: string | undefined,
    now: Date,
  ): DirectAgenda {
    const pending = appeals.filter((a) => a.status === "PENDING");
    if (!supplierId)
      return {
        pendingProposals: proposals.filter((p) => p.status === "PENDING").length,
        appealsToJudge: pending
          .filter((a) => directJudgeRefusal(a, now) === null)
          .map((a) => a.decisionDueAt),
        counterArgumentsDue: [],
        appealsDue: [],
      };
    const tookPart = proposals.some((p) => p.supplierId === supplierId);
    const appealsDue = proposals
      .filter((p) => p.decidedAt)
      .filter(
        (p) =>
          directAppealRefusal(
            notice,
            p,
            {
              supplierId,
              tookPart,
              alreadyAppealed: appeals.some(
                (a) =>
                  a.proposalId === p.id &&
                  a.appellantSupplierId === supplierId &&
                  a.appealedDecidedAt.getTime() === p.decidedAt?.getTime(),
              ),
            },
            now,
          ) === null,
      )
      .map((p) => directAppealDeadline(p.decidedAt as Date));
    return {
      pendingProposals: 0,
      appealsToJudge: [],
      counterArgumentsDue: pending
        .filter((a) => directCounterRefusal(a, supplierId, now) === null)
        .map((a) => a.counterDueAt),
      appealsDue,
    };
  }
}

type MyNoticeModality = Awaited<ReturnType<typeof repo.findNoticeTerms>>[number]["modality"];
