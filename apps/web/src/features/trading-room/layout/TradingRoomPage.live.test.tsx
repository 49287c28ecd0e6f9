import { notifications } from "@mantine/notifications";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeSockets } from "../../../test/fake-socket";
import { mockApi } from "../../../test/fetch-mock";
import { auctioneer } from "../../../test/fixtures";
import { renderRoutes } from "../../../test/render";
import { bid, message, ROOM_NOTICE_ID, registered, roomLot, roomNotice } from "../../../test/room-fixtures";
import type { SessionUser } from "../../auth/types";
import { SOUND_STORAGE_KEY } from "../live/room-alerts";
import { STARTED_SHOWN_KEY } from "../live/useTradingRoom";
import type { RegisteredData, RoomLot } from "../types";
import { TradingRoomPage } from "./TradingRoomPage";

// Issue 12 items 2–4 in the room page: the supplier's own number, the tie-break banner for the
// called ME/EPP only, the announcer's live regions, 'Confirmar lance', the success notification
// and 'Sala de negociações iniciada' once per notice.

const supplierUser = (n: number): SessionUser => ({
  id: `user-supplier-${n}`,
  name: `Fornecedora ${n}`,
  email: `fornecedor${n}@demo.com.br`,
  kind: "SUPPLIER",
  supplier: { id: `sup-${n}`, name: "Comercial", isSmallBusiness: true, subscriptionEndDate: null },
});

const asSupplier = (n: number, lots: RoomLot[]): RegisteredData =>
  registered({
    auctionNotice: roomNotice({ batches: lots }),
    user: { id: `user-supplier-${n}`, kind: "SUPPLIER", buyer: null, supplier: { id: `sup-${n}` } },
    roomRole: "ENABLED_SUPPLIER",
    roomRoleLabel: "",
    anonymousSupplierIdentificationNumber: n,
    serverTime: new Date().toISOString(),
  });

function setup(user: SessionUser) {
  mockApi({
    "POST /api/app/auth/me": () => ({ body: { user } }),
    "POST /api/app/auction/joinChatChannel": () => ({ status: 409, body: { message: "Já participa." } }),
    "POST /api/chat/getMessages": () => ({
      body: {
        messages: [message("m1", { text: "Bom dia a todos" })],
        hasMore: false,
        chatChannel: { id: "chan-1", batchId: "lot-1", chatMembers: [] },
      },
    }),
    "POST /api/room/batchBids": () => ({ body: { bids: [bid(2, 2750)] } }),
    "POST /api/app/auction/myBestBids": () => ({ body: { items: [] } }),
    "POST /api/app/dispute/list": () => ({ body: { disputes: [] } }),
  });
  const sockets = fakeSockets();
  renderRoutes(
    [
      {
        path: "/sala-de-negociacao/:id",
        element: <TradingRoomPage connection={{ createSocket: sockets.create, url: "ws://test/api/ws" }} />,
      },
    ],
    `/sala-de-negociacao/${ROOM_NOTICE_ID}`,
  );
  return sockets;
}

async function register(sockets: ReturnType<typeof fakeSockets>, data: RegisteredData) {
  await waitFor(() => expect(sockets.sockets.length).toBe(1));
  act(() => sockets.last.open());
  act(() => sockets.last.receive("REGISTERED", data));
  await screen.findByRole("region", { name: "Painel de controle" });
  await screen.findByText("Bom dia a todos");
}

const tieLot = (called: number) =>
  roomLot(1, {
    phase: "TIEBREAKER",
    batchBestBid: bid(2, 2750),
    tiebreaker: { calledAnonymousNumber: called, dueDateTime: new Date(Date.now() + 290_000).toISOString() },
  });

const region = (name: string) => screen.getByRole("status", { name });

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

describe("the live room", { timeout: 20_000 }, () => {
  it("shows the called ME/EPP its number and the tie-break banner with the value to beat and its countdown", async () => {
    const sockets = setup(supplierUser(1));
    await register(sockets, asSupplier(1, [tieLot(1), roomLot(2)]));
    expect(screen.getByText("Você é o Licitante 1")).toBeInTheDocument();
    const banner = screen.getByRole("region", { name: "Convocação para desempate (ME/EPP) — Lote 1" });
    expect(banner).toHaveTextContent("Você (Licitante 1) foi convocado(a)");
    expect(banner).toHaveTextContent("Valor a cobrir");
    expect(banner).toHaveTextContent("R$ 27,50");
    expect(within(banner).getByText(/^04:[45]\d$/)).toBeInTheDocument();
  });

  it("shows no banner to another supplier or the auctioneer", async () => {
    const sockets = setup(supplierUser(2));
    await register(sockets, asSupplier(2, [tieLot(1), roomLot(2)]));
    expect(screen.getByText("Você é o Licitante 2")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: /Convocação para desempate/ })).toBeNull();
  });

  it("shows the auctioneer no banner and no own number", async () => {
    const sockets = setup(auctioneer);
    await register(sockets, registered({ auctionNotice: roomNotice({ batches: [tieLot(1)] }) }));
    expect(screen.queryByRole("region", { name: /Convocação para desempate/ })).toBeNull();
    expect(screen.queryByText(/Você é o Licitante/)).toBeNull();
  });

  it("announces a phase change and a new best bid in the polite regions", async () => {
    const sockets = setup(supplierUser(1));
    await register(sockets, asSupplier(1, [roomLot(1, { phase: "PUBLIC_SESSION" }), roomLot(2)]));
    expect(region("Avisos da sala")).toHaveAttribute("aria-live", "polite");
    act(() =>
      sockets.last.receive("PHASE_ADVANCED", {
        auctionNoticeId: ROOM_NOTICE_ID,
        newPhase: "BIDDING",
        batchesIds: ["lot-1"],
        batches: [{ id: "lot-1", phase: "BIDDING" }],
      }),
    );
    await waitFor(() =>
      expect(region("Avisos da sala")).toHaveTextContent("Lote 1: fase Disputa de lances."),
    );
    act(() =>
      sockets.last.receive("NEW_BID_PLACED", {
        auctionNoticeId: ROOM_NOTICE_ID,
        batchId: "lot-1",
        bid: bid(2, 2300),
        batch: { id: "lot-1", batchBestBid: bid(2, 2300) },
      }),
    );
    await waitFor(() =>
      expect(region("Avisos de lances")).toHaveTextContent("Lote 1: novo melhor lance R$ 23,00."),
    );
    // Every region is in the page before anything is said (a live region added with its text is not read).
    expect(
      screen.getAllByRole("status").filter((e) => e.getAttribute("aria-live") === "polite").length,
    ).toBeGreaterThanOrEqual(4);
  });

  it("asks 'Confirmar lance' for a bid 50% or more below the best; an accepted bid gets a success notice", async () => {
    const user = userEvent.setup();
    const sockets = setup(supplierUser(1));
    const due = new Date(Date.now() + 300_000).toISOString();
    await register(
      sockets,
      asSupplier(1, [
        roomLot(1, { phase: "BIDDING", biddingPhaseDueDateTime: due, batchBestBid: bid(2, 150) }),
      ]),
    );
    const panel = screen.getByRole("region", { name: "Painel de controle" });
    const input = within(panel).getByLabelText("Novo lance");
    await user.type(input, "1{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Confirmar lance" });
    expect(dialog).toHaveTextContent(
      "O lance de R$ 0,01 está 99,33 % abaixo do melhor lance do lote (R$ 1,50). Deseja mesmo enviar este lance?",
    );
    expect(sockets.last.events("place_new_bid")).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    expect(sockets.last.events("place_new_bid")).toEqual([]);

    await user.clear(input);
    await user.type(input, "140{Enter}");
    expect(sockets.last.events("place_new_bid")).toEqual([{ batchId: "lot-1", value: 140 }]);
    act(() => sockets.last.receive("ACKNOWLEDGED", { event: "place_new_bid", bidId: "b-1" }));
    expect(await screen.findByText("Lance de R$ 1,40 registrado no lote 1.")).toBeInTheDocument();
    await waitFor(() =>
      expect(region("Avisos do seu lance")).toHaveTextContent("Seu lance de R$ 1,40 no lote 1 foi aceito."),
    );
  });

  it("announces a refused bid with the server's reason", async () => {
    const user = userEvent.setup();
    const sockets = setup(supplierUser(1));
    const due = new Date(Date.now() + 300_000).toISOString();
    await register(sockets, asSupplier(1, [roomLot(1, { phase: "BIDDING", biddingPhaseDueDateTime: due })]));
    await user.type(
      within(screen.getByRole("region", { name: "Painel de controle" })).getByLabelText("Novo lance"),
      "2400{Enter}",
    );
    act(() =>
      sockets.last.receive("ERROR", { event: "place_new_bid", message: "Lance acima do permitido." }),
    );
    await waitFor(() =>
      expect(region("Avisos do seu lance")).toHaveTextContent(
        "Seu lance no lote 1 foi recusado: Lance acima do permitido.",
      ),
    );
  });

  it("gives the typed bid back when the server cannot take it (issue 22: database away)", async () => {
    const user = userEvent.setup();
    const sockets = setup(supplierUser(1));
    const due = new Date(Date.now() + 300_000).toISOString();
    await register(sockets, asSupplier(1, [roomLot(1, { phase: "BIDDING", biddingPhaseDueDateTime: due })]));
    const input = within(screen.getByRole("region", { name: "Painel de controle" })).getByLabelText(
      "Novo lance",
    );
    await user.type(input, "2400{Enter}");
    expect(input).toHaveValue("");
    const outage =
      "Serviço temporariamente indisponível: o banco de dados não responde. Tente novamente em alguns instantes.";
    act(() => sockets.last.receive("ERROR", { event: "place_new_bid", message: outage }));
    await waitFor(() => expect(input).not.toHaveValue(""));
    expect((input as HTMLInputElement).value).toContain("24,00");
  });

  it("gives the chat text back when the server refuses the message, and clears it once acknowledged", async () => {
    const user = userEvent.setup();
    const sockets = setup(supplierUser(1));
    await register(sockets, asSupplier(1, [roomLot(1)]));
    const message = await screen.findByRole("textbox", { name: "Mensagem" });
    await waitFor(() => expect(message).toBeEnabled());
    await user.type(message, "Bom dia{Enter}");
    expect(message).toHaveValue("");
    act(() => sockets.last.receive("ERROR", { event: "new_message", message: "Fora do ar." }));
    await waitFor(() => expect(message).toHaveValue("Bom dia"));
    await user.type(message, "{Enter}");
    act(() => sockets.last.receive("ACKNOWLEDGED", { event: "new_message", id: "m-1" }));
    await waitFor(() => expect(message).toHaveValue(""));
    expect(sockets.last.events("new_message")).toHaveLength(2);
  });

  it("shows 'Sala de negociações iniciada' on the first visit of a notice only", async () => {
    const sockets = setup(supplierUser(1));
    await register(sockets, asSupplier(1, [roomLot(1)]));
    expect(await screen.findByText("Sala de negociações iniciada.")).toBeInTheDocument();
    expect(window.localStorage.getItem(STARTED_SHOWN_KEY(ROOM_NOTICE_ID))).toBe("1");
  });

  it("does not show 'Sala de negociações iniciada' again", async () => {
    window.localStorage.setItem(STARTED_SHOWN_KEY(ROOM_NOTICE_ID), "1");
    const sockets = setup(supplierUser(1));
    await register(sockets, asSupplier(1, [roomLot(1)]));
    expect(screen.queryByText("Sala de negociações iniciada.")).toBeNull();
  });

  it("keeps 'Avisar com som' off by default and remembers the choice", async () => {
    const user = userEvent.setup();
    const sockets = setup(supplierUser(1));
    await register(sockets, asSupplier(1, [roomLot(1)]));
    const toggle = screen.getByRole("switch", { name: "Avisar com som" });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(toggle).toBeChecked();
    expect(window.localStorage.getItem(SOUND_STORAGE_KEY)).toBe("1");
  });
});
