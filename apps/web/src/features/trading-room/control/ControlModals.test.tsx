import { notifications } from "@mantine/notifications";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../test/fetch-mock";
import { renderWithMantine } from "../../../test/render";
import { bid, ROOM_NOTICE_ID, registered, roomLot, roomNotice } from "../../../test/room-fixtures";
import { initialRoomState, type RoomState, roomReducer } from "../live/room-state";
import type { ActionAnswer } from "../live/useTradingRoom";
import type { RegisteredData, RoomLot } from "../types";
import { LotControlModal, SupplierToggleModal } from "./ControlModals";
import { ControlPanel } from "./ControlPanel";

// The '+ Opções' manage panel and the lot control modals (trading-room §2.3, §2.6, §5 "Room modals",
// §6, §9), wired as the room wires them: ControlPanel with a room state built from REGISTERED, the
// live `request` replaced by a mock that answers like the server (ACKNOWLEDGED or ERROR).

const NOW = new Date("2026-03-10T12:00:00.000Z");

function stateOf(data: RegisteredData): RoomState {
  return roomReducer(initialRoomState, { type: "registered", data, receivedAt: NOW.getTime() });
}

const acknowledged = (event: string): ActionAnswer => ({ ok: true, data: { event } });

function renderPanel(data: RegisteredData, answer: ActionAnswer | Promise<ActionAnswer> = acknowledged("")) {
  const request = vi.fn(async (_event: string, _data: unknown) => answer);
  const send = vi.fn(() => true);
  renderWithMantine(<ControlPanel state={stateOf(data)} now={NOW} send={send} request={request} />);
  return { request, send };
}

/** Lot 1 in NEGOTIATION, lot 2 FAILED, lot 3 closed for offers; the process running. */
const mixedLots = () =>
  roomNotice({
    shouldDiscloseReferencePrice: false,
    batches: [
      roomLot(1, { phase: "NEGOTIATION", isConfidentialPhase: false }),
      roomLot(2, { phase: "FAILED", isConfidentialPhase: false }),
      roomLot(3),
    ],
  });

async function openManagePanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "+ Opções" }));
  return screen.findByRole("dialog", { name: "Opções do lote/item" });
}

const buttonNames = (group: HTMLElement) =>
  within(group)
    .getAllByRole("button")
    .map((b) => b.textContent);

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

describe("'+ Opções' manage panel (§2.3, §6)", () => {
  it("lists, for the lot chosen in its table, the controls the auctioneer's permissions allow", async () => {
    const user = userEvent.setup();
    renderPanel(registered({ auctionNotice: mixedLots() }));
    const panel = await openManagePanel(user);

    const lots = within(panel).getByRole("table", { name: "Lotes do painel de opções" });
    expect(within(lots).getAllByRole("row")).toHaveLength(4);
    expect(within(lots).getByRole("radio", { name: "Lote 1" })).toBeChecked();
    // NEGOTIATION: suspend (managers) and fail (managers, ONGOING); revoke and annul are the
    // authorities' (§6), so the auctioneer does not get them.
    expect(buttonNames(within(panel).getByRole("group", { name: "Ações do lote 1" }))).toEqual([
      "Suspender",
      "Declarar lote/item fracassado",
      "Voltar para fase anterior",
      "Avançar para próxima fase",
    ]);

    // A failed lot offers its resumption (RESUME_BATCH: CANCELED, FAILED, REVOKED).
    await user.click(within(lots).getByRole("radio", { name: "Lote 2" }));
    const lot2 = within(panel).getByRole("group", { name: "Ações do lote 2" });
    expect(buttonNames(lot2)).toContain("Retomar lote");
    expect(buttonNames(lot2)).not.toContain("Declarar lote/item fracassado");

    // Clicking a row chooses it too.
    await user.click(within(lots).getByRole("cell", { name: "Produto 3" }));
    expect(buttonNames(within(panel).getByRole("group", { name: "Ações do lote 3" }))).toEqual([
      "Suspender",
      "Voltar para fase anterior",
      "Avançar para próxima fase",
    ]);
  });

  it("gives the notice's authority (AUCTION_AUTHOR) revoke and annul as well", async () => {
    const user = userEvent.setup();
    renderPanel(registered({ auctionNotice: mixedLots(), roomRole: "AUCTION_AUTHOR" }));
    const panel = await openManagePanel(user);
    expect(buttonNames(within(panel).getByRole("group", { name: "Ações do lote 1" }))).toEqual([
      "Suspender",
      "Revogar",
      "Anular item/lote",
      "Declarar lote/item fracassado",
      "Voltar para fase anterior",
      "Avançar para próxima fase",
    ]);
  });

  it("offers the indefinite suspension before the session (NOT_STARTED, OPEN_FOR_OFFERS)", async () => {
    const user = userEvent.setup();
    renderPanel(
      registered({
        auctionNotice: roomNotice({
          status: "PUBLISHED",
          effectiveStatus: "PUBLISHED",
          batches: [roomLot(1, { phase: "OPEN_FOR_OFFERS" })],
        }),
      }),
    );
    const panel = await openManagePanel(user);
    expect(buttonNames(within(panel).getByRole("group", { name: "Ações do lote 1" }))).toEqual(
      expect.arrayContaining(["Suspender", "Suspender Indefinidamente"]),
    );
  });

  it("is not offered to the support staff, nor to a supplier", () => {
    const { unmount } = renderWithMantine(
      <ControlPanel
        state={stateOf(registered({ auctionNotice: mixedLots(), roomRole: "STAFF_MEMBER" }))}
        now={NOW}
        send={() => true}
        request={vi.fn()}
      />,
    );
    expect(screen.queryByRole("button", { name: "+ Opções" })).toBeNull();
    unmount();
    renderWithMantine(
      <ControlPanel
        state={stateOf(
          registered({
            auctionNotice: mixedLots(),
            user: { id: "user-supplier", kind: "SUPPLIER", buyer: null, supplier: { id: "sup-1" } },
            roomRole: "ENABLED_SUPPLIER",
            anonymousSupplierIdentificationNumber: 1,
          }),
        )}
        now={NOW}
        send={() => true}
        request={vi.fn()}
      />,
    );
    expect(screen.queryByRole("button", { name: "+ Opções" })).toBeNull();
  });
});

describe("lot control modals (§2.6, §5, §9)", () => {
  it("fails a lot: the reason is required (counter, 255), fail_batch goes through request, the modal closes on ACKNOWLEDGED", async () => {
    const user = userEvent.setup();
    const { request } = renderPanel(registered({ auctionNotice: mixedLots() }), acknowledged("fail_batch"));
    const panel = await openManagePanel(user);
    await user.click(within(panel).getByRole("button", { name: "Declarar lote/item fracassado" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Opções do lote/item" })).toBeNull());
    const modal = await screen.findByRole("dialog", { name: "Declarar lote/item fracassado" });
    expect(modal).toHaveTextContent("Lote/item 1");

    const reason = within(modal).getByRole("textbox", { name: /^Motivo/ });
    expect(reason).toHaveAttribute("maxlength", "255");
    expect(within(modal).getByText("0 / 255")).toBeInTheDocument();
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(await within(modal).findByText("Informe o motivo.")).toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();

    // Blank text is no reason either.
    await user.type(reason, "   ");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(request).not.toHaveBeenCalled();

    await user.clear(reason);
    await user.type(reason, "Nenhuma proposta aceitável");
    expect(within(modal).getByText("26 / 255")).toBeInTheDocument();
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(request).toHaveBeenCalledWith("fail_batch", {
      batchId: "lot-1",
      chatChannelId: "chan-1",
      reason: "Nenhuma proposta aceitável",
    });
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Declarar lote/item fracassado" })).toBeNull(),
    );
    expect(await screen.findByText("Lote/item declarado fracassado.")).toBeInTheDocument();
  });

  it("keeps the modal open, with what was typed, when the server answers ERROR", async () => {
    const user = userEvent.setup();
    const { request } = renderPanel(registered({ auctionNotice: mixedLots() }), {
      ok: false,
      message: 'Não é possível declarar o lote/item fracassado agora: processo "Em andamento".',
    });
    const panel = await openManagePanel(user);
    await user.click(within(panel).getByRole("button", { name: "Declarar lote/item fracassado" }));
    const modal = await screen.findByRole("dialog", { name: "Declarar lote/item fracassado" });
    await user.type(within(modal).getByRole("textbox", { name: /^Motivo/ }), "Sem propostas válidas");
    const confirm = within(modal).getByRole("button", { name: "Confirmar" });
    await user.click(confirm);
    expect(request).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(confirm).toBeEnabled());
    expect(screen.getByRole("dialog", { name: "Declarar lote/item fracassado" })).toBeInTheDocument();
    expect(within(modal).getByRole("textbox", { name: /^Motivo/ })).toHaveValue("Sem propostas válidas");
    expect(screen.queryByText("Lote/item declarado fracassado.")).toBeNull();
    // The answer is shown once, by the room (useTradingRoom's ERROR handler), not again here.
  });

  it("waits for the answer: 'Confirmar' loads until ACKNOWLEDGED arrives", async () => {
    const user = userEvent.setup();
    let resolve: (answer: ActionAnswer) => void = () => {};
    const pending = new Promise<ActionAnswer>((r) => {
      resolve = r;
    });
    const { request } = renderPanel(registered({ auctionNotice: mixedLots() }), pending);
    const panel = await openManagePanel(user);
    await user.click(within(panel).getByRole("button", { name: "Suspender" }));
    const modal = await screen.findByRole("dialog", { name: "Suspender processo" });
    expect(modal).toHaveTextContent("Confirma a suspensão do processo?");
    // A plain confirmation: no text field.
    expect(within(modal).queryByRole("textbox")).toBeNull();
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(request).toHaveBeenCalledWith("toggle_process_suspended_status", {
      batchId: "lot-1",
      chatChannelId: "chan-1",
    });
    expect(within(modal).getByRole("button", { name: "Cancelar" })).toBeDisabled();
    act(() => resolve(acknowledged("toggle_process_suspended_status")));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Suspender processo" })).toBeNull());
    expect(await screen.findByText("Processo suspenso.")).toBeInTheDocument();
  });

  it("resumes a suspended process from the panel's 'Retomar processo'", async () => {
    const user = userEvent.setup();
    const { request } = renderPanel(
      registered({
        auctionNotice: roomNotice({
          status: "SUSPENDED",
          effectiveStatus: "SUSPENDED",
          batches: [roomLot(1, { phase: "BIDDING" })],
        }),
      }),
    );
    // Suspended: no '+ Opções' (§6 SHOW_MANAGE_BUYER_PANEL), only the resumption.
    expect(screen.queryByRole("button", { name: "+ Opções" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Retomar processo" }));
    const modal = await screen.findByRole("dialog", { name: "Retomar processo" });
    expect(modal).toHaveTextContent("Confirma a retomada do processo?");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(request).toHaveBeenCalledWith("toggle_process_suspended_status", {
      batchId: "lot-1",
      chatChannelId: "chan-1",
    });
    expect(await screen.findByText("Processo retomado.")).toBeInTheDocument();
  });

  it("suspends indefinitely with a justification (5000) for the whole notice", async () => {
    const user = userEvent.setup();
    const { request } = renderPanel(
      registered({
        auctionNotice: roomNotice({
          status: "PUBLISHED",
          effectiveStatus: "PUBLISHED",
          batches: [roomLot(1, { phase: "OPEN_FOR_OFFERS" })],
        }),
      }),
    );
    const panel = await openManagePanel(user);
    await user.click(within(panel).getByRole("button", { name: "Suspender Indefinidamente" }));
    const modal = await screen.findByRole("dialog", { name: "Suspender Indefinidamente" });
    const field = within(modal).getByRole("textbox", { name: /^Justificativa/ });
    expect(field).toHaveAttribute("maxlength", "5000");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(await within(modal).findByText("Informe a justificativa.")).toBeInTheDocument();
    await user.type(field, "Impugnação em análise");
    expect(within(modal).getByText("21 / 5000")).toBeInTheDocument();
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(request).toHaveBeenCalledWith("suspend_indefinitely", {
      auctionNoticeId: ROOM_NOTICE_ID,
      chatChannelId: "chan-1",
      justification: "Impugnação em análise",
    });
  });

  it("sends the optional file uploaded first (its url as fileName, with its name)", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      "POST /api/upload": () => ({ body: { id: "f-1", url: "/api/app/file/f-1", fileName: "ata.pdf" } }),
    });
    const { request } = renderPanel(
      registered({ auctionNotice: mixedLots(), roomRole: "AUCTION_AUTHOR" }),
      acknowledged("schedule_revoke_process"),
    );
    const panel = await openManagePanel(user);
    await user.click(within(panel).getByRole("button", { name: "Revogar" }));
    const modal = await screen.findByRole("dialog", { name: "Revogar" });
    // §2.6: revoke and annul tell of the 10-minute appeal window.
    expect(modal).toHaveTextContent("no prazo de 10 minutos");
    await user.type(within(modal).getByRole("textbox", { name: /^Motivo/ }), "Interesse público");
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("sem campo de arquivo");
    await user.upload(input, new File(["%PDF-1.4"], "ata.pdf", { type: "application/pdf" }));
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    await waitFor(() => expect(request).toHaveBeenCalled());
    expect(api.calls.map((c) => c.path)).toEqual(["/api/upload"]);
    expect(request).toHaveBeenCalledWith("schedule_revoke_process", {
      batchId: "lot-1",
      chatChannelId: "chan-1",
      reason: "Interesse público",
      fileName: "/api/app/file/f-1",
      name: "ata.pdf",
    });
    expect(await screen.findByText("Processo revogado.")).toBeInTheDocument();
  });

  it("does not send the event when the file upload fails ('Erro ao enviar')", async () => {
    const user = userEvent.setup();
    mockApi({ "POST /api/upload": () => ({ status: 415, body: { message: "Formato não aceito" } }) });
    const { request } = renderPanel(registered({ auctionNotice: mixedLots() }));
    const panel = await openManagePanel(user);
    await user.click(within(panel).getByRole("button", { name: "Declarar lote/item fracassado" }));
    const modal = await screen.findByRole("dialog", { name: "Declarar lote/item fracassado" });
    await user.type(within(modal).getByRole("textbox", { name: /^Motivo/ }), "Sem propostas");
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("sem campo de arquivo");
    await user.upload(input, new File(["x"], "ata.pdf", { type: "application/pdf" }));
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(await screen.findByText("Erro ao enviar")).toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: "Declarar lote/item fracassado" })).toBeInTheDocument();
  });

  it("refuses without the lot's chat channel: 'Erro ao executar ação, tente novamente por favor' (§5, §8)", async () => {
    const user = userEvent.setup();
    const request = vi.fn();
    const lot: RoomLot = roomLot(1, { phase: "NEGOTIATION", chatChannel: null });
    renderWithMantine(
      <LotControlModal
        control="CANCEL_BATCH"
        noticeId={ROOM_NOTICE_ID}
        modality="ELECTRONIC_DISPENSER"
        lot={lot}
        request={request}
        onClose={() => {}}
      />,
    );
    const modal = await screen.findByRole("dialog", { name: "Anular item/lote" });
    // No appeal window in the dispensa (§2.6).
    expect(modal).not.toHaveTextContent("10 minutos");
    await user.type(within(modal).getByRole("textbox", { name: /^Motivo/ }), "Erro no edital");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(await screen.findByText("Erro ao executar ação, tente novamente por favor")).toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();
  });

  it("discloses the reference price after a confirmation (§2.3 SHOW_REFERENCE_PRICE_UPDATE)", async () => {
    const user = userEvent.setup();
    const { request } = renderPanel(registered({ auctionNotice: mixedLots() }));
    await user.click(
      screen.getByRole("button", { name: "Divulgar o preço de referência para os licitantes" }),
    );
    // The modal title is cut after 30 characters (AppModal, notices-and-accounts §9).
    const modal = await screen.findByRole("dialog", { name: /^Divulgar o preço de referência/ });
    expect(modal).toHaveTextContent("Confirma a divulgação do preço de referência?");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(request).toHaveBeenCalledWith("disclose_reference_price", {
      auctionNoticeId: ROOM_NOTICE_ID,
      chatChannelId: "chan-1",
    });
    expect(await screen.findByText("Preço de referência divulgado.")).toBeInTheDocument();
  });
});

describe("supplier toggle modal (§2.6, §4 'Supplier toggles', §5)", () => {
  function renderToggle(
    kind: "DISQUALIFY" | "REQUALIFY" | "INACTIVE" | "ACTIVE",
    phase: RoomLot["phase"],
    answer: ActionAnswer = acknowledged("toggle_supplier_status"),
  ) {
    const request = vi.fn(async () => answer);
    const onClose = vi.fn();
    renderWithMantine(
      <SupplierToggleModal
        kind={kind}
        noticeId={ROOM_NOTICE_ID}
        lot={roomLot(1, { phase })}
        bid={bid(2, 2500)}
        request={request}
        onClose={onClose}
      />,
    );
    return { request, onClose };
  }

  it("disqualifies in the selected lot only while bids run, with the reason (5000)", async () => {
    const user = userEvent.setup();
    const { request, onClose } = renderToggle("DISQUALIFY", "BIDDING");
    const modal = await screen.findByRole("dialog", { name: "Desclassificar lance" });
    expect(modal).toHaveTextContent(
      'Os licitantes receberão uma mensagem com a justificativa. Após a confirmação você poderá reverter a ação clicando em "Reclassificar" na tabela de lances.',
    );
    expect(
      within(modal)
        .getAllByRole("radio")
        .map((r) => r.getAttribute("value")),
    ).toEqual(["SELECTED_BATCH"]);
    const reason = within(modal).getByRole("textbox", { name: /^Motivo/ });
    expect(reason).toHaveAttribute("maxlength", "5000");
    const confirm = within(modal).getByRole("button", { name: "Confirmar desclassificação" });
    await user.click(confirm);
    expect(await within(modal).findByText("Informe o motivo.")).toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();
    await user.type(reason, "Marca diferente da exigida");
    await user.click(confirm);
    expect(request).toHaveBeenCalledWith("toggle_supplier_status", {
      anonymousSupplierIdentificationNumber: 2,
      chatChannelId: "chan-1",
      reason: "Marca diferente da exigida",
      batchId: "lot-1",
      kind: "DISQUALIFY",
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText("Licitante desclassificado.")).toBeInTheDocument();
  });

  it("enables a disabled supplier in all lots outside the bidding: the notice goes with it", async () => {
    const user = userEvent.setup();
    const { request } = renderToggle("ACTIVE", "NEGOTIATION");
    const modal = await screen.findByRole("dialog", { name: "Habilitar" });
    expect(modal).toHaveTextContent(
      "O licitante está atualmente desabilitado para dar lances nesse edital. Confirme para habilitar.",
    );
    // No attachment when enabling (§5: only disqualifying or disabling).
    expect(document.querySelector('input[type="file"]')).toBeNull();
    await user.click(within(modal).getByRole("radio", { name: "Todos os lotes/itens" }));
    await user.type(within(modal).getByRole("textbox", { name: /^Motivo/ }), "Regularizado");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(request).toHaveBeenCalledWith("toggle_supplier_status", {
      anonymousSupplierIdentificationNumber: 2,
      chatChannelId: "chan-1",
      reason: "Regularizado",
      batchId: "lot-1",
      kind: "ACTIVE",
      auctionNoticeId: ROOM_NOTICE_ID,
    });
  });

  it("stays open when the server refuses", async () => {
    const user = userEvent.setup();
    const { request, onClose } = renderToggle("INACTIVE", "NEGOTIATION", {
      ok: false,
      message: "Você não tem permissão para inabilitar o licitante.",
    });
    const modal = await screen.findByRole("dialog", { name: "Inabilitar" });
    await user.type(within(modal).getByRole("textbox", { name: /^Motivo/ }), "Documento vencido");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    await waitFor(() => expect(request).toHaveBeenCalled());
    await waitFor(() => expect(within(modal).getByRole("button", { name: "Confirmar" })).toBeEnabled());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByText("Licitante inabilitado.")).toBeNull();
  });
});
