import { notifications } from "@mantine/notifications";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { ROOM_NOTICE_ID, registered, roomLot, roomNotice } from "../../../test/room-fixtures";
import { initialRoomState, roomReducer } from "../live/room-state";
import type { ActionAnswer } from "../live/useTradingRoom";
import type { RegisteredData } from "../types";
import { ControlPanel } from "./ControlPanel";
import { REPORTS_TEXTS } from "./RecreateReportsButton";

// '+ Opções' › 'Atualizar relatórios' (trading-room §2.3, §6 RECREATE_REPORTS: managers, the
// competent authority and the secretary, in every phase; §7 recreate_reports {auctionNoticeId}).

const NOW = new Date("2026-03-10T12:00:00.000Z");

function renderPanel(data: RegisteredData, answer: ActionAnswer) {
  const request = vi.fn(async (_event: string, _data: unknown) => answer);
  const state = roomReducer(initialRoomState, { type: "registered", data, receivedAt: NOW.getTime() });
  renderWithMantine(<ControlPanel state={state} now={NOW} send={vi.fn(() => true)} request={request} />);
  return request;
}

const notice = () =>
  roomNotice({ batches: [roomLot(1, { phase: "NEGOTIATION", isConfidentialPhase: false })] });

afterEach(() => {
  act(() => notifications.clean());
});

describe("'Atualizar relatórios'", () => {
  it("asks the server to recreate the reports of the process and says when they are filed", async () => {
    const user = userEvent.setup();
    const request = renderPanel(registered({ auctionNotice: notice() }), {
      ok: true,
      data: { event: "recreate_reports", documentId: "doc-1" },
    });
    await user.click(screen.getByRole("button", { name: "+ Opções" }));
    const dialog = await screen.findByRole("dialog", { name: "Opções do lote/item" });
    const group = within(dialog).getByRole("group", { name: "Ações do processo" });
    await user.click(within(group).getByRole("button", { name: REPORTS_TEXTS.button }));
    expect(request).toHaveBeenCalledWith("recreate_reports", { auctionNoticeId: ROOM_NOTICE_ID });
    expect(await screen.findByText(REPORTS_TEXTS.done)).toBeInTheDocument();
  });

  it("claims nothing when the server refuses (the room shows its ERROR)", async () => {
    const user = userEvent.setup();
    const request = renderPanel(registered({ auctionNotice: notice() }), { ok: false, message: "Recusado." });
    await user.click(screen.getByRole("button", { name: "+ Opções" }));
    const dialog = await screen.findByRole("dialog", { name: "Opções do lote/item" });
    const button = within(dialog).getByRole("button", { name: REPORTS_TEXTS.button });
    await user.click(button);
    expect(request).toHaveBeenCalledTimes(1);
    expect(button).not.toHaveAttribute("data-loading");
    expect(screen.queryByText(REPORTS_TEXTS.done)).toBeNull();
  });
});
