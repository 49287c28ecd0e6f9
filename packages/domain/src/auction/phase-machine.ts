// The lot phase machine (trading-room §4 "Lot phases", "Next-phase modal rules"; DESIGN §4
// "Allowed next and previous phases per lot are computed by the server from the modality, the
// closing kind and the license phase"). The spec does not show the server's rules; the flows below
// are written from the law and the spec's own constraints (the confidential-phase lists of §4 and
// the permission phases of §6 fix where several phases can and cannot sit).
//
// Full ordered flow per modality family. "opt" = the auctioneer may skip it; "if …" = present only
// when the condition holds; "clock" = left only by the server clock or engine, never by a manual
// go_to_next_phase (it may still be a regress target).
//
// | # | ELECTRONIC_AUCTION (leilão)  | OLD: ELECTRONIC_REVERSED_AUCTION, | NEW: ELECTRONIC_COMPETITION, NEW_ELECTRONIC_REVERSED_AUCTION, | DISPENSER          |
// |   | Lei 14.133 art. 31           | PRICES_SUBMISSION (Decreto 10.024)| NEW_PRICES_SUBMISSION (Lei 14.133 art. 17; IN 73/2022)        | (IN 67/2021)       |
// |---|------------------------------|-----------------------------------|---------------------------------------------------------------|--------------------|
// | 1 | NOT_STARTED (clock)          | NOT_STARTED (clock)               | NOT_STARTED (clock)                                           | NOT_STARTED (clock)|
// | 2 | OPEN_FOR_OFFERS (clock)      | OPEN_FOR_OFFERS (clock)           | OPEN_FOR_OFFERS (clock)                                       | OPEN_FOR_OFFERS (c)|
// | 3 | CLOSED_FOR_OFFERS            | CLOSED_FOR_OFFERS                 | CLOSED_FOR_OFFERS                                             | CLOSED_FOR_OFFERS  |
// | 4 |                              | OFFERS_ANALYSIS (art. 28)         | PUBLIC_SESSION                                                |                    |
// | 5 |                              |                                   | BEFORE_BID: QUALIFICATION (pre-bid, art. 17 §1)               |                    |
// | 6 |                              |                                   | BEFORE_BID: FIRST_PHASE_DISPUTE_INTEREST_MANIFESTATION (opt)  |                    |
// | 7 |                              |                                   | BEFORE_BID: OFFERS_ANALYSIS (opt)                             |                    |
// | 8 |                              |                                   | if TECHNIQUE_AND_PRICE: TECHNICAL_PROPOSAL_ANALYSIS (art. 37) |                    |
// | 9 | BIDDING (clock)              | BIDDING (clock)                   | BIDDING (clock), or CLOSED_BID when closingKind is CLOSED     | BIDDING (clock)    |
// |10 |                              | if tie: TIEBREAKER (clock)        | if tie: TIEBREAKER (clock)                                    | if tie: TIEBREAKER |
// |11 | NEGOTIATION (art. 61)        | NEGOTIATION (art. 38)             | NEGOTIATION (art. 61)                                         | NEGOTIATION        |
// |12 |                              | QUALIFICATION (arts. 38 §2, 39–43)| AFTER_BID: QUALIFICATION; BEFORE_BID: QUALIFICATION (opt)     | QUALIFICATION      |
// |13 | DISPUTE_INTEREST_MANIFESTATION| DISPUTE_INTEREST_MANIFESTATION   | AFTER_BID: DISPUTE_INTEREST_MANIFESTATION;                    |                    |
// |   |                              | (art. 44)                         | BEFORE_BID: SECOND_PHASE_DISPUTE_INTEREST_MANIFESTATION       |                    |
// |14 | if appeals: DISPUTE_RECEIVEMENT, COUNTERARGUMENTS_RECEIVEMENT, DISPUTE_COUNTERARGUMENTS_JUDGMENT (Lei 14.133 art. 165)                        |                    |
// |15 | AWARDING                     | AWARDING                          | AWARDING                                                      | AWARDING           |
// |16 | HOMOLOGATION                 | HOMOLOGATION (opt)                | HOMOLOGATION (opt)                                            | HOMOLOGATION (opt) |
// |17 | CLOSING                      | CLOSING                           | CLOSING                                                       | CLOSING            |
//
// Terminal: CLOSING and the ended phases REVOKED, FAILED, CANCELED, DESERTED (RESUME_BATCH, not a
// phase move, brings a lot back from the last three). CLOSED_FOR_OFFERS with no proposal may only
// move to DESERTED (Lei 14.133 art. 75 III).
//
// Decisions (listed in the reply and docs):
// - Leilão: no QUALIFICATION (Lei 14.133 art. 31 §4 "não terá fase de habilitação"), no TIEBREAKER
//   (LC 123 arts. 44–45 protect small businesses that sell to the State, not buyers at a sale) and
//   HOMOLOGATION is mandatory: the winner's payment is proven there before the end (art. 31 §4;
//   ATTACH_PROOF_PAYMENT is a HOMOLOGATION action in §6).
// - Old modalities have no PUBLIC_SESSION nor TECHNICAL_PROPOSAL_ANALYSIS: §4 keeps their suppliers
//   anonymous from the offers through NEGOTIATION without those two phases, and a public session in
//   between would unmask them (Decreto 10.024 art. 30 §5).
// - New modalities under AFTER_BID have no OFFERS_ANALYSIS before the bids for the same reason (§4
//   does not list it as confidential); the proposals are judged after the bids (art. 59).
// - BEFORE_BID passes QUALIFICATION twice: before the bids (hasPassedByQualification false) and,
//   optionally, after NEGOTIATION for the winner's updated documents (art. 64; §6 lets the winner
//   attach qualification documents in QUALIFICATION once the lot has passed qualification).
// - Appeal intentions: AFTER_BID (and every old modality) has one window after the qualification;
//   BEFORE_BID has an optional FIRST_ window right after the qualification act and a SECOND_ one
//   after the judgement, appreciated together in a single phase (art. 165 §1 I and II). The dispensa
//   has none (§6 MANIFESTE_DISPUTE_INTEREST leaves it out).
// - AWARDING may go straight to CLOSING ('Adjudicar o lote/item e Homologar o Processo', §2.6).
// - Clock phases: NOT_STARTED and OPEN_FOR_OFFERS follow the proposal dates, BIDDING and
//   TIEBREAKER the bidding timers (DESIGN §4 "Server clock"): no manual advance out of them.
// - Regress: the phases one step back (with the skippable ones between) and, from the appeal
//   judgement, NEGOTIATION and the post-bid QUALIFICATION, which an upheld appeal reopens
//   (art. 165 §3).
import type { LicensePhase } from "../enums/judgement";
import { LOT_PHASE_LABELS, type LotPhase } from "../enums/lot-phase";
import { isNewModality, type Modality } from "../enums/modality";
import { sameId } from "../room/shared";
import { type LotFlowContext, type LotRef, OK, type RuleResult, refuse } from "./types";

/** The lot ended without a contract (RESUME_BATCH may bring back the first three). */
export const ENDED_LOT_PHASES: readonly LotPhase[] = ["REVOKED", "FAILED", "CANCELED", "DESERTED"];

/** No go_to_next_phase leaves these. */
export const TERMINAL_LOT_PHASES: readonly LotPhase[] = ["CLOSING", ...ENDED_LOT_PHASES];

export const isTerminalPhase = (phase: LotPhase): boolean => TERMINAL_LOT_PHASES.includes(phase);

/** Phases left only by the server clock or engine (DESIGN §4 "Server clock"). */
export const CLOCK_DRIVEN_PHASES: readonly LotPhase[] = [
  "NOT_STARTED",
  "OPEN_FOR_OFFERS",
  "BIDDING",
  "TIEBREAKER",
];

/** Phases whose end is a judgement act of the auctioneer; an automatic start never leaves them. */
export const JUDGEMENT_PHASES: readonly LotPhase[] = [
  "OFFERS_ANALYSIS",
  "TECHNICAL_PROPOSAL_ANALYSIS",
  "QUALIFICATION",
  "CLOSED_BID",
  "NEGOTIATION",
  "DISPUTE_COUNTERARGUMENTS_JUDGMENT",
];

export const INTEREST_MANIFESTATION_PHASES: readonly LotPhase[] = [
  "FIRST_PHASE_DISPUTE_INTEREST_MANIFESTATION",
  "DISPUTE_INTEREST_MANIFESTATION",
  "SECOND_PHASE_DISPUTE_INTEREST_MANIFESTATION",
];

export const isInterestManifestationPhase = (phase: LotPhase): boolean =>
  INTEREST_MANIFESTATION_PHASES.includes(phase);

export type FlowFamily = "ELECTRONIC_AUCTION" | "OLD_PROCEDURE" | "NEW_MODALITY" | "DISPENSER";

/** The family of a room modality; null for modalities without a trading room. */
export function flowFamily(modality: Modality): FlowFamily | null {
  if (modality === "ELECTRONIC_AUCTION") return "ELECTRONIC_AUCTION";
  if (modality === "ELECTRONIC_DISPENSER") return "DISPENSER";
  if (modality === "ELECTRONIC_REVERSED_AUCTION" || modality === "PRICES_SUBMISSION") return "OLD_PROCEDURE";
  if (isNewModality(modality)) return "NEW_MODALITY";
  return null;
}

export interface FlowStep {
  readonly phase: LotPhase;
  /** The auctioneer may skip it. */
  readonly optional?: boolean;
  /** Part of this lot's flow only when it holds. */
  readonly when?: (ctx: LotFlowContext) => boolean;
  /** QUALIFICATION under BEFORE_BID appears twice; this marks the pre-bidding one. */
  readonly preBidding?: boolean;
}

const licenseOf = (ctx: LotFlowContext): LicensePhase => ctx.licensePhase ?? "AFTER_BID";
const isBeforeBid = (ctx: LotFlowContext) => licenseOf(ctx) === "BEFORE_BID";
const appeals = (ctx: LotFlowContext) => ctx.appealsManifested === true;
const tie = (ctx: LotFlowContext) => ctx.canApplyTiebreaker !== false && ctx.hasFictitiousTie === true;

const OFFERS: readonly FlowStep[] = [
  { phase: "NOT_STARTED" },
  { phase: "OPEN_FOR_OFFERS" },
  { phase: "CLOSED_FOR_OFFERS" },
];
const BIDDING_ENTRY: readonly FlowStep[] = [
  { phase: "BIDDING", when: (ctx) => ctx.closingKind !== "CLOSED" },
  { phase: "CLOSED_BID", when: (ctx) => ctx.closingKind === "CLOSED" },
];
const TIEBREAK: FlowStep = { phase: "TIEBREAKER", when: tie };
const APPEALS: readonly FlowStep[] = [
  { phase: "DISPUTE_RECEIVEMENT", when: appeals },
  { phase: "COUNTERARGUMENTS_RECEIVEMENT", when: appeals },
  { phase: "DISPUTE_COUNTERARGUMENTS_JUDGMENT", when: appeals },
];
const ENDING: readonly FlowStep[] = [
  { phase: "AWARDING" },
  { phase: "HOMOLOGATION", optional: true },
  { phase: "CLOSING" },
];

/** The ordered flow of a lot (see the table above); conditions are kept on the steps. */
export function flowSteps(ctx: LotFlowContext): readonly FlowStep[] {
  switch (flowFamily(ctx.modality)) {
    case "ELECTRONIC_AUCTION":
      return [
        ...OFFERS,
        ...BIDDING_ENTRY,
        { phase: "NEGOTIATION" },
        { phase: "DISPUTE_INTEREST_MANIFESTATION" },
        ...APPEALS,
        { phase: "AWARDING" },
        { phase: "HOMOLOGATION" },
        { phase: "CLOSING" },
      ];
    case "OLD_PROCEDURE":
      return [
        ...OFFERS,
        { phase: "OFFERS_ANALYSIS" },
        ...BIDDING_ENTRY,
        TIEBREAK,
        { phase: "NEGOTIATION" },
        { phase: "QUALIFICATION" },
        { phase: "DISPUTE_INTEREST_MANIFESTATION" },
        ...APPEALS,
        ...ENDING,
      ];
    case "DISPENSER":
      return [
        ...OFFERS,
        ...BIDDING_ENTRY,
        TIEBREAK,
        { phase: "NEGOTIATION" },
        { phase: "QUALIFICATION" },
        ...ENDING,
      ];
    case "NEW_MODALITY": {
      const technical: FlowStep = {
        phase: "TECHNICAL_PROPOSAL_ANALYSIS",
        when: (c) => c.criterion === "TECHNIQUE_AND_PRICE",
      };
      if (isBeforeBid(ctx)) {
        return [
          ...OFFERS,
          { phase: "PUBLIC_SESSION" },
          { phase: "QUALIFICATION", preBidding: true },
          { phase: "FIRST_PHASE_DISPUTE_INTEREST_MANIFESTATION", optional: true },
          { phase: "OFFERS_ANALYSIS", optional: true },
          technical,
          ...BIDDING_ENTRY,
          TIEBREAK,
          { phase: "NEGOTIATION" },
          { phase: "QUALIFICATION", optional: true },
          { phase: "SECOND_PHASE_DISPUTE_INTEREST_MANIFESTATION" },
          ...APPEALS,
          ...ENDING,
        ];
      }
      return [
        ...OFFERS,
        { phase: "PUBLIC_SESSION" },
        technical,
        ...BIDDING_ENTRY,
        TIEBREAK,
        { phase: "NEGOTIATION" },
        { phase: "QUALIFICATION" },
        { phase: "DISPUTE_INTEREST_MANIFESTATION" },
        ...APPEALS,
        ...ENDING,
      ];
    }
    default:
      return [];
  }
}

/** The phases of the lot's flow in order, with every condition applied (skippable steps kept). */
export function orderedFlow(ctx: LotFlowContext): LotPhase[] {
  return flowSteps(ctx)
    .filter((step) => !step.when || step.when(ctx))
    .map((step) => step.phase);
}

/** Where the lot stands in its flow; QUALIFICATION under BEFORE_BID is told apart by the flag. */
function locate(steps: readonly FlowStep[], phase: LotPhase, ctx: LotFlowContext): number {
  const indices = steps.flatMap((step, i) => (step.phase === phase ? [i] : []));
  if (indices.length <= 1) return indices[0] ?? -1;
  const pre = indices.find((i) => steps[i]?.preBidding === true);
  const post = indices.find((i) => steps[i]?.preBidding !== true);
  return (ctx.hasPassedByQualification === true ? post : pre) ?? -1;
}

/** Steps reachable in one move from `from` in a direction: skippable ones and the first required. */
function reachable(
  steps: readonly FlowStep[],
  from: number,
  direction: 1 | -1,
  ctx: LotFlowContext,
): number[] {
  const out: number[] = [];
  for (let i = from + direction; i >= 0 && i < steps.length; i += direction) {
    const step = steps[i] as FlowStep;
    if (step.when && !step.when(ctx)) continue;
    out.push(i);
    if (!step.optional) break;
  }
  return out;
}

function unique(phases: readonly LotPhase[]): LotPhase[] {
  return [...new Set(phases)];
}

/** go_to_next_phase targets offered for the lot (the lot-phases call's nextPhase[]). */
export function allowedNextPhases(phase: LotPhase, ctx: LotFlowContext): LotPhase[] {
  if (isTerminalPhase(phase) || CLOCK_DRIVEN_PHASES.includes(phase)) return [];
  if (phase === "CLOSED_FOR_OFFERS" && ctx.hasProposals === false) return ["DESERTED"];
  const steps = flowSteps(ctx);
  const at = locate(steps, phase, ctx);
  if (at < 0) return [];
  return unique(reachable(steps, at, 1, ctx).map((i) => (steps[i] as FlowStep).phase));
}

/** The phase the server clock or engine moves a clock-driven phase to; null for the others. */
export function automaticNextPhase(phase: LotPhase, ctx: LotFlowContext): LotPhase | null {
  if (!CLOCK_DRIVEN_PHASES.includes(phase)) return null;
  const steps = flowSteps(ctx);
  const at = locate(steps, phase, ctx);
  if (at < 0) return null;
  const next = reachable(steps, at, 1, ctx).find((i) => !(steps[i] as FlowStep).optional);
  return next === undefined ? null : (steps[next] as FlowStep).phase;
}

/** regress_phase targets offered for the lot (the lot-phases call's previousPhase[]). */
export function allowedPreviousPhases(phase: LotPhase, ctx: LotFlowContext): LotPhase[] {
  if (isTerminalPhase(phase)) return [];
  const steps = flowSteps(ctx);
  const at = locate(steps, phase, ctx);
  if (at < 0) return [];
  const back = reachable(steps, at, -1, ctx).map((i) => (steps[i] as FlowStep).phase);
  if (phase === "DISPUTE_COUNTERARGUMENTS_JUDGMENT") {
    const postBidQualification = steps.some((s, i) => s.phase === "QUALIFICATION" && !s.preBidding && i < at);
    back.push("NEGOTIATION");
    if (postBidQualification) back.push("QUALIFICATION");
  }
  return unique(back);
}

/** The lot-phases call (trading-room §3 "Lot phase information"). */
export function lotPhaseInfo(
  phase: LotPhase,
  ctx: LotFlowContext,
): { currentPhase: LotPhase; nextPhase: LotPhase[]; previousPhase: LotPhase[] } {
  return {
    currentPhase: phase,
    nextPhase: allowedNextPhases(phase, ctx),
    previousPhase: allowedPreviousPhases(phase, ctx),
  };
}

const label = (phase: LotPhase) => LOT_PHASE_LABELS[phase];

/** Checks a go_to_next_phase for one lot. */
export function validateNextPhase(phase: LotPhase, target: LotPhase, ctx: LotFlowContext): RuleResult {
  if (flowFamily(ctx.modality) === null) return refuse("Esta modalidade não possui sala de negociação.");
  if (isTerminalPhase(phase))
    return refuse(`O lote/item está na fase ${label(phase)} e não possui próxima fase.`);
  if (CLOCK_DRIVEN_PHASES.includes(phase))
    return refuse(`A fase ${label(phase)} é encerrada automaticamente pelo sistema no horário previsto.`);
  if (!allowedNextPhases(phase, ctx).includes(target))
    return refuse(`Não é possível avançar de ${label(phase)} para ${label(target)} neste lote/item.`);
  return OK;
}

/** Checks a regress_phase for one lot; regressing to BIDDING needs the reset justification (§5). */
export function validatePreviousPhase(
  phase: LotPhase,
  target: LotPhase,
  ctx: LotFlowContext,
  biddingPhaseResetJustification?: string | null,
): RuleResult {
  if (flowFamily(ctx.modality) === null) return refuse("Esta modalidade não possui sala de negociação.");
  if (!allowedPreviousPhases(phase, ctx).includes(target))
    return refuse(`Não é possível voltar de ${label(phase)} para ${label(target)} neste lote/item.`);
  if (target === "BIDDING" && !biddingPhaseResetJustification?.trim())
    return refuse("Informe a justificativa para reiniciar a disputa de lances.");
  return OK;
}

/**
 * hasPassedByQualification after a move: leaving QUALIFICATION forward sets it; going back to the
 * pre-bidding QUALIFICATION (BEFORE_BID), or before it, clears it; any other move keeps it.
 */
export function hasPassedByQualificationAfterMove(
  from: LotPhase,
  to: LotPhase,
  ctx: LotFlowContext,
): boolean {
  const current = ctx.hasPassedByQualification === true;
  const steps = flowSteps(ctx);
  const at = locate(steps, from, ctx);
  if (at < 0) return current;
  const forward = reachable(steps, at, 1, ctx).find((i) => (steps[i] as FlowStep).phase === to);
  if (forward !== undefined) return from === "QUALIFICATION" ? true : current;
  const preQualification = steps.findIndex((s) => s.phase === "QUALIFICATION" && s.preBidding === true);
  if (preQualification >= 0 && at > preQualification) {
    const backward = reachable(steps, at, -1, ctx).find((i) => (steps[i] as FlowStep).phase === to);
    if (backward !== undefined && backward <= preQualification) return false;
  }
  return current;
}

// ---- Advance-start phase, 'Aplicar ação para os próximos', automatic start --------------------

/**
 * The advance-start phase (§4 "Next-phase modal rules"): CLOSED_FOR_OFFERS for ELECTRONIC_AUCTION;
 * QUALIFICATION under BEFORE_BID while the lot has not passed it; otherwise PUBLIC_SESSION.
 * Decision: the old modalities and the dispensa have no PUBLIC_SESSION (see the table), so for them
 * it is the phase that opens their bidding, OFFERS_ANALYSIS and CLOSED_FOR_OFFERS respectively;
 * read literally the option would never appear for them.
 */
export function advanceStartPhase(ctx: LotFlowContext): LotPhase | null {
  switch (flowFamily(ctx.modality)) {
    case "ELECTRONIC_AUCTION":
    case "DISPENSER":
      return "CLOSED_FOR_OFFERS";
    case "OLD_PROCEDURE":
      return "OFFERS_ANALYSIS";
    case "NEW_MODALITY":
      return isBeforeBid(ctx) && ctx.hasPassedByQualification !== true ? "QUALIFICATION" : "PUBLIC_SESSION";
    default:
      return null;
  }
}

export interface AutomaticStartSettings {
  /** The notice flag isBidsAutomaticStart. */
  isBidsAutomaticStart?: boolean;
  /** amountBidsAutomaticStart: lots per group (5, 10, 15, 20); 0 or less means all at once. */
  amountBidsAutomaticStart?: number | null;
}

/** 'Aplicar ação para os próximos' on the next-phase modal (§4). */
export function showsApplyToNextOnAdvance(
  phase: LotPhase,
  ctx: LotFlowContext,
  settings: AutomaticStartSettings,
): boolean {
  return phase === advanceStartPhase(ctx) && settings.isBidsAutomaticStart !== true;
}

/** The regress modal's 'próximos' option (§4): new modalities or the leilão, in NEGOTIATION. */
export function showsApplyToNextOnRegress(
  phase: LotPhase,
  ctx: LotFlowContext,
  settings: AutomaticStartSettings,
): boolean {
  return (
    (isNewModality(ctx.modality) || ctx.modality === "ELECTRONIC_AUCTION") &&
    phase === "NEGOTIATION" &&
    settings.isBidsAutomaticStart !== true
  );
}

const byNumber = (a: LotRef, b: LotRef) => a.number - b.number || String(a.id).localeCompare(String(b.id));

/**
 * The lots an 'Aplicar ação para os próximos' move takes (amountBatchToGoBiddingPhase). Decision:
 * `count` lots in all, the selected one first, then the following lot numbers in the same phase.
 */
export function applyToNextLots(lots: readonly LotRef[], selectedId: LotRef["id"], count: number): LotRef[] {
  const selected = lots.find((lot) => sameId(lot.id, selectedId));
  if (!selected || count < 1) return [];
  return lots
    .filter(
      (lot) => lot.phase === selected.phase && (sameId(lot.id, selectedId) || lot.number > selected.number),
    )
    .sort(byNumber)
    .slice(0, count);
}

/**
 * The phases an automatic start covers: a lot standing in one of them is moved by the server
 * straight to BIDDING (passing any phase between). Only phases from which the way to a live
 * BIDDING crosses no judgement step (JUDGEMENT_PHASES, an appeal window or a technical analysis):
 * CLOSED_FOR_OFFERS for the leilão and the dispensa, CLOSED_FOR_OFFERS and PUBLIC_SESSION for the
 * new modalities under AFTER_BID. Empty (lots start only by the auctioneer's move) for the old
 * modalities and BEFORE_BID, whose step before the bids is a judgement (Decreto 10.024 art. 28;
 * Lei 14.133 arts. 62–70), for TECHNIQUE_AND_PRICE and for the CLOSED mode (no live bidding).
 */
export function automaticStartPhases(ctx: LotFlowContext): LotPhase[] {
  const steps = flowSteps(ctx).filter((step) => !step.when || step.when(ctx));
  const entry = steps.findIndex((step) => step.phase === "BIDDING");
  if (entry < 0) return [];
  const covered: LotPhase[] = [];
  for (let i = entry - 1; i >= 0; i -= 1) {
    const phase = (steps[i] as FlowStep).phase;
    if (CLOCK_DRIVEN_PHASES.includes(phase) || JUDGEMENT_PHASES.includes(phase)) break;
    if (isInterestManifestationPhase(phase) || phase === "TECHNICAL_PROPOSAL_ANALYSIS") break;
    covered.unshift(phase);
  }
  return covered;
}

/**
 * The lots to start now by the automatic start (isBidsAutomaticStart; amountBidsAutomaticStart per
 * group). The next group starts only when no lot is in BIDDING or TIEBREAKER, lowest lot numbers
 * first. `ctxOf` gives each lot's flow context (they share the notice's rules).
 */
export function lotsToStartAutomatically(
  lots: readonly LotRef[],
  ctxOf: (lot: LotRef) => LotFlowContext,
  settings: AutomaticStartSettings,
): LotRef[] {
  if (settings.isBidsAutomaticStart !== true) return [];
  if (lots.some((lot) => lot.phase === "BIDDING" || lot.phase === "TIEBREAKER")) return [];
  const waiting = lots.filter((lot) => automaticStartPhases(ctxOf(lot)).includes(lot.phase)).sort(byNumber);
  const amount = settings.amountBidsAutomaticStart ?? 0;
  return amount >= 1 ? waiting.slice(0, Math.floor(amount)) : waiting;
}
