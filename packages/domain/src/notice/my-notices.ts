// 'Meus editais' (notices-and-accounts §2.2 menus; issue 19 item 3): for each process a user takes
// part in, its next deadline and what it still has to do. One pure reading of the notice's dates and
// its lots' state, shared by the server (which answers it) and its tests.
import type { LotPhase } from "../enums/lot-phase";
import type { NoticeStatus } from "../enums/notice-status";

/** What the agenda of one notice is read from (the server fills it for one viewer). */
export interface NoticeAgendaInput {
  status: NoticeStatus;
  proposalsStartDateTime: Date | null;
  proposalsEndDateTime: Date | null;
  startDateTime: Date | null;
  clarificationEndDateTime: Date | null;
  lots: AgendaLot[];
  /** A direct procedure's proposals and appeals (direct-proposals.ts, direct-appeals.ts); absent otherwise. */
  direct?: DirectAgenda;
}

/** What a direct procedure asks of the viewer (Lei 14.133/2021 arts. 79, 80 and 165). */
export interface DirectAgenda {
  /** Buyer: proposals awaiting the body's analysis. */
  pendingProposals: number;
  /** Buyer: the decision terms of the appeals that may be judged now. */
  appealsToJudge: Date[];
  /** Supplier: the terms of the appeals against its proposals that it may still answer. */
  counterArgumentsDue: Date[];
  /** Supplier: the terms to appeal against decisions it may still appeal against. */
  appealsDue: Date[];
}

export interface AgendaLot {
  number: number;
  phase: LotPhase;
  /** The winner's documents window (readjusted proposal in NEGOTIATION, qualification documents in QUALIFICATION). */
  attachingDocumentsEndingDateTime: Date | null;
  isReadjustedProposalAttached: boolean;
  isQualifiedDocumentConfirmed: boolean;
  tieCallDueDateTime: Date | null;
  /** The lot's current appeal round (Lei 14.133/2021 art. 165), when one is open. */
  round: {
    interestEndsAt: Date;
    reasonsDueAt: Date | null;
    counterArgumentsDueAt: Date | null;
  } | null;
  /** The supplier viewer's standing in the lot; null for a buyer. */
  supplier: {
    /** It bid in the lot (an initial proposal or a live bid). */
    isBidder: boolean;
    /** The auctioneer negotiates with it / it is the best placed whose documents are awaited. */
    isNegotiating: boolean;
    /** It is the ME/EPP called now to cover the best bid (LC 123/2006 art. 45). */
    isTieCalled: boolean;
    /** Its intention in the current round: none, standing (MANIFESTED), or refused/waived. */
    dispute: "NONE" | "MANIFESTED" | "CLOSED";
    /** It sent the reasons of its standing intention. */
    reasonsSent: boolean;
    /** Another bidder's intention stands in the round (counter-arguments are open to the rest). */
    othersAppealed: boolean;
  } | null;
}

/** A supplier's participation as a whole: whether its initial proposal holds a live bid. */
export interface AgendaSupplier {
  hasProposal: boolean;
}

export type AgendaActionKind =
  | "SEND_PROPOSAL"
  | "TIE_BREAK"
  | "SEND_READJUSTED_PROPOSAL"
  | "SEND_QUALIFICATION_DOCUMENTS"
  | "MANIFEST_APPEAL"
  | "SEND_APPEAL_REASONS"
  | "SEND_COUNTER_ARGUMENTS"
  | "FILE_APPEAL"
  | "PUBLISH"
  | "ANALYSE_PROPOSALS"
  | "JUDGE_APPEALS"
  | "AWARD"
  | "HOMOLOGATE";

export const AGENDA_ACTION_LABELS: Record<AgendaActionKind, string> = {
  SEND_PROPOSAL: "Enviar proposta inicial",
  TIE_BREAK: "Exercer o direito de preferência (desempate ME/EPP)",
  SEND_READJUSTED_PROPOSAL: "Enviar proposta readequada",
  SEND_QUALIFICATION_DOCUMENTS: "Enviar documentos de habilitação",
  MANIFEST_APPEAL: "Manifestar intenção de recurso",
  SEND_APPEAL_REASONS: "Enviar razões do recurso",
  SEND_COUNTER_ARGUMENTS: "Apresentar contrarrazões",
  FILE_APPEAL: "Interpor recurso",
  PUBLISH: "Publicar o edital",
  ANALYSE_PROPOSALS: "Analisar propostas",
  JUDGE_APPEALS: "Julgar recursos",
  AWARD: "Adjudicar",
  HOMOLOGATE: "Homologar",
};

export type AgendaDeadlineKind = "CLARIFICATION_END" | "PROPOSALS_END" | "SESSION_START" | AgendaActionKind;

export const AGENDA_DEADLINE_LABELS: Record<AgendaDeadlineKind, string> = {
  ...AGENDA_ACTION_LABELS,
  CLARIFICATION_END: "Fim do prazo de esclarecimentos e impugnações",
  PROPOSALS_END: "Fim do recebimento de propostas",
  SESSION_START: "Abertura da sessão pública",
};

export interface AgendaAction {
  kind: AgendaActionKind;
  label: string;
  /** The lots it concerns (ascending); empty for the notice as a whole. */
  lotNumbers: number[];
  /** Until when it may be done; null when no term runs. */
  dueAt: Date | null;
}

export interface NoticeAgenda {
  nextDeadline: { kind: AgendaDeadlineKind; label: string; at: Date } | null;
  pendingActions: AgendaAction[];
}

/** Statuses in which nothing runs: no deadline, nothing to do (the room is stopped or closed). */
const STOPPED: readonly NoticeStatus[] = [
  "SUSPENDED",
  "SUSPENDED_INDEFINITELY",
  "FINISHED",
  "CANCELLED",
  "REVOKED",
];
const INTEREST_PHASES: readonly LotPhase[] = [
  "FIRST_PHASE_DISPUTE_INTEREST_MANIFESTATION",
  "DISPUTE_INTEREST_MANIFESTATION",
  "SECOND_PHASE_DISPUTE_INTEREST_MANIFESTATION",
];

/** The lot phases before the public session: the proposals' window opens and closes (trading-room §4). */
const PRE_SESSION_PHASES: readonly LotPhase[] = ["NOT_STARTED", "OPEN_FOR_OFFERS", "CLOSED_FOR_OFFERS"];

/** Published and no lot past its proposals' window: the notice's own terms still run. */
const beforeSession = (n: NoticeAgendaInput) =>
  n.status === "PUBLISHED" && n.lots.every((l) => PRE_SESSION_PHASES.includes(l.phase));

const future = (at: Date | null, now: Date): at is Date => at !== null && at.getTime() > now.getTime();

/** Adds a lot to the action of its kind (one action per kind, the earliest term kept). */
function collect(
  actions: Map<AgendaActionKind, AgendaAction>,
  kind: AgendaActionKind,
  lot: number | null,
  dueAt: Date | null,
) {
  const found = actions.get(kind);
  if (!found) {
    actions.set(kind, {
      kind,
      label: AGENDA_ACTION_LABELS[kind],
      lotNumbers: lot === null ? [] : [lot],
      dueAt,
    });
    return;
  }
  if (lot !== null && !found.lotNumbers.includes(lot)) found.lotNumbers.push(lot);
  if (dueAt && (!found.dueAt || dueAt < found.dueAt)) found.dueAt = dueAt;
}

/** The notice's own terms before the session (art. 164 and the proposals window, art. 55). */
function noticeTerms(n: NoticeAgendaInput, now: Date): { kind: AgendaDeadlineKind; at: Date }[] {
  if (!beforeSession(n)) return [];
  const terms: { kind: AgendaDeadlineKind; at: Date | null }[] = [
    { kind: "CLARIFICATION_END", at: n.clarificationEndDateTime },
    { kind: "PROPOSALS_END", at: n.proposalsEndDateTime },
    { kind: "SESSION_START", at: n.startDateTime },
  ];
  return terms.filter((t): t is { kind: AgendaDeadlineKind; at: Date } => future(t.at, now));
}

function finish(
  terms: { kind: AgendaDeadlineKind; at: Date }[],
  actions: Map<AgendaActionKind, AgendaAction>,
): NoticeAgenda {
  const pendingActions = [...actions.values()].map((a) => ({
    ...a,
    lotNumbers: [...a.lotNumbers].sort((x, y) => x - y),
  }));
  const all = [
    ...terms,
    ...pendingActions
      .filter((a) => a.dueAt)
      .map((a) => ({ kind: a.kind as AgendaDeadlineKind, at: a.dueAt as Date })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  const first = all[0];
  return {
    nextDeadline: first
      ? { kind: first.kind, label: AGENDA_DEADLINE_LABELS[first.kind], at: first.at }
      : null,
    pendingActions: pendingActions.sort(
      (a, b) =>
        (a.dueAt?.getTime() ?? Number.POSITIVE_INFINITY) - (b.dueAt?.getTime() ?? Number.POSITIVE_INFINITY),
    ),
  };
}

/**
 * A supplier's agenda in one notice: the next term that runs for it and what it has to do — send its
 * proposal while the window is open, cover the best bid when called (LC 123/2006 art. 45), send the
 * winner's documents in their window (trading-room §2.2), manifest, reason or counter an appeal in
 * its terms (Lei 14.133/2021 art. 165). Nothing runs while the process is suspended or closed.
 */
export function supplierAgenda(n: NoticeAgendaInput, supplier: AgendaSupplier, now: Date): NoticeAgenda {
  const actions = new Map<AgendaActionKind, AgendaAction>();
  if (STOPPED.includes(n.status)) return { nextDeadline: null, pendingActions: [] };
  const proposalsOpen =
    beforeSession(n) &&
    (!n.proposalsStartDateTime || n.proposalsStartDateTime.getTime() <= now.getTime()) &&
    future(n.proposalsEndDateTime ?? n.startDateTime, now);
  if (proposalsOpen && !supplier.hasProposal)
    collect(actions, "SEND_PROPOSAL", null, n.proposalsEndDateTime ?? n.startDateTime);
  for (const lot of n.lots) {
    const me = lot.supplier;
    if (!me) continue;
    if (lot.phase === "TIEBREAKER" && me.isTieCalled && future(lot.tieCallDueDateTime, now))
      collect(actions, "TIE_BREAK", lot.number, lot.tieCallDueDateTime);
    if (me.isNegotiating && future(lot.attachingDocumentsEndingDateTime, now)) {
      if (lot.phase === "NEGOTIATION" && !lot.isReadjustedProposalAttached)
        collect(actions, "SEND_READJUSTED_PROPOSAL", lot.number, lot.attachingDocumentsEndingDateTime);
      if (lot.phase === "QUALIFICATION" && !lot.isQualifiedDocumentConfirmed)
        collect(actions, "SEND_QUALIFICATION_DOCUMENTS", lot.number, lot.attachingDocumentsEndingDateTime);
    }
    const round = lot.round;
    if (!round || !me.isBidder) continue;
    if (INTEREST_PHASES.includes(lot.phase) && me.dispute === "NONE" && future(round.interestEndsAt, now))
      collect(actions, "MANIFEST_APPEAL", lot.number, round.interestEndsAt);
    if (
      lot.phase === "DISPUTE_RECEIVEMENT" &&
      me.dispute === "MANIFESTED" &&
      !me.reasonsSent &&
      future(round.reasonsDueAt, now)
    )
      collect(actions, "SEND_APPEAL_REASONS", lot.number, round.reasonsDueAt);
    if (
      lot.phase === "COUNTERARGUMENTS_RECEIVEMENT" &&
      me.othersAppealed &&
      me.dispute !== "MANIFESTED" &&
      future(round.counterArgumentsDueAt, now)
    )
      collect(actions, "SEND_COUNTER_ARGUMENTS", lot.number, round.counterArgumentsDueAt);
  }
  // A direct procedure's appeals (art. 165): answer those against its proposals, appeal in the term.
  for (const due of n.direct?.counterArgumentsDue ?? [])
    if (future(due, now)) collect(actions, "SEND_COUNTER_ARGUMENTS", null, due);
  for (const due of n.direct?.appealsDue ?? [])
    if (future(due, now)) collect(actions, "FILE_APPEAL", null, due);
  return finish(noticeTerms(n, now), actions);
}

/**
 * A buyer's agenda in one of its body's notices: publish the draft; judge the appeals, award and
 * homologate the lots waiting for the authority (Lei 14.133/2021 arts. 165 §2 and 71); in a direct
 * procedure, analyse the proposals and judge the appeals. The next deadline is the notice's own term
 * before the session, or an appeal's decision term.
 */
export function buyerAgenda(n: NoticeAgendaInput, now: Date): NoticeAgenda {
  const actions = new Map<AgendaActionKind, AgendaAction>();
  if (n.status === "PENDING") collect(actions, "PUBLISH", null, null);
  if (!STOPPED.includes(n.status)) {
    for (const lot of n.lots) {
      if (lot.phase === "DISPUTE_COUNTERARGUMENTS_JUDGMENT")
        collect(actions, "JUDGE_APPEALS", lot.number, null);
      if (lot.phase === "AWARDING") collect(actions, "AWARD", lot.number, null);
      if (lot.phase === "HOMOLOGATION") collect(actions, "HOMOLOGATE", lot.number, null);
    }
    // A direct procedure: the proposals to analyse and the appeals ready for judgement (art. 165 §2).
    if (n.direct?.pendingProposals) collect(actions, "ANALYSE_PROPOSALS", null, null);
    for (const due of n.direct?.appealsToJudge ?? []) collect(actions, "JUDGE_APPEALS", null, due);
  }
  return finish(STOPPED.includes(n.status) ? [] : noticeTerms(n, now), actions);
}
