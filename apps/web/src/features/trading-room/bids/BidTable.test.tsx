import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { bid, citizenRegistered, roomLot } from "../../../test/room-fixtures";
import { initialRoomState, roomReducer } from "../live/room-state";
import { BidTable } from "./BidTable";

// The bid table's ME-EPP column (trading-room §2.4) reads BidView.supplier.isSmallBusiness, a boolean
// (docs/decisions.md "Anonymity across lots and two types of the room"); '-' while names are hidden.

const NOW = new Date("2026-03-10T12:00:00.000Z");

describe("BidTable ME-EPP column", () => {
  it("shows 'Sim' / 'Não' from the boolean, and '-' for a bid without its supplier (names hidden)", () => {
    const data = citizenRegistered();
    const registered = roomReducer(initialRoomState, {
      type: "registered",
      data: {
        ...data,
        auctionNotice: {
          ...data.auctionNotice,
          batches: [roomLot(1, { phase: "NEGOTIATION", isConfidentialPhase: false })],
        },
      },
      receivedAt: NOW.getTime(),
    });
    const named = (n: number, name: string, isSmallBusiness: boolean) =>
      bid(n, 2700 + n, {
        nameToScreen: name,
        supplier: { id: `s-${n}`, corporateName: name, isSmallBusiness },
      });
    const state = roomReducer(registered, {
      type: "bidsLoaded",
      lotId: "lot-1",
      bids: [named(1, "Ribeiro Papelaria", true), named(2, "Carvalho Distribuidora", false), bid(3, 2800)],
    });
    renderWithMantine(
      <BidTable
        state={state}
        now={NOW}
        onSelectBid={vi.fn()}
        send={vi.fn(() => true)}
        request={vi.fn(async () => ({ ok: true as const, data: {} }))}
      />,
    );
    const table = screen.getByRole("table", { name: "Lances" });
    const column = within(table).getByRole("columnheader", { name: "ME-EPP" }) as HTMLTableCellElement;
    const smallOf = (name: string) => {
      const row = within(table).getByText(name).closest("tr") as HTMLTableRowElement;
      return row.cells[column.cellIndex]?.textContent;
    };
    expect(smallOf("Ribeiro Papelaria")).toBe("Sim");
    expect(smallOf("Carvalho Distribuidora")).toBe("Não");
    expect(smallOf("Licitante 3")).toBe("-");
  });
});
