import { describe, expect, it } from "vitest";
import { type AgendaLot, buyerAgenda, type NoticeAgendaInput, supplierAgenda } from "./my-notices";

const now = new Date("2026-12-01T12:00:00-03:00");
const at = (iso: string) => new Date(iso);

const notice = (over: Partial<NoticeAgendaInput> = {}): NoticeAgendaInput => ({
  status: "PUBLISHED",
  proposalsStartDateTime: at("2026-11-20T08:00:00-03:00"),
  proposalsEndDateTime: at("2026-12-10T09:00:00-03:00"),
  startDateTime: at("2026-12-10T09:00:00-03:00"),
  clarificationEndDateTime: at("2026-12-04T23:59:59-03:00"),
  lots: [],
  ...over,
});

const me = (over: Partial<NonNullable<AgendaLot["supplier"]>> = {}): AgendaLot["supplier"] => ({
  isBidder: true,
  isNegotiating: false,
  isTieCalled: false,
  dispute: "NONE",
  reasonsSent: false,
  othersAppealed: false,
  ...over,
});

const lot = (over: Partial<AgendaLot> = {}): AgendaLot => ({
  number: 1,
  phase: "NOT_STARTED",
  attachingDocumentsEndingDateTime: null,
  isReadjustedProposalAttached: false,
  isQualifiedDocumentConfirmed: false,
  tieCallDueDateTime: null,
  round: null,
  supplier: me(),
  ...over,
});

describe("a supplier's agenda ('Meus editais', issue 19 item 3)", () => {
  it("before the session: the nearest of the art. 164 term, the proposals' end and the opening; the proposal to send", () => {
    const agenda = supplierAgenda(notice(), { hasProposal: false }, now);
    expect(agenda.nextDeadline).toEqual({
      kind: "CLARIFICATION_END",
      label: "Fim do prazo de esclarecimentos e impugnações",
      at: at("2026-12-04T23:59:59-03:00"),
    });
    expect(agenda.pendingActions).toEqual([
      {
        kind: "SEND_PROPOSAL",
        label: "Enviar proposta inicial",
        lotNumbers: [],
        dueAt: at("2026-12-10T09:00:00-03:00"),
      },
    ]);
  });

  it("a sent proposal leaves nothing to do; past the art. 164 term the proposals' end comes next", () => {
    const agenda = supplierAgenda(notice(), { hasProposal: true }, at("2026-12-05T10:00:00-03:00"));
    expect(agenda.pendingActions).toEqual([]);
    expect(agenda.nextDeadline?.kind).toBe("PROPOSALS_END");
  });

  it("no proposal is asked before the window opens nor after it closes", () => {
    const early = supplierAgenda(notice(), { hasProposal: false }, at("2026-11-19T10:00:00-03:00"));
    expect(early.pendingActions).toEqual([]);
    const late = supplierAgenda(notice(), { hasProposal: false }, at("2026-12-10T09:00:01-03:00"));
    expect(late.pendingActions).toEqual([]);
    expect(late.nextDeadline).toBeNull();
  });

  it("the ME/EPP called to cover the best bid (LC 123/2006 art. 45) until its call's end", () => {
    const tie = lot({
      phase: "TIEBREAKER",
      tieCallDueDateTime: at("2026-12-01T12:05:00-03:00"),
      supplier: me({ isTieCalled: true }),
    });
    const agenda = supplierAgenda(notice({ status: "ONGOING", lots: [tie] }), { hasProposal: true }, now);
    expect(agenda.pendingActions.map((a) => [a.kind, a.lotNumbers])).toEqual([["TIE_BREAK", [1]]]);
    expect(agenda.nextDeadline).toMatchObject({ kind: "TIE_BREAK", at: at("2026-12-01T12:05:00-03:00") });
    const other = supplierAgenda(
      notice({ status: "ONGOING", lots: [{ ...tie, supplier: me({ isTieCalled: false }) }] }),
      { hasProposal: true },
      now,
    );
    expect(other.pendingActions).toEqual([]);
  });

  it("the winner's documents in their window: readjusted proposal in negotiation, qualification documents in qualification", () => {
    const due = at("2026-12-02T18:00:00-03:00");
    const lots = [
      lot({
        number: 2,
        phase: "NEGOTIATION",
        attachingDocumentsEndingDateTime: due,
        supplier: me({ isNegotiating: true }),
      }),
      lot({
        number: 3,
        phase: "QUALIFICATION",
        attachingDocumentsEndingDateTime: due,
        supplier: me({ isNegotiating: true }),
      }),
      lot({
        number: 4,
        phase: "QUALIFICATION",
        attachingDocumentsEndingDateTime: due,
        isQualifiedDocumentConfirmed: true,
        supplier: me({ isNegotiating: true }),
      }),
      lot({ number: 5, phase: "QUALIFICATION", attachingDocumentsEndingDateTime: due, supplier: me() }),
    ];
    const agenda = supplierAgenda(notice({ status: "ONGOING", lots }), { hasProposal: true }, now);
    expect(agenda.pendingActions.map((a) => [a.kind, a.lotNumbers])).toEqual([
      ["SEND_READJUSTED_PROPOSAL", [2]],
      ["SEND_QUALIFICATION_DOCUMENTS", [3]],
    ]);
    const closed = supplierAgenda(
      notice({ status: "ONGOING", lots }),
      { hasProposal: true },
      at("2026-12-03T00:00:00-03:00"),
    );
    expect(closed.pendingActions).toEqual([]);
  });

  it("the appeal's three terms (Lei 14.133/2021 art. 165): intention, reasons of its own intention, counter-arguments to another's", () => {
    const round = {
      interestEndsAt: at("2026-12-01T12:30:00-03:00"),
      reasonsDueAt: at("2026-12-04T23:59:59-03:00"),
      counterArgumentsDueAt: at("2026-12-09T23:59:59-03:00"),
    };
    const interest = lot({ number: 1, phase: "DISPUTE_INTEREST_MANIFESTATION", round });
    const reasons = lot({
      number: 2,
      phase: "DISPUTE_RECEIVEMENT",
      round,
      supplier: me({ dispute: "MANIFESTED" }),
    });
    const counter = lot({
      number: 3,
      phase: "COUNTERARGUMENTS_RECEIVEMENT",
      round,
      supplier: me({ othersAppealed: true }),
    });
    const agenda = supplierAgenda(
      notice({ status: "ONGOING", lots: [counter, reasons, interest] }),
      { hasProposal: true },
      now,
    );
    expect(agenda.pendingActions.map((a) => [a.kind, a.lotNumbers, a.dueAt])).toEqual([
      ["MANIFEST_APPEAL", [1], round.interestEndsAt],
      ["SEND_APPEAL_REASONS", [2], round.reasonsDueAt],
      ["SEND_COUNTER_ARGUMENTS", [3], round.counterArgumentsDueAt],
    ]);
    expect(agenda.nextDeadline?.kind).toBe("MANIFEST_APPEAL");
    // Sent reasons, a refused intention, a non-bidder: nothing of the appeal is asked.
    const done = supplierAgenda(
      notice({
        status: "ONGOING",
        lots: [
          { ...reasons, supplier: me({ dispute: "MANIFESTED", reasonsSent: true }) },
          { ...interest, supplier: me({ dispute: "CLOSED" }) },
          { ...counter, supplier: me({ isBidder: false, othersAppealed: true }) },
        ],
      }),
      { hasProposal: true },
      now,
    );
    expect(done.pendingActions).toEqual([]);
  });

  it("one action per kind gathers its lots, the earliest term kept", () => {
    const a = lot({
      number: 3,
      phase: "DISPUTE_INTEREST_MANIFESTATION",
      round: {
        interestEndsAt: at("2026-12-01T13:00:00-03:00"),
        reasonsDueAt: null,
        counterArgumentsDueAt: null,
      },
    });
    const b = lot({
      number: 1,
      phase: "DISPUTE_INTEREST_MANIFESTATION",
      round: {
        interestEndsAt: at("2026-12-01T12:40:00-03:00"),
        reasonsDueAt: null,
        counterArgumentsDueAt: null,
      },
    });
    const agenda = supplierAgenda(notice({ status: "ONGOING", lots: [a, b] }), { hasProposal: true }, now);
    expect(agenda.pendingActions).toEqual([
      {
        kind: "MANIFEST_APPEAL",
        label: "Manifestar intenção de recurso",
        lotNumbers: [1, 3],
        dueAt: at("2026-12-01T12:40:00-03:00"),
      },
    ]);
  });

  it("nothing runs while the process is suspended or after it ended", () => {
    for (const status of [
      "SUSPENDED",
      "SUSPENDED_INDEFINITELY",
      "FINISHED",
      "CANCELLED",
      "REVOKED",
    ] as const) {
      expect(supplierAgenda(notice({ status }), { hasProposal: false }, now)).toEqual({
        nextDeadline: null,
        pendingActions: [],
      });
    }
  });
});

describe("a buyer's agenda", () => {
  it("a draft is to be published; lots waiting for the authority are to be judged, awarded, homologated", () => {
    expect(buyerAgenda(notice({ status: "PENDING" }), now).pendingActions.map((a) => a.kind)).toEqual([
      "PUBLISH",
    ]);
    const lots = [
      lot({ number: 1, phase: "DISPUTE_COUNTERARGUMENTS_JUDGMENT", supplier: null }),
      lot({ number: 2, phase: "AWARDING", supplier: null }),
      lot({ number: 3, phase: "AWARDING", supplier: null }),
      lot({ number: 4, phase: "HOMOLOGATION", supplier: null }),
    ];
    const agenda = buyerAgenda(notice({ status: "ONGOING", lots }), now);
    expect(agenda.pendingActions.map((a) => [a.kind, a.lotNumbers])).toEqual([
      ["JUDGE_APPEALS", [1]],
      ["AWARD", [2, 3]],
      ["HOMOLOGATE", [4]],
    ]);
    expect(agenda.nextDeadline).toBeNull();
  });

  it("a published notice's next term is the buyer's too", () => {
    expect(buyerAgenda(notice(), now).nextDeadline?.kind).toBe("CLARIFICATION_END");
    expect(buyerAgenda(notice({ status: "REVOKED", lots: [lot({ phase: "AWARDING" })] }), now)).toEqual({
      nextDeadline: null,
      pendingActions: [],
    });
  });
});

describe("the proposals' window is before the session", () => {
  it("lots open or closed for offers still ask for the proposal and keep the notice's terms", () => {
    const open = notice({
      lots: [lot({ phase: "OPEN_FOR_OFFERS" }), lot({ number: 2, phase: "CLOSED_FOR_OFFERS" })],
    });
    expect(supplierAgenda(open, { hasProposal: false }, now).pendingActions.map((a) => a.kind)).toEqual([
      "SEND_PROPOSAL",
    ]);
    expect(buyerAgenda(open, now).nextDeadline?.kind).toBe("CLARIFICATION_END");
  });
});

describe("once a lot has started the process runs", () => {
  it("no proposal is asked and the notice's own terms are over", () => {
    const started = notice({ lots: [lot({ phase: "BIDDING" })] });
    expect(supplierAgenda(started, { hasProposal: false }, now)).toEqual({
      nextDeadline: null,
      pendingActions: [],
    });
    expect(buyerAgenda(started, now).nextDeadline).toBeNull();
  });
});

describe("a direct procedure's agenda (Lei 14.133/2021 arts. 79, 80, 165)", () => {
  const direct = (over: Partial<NonNullable<NoticeAgendaInput["direct"]>> = {}) => ({
    pendingProposals: 0,
    appealsToJudge: [],
    counterArgumentsDue: [],
    appealsDue: [],
    ...over,
  });

  it("the body analyses the proposals and judges the appeals ready, the nearest decision term first", () => {
    const agenda = buyerAgenda(
      notice({
        direct: direct({
          pendingProposals: 2,
          appealsToJudge: [at("2026-12-20T23:59:59-03:00"), at("2026-12-03T23:59:59-03:00")],
        }),
      }),
      now,
    );
    expect(agenda.pendingActions.map((a) => [a.kind, a.dueAt?.toISOString() ?? null])).toEqual([
      ["JUDGE_APPEALS", "2026-12-04T02:59:59.000Z"],
      ["ANALYSE_PROPOSALS", null],
    ]);
    expect(agenda.nextDeadline?.kind).toBe("JUDGE_APPEALS");
  });

  it("a supplier answers the appeals against its proposals and appeals within the terms still running", () => {
    const agenda = supplierAgenda(
      notice({
        direct: direct({
          counterArgumentsDue: [at("2026-12-02T23:59:59-03:00")],
          appealsDue: [at("2026-11-30T23:59:59-03:00"), at("2026-12-03T23:59:59-03:00")],
        }),
      }),
      { hasProposal: true },
      now,
    );
    expect(agenda.pendingActions.map((a) => [a.kind, a.dueAt?.toISOString()])).toEqual([
      ["SEND_COUNTER_ARGUMENTS", "2026-12-03T02:59:59.000Z"],
      ["FILE_APPEAL", "2026-12-04T02:59:59.000Z"],
    ]);
  });
});
