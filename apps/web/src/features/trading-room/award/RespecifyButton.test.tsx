// 'Reespecificar valores dos itens' in the action panel (trading-room §2.3: "winner of a multi-item
// lot; goes to /sala-de-negociacao/{id}/dividir-valores-dos-lotes"; §6 DIVIDE_BATCH_VALUE in
// NEGOTIATION), wired as the room wires it: ControlPanel with a state built from REGISTERED.
import type { JudgementCriterion, LotPhase } from "@certame/domain";
import { screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { ROOM_NOTICE_ID, roomLot, roomNotice, supplierRegistered } from "../../../test/room-fixtures";
import { ControlPanel } from "../control/ControlPanel";
import { initialRoomState, roomReducer } from "../live/room-state";
import type { RoomLot } from "../types";
import { RESPECIFY_BUTTON } from "./RespecifyButton";

const NOW = new Date("2026-03-10T12:05:00.000Z");

/** Lot 1 in `phase` won by Licitante `winner`, with `items` item rows; the user is Licitante 1. */
function renderPanel(
  phase: LotPhase,
  winner: number,
  items: number,
  dispensationForm: JudgementCriterion = "LOWEST_PRICE",
) {
  const head = {
    ...roomLot(1, { phase, isConfidentialPhase: false }),
    winner: { anonymousSupplierIdentificationNumber: winner },
  } as RoomLot;
  const rows = Array.from({ length: items - 1 }, (_, i) =>
    roomLot(1, { id: `lot-1-${i + 2}`, item: i + 2, phase }),
  );
  const data = supplierRegistered({
    auctionNotice: roomNotice({ batches: [head, ...rows, roomLot(2)], dispensationForm }),
    anonymousSupplierIdentificationNumber: 1,
  });
  const state = roomReducer(initialRoomState, { type: "registered", data, receivedAt: NOW.getTime() });
  renderWithMantine(
    <MemoryRouter>
      <ControlPanel state={state} now={NOW} send={vi.fn(() => true)} request={vi.fn()} />
    </MemoryRouter>,
  );
}

describe("the action panel's 'Reespecificar valores dos itens' (§2.3, §6 DIVIDE_BATCH_VALUE)", () => {
  it("the winner of a multi-item lot in NEGOTIATION goes to the split page", () => {
    renderPanel("NEGOTIATION", 1, 2);
    expect(screen.getByRole("link", { name: RESPECIFY_BUTTON })).toHaveAttribute(
      "href",
      `/sala-de-negociacao/${ROOM_NOTICE_ID}/dividir-valores-dos-lotes`,
    );
  });

  it("not for another bidder, a single-item lot, another phase or a discount lot", () => {
    renderPanel("NEGOTIATION", 2, 2);
    expect(screen.queryByRole("link", { name: RESPECIFY_BUTTON })).toBeNull();
  });

  it.each([
    ["a single-item lot", "NEGOTIATION", 1, "LOWEST_PRICE"],
    ["QUALIFICATION", "QUALIFICATION", 2, "LOWEST_PRICE"],
    ["BIGGEST_DISCOUNT", "NEGOTIATION", 2, "BIGGEST_DISCOUNT"],
  ] as const)("hidden for %s", (_case, phase, items, criterion) => {
    renderPanel(phase, 1, items, criterion);
    expect(screen.queryByRole("link", { name: RESPECIFY_BUTTON })).toBeNull();
  });
});
