import { notifications } from "@mantine/notifications";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { ROOM_NOTICE_ID, roomLot, roomNotice } from "../../../test/room-fixtures";
import { PhaseMoveModal } from "./PhaseMoveModal";
import { nextPhasePayload } from "./phase-moves";

// The end of a lot's flow in the next-phase modal (trading-room §2.6): AWARDING offers HOMOLOGATION
// and the direct 'Adjudicar o lote/item e Homologar o Processo' (CLOSING); no appeal fields there.

afterEach(() => {
  act(() => notifications.clean());
});

describe("next-phase modal from AWARDING (§2.6)", { timeout: 30_000 }, () => {
  it("labels the move to CLOSING 'Adjudicar o lote/item e Homologar o Processo' and sends CLOSING", async () => {
    const user = userEvent.setup();
    const lot = roomLot(1, { phase: "AWARDING", isConfidentialPhase: false });
    const notice = roomNotice({ batches: [lot] });
    const onConfirm = vi.fn();
    renderWithMantine(
      <PhaseMoveModal
        kind="NEXT"
        notice={notice}
        lot={lot}
        phases={["HOMOLOGATION", "CLOSING"]}
        onClose={vi.fn()}
        onConfirm={onConfirm}
      />,
    );
    const modal = await screen.findByRole("dialog", { name: "Avançar para próxima fase" });
    const confirm = within(modal).getByRole("button", { name: "Confirmar" });
    expect(confirm).toBeDisabled();
    await user.click(within(modal).getAllByLabelText(/^Próxima fase/)[0] as HTMLElement);
    expect(await screen.findByRole("option", { name: "Homologação" })).toBeInTheDocument();
    await user.click(screen.getByRole("option", { name: "Adjudicar o lote/item e Homologar o Processo" }));
    // Neither HOMOLOGATION nor CLOSING asks for appeal terms.
    expect(within(modal).queryByRole("radio", { name: /Prazo legal/ })).toBeNull();
    await user.click(confirm);
    const input = onConfirm.mock.calls[0]?.[0];
    expect(input).toMatchObject({ scope: "SELECTED_BATCH", phase: "CLOSING" });
    expect(nextPhasePayload(notice, [lot], lot, input)).toEqual({
      nextPhase: "CLOSING",
      batchesIds: ["lot-1"],
      auctionNoticeId: ROOM_NOTICE_ID,
    });
  });
});
