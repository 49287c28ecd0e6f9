import { notifications } from "@mantine/notifications";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeSockets } from "../../../test/fake-socket";
import { mockApi } from "../../../test/fetch-mock";
import { auctioneer } from "../../../test/fixtures";
import { renderRoutes } from "../../../test/render";
import {
  bid,
  citizenRegistered,
  message,
  ROOM_NOTICE_ID,
  registered,
  roomLot,
  roomNotice,
} from "../../../test/room-fixtures";
import type { SessionUser } from "../../auth/types";
import type { RegisteredData } from "../types";
import { TradingRoomPage } from "./TradingRoomPage";

const citizen: SessionUser = {
  id: "u-9",
  name: "Carlos Cidadão",
  email: "cidadao@demo.com.br",
  kind: "REGULAR_CITIZEN",
};

function setup(
  user: SessionUser | null,
  extra: Record<string, (body: unknown) => { status?: number; body?: unknown }> = {},
) {
  const api = mockApi({
    "POST /api/app/auth/me": () =>
      user ? { body: { user } } : { status: 401, body: { message: "Sessão expirada" } },
    "POST /api/app/auction/joinChatChannel": () => ({
      status: 409,
      body: { message: "Você já participa do chat deste processo." },
    }),
    "POST /api/chat/getMessages": () => ({
      body: {
        messages: [message("m1", { text: "Bom dia a todos" })],
        hasMore: false,
        chatChannel: { id: "chan-1", batchId: "lot-1", chatMembers: [] },
      },
    }),
    "POST /api/room/batchBids": () => ({ body: { bids: [bid(2, 2500), bid(1, 2600)] } }),
    ...extra,
  });
  const sockets = fakeSockets();
  const routes = [
    {
      path: "/sala-de-negociacao/:id",
      element: <TradingRoomPage connection={{ createSocket: sockets.create, url: "ws://test/api/ws" }} />,
    },
    { path: "/editais-publicados", element: <h1>Editais publicados</h1> },
    { path: "/editais", element: <h1>Editais</h1> },
  ];
  const view = renderRoutes(routes, `/sala-de-negociacao/${ROOM_NOTICE_ID}`);
  return { ...view, api, sockets };
}

async function registerWith(sockets: ReturnType<typeof fakeSockets>, data: RegisteredData) {
  await waitFor(() => expect(sockets.sockets.length).toBe(1));
  act(() => sockets.last.open());
  expect(sockets.last.events("register")).toHaveLength(1);
  act(() => sockets.last.receive("REGISTERED", data));
  await screen.findByRole("table", { name: "Lotes do processo" });
}

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

describe("trading room page", { timeout: 20_000 }, () => {
  it("starts an auctioneer's room: header, lots, bids in order, chat, and the phase buttons", async () => {
    const { sockets, api } = setup(auctioneer);
    await registerWith(sockets, registered());
    expect(sockets.last.events("register")[0]).toEqual({
      token: null,
      auctionNoticeId: ROOM_NOTICE_ID,
    });
    expect(api.calls.some((c) => c.path === "/api/app/auction/joinChatChannel")).toBe(true);

    const header = screen.getByRole("region", { name: "Dados do processo" });
    expect(header).toHaveTextContent("Órgão Promotor");
    expect(header).toHaveTextContent("Prefeitura Municipal de Exemplo");
    expect(header).toHaveTextContent("PE 08/2026");
    expect(header).toHaveTextContent("Aberto");

    const lots = screen.getByRole("table", { name: "Lotes do processo" });
    expect(within(lots).getAllByRole("row")).toHaveLength(4);
    expect(within(lots).getByRole("row", { name: "Lote 1" })).toHaveAttribute("aria-selected", "true");

    const bids = await screen.findByRole("table", { name: "Lances" });
    await waitFor(() => expect(within(bids).getAllByRole("row")).toHaveLength(3));
    const values = within(bids)
      .getAllByRole("row")
      .slice(1)
      .map((r) => r.textContent);
    expect(values[0]).toContain("R$ 25,00");
    expect(values[1]).toContain("R$ 26,00");

    await screen.findByText("Bom dia a todos");
    expect(screen.getByRole("button", { name: "Próxima fase" })).toBeEnabled();
    expect(screen.getByText("Conectado")).toBeInTheDocument();
  });

  it("sends a chat message with Enter and clears the input; Shift+Enter adds a line", async () => {
    const user = userEvent.setup();
    const { sockets } = setup(auctioneer);
    await registerWith(sockets, registered());
    const input = await screen.findByRole("textbox", { name: "Mensagem" });
    await waitFor(() => expect(input).toBeEnabled());
    await user.type(input, "Primeira linha{Shift>}{Enter}{/Shift}segunda");
    expect(input).toHaveValue("Primeira linha\nsegunda");
    await user.type(input, "{Enter}");
    expect(sockets.last.events("new_message")).toEqual([
      { chatChannel: "chan-1", text: "Primeira linha\nsegunda", mediaFiles: [], metadata: { mentions: [] } },
    ]);
    expect(input).toHaveValue("");
  });

  it("shows a message pushed to another lot as an alert, and a new bid in the list", async () => {
    const { sockets } = setup(auctioneer);
    await registerWith(sockets, registered());
    await screen.findByText("Bom dia a todos");
    act(() => {
      sockets.last.receive("NEW_MESSAGE", message("m9", { chatChannelId: "chan-2", batchId: "lot-2" }));
      sockets.last.receive("NEW_BID_PLACED", {
        auctionNoticeId: ROOM_NOTICE_ID,
        batchId: "lot-1",
        bid: bid(3, 2300),
        batch: { id: "lot-1", batchBestBid: bid(3, 2300) },
      });
    });
    expect(await screen.findByText(/Nova Mensagem no lote\/Item:/)).toHaveTextContent(
      "Nova Mensagem no lote/Item: 2",
    );
    const bids = screen.getByRole("table", { name: "Lances" });
    await waitFor(() => expect(within(bids).getAllByRole("row")[1]).toHaveTextContent("R$ 23,00"));
  });

  it("gives a citizen a read-only room: disabled chat, no bid input, no phase buttons", async () => {
    const { sockets, api } = setup(citizen);
    await registerWith(sockets, citizenRegistered());
    // Every register sends a null token: the server reads the session cookie of the upgrade.
    expect(sockets.last.events("register")[0]).toEqual({ token: null, auctionNoticeId: ROOM_NOTICE_ID });
    expect(api.calls.some((c) => c.path === "/api/app/auction/joinChatChannel")).toBe(true);
    const input = await screen.findByRole("textbox", { name: "Mensagem" });
    expect(input).toBeDisabled();
    expect(input).toHaveAttribute("placeholder", "Chat desabilitado");
    expect(screen.queryByRole("button", { name: "Próxima fase" })).toBeNull();
    expect(screen.queryByLabelText("Novo lance")).toBeNull();
  });

  it("opens for a visitor without joining the chat", async () => {
    const { sockets, api } = setup(null);
    await registerWith(sockets, citizenRegistered());
    expect(api.calls.some((c) => c.path === "/api/app/auction/joinChatChannel")).toBe(false);
  });

  it("fails the start of a notice without lots", async () => {
    const { sockets } = setup(citizen);
    await waitFor(() => expect(sockets.sockets.length).toBe(1));
    act(() => sockets.last.open());
    act(() => sockets.last.receive("REGISTERED", registered({ auctionNotice: roomNotice({ batches: [] }) })));
    const alerts = await screen.findAllByRole("alert");
    expect(
      alerts.some((a) =>
        a.textContent?.includes("Esse edital não possui lotes para negociação, tente outro edital."),
      ),
    ).toBe(true);
    expect(screen.queryByRole("table", { name: "Lotes do processo" })).toBeNull();
  });

  it("goes back 500 ms after a refusal naming the room", async () => {
    const { sockets, router } = setup(citizen);
    await waitFor(() => expect(sockets.sockets.length).toBe(1));
    act(() => sockets.last.open());
    act(() =>
      sockets.last.receive("ERROR", {
        message: "Não é possível acessar sala de negociação: o edital ainda não foi publicado.",
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/editais-publicados"), {
      timeout: 2000,
    });
  });

  it("lets a supplier bid with Enter; the input is cleared after sending", async () => {
    const user = userEvent.setup();
    const supplierUser: SessionUser = {
      id: "user-supplier",
      name: "Fornecedora",
      email: "fornecedor1@demo.com.br",
      kind: "SUPPLIER",
      supplier: { id: "sup-1", name: "Comercial", isSmallBusiness: true, subscriptionEndDate: null },
    };
    const { sockets } = setup(supplierUser, {
      "POST /api/app/auction/myBestBids": () => ({ body: { items: [] } }),
    });
    const bidding = roomNotice({
      batches: [
        roomLot(1, {
          phase: "BIDDING",
          biddingPhaseDueDateTime: new Date(Date.now() + 300_000).toISOString(),
        }),
        roomLot(2),
      ],
    });
    await registerWith(
      sockets,
      registered({
        auctionNotice: bidding,
        user: { id: "user-supplier", kind: "SUPPLIER", buyer: null, supplier: { id: "sup-1" } },
        roomRole: "ENABLED_SUPPLIER",
        roomRoleLabel: "",
        anonymousSupplierIdentificationNumber: 1,
        serverTime: new Date().toISOString(),
      }),
    );
    const panel = screen.getByRole("region", { name: "Painel de controle" });
    const input = await within(panel).findByLabelText("Novo lance");
    const send = within(panel).getByRole("button", { name: "Enviar" });
    expect(send).toBeDisabled();
    await user.type(input, "2450{Enter}");
    expect(sockets.last.events("place_new_bid")).toEqual([{ batchId: "lot-1", value: 2450 }]);
    expect(input).toHaveValue("");
  });

  it("asks for confirmation before a bid in NEGOTIATION", async () => {
    const user = userEvent.setup();
    const supplierUser: SessionUser = {
      id: "user-supplier",
      name: "Fornecedora",
      email: "fornecedor1@demo.com.br",
      kind: "SUPPLIER",
      supplier: { id: "sup-1", name: "Comercial", isSmallBusiness: true, subscriptionEndDate: null },
    };
    const { sockets } = setup(supplierUser, {
      "POST /api/app/auction/myBestBids": () => ({ body: { items: [] } }),
    });
    const negotiating = roomNotice({
      batches: [
        roomLot(1, {
          phase: "NEGOTIATION",
          negotiation: { anonymousSupplierIdentificationNumber: 1 },
          supplierBestBid: bid(1, 2500, { isOwn: true }),
        }),
      ],
    });
    await registerWith(
      sockets,
      registered({
        auctionNotice: negotiating,
        user: { id: "user-supplier", kind: "SUPPLIER", buyer: null, supplier: { id: "sup-1" } },
        roomRole: "ENABLED_SUPPLIER",
        roomRoleLabel: "",
        anonymousSupplierIdentificationNumber: 1,
      }),
    );
    const panel = screen.getByRole("region", { name: "Painel de controle" });
    await user.type(within(panel).getByLabelText("Novo lance"), "2400");
    await user.click(within(panel).getByRole("button", { name: "Enviar" }));
    const dialog = await screen.findByRole("dialog", { name: "Novo lance" });
    expect(dialog).toHaveTextContent(
      "Seu lance atual é de R$ 25,00, deseja mesmo cadastrar um novo lance no valor de R$ 24,00? Lances cadastrados nessa etapa do processo não poderão ser cancelados",
    );
    expect(sockets.last.events("place_new_bid")).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Confirmar" }));
    expect(sockets.last.events("place_new_bid")).toEqual([{ batchId: "lot-1", value: 2400 }]);
  });

  it("moves a lot to the next phase with the phases the server allows", async () => {
    const user = userEvent.setup();
    const { sockets, api } = setup(auctioneer, {
      "POST /api/app/auction/lotPhases": () => ({
        body: { currentPhase: "CLOSED_FOR_OFFERS", nextPhase: ["PUBLIC_SESSION"], previousPhase: [] },
      }),
    });
    await registerWith(sockets, registered());
    await user.click(screen.getByRole("button", { name: "Próxima fase" }));
    const dialog = await screen.findByRole("dialog", { name: "Avançar para próxima fase" });
    expect(api.calls.find((c) => c.path === "/api/app/auction/lotPhases")?.body).toEqual({
      batchId: "lot-1",
    });
    await user.click(within(dialog).getByRole("radio", { name: "Todos os lotes/itens na mesma fase" }));
    await user.click(within(dialog).getByRole("button", { name: "Confirmar" }));
    expect(sockets.last.events("go_to_next_phase")).toEqual([
      {
        nextPhase: "PUBLIC_SESSION",
        batchesIds: ["lot-1", "lot-2", "lot-3"],
        auctionNoticeId: ROOM_NOTICE_ID,
      },
    ]);
  });

  it("does not open the phase modal when the phases cannot be loaded", async () => {
    const user = userEvent.setup();
    const { sockets } = setup(auctioneer, {
      "POST /api/app/auction/lotPhases": () => ({ status: 500, body: { message: "falhou" } }),
    });
    await registerWith(sockets, registered());
    await user.click(screen.getByRole("button", { name: "Voltar fase" }));
    expect(await screen.findByText("Erro ao carregar fases")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens the advance dialog when the server sends OPEN_MODAL_AUCTIONEER", async () => {
    const { sockets } = setup(auctioneer, {
      "POST /api/app/auction/lotPhases": () => ({
        body: { currentPhase: "CLOSED_FOR_OFFERS", nextPhase: ["PUBLIC_SESSION"], previousPhase: [] },
      }),
    });
    await registerWith(sockets, registered());
    act(() => sockets.last.receive("OPEN_MODAL_AUCTIONEER", { auctionNoticeId: ROOM_NOTICE_ID }));
    expect(await screen.findByRole("dialog", { name: "Avançar para próxima fase" })).toBeInTheDocument();
  });

  it("says 'Erro ao carregar lances' with the connection text and keeps the list empty", async () => {
    const { sockets } = setup(auctioneer, { "POST /api/room/batchBids": () => ({ status: 500 }) });
    await registerWith(sockets, registered());
    expect(await screen.findByText("Erro ao carregar lances")).toBeInTheDocument();
    expect(screen.getByText("Houve um erro na conexão com o servidor")).toBeInTheDocument();
    expect(screen.getByText("Nenhum lance registrado")).toBeInTheDocument();
  });
});
