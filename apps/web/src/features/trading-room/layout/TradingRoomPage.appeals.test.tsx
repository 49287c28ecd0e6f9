import { notifications } from "@mantine/notifications";
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dispute } from "../../../test/appeal-fixtures";
import { fakeSockets } from "../../../test/fake-socket";
import { mockApi } from "../../../test/fetch-mock";
import { supplier } from "../../../test/fixtures";
import { renderRoutes } from "../../../test/render";
import { ROOM_NOTICE_ID, roomLot, roomNotice, supplierRegistered } from "../../../test/room-fixtures";
import type { SessionUser } from "../../auth/types";
import { TradingRoomPage } from "./TradingRoomPage";

// The room's appeals end to end in the browser code (docs/live-room.md "Appeals"): the list loaded
// after REGISTERED feeds the action panel, and the DISPUTE_* events change it live.

const SERVER_TIME = "2026-03-10T12:00:00.000Z";

function setup(
  user: SessionUser | null,
  disputes = [dispute("d-1", { anonymousSupplierIdentificationNumber: 1 })],
) {
  const api = mockApi({
    "POST /api/app/auth/me": () =>
      user ? { body: { user } } : { status: 401, body: { message: "Sessão expirada" } },
    "POST /api/app/auction/joinChatChannel": () => ({ status: 409, body: { message: "Já participa." } }),
    "POST /api/chat/getMessages": () => ({
      body: {
        messages: [],
        hasMore: false,
        chatChannel: { id: "chan-1", batchId: "lot-1", chatMembers: [] },
      },
    }),
    "POST /api/room/batchBids": () => ({ body: { bids: [] } }),
    "POST /api/app/auction/myBestBids": () => ({ body: { items: [] } }),
    "POST /api/app/dispute/list": () => ({ body: { disputes, documents: [] } }),
  });
  const sockets = fakeSockets();
  renderRoutes(
    [
      {
        path: "/sala-de-negociacao/:id",
        element: <TradingRoomPage connection={{ createSocket: sockets.create, url: "ws://test/api/ws" }} />,
      },
      { path: "/editais-publicados", element: <h1>Editais publicados</h1> },
      { path: "/editais", element: <h1>Editais</h1> },
    ],
    `/sala-de-negociacao/${ROOM_NOTICE_ID}`,
  );
  return { api, sockets };
}

const inReasonsTerm = () =>
  supplierRegistered({
    serverTime: SERVER_TIME,
    auctionNotice: roomNotice({
      batches: [
        roomLot(1, {
          phase: "DISPUTE_RECEIVEMENT",
          isConfidentialPhase: false,
          phaseEndDateTime: "2026-03-13T21:00:00.000Z",
        }),
      ],
    }),
  });

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

describe("appeals in the trading room page", { timeout: 30_000 }, () => {
  it("loads the notice's appeals after REGISTERED and follows the DISPUTE_* events", async () => {
    const { api, sockets } = setup(supplier);
    await waitFor(() => expect(sockets.sockets.length).toBe(1));
    act(() => sockets.last.open());
    act(() => sockets.last.receive("REGISTERED", inReasonsTerm()));
    expect(await screen.findByRole("button", { name: "Anexar recurso" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Desistir do recurso" })).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === "/api/app/dispute/list")?.body).toEqual({
      auctionNoticeId: ROOM_NOTICE_ID,
    });
    act(() =>
      sockets.last.receive("DISPUTE_INTEREST_WAIVED", {
        auctionNoticeId: ROOM_NOTICE_ID,
        batchesIds: ["lot-1"],
        disputesIds: ["d-1"],
        disputes: [dispute("d-1", { anonymousSupplierIdentificationNumber: 1, status: "WAIVED" })],
        serverTime: SERVER_TIME,
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Anexar recurso" })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole("button", { name: "Desistir do recurso" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Visualizar recursos apresentados" })).toBeInTheDocument();
  });

  it("a visitor's room does not ask for the appeals (the list needs a session)", async () => {
    const { api, sockets } = setup(null);
    await waitFor(() => expect(sockets.sockets.length).toBe(1));
    act(() => sockets.last.open());
    act(() =>
      sockets.last.receive("REGISTERED", {
        ...inReasonsTerm(),
        user: null,
        roomRole: "REGULAR_CITIZEN",
        anonymousSupplierIdentificationNumber: null,
      }),
    );
    await screen.findByRole("table", { name: "Lotes do processo" });
    expect(api.calls.some((c) => c.path === "/api/app/dispute/list")).toBe(false);
  });
});
