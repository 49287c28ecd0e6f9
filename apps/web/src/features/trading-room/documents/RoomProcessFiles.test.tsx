import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../test/fetch-mock";
import { newQueryClient } from "../../../test/render";
import { citizenRegistered, ROOM_NOTICE_ID } from "../../../test/room-fixtures";
import { BidTable } from "../bids/BidTable";
import { initialRoomState, roomReducer } from "../live/room-state";
import { DOCUMENT_BUTTON_TEXTS } from "./RoomDocumentControls";

// §2.4 'Baixar arquivos': the process's public files (notice, annexes, the session minutes) in the
// same selection modal as the published-notice cards, for every room user — a citizen here.

const NOW = new Date("2026-03-10T12:00:00.000Z");

afterEach(() => vi.unstubAllGlobals());

describe("'Baixar arquivos' in the bid table", () => {
  it("lists the process's public files, the session minutes included", async () => {
    const api = mockApi({
      "POST /api/public/auction/documents/list": () => ({
        body: {
          documents: [
            { id: "d1", kind: "AUCTION_NOTICE", description: null, name: "edital.pdf", createdDate: null },
            {
              id: "d2",
              kind: "SESSION_MINUTES",
              description: "Gerada pela plataforma",
              name: "Ata da sessão pública - PE 08-2026.pdf",
              createdDate: null,
            },
          ],
        },
      }),
    });
    const state = roomReducer(initialRoomState, {
      type: "registered",
      data: citizenRegistered(),
      receivedAt: NOW.getTime(),
    });
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={newQueryClient()}>
          <BidTable
            state={state}
            now={NOW}
            onSelectBid={vi.fn()}
            send={vi.fn(() => true)}
            request={vi.fn()}
          />
        </QueryClientProvider>
      </MantineProvider>,
    );
    await userEvent.setup().click(screen.getByRole("button", { name: DOCUMENT_BUTTON_TEXTS.processFiles }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("edital.pdf")).toBeInTheDocument();
    expect(within(dialog).getByText(/^Ata da sessão pública/)).toBeInTheDocument();
    expect(api.calls.map((c) => c.body)).toContainEqual({ auctionNoticeId: ROOM_NOTICE_ID });
  });
});
