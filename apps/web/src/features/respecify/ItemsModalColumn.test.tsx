// The room's 'Itens do lote' modal column 'Valor reespecificado' (trading-room §2.1), filled from the
// winner's split in force (docs/decisions.md "Re-specified item values").
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { renderWithMantine } from "../../test/render";
import { ROOM_NOTICE_ID, registered, roomLot, roomNotice } from "../../test/room-fixtures";
import { LotTable } from "../trading-room/layout/LotTable";
import { initialRoomState, roomReducer } from "../trading-room/live/room-state";

const NOW = new Date("2026-03-10T12:05:00.000Z");

afterEach(() => vi.unstubAllGlobals());

describe("'Itens do lote' shows the re-specified values (§2.1 'Valor reespecificado')", () => {
  it("each item row shows the split in force; an item without one shows '-'", async () => {
    const api = mockApi({
      "POST /api/app/auction/bids/respecified": () => ({
        body: {
          batches: [
            {
              id: "lot-1",
              items: [
                { id: "lot-1", respecifiedValue: 25_000 },
                { id: "lot-1-2", respecifiedValue: null },
              ],
            },
          ],
        },
      }),
    });
    const data = registered({
      auctionNotice: roomNotice({
        batches: [
          roomLot(1),
          roomLot(1, { id: "lot-1-2", item: 2, product: { name: "Cilindro" } }),
          roomLot(2),
        ],
      }),
    });
    const state = roomReducer(initialRoomState, { type: "registered", data, receivedAt: NOW.getTime() });
    renderWithMantine(<LotTable state={state} now={NOW} onSelect={vi.fn()} onFilter={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Itens do lote 1/ }));
    const table = await screen.findByRole("table", { name: "Itens do lote 1" });
    expect(within(table).getByRole("columnheader", { name: "Valor reespecificado" })).toBeInTheDocument();
    const rows = within(table).getAllByRole("row");
    expect(await within(rows[1] as HTMLElement).findByText("R$ 250,00")).toBeInTheDocument();
    expect(
      within(rows[2] as HTMLElement)
        .getAllByRole("cell")
        .at(-1),
    ).toHaveTextContent("-");
    expect(api.calls).toContainEqual({
      method: "POST",
      path: "/api/app/auction/bids/respecified",
      body: { auctionNoticeId: ROOM_NOTICE_ID },
    });
  });
});
