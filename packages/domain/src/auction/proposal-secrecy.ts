// Proposals are secret until they are opened (Lei 14.133/2021 art. 13 parágrafo único, I: "sigilo
// das propostas até a respectiva abertura"; Decreto 10.024/2019 art. 26 §6). Until the lot leaves
// the offers phases no one — the auctioneer included — sees an initial proposal's value but its
// author; the room then shows no best bid.
import type { LotPhase } from "../enums/lot-phase";

export const SEALED_PROPOSAL_PHASES: readonly LotPhase[] = [
  "NOT_STARTED",
  "OPEN_FOR_OFFERS",
  "CLOSED_FOR_OFFERS",
];

export const areProposalsSealed = (phase: LotPhase | string | null | undefined): boolean =>
  SEALED_PROPOSAL_PHASES.includes(phase as LotPhase);
