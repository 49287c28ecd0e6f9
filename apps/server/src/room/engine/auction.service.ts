import { randomUUID } from "node:crypto";
import {
  AUCTION_DURATIONS_MS,
  type AuctionBid,
  type AutomaticBidder,
  afterTieCall,
  applyToNextLots,
  automaticNextPhase,
  type Bidder,
  type BiddingClock,
  type BidLot,
  can,
  canDeleteOwnBid,
  clockAfterBid,
  closedAndOpenFinalists,
  fictitiousTie,
  finalRanking,
  firstTieCall,
  formatDuration,
  hasPassedByQualificationAfterMove,
  isBetter,
  type JudgementCriterion,
  LIVE_EVENTS,
  LOT_PHASE_LABELS,
  type LotFlowContext,
  type LotPhase,
  lastBidOf,
  liveCancelBidSchema,
  liveNextPhaseSchema,
  liveOwnBidSchema,
  livePlaceBidSchema,
  livePreviousPhaseSchema,
  lotsToStartAutomatically,
  nextAutomaticBids,
  onBiddingDeadline,
  PNCP_RESULT_PHASES,
  type RandomSource,
  type RoomAction,
  scaled,
  sealedBidEligibleSuppliers,
  showsApplyToNextOnAdvance,
  startBiddingClock,
  subPhaseOf,
  tiebreakerCallDeadline,
  validateBid,
  validateNextPhase,
  validatePreviousPhase,
} from "@certame/domain";
import { systemClock } from "../../clock/clock";
import type { Db, Tx } from "../../db/client";
import type { BidKind } from "../../db/schema";
import { appendEvent, appendEvents, type NewEvent } from "../../events/event-log.repository";
import { AppError, badRequest, forbidden, notFound, unauthorized } from "../../http/errors";
import { liveSessionHashes } from "../../modules/auth/auth.repository";
import type { SessionUser } from "../../modules/auth/auth.service";
import type { LiveCommand, LiveCommandContext } from "../bus/live-command";
import { commitAndPublish, type Outbox } from "../bus/live-commit";
import type { LiveNotice, LivePublisher, RenderHint } from "../bus/live-notice";
import type { ChatService } from "../chat/chat.service";
import { anonymousSupplierName } from "../state/audience";
import type { RoomMember } from "../state/room.service";
import type { BidRow, EngineNotice, LotRow } from "./auction.repository";
import * as repo from "./auction.repository";
import { auctionBidOf, type BidderFlags } from "./auction-views";
import { permissionContext, type RoomPortalHooks, scopeStatus } from "./room-action";

export const BID_CANCEL_REASON_MAX = 255;
const ACTIVE_STATUSES: readonly string[] = ["PUBLISHED", "ONGOING"];
const SUSPENDED_TEXT = "O processo não está em andamento; nenhuma ação de disputa é possível agora.";
const PHASE_NOTICE_CHUNK = 100;
const OWN_DELETION_REASON = "Lance excluído pelo próprio licitante.";

/** One change, committed: what to publish after the commit. */

/** At most this many queued bids of a lot are judged in one transaction. */
const BID_BATCH_MAX = 200;

interface BidRequest {
  user: SessionUser;
  member: RoomMember;
  supplierId: string;
  noticeId: string;
  value: number;
  /** The sender's session token hash, checked in the batch's transaction; null: its caller checked it. */
  session: string | null;
  /** Arrival on the server (engine clock): the bid's registration time. */
  at: Date;
  resolve: (answer: { id: string }) => void;
  reject: (error: Error) => void;
}

/** A batch of bids being judged under the lot's lock (see placeBid). */
interface BidState {
  notice: EngineNotice;
  /** The lot as the batch leaves it (deadline moved by extensions). */
  lot: LotRow;
  criterion: JudgementCriterion;
  best: AuctionBid | null;
  rows: Map<string, BidRow>;
  bidsOf: Map<string, AuctionBid[]>;
  /** Suppliers with a live initial proposal in the lot. */
  proposals: Set<string>;
  autos: AutomaticBidder[];
  flags: Map<string, { isEnabled: boolean; isQualified: boolean }>;
  pending: repo.NewBid[];
  events: Omit<NewEvent, "auctionNoticeId">[];
  lastAt: number;
  dueChanged: boolean;
  /** The lot's best before the batch (its id), to tell the frames whether it changed. */
  bestBefore: string | null;
  /** A bid ended the phase (the tie was covered): the rest waits for the next batch. */
  phaseChanged: boolean;
  tieCovered: boolean;
}

const label = (phase: LotPhase) => LOT_PHASE_LABELS[phase];
const lotsText = (numbers: readonly number[]) =>
  numbers.length === 1 ? `Lote/item ${numbers[0]}` : `Lotes/itens ${numbers.join(", ")}`;

export interface AuctionEngineOptions {
  timeScale?: number;
  random?: RandomSource;
  clock?: () => Date;
  /** The appeals' hooks into the phase moves (dispute.service.ts); none: no lot has appeals. */
  appeals?: AppealHooks;
  /** The national portal's hooks (homologated and deserted lots); none: nothing is published. */
  portal?: RoomPortalHooks;
}

/** The appeal fields of the next-phase modal (trading-room §2.6, §4, §7), read by the appeal hooks. */
export interface AppealMoveInput {
  manifestDisputeInterestDurationKind?: "FIXED" | "LOOSE" | null;
  disputeInterestManifestationMinimumDuration?: number | null;
  documentsAttachmentDueDateType?: "FIXED" | "LOOSE" | null;
  disputeDocumentsAttachmentDueDateTime?: string | null;
  counterArgumentsAttachmentDueDateType?: "FIXED" | "LOOSE" | null;
  counterArgumentDocumentsAttachmentDueDateTime?: string | null;
}

export interface NextPhaseInput extends AppealMoveInput {
  nextPhase: LotPhase;
  batchesIds: string[];
  auctionNoticeId?: string | null;
  amountBatchToGoBiddingPhase?: number | null;
}

/**
 * The appeals' hook into the phase moves (dispute.service.ts, issue 5): which lots have a standing
 * appeal intention (the phase machine's `appealsManifested`), the moves the appeal terms do not
 * allow yet, and the terms a lot gets when it enters an appeal phase. Unset: no lot has appeals.
 */
export interface AppealHooks {
  /** The lots (of `batchIds`) with an intention manifested in their current round, neither refused nor waived. */
  standingAppeals(tx: Tx, batchIds: readonly string[]): Promise<Set<string>>;
  /** Throws the refusal of a go_to_next_phase the appeal terms forbid now (open window, running term, unjudged appeals). */
  checkAdvance(
    tx: Tx,
    notice: EngineNotice,
    lot: LotRow,
    target: LotPhase,
    now: Date,
    standing: boolean,
  ): Promise<void>;
  /** After enterPhase: the round and deadlines of an appeal phase (may refuse the modal's dates). */
  onEnterPhase(
    tx: Tx,
    notice: EngineNotice,
    lot: LotRow,
    target: LotPhase,
    now: Date,
    direction: "ADVANCE" | "REGRESS",
    input: AppealMoveInput,
  ): Promise<void>;
}

export interface PreviousPhaseInput {
  previousPhase: LotPhase;
  batchesIds: string[];
  auctionNoticeId?: string | null;
  biddingPhaseResetJustification?: string | null;
}

/** What the engine hands over with a bid notice it committed, so its own fan-out reads nothing again. */
export interface BidHint {
  notice: EngineNotice;
  lot: LotRow;
  bids: BidRow[];
  best: BidRow | null;
  flags: Map<string, BidderFlags>;
}

declare module "../bus/live-notice" {
  interface RenderHints {
    bid: BidHint;
  }
}

/**
 * The auction engine (DESIGN §4, §5): bids, phase moves and the lot clocks. Every change is one
 * transaction that locks the lot row(s), writes the hash-chained event log and, after the commit,
 * publishes what the live channel re-reads and fans out.
 */
export class AuctionEngine {
  readonly timeScale: number;
  private readonly random: RandomSource;
  private readonly clock: () => Date;
  private readonly bidQueues = new Map<string, BidRequest[]>();
  private readonly draining = new Set<string>();
  /** What this instance already holds of a published change, so its own fan-out reads nothing. */
  private readonly hints = new WeakMap<LiveNotice, RenderHint>();
  /** Called after a commit that armed or moved a timer (the worker re-arms its wake-up). */
  onTimerChange: () => void = () => {};
  /** Appeals (dispute.service.ts), given by app.ts. */
  private readonly appeals: AppealHooks | null;
  private readonly portal: RoomPortalHooks | null;

  constructor(
    private readonly db: Db,
    private readonly chat: ChatService,
    private readonly live: LivePublisher,
    options: AuctionEngineOptions = {},
  ) {
    this.timeScale = options.timeScale ?? 1;
    this.random = options.random ?? Math.random;
    this.clock = options.clock ?? systemClock;
    this.appeals = options.appeals ?? null;
    this.portal = options.portal ?? null;
  }

  private async commit<T>(work: (tx: Tx, outbox: Outbox) => Promise<T>): Promise<T> {
    const { result, outbox } = await commitAndPublish(this.db, this.live, work, (n) => this.hints.get(n));
    // New deadlines come with phase changes; a moved one (extension) is found by the wake-up itself.
    if (outbox.some((n) => n.t === "phase")) this.onTimerChange();
    return result;
  }

  // ---- shared reads ----

  private criterionOf(notice: EngineNotice, lot: LotRow): JudgementCriterion {
    return lot.dispensationForm ?? notice.dispensationForm;
  }

  private flow(notice: EngineNotice, lot: LotRow, extra: Partial<LotFlowContext> = {}): LotFlowContext {
    return {
      modality: notice.modality,
      closingKind: notice.closingKind,
      licensePhase: notice.auctionLicensePhase,
      criterion: this.criterionOf(notice, lot),
      hasPassedByQualification: lot.hasPassedByQualification,
      canApplyTiebreaker: notice.canApplyTiebreaker,
      ...extra,
    };
  }

  private permission(
    member: RoomMember,
    action: RoomAction,
    notice: EngineNotice,
    lots: LotRow[],
    lot: LotRow,
  ) {
    const scope = { notice, heads: lots, status: scopeStatus(notice.status, lots) };
    return can(member.role, action, permissionContext(scope, lot, this.clock()));
  }

  /** The lots of a move with a standing appeal intention (`appealsManifested` of their flow). */
  private standingAppeals(tx: Tx, lots: readonly LotRow[]): Promise<Set<string>> {
    return this.appeals
      ? this.appeals.standingAppeals(
          tx,
          lots.map((l) => l.id),
        )
      : Promise.resolve(new Set());
  }

  /** The bidders of the lot with their flags and ME/EPP benefit (declared and registered). */
  private async bidders(tx: Tx, noticeId: string, batchId: string): Promise<Bidder[]> {
    const people = await repo.participants(tx, noticeId);
    const flags = await repo.lotBidderRows(tx, batchId);
    const byId = new Map(flags.map((f) => [f.supplierId, f]));
    return people.map((p) => ({
      supplierId: p.supplierId,
      isSmallBusiness: p.isSmallBusiness && p.hasSmallCompanyDeclaration,
      isEnabled: byId.get(p.supplierId)?.isEnabled ?? true,
      isQualified: byId.get(p.supplierId)?.isQualified ?? true,
    }));
  }

  private async loadLot(tx: Tx, noticeId: string, batchId: string) {
    const found = await repo.findLot(tx, batchId, true);
    if (!found || found.lot.auctionNoticeId !== noticeId || found.lot.item !== 1)
      throw notFound("Lote/item não encontrado neste processo.");
    return found;
  }

  // ---- bids ----

  /** The bid path's and the phase moves' live events (docs/live-room.md "Events the client sends"). */
  commands(): LiveCommand[] {
    const as =
      <T>(run: (context: LiveCommandContext, user: SessionUser) => Promise<T>) =>
      async (context: LiveCommandContext) =>
        run(context, await context.requireUser()) as Promise<Record<string, unknown>>;
    return [
      {
        events: [LIVE_EVENTS.placeNewBid],
        // The hot path: the session register checked is checked again inside the bid's transaction.
        handle: async (context, data) => {
          const input = livePlaceBidSchema.parse(data);
          const { session } = context;
          return session
            ? this.placeBid(session.user, context.member, context.noticeId, input, session.tokenHash)
            : this.placeBid(await context.requireUser(), context.member, context.noticeId, input);
        },
      },
      {
        events: [LIVE_EVENTS.cancelBid],
        handle: (context, data) =>
          as((c, user) => this.cancelBid(user, c.member, c.noticeId, liveCancelBidSchema.parse(data)))(
            context,
          ),
      },
      {
        events: [LIVE_EVENTS.cancelBidBySupplier],
        handle: (context, data) =>
          as((c, user) => this.cancelOwnBid(user, c.member, c.noticeId, liveOwnBidSchema.parse(data)))(
            context,
          ),
      },
      {
        events: [LIVE_EVENTS.goToNextPhase],
        handle: (context, data) =>
          as((c, user) => {
            const input = liveNextPhaseSchema.parse(data);
            return this.goToNextPhase(user, c.member, c.noticeId, {
              ...input,
              nextPhase: input.nextPhase as LotPhase,
            });
          })(context),
      },
      {
        events: [LIVE_EVENTS.regressPhase],
        handle: (context, data) =>
          as((c, user) => {
            const input = livePreviousPhaseSchema.parse(data);
            return this.regressPhase(user, c.member, c.noticeId, {
              ...input,
              previousPhase: input.previousPhase as LotPhase,
            });
          })(context),
      },
    ];
  }

  /**
   * place_new_bid {batchId, value} (trading-room §5 "Room bids"; DESIGN §4 "Bid acceptance").
   * Bids for one lot queue on this instance and are judged in arrival order, a batch per
   * transaction: the lot's row lock is taken once for every bid that arrived meanwhile, each bid is
   * checked against those accepted before it, and each is committed before it is answered (DESIGN
   * §5, §6). A bid's registration time is its arrival on the server. `session` (a token hash): the
   * sender's session is checked inside that transaction, one read for the whole batch.
   */
  placeBid(
    user: SessionUser,
    member: RoomMember,
    noticeId: string,
    input: { batchId: string; value: number },
    session: string | null = null,
  ): Promise<{ id: string }> {
    if (!member.supplierId) return Promise.reject(forbidden("Somente licitantes podem enviar lances."));
    const supplierId = member.supplierId;
    return new Promise((resolve, reject) => {
      const queue = this.bidQueues.get(input.batchId) ?? [];
      queue.push({
        user,
        member,
        supplierId,
        noticeId,
        value: input.value,
        session,
        at: this.clock(),
        resolve,
        reject,
      });
      this.bidQueues.set(input.batchId, queue);
      if (!this.draining.has(input.batchId)) void this.drainBids(input.batchId);
    });
  }

  private async drainBids(batchId: string) {
    this.draining.add(batchId);
    try {
      for (;;) {
        const queue = this.bidQueues.get(batchId) ?? [];
        const requests = queue.splice(0, BID_BATCH_MAX);
        if (queue.length === 0) this.bidQueues.delete(batchId);
        if (requests.length === 0) return;
        const leftover = await this.placeBatch(batchId, requests);
        if (leftover.length > 0)
          this.bidQueues.set(batchId, [...leftover, ...(this.bidQueues.get(batchId) ?? [])]);
      }
    } finally {
      this.draining.delete(batchId);
    }
  }

  /** One transaction for a batch of bids; returns the requests left for the next batch. */
  private async placeBatch(batchId: string, requests: BidRequest[]): Promise<BidRequest[]> {
    const answers = new Map<BidRequest, { id: string } | Error>();
    const leftover: BidRequest[] = [];
    try {
      await this.commit(async (tx, outbox) => {
        answers.clear();
        leftover.length = 0;
        const found = await repo.findLot(tx, batchId, true);
        // A logout or an expired session ends the right to bid, up to this transaction.
        const sessions = requests.flatMap((r) => (r.session ? [r.session] : []));
        const live = sessions.length > 0 ? await liveSessionHashes(tx, sessions, this.clock()) : null;
        const state =
          found && found.lot.item === 1 ? await this.bidState(tx, found.notice, found.lot, requests) : null;
        for (const r of requests) {
          if (r.session && !live?.has(r.session)) {
            answers.set(r, unauthorized());
          } else if (!state || state.notice.id !== r.noticeId) {
            answers.set(r, notFound("Lote/item não encontrado neste processo."));
          } else if (state.phaseChanged) {
            leftover.push(r);
          } else {
            try {
              answers.set(r, this.judgeBid(state, r));
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              answers.set(r, error);
            }
          }
        }
        if (state) await this.writeBids(tx, outbox, state);
      });
    } catch (error) {
      for (const r of requests) r.reject(error as Error);
      return [];
    }
    for (const r of requests) {
      const answer = answers.get(r);
      if (answer instanceof Error) r.reject(answer);
      else if (answer) r.resolve(answer);
    }
    return leftover;
  }

  /**
   * What judging a batch needs, read once under the lot lock: the best bid, every bid of the
   * batch's suppliers and of the automatic bidders, and the lot's bidder flags.
   */
  private async bidState(
    tx: Tx,
    notice: EngineNotice,
    lot: LotRow,
    requests: BidRequest[],
  ): Promise<BidState> {
    const criterion = this.criterionOf(notice, lot);
    const best = await repo.bestBid(tx, lot.id, criterion);
    const rows = await repo.bidsOfSuppliersAndAutomatic(tx, lot.id, [
      ...new Set(requests.map((r) => r.supplierId)),
    ]);
    const flagRows = await repo.lotBidderRows(tx, lot.id);
    const state: BidState = {
      notice,
      lot: { ...lot },
      criterion,
      best: best ? auctionBidOf(best, criterion) : null,
      rows: new Map([...(best ? [best] : []), ...rows].map((r) => [r.id, r])),
      bidsOf: new Map(),
      proposals: new Set(),
      autos: [],
      flags: new Map(
        flagRows.map((f) => [f.supplierId, { isEnabled: f.isEnabled, isQualified: f.isQualified }]),
      ),
      pending: [],
      events: [],
      lastAt: 0,
      dueChanged: false,
      bestBefore: best ? best.id : null,
      phaseChanged: false,
      tieCovered: false,
    };
    const percent = criterion === "BIGGEST_DISCOUNT";
    for (const row of rows) {
      const list = state.bidsOf.get(row.supplierId) ?? [];
      list.push(auctionBidOf(row, criterion));
      state.bidsOf.set(row.supplierId, list);
      if (row.kind !== "INITIAL" || row.isCancelled) continue;
      state.proposals.add(row.supplierId);
      const floor = percent ? row.percentFinalDiscount : row.finalPrice;
      if (row.canApplyAutomaticBid && floor !== null)
        state.autos.push({
          supplierId: row.supplierId,
          floor: Number(floor),
          variation: Number(percent ? row.percentVariation : row.variationPrice) || 0,
          registeredAt: row.createdDate,
        });
    }
    return state;
  }

  /** Judges one bid against the state (and the bids accepted before it); throws the refusal. */
  private judgeBid(state: BidState, r: BidRequest): { id: string } {
    const { notice, lot } = state;
    if (!ACTIVE_STATUSES.includes(notice.status)) throw badRequest(SUSPENDED_TEXT);
    if (!this.permission(r.member, "SEND_BIDS_IN_BATCH", notice, [lot], lot))
      throw forbidden("Você não tem permissão para enviar lances neste lote/item agora.");
    if (!state.proposals.has(r.supplierId))
      throw badRequest("Você não possui proposta neste lote/item e não pode enviar lances.");
    const own = state.bidsOf.get(r.supplierId) ?? [];
    const flags = state.flags.get(r.supplierId);
    const verdict = validateBid(
      {
        lot: this.bidLot(notice, lot),
        bids: state.best ? [state.best, ...own] : own,
        bidder: {
          supplierId: r.supplierId,
          isEnabled: flags?.isEnabled ?? true,
          isQualified: flags?.isQualified ?? true,
        },
        finalists: lot.finalistSupplierIds,
        calledSupplierId:
          lot.tieCallOrder && lot.tieCallIndex !== null ? lot.tieCallOrder[lot.tieCallIndex] : null,
        negotiatingSupplierId: lot.negotiatingSupplierId,
      },
      r.value,
      r.at,
    );
    if (!verdict.ok) throw badRequest(verdict.message);
    const kind =
      lot.phase === "TIEBREAKER"
        ? "TIEBREAK"
        : lot.phase === "NEGOTIATION"
          ? "NEGOTIATION"
          : lot.biddingStage === "SEALED"
            ? "SEALED"
            : "LIVE";
    const id = this.stageBid(state, r.supplierId, r.value, kind, r.user.id, r.at);
    if (lot.phase === "BIDDING" && lot.biddingStage !== "SEALED") this.stageAutomaticBids(state, r.at);
    if (lot.phase === "TIEBREAKER") {
      // The called ME/EPP covered the best: the tie ends with this bid (LC 123/2006 art. 45 I).
      state.tieCovered = true;
      state.phaseChanged = true;
    }
    return { id };
  }

  /** Records an accepted bid in the batch: its row, its event, the new best and the clock. */
  private stageBid(
    state: BidState,
    supplierId: string,
    value: number,
    kind: BidKind,
    userId: string | null,
    arrived: Date,
  ): string {
    const { notice, lot, criterion } = state;
    // Strictly increasing within the batch, so equal values keep their arrival order.
    const at = new Date(Math.max(arrived.getTime(), state.lastAt + 1));
    state.lastAt = at.getTime();
    const id = randomUUID();
    const percent = criterion === "BIGGEST_DISCOUNT";
    const quantity = Number(lot.quantity);
    state.pending.push({
      id,
      auctionNoticeId: notice.id,
      batchId: lot.id,
      supplierId,
      kind,
      unitPrice: percent ? null : value,
      percentDiscount: percent ? String(value) : null,
      totalPrice: percent ? null : Math.round(value * (quantity > 0 ? quantity : 1)),
      quantity: lot.quantity,
      isRevealed: kind !== "SEALED",
      createdByUserId: userId,
      createdDate: at,
    });
    state.events.push({
      eventType: "BID_PLACED",
      actorUserId: userId,
      payload: { bidId: id, batchId: lot.id, supplierId, kind, value, at: at.toISOString() },
    });
    const bid: AuctionBid = { id, supplierId, value, createdAt: at, isSealed: kind === "SEALED" };
    state.bidsOf.set(supplierId, [...(state.bidsOf.get(supplierId) ?? []), bid]);
    if (kind !== "SEALED" && (!state.best || isBetter(value, state.best.value, criterion))) state.best = bid;
    if (lot.phase === "BIDDING" && lot.biddingStage && lot.biddingPhaseDueDateTime) {
      const clock: BiddingClock = {
        closingKind: notice.closingKind,
        stage: lot.biddingStage,
        dueAt: lot.biddingPhaseDueDateTime,
      };
      const next = clockAfterBid(clock, at, this.timeScale);
      if (next.dueAt.getTime() !== clock.dueAt.getTime()) {
        lot.biddingPhaseDueDateTime = next.dueAt;
        state.dueChanged = true;
      }
    }
    return id;
  }

  /** The server's bids for the suppliers that chose the automatic tool (bid-acceptance.ts). */
  private stageAutomaticBids(state: BidState, at: Date) {
    if (state.autos.length === 0) return;
    const bids: AuctionBid[] = state.best ? [state.best] : [];
    for (const a of state.autos) {
      const last = lastBidOf(state.bidsOf.get(String(a.supplierId)) ?? [], a.supplierId);
      if (last && String(last.id) !== String(state.best?.id)) bids.push(last);
    }
    const placed = nextAutomaticBids({
      lot: this.bidLot(state.notice, state.lot),
      bids,
      finalists: state.lot.finalistSupplierIds,
      automaticBidders: state.autos,
      bidders: [...state.flags].map(([supplierId, f]) => ({ supplierId, ...f })),
      now: at,
    });
    for (const auto of placed)
      this.stageBid(state, String(auto.supplierId), auto.value, "AUTOMATIC", null, at);
  }

  /** Writes the batch's accepted bids, their events and the moved deadline; then the tie outcome. */
  private async writeBids(tx: Tx, outbox: Outbox, state: BidState) {
    if (state.pending.length === 0) return;
    const { notice, lot } = state;
    const inserted = await repo.insertBids(tx, state.pending);
    for (const row of inserted) state.rows.set(row.id, row);
    await appendEvents(tx, notice.id, state.events);
    if (state.dueChanged && lot.biddingPhaseDueDateTime) {
      await repo.updateLot(tx, lot.id, { biddingPhaseDueDateTime: lot.biddingPhaseDueDateTime });
      await repo.setTimer(tx, notice.id, lot.id, "BIDDING", lot.biddingPhaseDueDateTime);
    }
    const placed: LiveNotice = {
      t: "bid",
      n: notice.id,
      l: lot.id,
      a: "NEW_BID_PLACED",
      b: inserted.map((r) => r.id),
      c: `${state.dueChanged ? "d" : ""}${String(state.best?.id ?? "") !== String(state.bestBefore ?? "") ? "b" : ""}`,
    };
    // This instance renders from what it holds; the other instances re-read by id.
    this.hints.set(placed, {
      notice,
      lot: { ...lot },
      bids: inserted,
      best: state.best ? (state.rows.get(String(state.best.id)) ?? null) : null,
      flags: state.flags,
    });
    outbox.push(placed);
    if (state.tieCovered) {
      const outcome = afterTieCall(lot.tieCallOrder ?? [], lot.tieCallIndex ?? 0, true);
      await this.settleTie(tx, outbox, notice, lot, outcome, this.clock());
    }
  }

  private bidLot(notice: EngineNotice, lot: LotRow): BidLot {
    return {
      modality: notice.modality,
      criterion: this.criterionOf(notice, lot),
      closingKind: notice.closingKind,
      phase: lot.phase,
      stage: lot.biddingStage,
      decimals: lot.decimalsNumber,
      minimumVariation: lot.minimumVariation,
      percentMinimumVariation: Number(lot.percentMinimumVariation),
      dueAt:
        lot.phase === "BIDDING"
          ? lot.biddingPhaseDueDateTime
          : lot.phase === "TIEBREAKER"
            ? lot.tieCallDueDateTime
            : null,
    };
  }

  /** cancel_bid {bidId, reason}: the auctioneer cancels a bid during BIDDING (DESIGN §4). */
  async cancelBid(
    user: SessionUser,
    member: RoomMember,
    noticeId: string,
    input: { bidId: string; reason: string },
  ) {
    const reason = input.reason?.trim() ?? "";
    if (!reason) throw badRequest("Informe o motivo do cancelamento do lance.");
    if (reason.length > BID_CANCEL_REASON_MAX)
      throw badRequest(`O motivo deve ter no máximo ${BID_CANCEL_REASON_MAX} caracteres.`);
    const target = await repo.findBid(this.db, input.bidId);
    if (!target || target.auctionNoticeId !== noticeId)
      throw notFound("Lance não encontrado neste processo.");
    return this.commit(async (tx, outbox) => {
      const { lot, notice } = await this.loadLot(tx, noticeId, target.batchId);
      if (!this.permission(member, "CANCEL_BIDS_IN_BATCH", notice, [lot], lot))
        throw forbidden("Somente o pregoeiro/agente de contratação pode cancelar lances, durante a disputa.");
      const bid = await repo.findBid(tx, target.id);
      if (!bid || bid.isCancelled) throw badRequest("Este lance já está cancelado.");
      if (!bid.isRevealed)
        throw badRequest("O lance final fechado só pode ser cancelado depois de revelado.");
      const now = this.clock();
      await repo.cancelBid(tx, bid.id, { reason, userId: user.id, at: now });
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: "BID_CANCELLED",
        actorUserId: user.id,
        payload: { bidId: bid.id, batchId: lot.id, supplierId: bid.supplierId, reason, byAuctioneer: true },
      });
      const message = await this.chat.postSystemMessage(tx, {
        auctionNoticeId: noticeId,
        batchIds: [lot.id],
        text: `Lance cancelado pelo pregoeiro/agente de contratação. Motivo: ${reason}`,
        action: "BID_CANCELLED",
      });
      outbox.push({ t: "bid", n: noticeId, l: lot.id, a: "BID_CANCELLED", b: [bid.id] });
      if (message) outbox.push(message);
      return { id: bid.id };
    });
  }

  /** cancel_bid_by_supplier {batchId}: the author deletes its last bid, once per lot, within 15 s. */
  async cancelOwnBid(user: SessionUser, member: RoomMember, noticeId: string, input: { batchId: string }) {
    if (!member.supplierId) throw forbidden("Somente licitantes podem excluir o próprio lance.");
    const supplierId = member.supplierId;
    return this.commit(async (tx, outbox) => {
      const { lot, notice } = await this.loadLot(tx, noticeId, input.batchId);
      const criterion = this.criterionOf(notice, lot);
      const own = await repo.supplierBids(tx, lot.id, supplierId);
      const flags = await repo.lotBidder(tx, lot.id, supplierId);
      const room = own.filter((b) => b.kind !== "INITIAL");
      const now = this.clock();
      const verdict = canDeleteOwnBid({
        modality: notice.modality,
        phase: lot.phase,
        stage: lot.biddingStage,
        bids: room.map((b) => auctionBidOf(b, criterion)),
        supplierId,
        alreadyDeletedInLot: flags?.ownBidDeleted ?? false,
        now,
      });
      if (!verdict.ok) throw badRequest(verdict.message);
      const last = room.filter((b) => !b.isCancelled).at(-1) as BidRow;
      await repo.cancelBid(tx, last.id, { reason: OWN_DELETION_REASON, userId: user.id, at: now });
      await repo.markOwnBidDeleted(tx, lot.id, supplierId);
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: "BID_CANCELLED",
        actorUserId: user.id,
        payload: { bidId: last.id, batchId: lot.id, supplierId, byAuthor: true },
      });
      outbox.push({ t: "bid", n: noticeId, l: lot.id, a: "BID_CANCELLED", b: [last.id] });
      return { id: last.id };
    });
  }

  // ---- phase moves ----

  /** The lots a move names, checked to belong to the notice (a forged id is refused). */
  private async lotsOfMove(tx: Tx, noticeId: string, batchIds: readonly string[]) {
    const notice = await repo.findEngineNotice(tx, noticeId);
    if (!notice) throw notFound("Processo não encontrado.");
    const heads = await repo.findLotHeads(tx, noticeId, true);
    const byId = new Map(heads.map((l) => [l.id, l]));
    const ids = [...new Set(batchIds)];
    if (ids.length === 0) throw badRequest("Selecione ao menos um lote/item.");
    const lots = ids.map((id) => {
      const lot = byId.get(id);
      if (!lot) throw notFound("Lote/item não encontrado neste processo.");
      return lot;
    });
    return { notice, heads, lots };
  }

  /** go_to_next_phase (trading-room §7; 'Aplicar ação para os próximos', §4 "Next-phase modal rules"). */
  async goToNextPhase(user: SessionUser, member: RoomMember, noticeId: string, input: NextPhaseInput) {
    if (input.auctionNoticeId && input.auctionNoticeId !== noticeId)
      throw badRequest("O processo informado não é o da sala conectada.");
    return this.commit(async (tx, outbox) => {
      const { notice, heads, lots: named } = await this.lotsOfMove(tx, noticeId, input.batchesIds);
      let lots = named;
      if (!ACTIVE_STATUSES.includes(notice.status)) throw badRequest(SUSPENDED_TEXT);
      const first = lots[0] as LotRow;
      const amount = input.amountBatchToGoBiddingPhase ?? 0;
      if (amount > 0 && lots.length === 1) {
        if (
          !showsApplyToNextOnAdvance(first.phase, this.flow(notice, first), {
            isBidsAutomaticStart: notice.isBidsAutomaticStart,
          })
        )
          throw badRequest("'Aplicar ação para os próximos' não está disponível nesta fase.");
        const chosen = applyToNextLots(
          heads.map((l) => ({ id: l.id, number: l.number, phase: l.phase })),
          first.id,
          amount,
        );
        lots = chosen.map((c) => heads.find((h) => h.id === c.id) as LotRow);
      }
      const target = input.nextPhase;
      const appeals = await this.standingAppeals(tx, lots);
      const now = this.clock();
      for (const lot of lots) {
        if (!this.permission(member, "GO_TO_NEXT_BATCH_PHASE", notice, heads, lot))
          throw forbidden("Você não tem permissão para avançar a fase deste lote/item.");
        const hasProposals = (await repo.lotBids(tx, lot.id)).some(
          (b) => b.kind === "INITIAL" && !b.isCancelled,
        );
        const verdict = validateNextPhase(
          lot.phase,
          target,
          this.flow(notice, lot, { hasProposals, appealsManifested: appeals.has(lot.id) }),
        );
        if (!verdict.ok) throw badRequest(`${lotsText([lot.number])}: ${verdict.message}`);
        await this.appeals?.checkAdvance(tx, notice, lot, target, now, appeals.has(lot.id));
      }
      for (const lot of lots) {
        await this.enterPhase(tx, notice, lot, target, now, "ADVANCE");
        await this.appeals?.onEnterPhase(tx, notice, lot, target, now, "ADVANCE", input);
      }
      // The portal hears of homologated lots (their results) and deserted ones (their items' situation).
      const moved = lots.map((l) => l.id);
      if (PNCP_RESULT_PHASES.includes(target)) await this.portal?.onLotsDecided(tx, noticeId, moved);
      if (target === "DESERTED") await this.portal?.onLotsEnded(tx, noticeId, moved);
      await this.announceMove(tx, outbox, notice, lots, target, "PHASE_ADVANCED", user.id);
      await this.autoStart(tx, outbox, notice, now);
      return { batchesIds: lots.map((l) => l.id), newPhase: target };
    });
  }

  /** regress_phase; regressing to BIDDING restarts the clock and needs the justification (§5). */
  async regressPhase(user: SessionUser, member: RoomMember, noticeId: string, input: PreviousPhaseInput) {
    if (input.auctionNoticeId && input.auctionNoticeId !== noticeId)
      throw badRequest("O processo informado não é o da sala conectada.");
    return this.commit(async (tx, outbox) => {
      const { notice, heads, lots } = await this.lotsOfMove(tx, noticeId, input.batchesIds);
      if (!ACTIVE_STATUSES.includes(notice.status)) throw badRequest(SUSPENDED_TEXT);
      const target = input.previousPhase;
      const appeals = await this.standingAppeals(tx, lots);
      for (const lot of lots) {
        if (!this.permission(member, "GO_TO_PREVIOUS_BATCH_PHASE", notice, heads, lot))
          throw forbidden("Você não tem permissão para voltar a fase deste lote/item.");
        const verdict = validatePreviousPhase(
          lot.phase,
          target,
          this.flow(notice, lot, { appealsManifested: appeals.has(lot.id) }),
          input.biddingPhaseResetJustification,
        );
        if (!verdict.ok) throw badRequest(`${lotsText([lot.number])}: ${verdict.message}`);
      }
      const now = this.clock();
      for (const lot of lots) {
        await this.enterPhase(tx, notice, lot, target, now, "REGRESS");
        await this.appeals?.onEnterPhase(tx, notice, lot, target, now, "REGRESS", {});
      }
      const justification = input.biddingPhaseResetJustification?.trim();
      await this.announceMove(tx, outbox, notice, lots, target, "PHASE_REGRESSED", user.id, justification);
      return { batchesIds: lots.map((l) => l.id), newPhase: target };
    });
  }

  /**
   * Puts a lot in a phase with everything the phase needs: the bidding clock and its timer on
   * entering BIDDING (finalists first for CLOSED_AND_OPEN), the negotiated supplier on entering
   * NEGOTIATION, clean tie and clock state otherwise.
   */
  private async enterPhase(
    tx: Tx,
    notice: EngineNotice,
    lot: LotRow,
    target: LotPhase,
    now: Date,
    direction: "ADVANCE" | "REGRESS" | "CLOCK",
  ) {
    const ctx = this.flow(notice, lot);
    const values: Partial<LotRow> = {
      phase: target,
      subPhase: null,
      biddingStage: null,
      phaseStartDateTime: now,
      phaseEndDateTime: null,
      tieCallOrder: null,
      tieCallIndex: null,
      tieCallDueDateTime: null,
      // trading-room §4: entering a phase clears the winner's documents window (award.service.ts).
      attachingDocumentsStartDateTime: null,
      attachingDocumentsEndingDateTime: null,
      hasPassedByQualification:
        direction === "CLOCK"
          ? lot.hasPassedByQualification
          : hasPassedByQualificationAfterMove(lot.phase, target, ctx),
    };
    await repo.clearTimers(tx, [lot.id], ["BIDDING", "TIEBREAKER_CALL"]);
    if (target === "BIDDING") {
      const clock = startBiddingClock({
        closingKind: notice.closingKind,
        startedAt: now,
        bidDurationMinutes: notice.bidDuration,
        timeScale: this.timeScale,
      });
      Object.assign(values, {
        biddingStage: clock.stage,
        subPhase: subPhaseOf(clock.stage),
        biddingPhaseStartDateTime: now,
        biddingPhaseDueDateTime: clock.dueAt,
        biddingPhaseEndingDateTime: null,
        negotiatingSupplierId: null,
        finalistSupplierIds: null,
      });
      if (notice.closingKind === "CLOSED_AND_OPEN") {
        const criterion = this.criterionOf(notice, lot);
        const initial = (await repo.lotBids(tx, lot.id)).filter((b) => b.kind === "INITIAL");
        values.finalistSupplierIds = closedAndOpenFinalists(
          initial.map((b) => auctionBidOf(b, criterion)),
          criterion,
          await this.bidders(tx, notice.id, lot.id),
        ).map(String);
      }
      await repo.setTimer(tx, notice.id, lot.id, "BIDDING", clock.dueAt);
    } else if (target === "NEGOTIATION" && direction !== "REGRESS") {
      values.finalistSupplierIds = null;
      if (!lot.negotiatingSupplierId) {
        const criterion = this.criterionOf(notice, lot);
        const ranked = finalRanking(
          (await repo.lotBids(tx, lot.id)).map((b) => auctionBidOf(b, criterion)),
          criterion,
        );
        values.negotiatingSupplierId = ranked[0] ? String(ranked[0].supplierId) : null;
      }
    } else if (target !== "NEGOTIATION") {
      values.finalistSupplierIds = null;
    }
    await repo.updateLot(tx, lot.id, values);
    await repo.setNoticeStatus(tx, notice.id, "PUBLISHED", "ONGOING");
  }

  private async announceMove(
    tx: Tx,
    outbox: Outbox,
    notice: EngineNotice,
    lots: readonly LotRow[],
    target: LotPhase,
    action: "PHASE_ADVANCED" | "PHASE_REGRESSED",
    actorUserId: string | null,
    justification?: string,
  ) {
    const ids = lots.map((l) => l.id);
    await appendEvent(tx, {
      auctionNoticeId: notice.id,
      eventType: action,
      actorUserId,
      payload: {
        batchIds: ids,
        from: lots.map((l) => l.phase),
        to: target,
        ...(justification ? { biddingPhaseResetJustification: justification } : {}),
      },
    });
    const verb = action === "PHASE_ADVANCED" ? "avançou para a fase" : "voltou para a fase";
    const numbers = lots.map((l) => l.number);
    const text =
      `${lotsText(numbers)} ${numbers.length === 1 ? verb : verb.replace("avançou", "avançaram").replace("voltou", "voltaram")} ${label(target)}.` +
      (justification ? ` Justificativa: ${justification}` : "");
    const message = await this.chat.postSystemMessage(tx, {
      auctionNoticeId: notice.id,
      batchIds: ids,
      text,
      action,
    });
    // NOTIFY carries at most ~8 kB: a move of many lots crosses the bus in chunks.
    for (let i = 0; i < ids.length; i += PHASE_NOTICE_CHUNK)
      outbox.push({
        t: "phase",
        n: notice.id,
        a: action,
        p: target,
        l: ids.slice(i, i + PHASE_NOTICE_CHUNK),
      });
    if (message) outbox.push(message);
  }

  /**
   * Automatic start in groups (isBidsAutomaticStart / amountBidsAutomaticStart): when no lot is in
   * BIDDING or TIEBREAKER, the next group waiting in an automatic-start phase enters BIDDING.
   */
  private async autoStart(tx: Tx, outbox: Outbox, notice: EngineNotice, now: Date) {
    if (!notice.isBidsAutomaticStart) return;
    // Not before the session start (SESSION_START runs it then).
    if (notice.startDateTime && now.getTime() < notice.startDateTime.getTime()) return;
    const heads = await repo.findLotHeads(tx, notice.id, true);
    const start = lotsToStartAutomatically(
      heads.map((l) => ({ id: l.id, number: l.number, phase: l.phase })),
      (ref) => this.flow(notice, heads.find((h) => h.id === ref.id) as LotRow),
      { isBidsAutomaticStart: true, amountBidsAutomaticStart: notice.amountBidsAutomaticStart },
    );
    if (start.length === 0) return;
    const lots = start.map((s) => heads.find((h) => h.id === s.id) as LotRow);
    for (const lot of lots) await this.enterPhase(tx, notice, lot, "BIDDING", now, "ADVANCE");
    await this.announceMove(tx, outbox, notice, lots, "BIDDING", "PHASE_ADVANCED", null);
  }

  // ---- clocks ----

  /**
   * The proposal window's clock (the phases NOT_STARTED and OPEN_FOR_OFFERS follow the notice's
   * proposal dates): every lot still waiting moves at once, with one event and one message.
   */
  private async moveWaitingLots(
    tx: Tx,
    outbox: Outbox,
    notice: EngineNotice,
    from: readonly LotPhase[],
    to: LotPhase,
    now: Date,
  ) {
    const heads = await repo.findLotHeads(tx, notice.id, true);
    const lots = heads.filter((l) => from.includes(l.phase));
    if (lots.length === 0) return;
    for (const lot of lots) await this.enterPhase(tx, notice, lot, to, now, "CLOCK");
    await this.announceMove(tx, outbox, notice, lots, to, "PHASE_ADVANCED", null);
  }

  /**
   * Runs one due timer, if any (DESIGN §5): claimed with FOR UPDATE SKIP LOCKED, handled in the
   * same transaction as the change it causes. Returns false when nothing was due.
   */
  async runOneDueTimer(): Promise<boolean> {
    return this.commit(async (tx, outbox) => {
      const now = this.clock();
      // Lot first, then its timer row: the order the bid path takes them (it moves the timer of a
      // lot it holds), so the two never wait on each other.
      const due = await repo.peekDueTimer(tx, now);
      if (!due) return false;
      const found = await repo.findLot(tx, due.batchId, true);
      const timer = await repo.claimTimer(tx, due.id, now);
      // Taken by another instance, or moved later by a bid meanwhile: look again.
      if (!timer) return true;
      await repo.deleteTimer(tx, timer.id);
      if (!found) return true;
      const { lot, notice } = found;
      // A suspended process keeps its clocks stopped; the timer goes when the process resumes.
      if (!ACTIVE_STATUSES.includes(notice.status)) return true;
      if (timer.kind === "BIDDING" && lot.phase === "BIDDING")
        await this.onBiddingTimer(tx, outbox, notice, lot, now);
      if (timer.kind === "TIEBREAKER_CALL" && lot.phase === "TIEBREAKER") {
        const outcome = afterTieCall(lot.tieCallOrder ?? [], lot.tieCallIndex ?? 0, false);
        await this.settleTie(tx, outbox, notice, lot, outcome, now);
      }
      if (timer.kind === "PROPOSALS_START")
        await this.moveWaitingLots(tx, outbox, notice, ["NOT_STARTED"], "OPEN_FOR_OFFERS", now);
      if (timer.kind === "PROPOSALS_END")
        await this.moveWaitingLots(
          tx,
          outbox,
          notice,
          ["NOT_STARTED", "OPEN_FOR_OFFERS"],
          "CLOSED_FOR_OFFERS",
          now,
        );
      if (timer.kind === "SESSION_START") await this.autoStart(tx, outbox, notice, now);
      return true;
    });
  }

  private async onBiddingTimer(tx: Tx, outbox: Outbox, notice: EngineNotice, lot: LotRow, now: Date) {
    if (!lot.biddingStage || !lot.biddingPhaseDueDateTime) return;
    const clock: BiddingClock = {
      closingKind: notice.closingKind,
      stage: lot.biddingStage,
      dueAt: lot.biddingPhaseDueDateTime,
    };
    const outcome = onBiddingDeadline(clock, now, this.random, this.timeScale);
    switch (outcome.kind) {
      case "WAIT":
        await repo.setTimer(tx, notice.id, lot.id, "BIDDING", outcome.at);
        return;
      case "ANNOUNCE_IMMINENT_CLOSE": {
        await repo.updateLot(tx, lot.id, {
          biddingStage: "RANDOM_CLOSE",
          biddingPhaseDueDateTime: outcome.clock.dueAt,
        });
        await repo.setTimer(tx, notice.id, lot.id, "BIDDING", outcome.clock.dueAt);
        // The drawn instant is secret until it falls, but logged now so the session can be audited.
        await appendEvent(tx, {
          auctionNoticeId: notice.id,
          eventType: "RANDOM_CLOSE_DRAWN",
          actorUserId: null,
          payload: {
            batchId: lot.id,
            randomValue: outcome.randomValue,
            randomDelayMs: outcome.randomDelayMs,
            closesAt: outcome.clock.dueAt.toISOString(),
          },
        });
        await this.stageMessage(
          tx,
          outbox,
          notice,
          lot,
          // The close instant is secret: the text gives the longest the draw allows (scaled).
          `Aviso de fechamento iminente: a etapa aberta será encerrada a qualquer momento nos próximos ${formatDuration(scaled(AUCTION_DURATIONS_MS.RANDOM_CLOSE_MAX, this.timeScale))}.`,
          "IMMINENT_CLOSING",
        );
        return;
      }
      case "OPEN_SEALED_PHASE": {
        const criterion = this.criterionOf(notice, lot);
        const all = await repo.lotBids(tx, lot.id);
        const finalists = sealedBidEligibleSuppliers(
          all.map((b) => auctionBidOf(b, criterion)),
          criterion,
          await this.bidders(tx, notice.id, lot.id),
        ).map(String);
        await repo.updateLot(tx, lot.id, {
          biddingStage: "SEALED",
          subPhase: outcome.subPhase,
          biddingPhaseDueDateTime: outcome.clock.dueAt,
          finalistSupplierIds: finalists,
        });
        await repo.setTimer(tx, notice.id, lot.id, "BIDDING", outcome.clock.dueAt);
        const people = new Map((await repo.participants(tx, notice.id)).map((p) => [p.supplierId, p]));
        const names = finalists.map((id) => anonymousSupplierName(people.get(id)?.anonymousNumber));
        await this.stageMessage(
          tx,
          outbox,
          notice,
          lot,
          `Etapa fechada iniciada: ${names.join(", ")} podem enviar um único lance final fechado em até ${formatDuration(outcome.clock.dueAt.getTime() - now.getTime())}.`,
          "SECRET_BIDDING_PHASE",
        );
        return;
      }
      case "REVEAL_SEALED_BIDS_AND_CLOSE": {
        const revealed = await repo.revealSealedBids(tx, lot.id);
        if (revealed.length > 0) {
          await appendEvent(tx, {
            auctionNoticeId: notice.id,
            eventType: "SEALED_BIDS_REVEALED",
            actorUserId: null,
            payload: { batchId: lot.id, bidIds: revealed.map((r) => r.id) },
          });
          outbox.push({
            t: "bid",
            n: notice.id,
            l: lot.id,
            a: "NEW_BID_PLACED",
            b: revealed.map((r) => r.id),
          });
        }
        await this.closeBidding(tx, outbox, notice, lot, now);
        return;
      }
      case "CLOSE_BIDDING":
        await this.closeBidding(tx, outbox, notice, lot, now);
    }
  }

  /** A change inside a phase (imminent close, sealed stage, tie call): the lot's new view and a system message. */
  private async stageMessage(
    tx: Tx,
    outbox: Outbox,
    notice: EngineNotice,
    lot: LotRow,
    text: string,
    action: string,
    phase: LotPhase = "BIDDING",
  ) {
    const message = await this.chat.postSystemMessage(tx, {
      auctionNoticeId: notice.id,
      batchIds: [lot.id],
      text,
      action,
    });
    outbox.push({ t: "phase", n: notice.id, a: "PHASE_ADVANCED", p: phase, l: [lot.id] });
    if (message) outbox.push(message);
  }

  /**
   * The bidding ends: the fictitious tie of LC 123/2006 arts. 44–45 is checked (draws logged); the
   * lot goes to TIEBREAKER with its first call, or straight on (NEGOTIATION) with the best bidder.
   */
  private async closeBidding(tx: Tx, outbox: Outbox, notice: EngineNotice, lot: LotRow, now: Date) {
    const criterion = this.criterionOf(notice, lot);
    const all = (await repo.lotBids(tx, lot.id)).map((b) => auctionBidOf(b, criterion));
    const tie = fictitiousTie({
      modality: notice.modality,
      criterion,
      canApplyTiebreaker: notice.canApplyTiebreaker,
      bids: all,
      bidders: await this.bidders(tx, notice.id, lot.id),
      random: this.random,
    });
    await repo.updateLot(tx, lot.id, { biddingPhaseEndingDateTime: now });
    await appendEvent(tx, {
      auctionNoticeId: notice.id,
      eventType: "BIDDING_CLOSED",
      actorUserId: null,
      payload: {
        batchId: lot.id,
        bestBidId: tie.best?.id ?? null,
        fictitiousTie: tie.applies,
        bandPercent: tie.bandPercent,
        callOrder: tie.callOrder.map(String),
        draws: tie.draws.map((d) => ({
          ...d,
          tiedSupplierIds: d.tiedSupplierIds.map(String),
          order: d.order.map(String),
        })),
      },
    });
    const next =
      automaticNextPhase("BIDDING", this.flow(notice, lot, { hasFictitiousTie: tie.applies })) ??
      "NEGOTIATION";
    const closed = { ...lot, biddingPhaseEndingDateTime: now };
    if (next === "TIEBREAKER") {
      await this.enterPhase(tx, notice, closed, "TIEBREAKER", now, "CLOCK");
      const call = firstTieCall(tie.callOrder);
      const order = tie.callOrder.map(String);
      await repo.updateLot(tx, lot.id, {
        tieCallOrder: order,
        negotiatingSupplierId: tie.best ? String(tie.best.supplierId) : null,
      });
      await this.announceMove(tx, outbox, notice, [closed], "TIEBREAKER", "PHASE_ADVANCED", null);
      await this.settleTie(
        tx,
        outbox,
        notice,
        { ...closed, phase: "TIEBREAKER", tieCallOrder: order },
        call,
        now,
      );
      return;
    }
    await repo.updateLot(tx, lot.id, {
      negotiatingSupplierId: tie.best ? String(tie.best.supplierId) : null,
    });
    await this.enterPhase(
      tx,
      notice,
      { ...closed, negotiatingSupplierId: tie.best ? String(tie.best.supplierId) : null },
      next,
      now,
      "CLOCK",
    );
    await this.announceMove(tx, outbox, notice, [closed], next, "PHASE_ADVANCED", null);
    await this.autoStart(tx, outbox, notice, now);
  }

  /** A tie call's outcome: call the next ME/EPP (5 minutes), or end the tie and go on. */
  private async settleTie(
    tx: Tx,
    outbox: Outbox,
    notice: EngineNotice,
    lot: LotRow,
    outcome: ReturnType<typeof afterTieCall>,
    now: Date,
  ) {
    const people = new Map((await repo.participants(tx, notice.id)).map((p) => [p.supplierId, p]));
    const nameOf = (id: unknown) => anonymousSupplierName(people.get(String(id))?.anonymousNumber);
    if (outcome.kind === "CALL") {
      const due = tiebreakerCallDeadline(now, this.timeScale);
      await repo.updateLot(tx, lot.id, { tieCallIndex: outcome.index, tieCallDueDateTime: due });
      await repo.setTimer(tx, notice.id, lot.id, "TIEBREAKER_CALL", due);
      await appendEvent(tx, {
        auctionNoticeId: notice.id,
        eventType: "TIEBREAKER_CALL",
        actorUserId: null,
        payload: {
          batchId: lot.id,
          supplierId: String(outcome.supplierId),
          index: outcome.index,
          dueAt: due.toISOString(),
        },
      });
      await this.stageMessage(
        tx,
        outbox,
        notice,
        lot,
        `Empate ficto (LC 123/2006, art. 44): ${nameOf(outcome.supplierId)} (ME/EPP) é convocado(a) a apresentar lance melhor que o melhor lance atual em até ${formatDuration(due.getTime() - now.getTime())}.`,
        "TIEBREAKER_CALL",
        "TIEBREAKER",
      );
      return;
    }
    const negotiating = outcome.kind === "COVERED" ? String(outcome.supplierId) : lot.negotiatingSupplierId;
    await repo.clearTimers(tx, [lot.id], ["TIEBREAKER_CALL"]);
    await appendEvent(tx, {
      auctionNoticeId: notice.id,
      eventType: "TIEBREAKER_ENDED",
      actorUserId: null,
      payload: { batchId: lot.id, outcome: outcome.kind, supplierId: negotiating },
    });
    const next =
      automaticNextPhase("TIEBREAKER", this.flow(notice, lot, { hasFictitiousTie: true })) ?? "NEGOTIATION";
    const moved = { ...lot, negotiatingSupplierId: negotiating };
    await repo.updateLot(tx, lot.id, { negotiatingSupplierId: negotiating, biddingPhaseEndingDateTime: now });
    await this.enterPhase(tx, notice, moved, next, now, "CLOCK");
    await this.announceMove(tx, outbox, notice, [moved], next, "PHASE_ADVANCED", null);
    await this.autoStart(tx, outbox, notice, now);
  }
}
