import { describe, expect, it } from "vitest";
import { roomLot, roomNotice } from "../../../test/room-fixtures";
import {
  canConfirmMove,
  movedLotIds,
  movePhaseLabel,
  moveScopes,
  nextPhasePayload,
  regressPayload,
} from "./phase-moves";

const lots = [1, 2, 3, 4, 5, 6, 7].map((n) => roomLot(n, { phase: n === 4 ? "BIDDING" : "PUBLIC_SESSION" }));
const notice = roomNotice({ batches: lots });
const first = lots[0] as (typeof lots)[number];

describe("phase moves (§2.6, §4)", () => {
  it("labels AWARDING → CLOSING as adjudication and homologation", () => {
    expect(movePhaseLabel("AWARDING", "CLOSING")).toBe("Adjudicar o lote/item e Homologar o Processo");
    expect(movePhaseLabel("PUBLIC_SESSION", "BIDDING")).toBe("Disputa de lances");
  });

  it("offers 'Aplicar ação para os próximos' at the advance-start phase without automatic start", () => {
    expect(moveScopes("NEXT", notice, first)).toEqual([
      "SELECTED_BATCH",
      "ALL_BATCHES_IN_SAME_PHASE",
      "NEXT_BATCHES",
    ]);
    expect(moveScopes("NEXT", roomNotice({ batches: lots, isBidsAutomaticStart: true }), first)).toEqual([
      "SELECTED_BATCH",
      "ALL_BATCHES_IN_SAME_PHASE",
    ]);
    expect(moveScopes("NEXT", notice, roomLot(1, { phase: "CLOSED_BID" }))).toEqual([
      "ALL_BATCHES_IN_SAME_PHASE",
    ]);
    expect(moveScopes("PREVIOUS", notice, roomLot(1, { phase: "NEGOTIATION" }))).toContain("NEXT_BATCHES");
  });

  it("takes the selected lot, the lots in its phase, or the next ones", () => {
    expect(movedLotIds(lots, first, "SELECTED_BATCH", 5)).toEqual(["lot-1"]);
    expect(movedLotIds(lots, first, "ALL_BATCHES_IN_SAME_PHASE", 5)).toEqual([
      "lot-1",
      "lot-2",
      "lot-3",
      "lot-5",
      "lot-6",
      "lot-7",
    ]);
    expect(movedLotIds(lots, first, "NEXT_BATCHES", 5)).toEqual([
      "lot-1",
      "lot-2",
      "lot-3",
      "lot-5",
      "lot-6",
    ]);
  });

  it("builds go_to_next_phase with the lot count for the next lots", () => {
    expect(
      nextPhasePayload(notice, lots, first, { scope: "NEXT_BATCHES", phase: "BIDDING", count: 10 }),
    ).toEqual({
      nextPhase: "BIDDING",
      batchesIds: ["lot-1", "lot-2", "lot-3", "lot-5", "lot-6", "lot-7"],
      auctionNoticeId: notice.id,
      amountBatchToGoBiddingPhase: 10,
    });
  });

  it("needs the reset justification to regress to BIDDING and sends it", () => {
    expect(
      canConfirmMove("PREVIOUS", { scope: "SELECTED_BATCH", phase: "BIDDING", justification: "  " }),
    ).toBe(false);
    expect(
      canConfirmMove("PREVIOUS", { scope: "SELECTED_BATCH", phase: "BIDDING", justification: "Erro" }),
    ).toBe(true);
    expect(canConfirmMove("NEXT", { scope: "SELECTED_BATCH" })).toBe(false);
    expect(
      regressPayload(notice, lots, first, {
        scope: "SELECTED_BATCH",
        phase: "BIDDING",
        count: 5,
        justification: " Falha ",
      }),
    ).toEqual({
      previousPhase: "BIDDING",
      batchesIds: ["lot-1"],
      auctionNoticeId: notice.id,
      biddingPhaseResetJustification: "Falha",
    });
  });
});
