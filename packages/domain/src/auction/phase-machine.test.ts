import { describe, expect, it } from "vitest";
import type { LotPhase } from "../enums/lot-phase";
import {
  advanceStartPhase,
  allowedNextPhases,
  allowedPreviousPhases,
  applyToNextLots,
  automaticNextPhase,
  automaticStartPhases,
  flowFamily,
  hasPassedByQualificationAfterMove,
  lotPhaseInfo,
  lotsToStartAutomatically,
  orderedFlow,
  showsApplyToNextOnAdvance,
  showsApplyToNextOnRegress,
  TERMINAL_LOT_PHASES,
  validateNextPhase,
  validatePreviousPhase,
} from "./phase-machine";
import type { LotFlowContext, LotRef } from "./types";

const leilao: LotFlowContext = { modality: "ELECTRONIC_AUCTION", closingKind: "OPEN" };
const pregaoOld: LotFlowContext = { modality: "ELECTRONIC_REVERSED_AUCTION", closingKind: "OPEN" };
const dispensa: LotFlowContext = { modality: "ELECTRONIC_DISPENSER", closingKind: "TIMED" };
const pregaoNew: LotFlowContext = {
  modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
  closingKind: "OPEN",
  licensePhase: "AFTER_BID",
};
const beforeBid: LotFlowContext = { ...pregaoNew, licensePhase: "BEFORE_BID" };

/** Walks the manual and automatic moves, always taking the first offered phase. */
function walk(ctx: LotFlowContext, start: LotPhase = "NOT_STARTED"): LotPhase[] {
  const seen: LotPhase[] = [start];
  let phase = start;
  let passed = ctx.hasPassedByQualification === true;
  for (let guard = 0; guard < 40; guard += 1) {
    const here = { ...ctx, hasPassedByQualification: passed };
    const next = automaticNextPhase(phase, here) ?? allowedNextPhases(phase, here)[0];
    if (!next) break;
    passed = hasPassedByQualificationAfterMove(phase, next, here);
    phase = next;
    seen.push(phase);
  }
  return seen;
}

describe("phase machine — ordered flows per family (Lei 14.133 art. 17; Decreto 10.024; IN 67/2021)", () => {
  it("families: leilão, old procedures, new modalities (DESIGN §4), dispensa; none for other modalities", () => {
    expect(flowFamily("ELECTRONIC_AUCTION")).toBe("ELECTRONIC_AUCTION");
    expect(flowFamily("PRICES_SUBMISSION")).toBe("OLD_PROCEDURE");
    expect(flowFamily("ELECTRONIC_REVERSED_AUCTION")).toBe("OLD_PROCEDURE");
    expect(flowFamily("ELECTRONIC_COMPETITION")).toBe("NEW_MODALITY");
    expect(flowFamily("NEW_PRICES_SUBMISSION")).toBe("NEW_MODALITY");
    expect(flowFamily("ELECTRONIC_DISPENSER")).toBe("DISPENSER");
    expect(flowFamily("COMPETITIVE_DIALOGUE")).toBeNull();
    expect(orderedFlow({ modality: "ACCREDITATION", closingKind: "OPEN" })).toEqual([]);
  });

  it("leilão (Lei 14.133 art. 31 §4): no qualification, no tiebreak, homologation after appeals", () => {
    expect(walk({ ...leilao, appealsManifested: true, hasFictitiousTie: true })).toEqual([
      "NOT_STARTED",
      "OPEN_FOR_OFFERS",
      "CLOSED_FOR_OFFERS",
      "BIDDING",
      "NEGOTIATION",
      "DISPUTE_INTEREST_MANIFESTATION",
      "DISPUTE_RECEIVEMENT",
      "COUNTERARGUMENTS_RECEIVEMENT",
      "DISPUTE_COUNTERARGUMENTS_JUDGMENT",
      "AWARDING",
      "HOMOLOGATION",
      "CLOSING",
    ]);
    expect(allowedNextPhases("AWARDING", leilao)).toEqual(["HOMOLOGATION"]);
  });

  it("old pregão (Decreto 10.024 arts. 28, 36, 38, 39, 44, 45): analysis, bids, tie, negotiation, qualification, appeals", () => {
    expect(walk({ ...pregaoOld, appealsManifested: true, hasFictitiousTie: true })).toEqual([
      "NOT_STARTED",
      "OPEN_FOR_OFFERS",
      "CLOSED_FOR_OFFERS",
      "OFFERS_ANALYSIS",
      "BIDDING",
      "TIEBREAKER",
      "NEGOTIATION",
      "QUALIFICATION",
      "DISPUTE_INTEREST_MANIFESTATION",
      "DISPUTE_RECEIVEMENT",
      "COUNTERARGUMENTS_RECEIVEMENT",
      "DISPUTE_COUNTERARGUMENTS_JUDGMENT",
      "AWARDING",
      "HOMOLOGATION",
      "CLOSING",
    ]);
  });

  it("old price submission without appeals or tie skips those phases", () => {
    expect(walk({ modality: "PRICES_SUBMISSION", closingKind: "OPEN_AND_CLOSED" })).toEqual([
      "NOT_STARTED",
      "OPEN_FOR_OFFERS",
      "CLOSED_FOR_OFFERS",
      "OFFERS_ANALYSIS",
      "BIDDING",
      "NEGOTIATION",
      "QUALIFICATION",
      "DISPUTE_INTEREST_MANIFESTATION",
      "AWARDING",
      "HOMOLOGATION",
      "CLOSING",
    ]);
  });

  it("dispensa (IN 67/2021): no appeal-intent step (§6 MANIFESTE_DISPUTE_INTEREST excludes it)", () => {
    expect(walk({ ...dispensa, appealsManifested: true })).toEqual([
      "NOT_STARTED",
      "OPEN_FOR_OFFERS",
      "CLOSED_FOR_OFFERS",
      "BIDDING",
      "NEGOTIATION",
      "QUALIFICATION",
      "AWARDING",
      "HOMOLOGATION",
      "CLOSING",
    ]);
  });

  it("new modalities AFTER_BID (Lei 14.133 art. 17): public session, bids, negotiation, qualification, one intent window", () => {
    expect(walk({ ...pregaoNew, appealsManifested: true })).toEqual([
      "NOT_STARTED",
      "OPEN_FOR_OFFERS",
      "CLOSED_FOR_OFFERS",
      "PUBLIC_SESSION",
      "BIDDING",
      "NEGOTIATION",
      "QUALIFICATION",
      "DISPUTE_INTEREST_MANIFESTATION",
      "DISPUTE_RECEIVEMENT",
      "COUNTERARGUMENTS_RECEIVEMENT",
      "DISPUTE_COUNTERARGUMENTS_JUDGMENT",
      "AWARDING",
      "HOMOLOGATION",
      "CLOSING",
    ]);
  });

  it("new modalities BEFORE_BID (art. 17 §1): QUALIFICATION before BIDDING and the optional steps in the full flow", () => {
    expect(orderedFlow({ ...beforeBid, appealsManifested: true })).toEqual([
      "NOT_STARTED",
      "OPEN_FOR_OFFERS",
      "CLOSED_FOR_OFFERS",
      "PUBLIC_SESSION",
      "QUALIFICATION",
      "FIRST_PHASE_DISPUTE_INTEREST_MANIFESTATION",
      "OFFERS_ANALYSIS",
      "BIDDING",
      "NEGOTIATION",
      "QUALIFICATION",
      "SECOND_PHASE_DISPUTE_INTEREST_MANIFESTATION",
      "DISPUTE_RECEIVEMENT",
      "COUNTERARGUMENTS_RECEIVEMENT",
      "DISPUTE_COUNTERARGUMENTS_JUDGMENT",
      "AWARDING",
      "HOMOLOGATION",
      "CLOSING",
    ]);
  });

  it("technique and price (art. 37) adds TECHNICAL_PROPOSAL_ANALYSIS; closingKind CLOSED bids in CLOSED_BID", () => {
    const tp: LotFlowContext = {
      modality: "ELECTRONIC_COMPETITION",
      closingKind: "CLOSED",
      criterion: "TECHNIQUE_AND_PRICE",
    };
    expect(allowedNextPhases("PUBLIC_SESSION", tp)).toEqual(["TECHNICAL_PROPOSAL_ANALYSIS"]);
    expect(allowedNextPhases("TECHNICAL_PROPOSAL_ANALYSIS", tp)).toEqual(["CLOSED_BID"]);
    expect(allowedNextPhases("CLOSED_BID", tp)).toEqual(["NEGOTIATION"]);
    expect(orderedFlow(tp)).not.toContain("BIDDING");
    expect(orderedFlow({ ...pregaoNew, criterion: "LOWEST_PRICE" })).not.toContain(
      "TECHNICAL_PROPOSAL_ANALYSIS",
    );
  });
});

describe("phase machine — next phases and refusals (trading-room §4; DESIGN §4)", () => {
  it("BEFORE_BID pre-bidding QUALIFICATION offers the optional first intent window, offers analysis and the bids", () => {
    expect(allowedNextPhases("QUALIFICATION", beforeBid)).toEqual([
      "FIRST_PHASE_DISPUTE_INTEREST_MANIFESTATION",
      "OFFERS_ANALYSIS",
      "BIDDING",
    ]);
    expect(allowedNextPhases("FIRST_PHASE_DISPUTE_INTEREST_MANIFESTATION", beforeBid)).toEqual([
      "OFFERS_ANALYSIS",
      "BIDDING",
    ]);
  });

  it("BEFORE_BID after the bids: NEGOTIATION offers the optional second QUALIFICATION (art. 64) or the second intent window", () => {
    const passed = { ...beforeBid, hasPassedByQualification: true };
    expect(allowedNextPhases("NEGOTIATION", passed)).toEqual([
      "QUALIFICATION",
      "SECOND_PHASE_DISPUTE_INTEREST_MANIFESTATION",
    ]);
    expect(allowedNextPhases("QUALIFICATION", passed)).toEqual([
      "SECOND_PHASE_DISPUTE_INTEREST_MANIFESTATION",
    ]);
  });

  it("interest windows lead to the appeals only when an intention stands (Lei 14.133 art. 165 §1)", () => {
    expect(allowedNextPhases("DISPUTE_INTEREST_MANIFESTATION", pregaoNew)).toEqual(["AWARDING"]);
    expect(
      allowedNextPhases("DISPUTE_INTEREST_MANIFESTATION", { ...pregaoNew, appealsManifested: true }),
    ).toEqual(["DISPUTE_RECEIVEMENT"]);
    const passed = { ...beforeBid, hasPassedByQualification: true };
    expect(allowedNextPhases("SECOND_PHASE_DISPUTE_INTEREST_MANIFESTATION", passed)).toEqual(["AWARDING"]);
    // every appellant waived during the reasons' term: straight to the award
    expect(allowedNextPhases("DISPUTE_RECEIVEMENT", pregaoNew)).toEqual(["AWARDING"]);
    expect(allowedNextPhases("DISPUTE_RECEIVEMENT", { ...pregaoNew, appealsManifested: true })).toEqual([
      "COUNTERARGUMENTS_RECEIVEMENT",
    ]);
  });

  it("AWARDING goes to HOMOLOGATION or straight to CLOSING (§2.6 'Adjudicar … e Homologar o Processo')", () => {
    expect(allowedNextPhases("AWARDING", pregaoNew)).toEqual(["HOMOLOGATION", "CLOSING"]);
    expect(allowedNextPhases("HOMOLOGATION", pregaoNew)).toEqual(["CLOSING"]);
  });

  it("a fictitious tie (LC 123 art. 44) sends CLOSED_BID to TIEBREAKER, unless canApplyTiebreaker is off", () => {
    const closed: LotFlowContext = {
      modality: "ELECTRONIC_COMPETITION",
      closingKind: "CLOSED",
      hasFictitiousTie: true,
    };
    expect(allowedNextPhases("CLOSED_BID", closed)).toEqual(["TIEBREAKER"]);
    expect(allowedNextPhases("CLOSED_BID", { ...closed, canApplyTiebreaker: false })).toEqual([
      "NEGOTIATION",
    ]);
  });

  it("the clock moves NOT_STARTED, OPEN_FOR_OFFERS, BIDDING and TIEBREAKER (DESIGN §4 server clock)", () => {
    expect(automaticNextPhase("NOT_STARTED", pregaoNew)).toBe("OPEN_FOR_OFFERS");
    expect(automaticNextPhase("OPEN_FOR_OFFERS", pregaoNew)).toBe("CLOSED_FOR_OFFERS");
    expect(automaticNextPhase("BIDDING", pregaoNew)).toBe("NEGOTIATION");
    expect(automaticNextPhase("BIDDING", { ...pregaoNew, hasFictitiousTie: true })).toBe("TIEBREAKER");
    expect(automaticNextPhase("TIEBREAKER", { ...pregaoNew, hasFictitiousTie: true })).toBe("NEGOTIATION");
    expect(automaticNextPhase("NEGOTIATION", pregaoNew)).toBeNull();
    for (const phase of ["NOT_STARTED", "OPEN_FOR_OFFERS", "BIDDING", "TIEBREAKER"] as const) {
      expect(allowedNextPhases(phase, pregaoNew)).toEqual([]);
      const result = validateNextPhase(phase, "NEGOTIATION", pregaoNew);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toContain("automaticamente");
    }
  });

  it("a lot without proposals may only become DESERTED (Lei 14.133 art. 75 III)", () => {
    expect(allowedNextPhases("CLOSED_FOR_OFFERS", { ...pregaoNew, hasProposals: false })).toEqual([
      "DESERTED",
    ]);
    expect(allowedNextPhases("CLOSED_FOR_OFFERS", pregaoNew)).toEqual(["PUBLIC_SESSION"]);
  });

  it("terminal phases have no next or previous phase", () => {
    expect(TERMINAL_LOT_PHASES).toEqual(["CLOSING", "REVOKED", "FAILED", "CANCELED", "DESERTED"]);
    for (const phase of TERMINAL_LOT_PHASES) {
      expect(lotPhaseInfo(phase, pregaoNew)).toEqual({
        currentPhase: phase,
        nextPhase: [],
        previousPhase: [],
      });
      expect(validateNextPhase(phase, "AWARDING", pregaoNew).ok).toBe(false);
    }
  });

  it("refuses a phase outside the flow, a skipped required step and a room-less modality", () => {
    expect(validateNextPhase("NEGOTIATION", "QUALIFICATION", pregaoNew)).toEqual({ ok: true });
    expect(validateNextPhase("NEGOTIATION", "AWARDING", pregaoNew)).toEqual({
      ok: false,
      message: "Não é possível avançar de Negociação para Adjudicação neste lote/item.",
    });
    expect(allowedNextPhases("PUBLIC_SESSION", pregaoOld)).toEqual([]);
    expect(
      validateNextPhase("QUALIFICATION", "AWARDING", { modality: "ACCREDITATION", closingKind: "OPEN" }),
    ).toEqual({
      ok: false,
      message: "Esta modalidade não possui sala de negociação.",
    });
  });
});

describe("phase machine — previous phases (regress_phase, §2.6, §5)", () => {
  it("one required step back, with the skippable steps between", () => {
    expect(allowedPreviousPhases("BIDDING", beforeBid)).toEqual([
      "OFFERS_ANALYSIS",
      "FIRST_PHASE_DISPUTE_INTEREST_MANIFESTATION",
      "QUALIFICATION",
    ]);
    expect(allowedPreviousPhases("NEGOTIATION", pregaoNew)).toEqual(["BIDDING"]);
    expect(allowedPreviousPhases("NEGOTIATION", { ...pregaoNew, hasFictitiousTie: true })).toEqual([
      "TIEBREAKER",
    ]);
    expect(allowedPreviousPhases("CLOSING", pregaoNew)).toEqual([]);
    expect(allowedPreviousPhases("NOT_STARTED", pregaoNew)).toEqual([]);
    expect(allowedPreviousPhases("CLOSED_FOR_OFFERS", pregaoNew)).toEqual(["OPEN_FOR_OFFERS"]);
  });

  it("an upheld appeal reopens the judgement or the qualification (Lei 14.133 art. 165 §3)", () => {
    const ctx = { ...pregaoNew, appealsManifested: true };
    expect(allowedPreviousPhases("DISPUTE_COUNTERARGUMENTS_JUDGMENT", ctx)).toEqual([
      "COUNTERARGUMENTS_RECEIVEMENT",
      "NEGOTIATION",
      "QUALIFICATION",
    ]);
    expect(
      allowedPreviousPhases("DISPUTE_COUNTERARGUMENTS_JUDGMENT", { ...leilao, appealsManifested: true }),
    ).toEqual(["COUNTERARGUMENTS_RECEIVEMENT", "NEGOTIATION"]);
  });

  it("regressing to BIDDING needs biddingPhaseResetJustification (§5 'Regress')", () => {
    expect(validatePreviousPhase("NEGOTIATION", "BIDDING", pregaoNew)).toEqual({
      ok: false,
      message: "Informe a justificativa para reiniciar a disputa de lances.",
    });
    expect(validatePreviousPhase("NEGOTIATION", "BIDDING", pregaoNew, "   ").ok).toBe(false);
    expect(validatePreviousPhase("NEGOTIATION", "BIDDING", pregaoNew, "Lance cancelado")).toEqual({
      ok: true,
    });
    expect(validatePreviousPhase("NEGOTIATION", "PUBLIC_SESSION", pregaoNew, "x").ok).toBe(false);
  });

  it("hasPassedByQualification is set leaving QUALIFICATION forward and cleared going back to the pre-bid one", () => {
    expect(hasPassedByQualificationAfterMove("QUALIFICATION", "BIDDING", beforeBid)).toBe(true);
    const passed = { ...beforeBid, hasPassedByQualification: true };
    expect(hasPassedByQualificationAfterMove("BIDDING", "QUALIFICATION", passed)).toBe(false);
    expect(hasPassedByQualificationAfterMove("NEGOTIATION", "QUALIFICATION", passed)).toBe(true);
    expect(hasPassedByQualificationAfterMove("NEGOTIATION", "BIDDING", passed)).toBe(true);
    expect(
      hasPassedByQualificationAfterMove("QUALIFICATION", "DISPUTE_INTEREST_MANIFESTATION", pregaoNew),
    ).toBe(true);
    expect(hasPassedByQualificationAfterMove("PUBLIC_SESSION", "BIDDING", pregaoNew)).toBe(false);
  });
});

describe("phase machine — advance-start phase and 'Aplicar ação para os próximos' (§4 Next-phase modal rules)", () => {
  it("CLOSED_FOR_OFFERS for the leilão; QUALIFICATION under BEFORE_BID until passed; else PUBLIC_SESSION", () => {
    expect(advanceStartPhase(leilao)).toBe("CLOSED_FOR_OFFERS");
    expect(advanceStartPhase(beforeBid)).toBe("QUALIFICATION");
    expect(advanceStartPhase({ ...beforeBid, hasPassedByQualification: true })).toBe("PUBLIC_SESSION");
    expect(advanceStartPhase(pregaoNew)).toBe("PUBLIC_SESSION");
    expect(advanceStartPhase(pregaoOld)).toBe("OFFERS_ANALYSIS");
    expect(advanceStartPhase(dispensa)).toBe("CLOSED_FOR_OFFERS");
    expect(advanceStartPhase({ modality: "ACCREDITATION", closingKind: "OPEN" })).toBeNull();
  });

  it("the advance option shows only in the advance-start phase and without automatic start", () => {
    expect(showsApplyToNextOnAdvance("PUBLIC_SESSION", pregaoNew, {})).toBe(true);
    expect(showsApplyToNextOnAdvance("PUBLIC_SESSION", pregaoNew, { isBidsAutomaticStart: true })).toBe(
      false,
    );
    expect(showsApplyToNextOnAdvance("NEGOTIATION", pregaoNew, {})).toBe(false);
  });

  it("the regress option: new modalities or the leilão, in NEGOTIATION, without automatic start", () => {
    expect(showsApplyToNextOnRegress("NEGOTIATION", pregaoNew, {})).toBe(true);
    expect(showsApplyToNextOnRegress("NEGOTIATION", leilao, {})).toBe(true);
    expect(showsApplyToNextOnRegress("NEGOTIATION", pregaoOld, {})).toBe(false);
    expect(showsApplyToNextOnRegress("QUALIFICATION", pregaoNew, {})).toBe(false);
    expect(showsApplyToNextOnRegress("NEGOTIATION", pregaoNew, { isBidsAutomaticStart: true })).toBe(false);
  });

  it("applyToNextLots takes `count` lots of the same phase from the selected one on", () => {
    const lots: LotRef[] = [
      { id: 1, number: 1, phase: "PUBLIC_SESSION" },
      { id: 2, number: 2, phase: "PUBLIC_SESSION" },
      { id: 3, number: 3, phase: "BIDDING" },
      { id: 4, number: 4, phase: "PUBLIC_SESSION" },
      { id: 5, number: 5, phase: "PUBLIC_SESSION" },
    ];
    expect(applyToNextLots(lots, "2", 2).map((l) => l.id)).toEqual([2, 4]);
    expect(applyToNextLots(lots, 1, 5).map((l) => l.id)).toEqual([1, 2, 4, 5]);
    expect(applyToNextLots(lots, 99, 5)).toEqual([]);
    expect(applyToNextLots(lots, 1, 0)).toEqual([]);
  });
});

describe("phase machine — automatic start in groups (isBidsAutomaticStart / amountBidsAutomaticStart)", () => {
  it("covers only phases with no judgement between them and a live BIDDING", () => {
    expect(automaticStartPhases(pregaoNew)).toEqual(["CLOSED_FOR_OFFERS", "PUBLIC_SESSION"]);
    expect(automaticStartPhases(leilao)).toEqual(["CLOSED_FOR_OFFERS"]);
    expect(automaticStartPhases(dispensa)).toEqual(["CLOSED_FOR_OFFERS"]);
    expect(automaticStartPhases(pregaoOld)).toEqual([]);
    expect(automaticStartPhases(beforeBid)).toEqual([]);
    expect(automaticStartPhases({ ...pregaoNew, closingKind: "CLOSED" })).toEqual([]);
    expect(
      automaticStartPhases({
        ...pregaoNew,
        modality: "ELECTRONIC_COMPETITION",
        criterion: "TECHNIQUE_AND_PRICE",
      }),
    ).toEqual([]);
  });

  const lots: LotRef[] = [
    { id: "c", number: 3, phase: "PUBLIC_SESSION" },
    { id: "a", number: 1, phase: "PUBLIC_SESSION" },
    { id: "b", number: 2, phase: "CLOSED_FOR_OFFERS" },
    { id: "d", number: 4, phase: "NEGOTIATION" },
  ];
  const ctxOf = () => pregaoNew;

  it("starts the lowest-numbered N waiting lots", () => {
    const settings = { isBidsAutomaticStart: true, amountBidsAutomaticStart: 2 };
    expect(lotsToStartAutomatically(lots, ctxOf, settings).map((l) => l.id)).toEqual(["a", "b"]);
    expect(
      lotsToStartAutomatically(lots, ctxOf, { isBidsAutomaticStart: true, amountBidsAutomaticStart: 0 }).map(
        (l) => l.id,
      ),
    ).toEqual(["a", "b", "c"]);
  });

  it("waits while a group is in BIDDING or TIEBREAKER, and does nothing when the flag is off", () => {
    const settings = { isBidsAutomaticStart: true, amountBidsAutomaticStart: 5 };
    expect(
      lotsToStartAutomatically([...lots, { id: "e", number: 5, phase: "BIDDING" }], ctxOf, settings),
    ).toEqual([]);
    expect(
      lotsToStartAutomatically([...lots, { id: "e", number: 5, phase: "TIEBREAKER" }], ctxOf, settings),
    ).toEqual([]);
    expect(lotsToStartAutomatically(lots, ctxOf, { amountBidsAutomaticStart: 5 })).toEqual([]);
  });
});
