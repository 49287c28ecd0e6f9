import { DIRECT_LIVE_ACTIONS } from "@certame/domain";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeSockets } from "../../test/fake-socket";
import { mockApi } from "../../test/fetch-mock";
import { renderRoutes } from "../../test/render";
import { ForumPage } from "./ForumPage";
import type { DirectForum, ForumThread } from "./forum-api";

// The message forum of a direct procedure (issue 19 item 2): reading, posting, the body's reply and
// the live channel's new messages.

afterEach(() => {
  vi.unstubAllGlobals();
});

const thread = (over: Partial<ForumThread> = {}): ForumThread => ({
  id: "m1",
  authorKind: "SUPPLIER",
  authorKindLabel: "Fornecedor",
  authorName: "Clínica Um Ltda",
  text: "Aceitam clínicas de outros municípios?",
  createdDate: "2026-12-01T13:00:00.000Z",
  mine: false,
  replies: [],
  ...over,
});

const forum = (over: Partial<DirectForum> = {}): DirectForum => ({
  notice: {
    id: "n1",
    noticeNumber: "CR 01/2026",
    processNumber: "PA 0150/2026",
    objectOfInterest: "Credenciamento de clínicas",
    modality: "DIRECT_ACCREDITATION",
    status: "PUBLISHED",
    buyerName: "Prefeitura Municipal de Exemplo",
  },
  open: true,
  canPost: true,
  canReply: false,
  page: 1,
  pageSize: 10,
  total: 1,
  threads: [thread()],
  ...over,
});

describe("ForumPage", () => {
  it("a supplier reads the threads with the body's replies and posts a message; an empty text is refused on the field", async () => {
    let current = forum({
      threads: [
        thread({
          replies: [
            {
              id: "r1",
              authorKind: "BODY",
              authorKindLabel: "Órgão",
              authorName: "Prefeitura Municipal de Exemplo",
              text: "Sim.",
              createdDate: "2026-12-01T14:00:00.000Z",
              mine: false,
            },
          ],
        }),
      ],
    });
    const api = mockApi({
      "POST /api/app/directForum/list": () => ({ body: current }),
      "POST /api/app/directForum/post": (body) =>
        (body as { text: string }).text.trim() === ""
          ? {
              status: 400,
              body: {
                message: "Dados inválidos.",
                properties: [{ property: "text", errorMessages: ["Escreva a mensagem."] }],
              },
            }
          : { body: { id: "m2", parentId: null, createdDate: "2026-12-01T15:00:00.000Z" } },
    });
    const sockets = fakeSockets();
    const user = userEvent.setup();
    renderRoutes([{ path: "/f/:id", element: <ForumPage createSocket={sockets.create} /> }], "/f/n1");
    const list = await screen.findByRole("list", { name: "Mensagens do fórum" });
    const item = within(list).getByRole("listitem", { name: "Mensagem de Clínica Um Ltda" });
    expect(item).toHaveTextContent("Aceitam clínicas de outros municípios?");
    expect(within(item).getByRole("list", { name: "Respostas do órgão" })).toHaveTextContent("Sim.");
    // A supplier does not reply.
    expect(screen.queryByRole("button", { name: /^Responder/ })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Enviar mensagem" }));
    expect(await screen.findByText("Escreva a mensagem.")).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: /Sua mensagem/ }), "Qual o prazo?");
    current = forum({
      total: 2,
      threads: [thread({ id: "m2", text: "Qual o prazo?", mine: true }), thread()],
    });
    await user.click(screen.getByRole("button", { name: "Enviar mensagem" }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === "/api/app/directForum/post").at(-1)?.body).toEqual({
        auctionNoticeId: "n1",
        text: "Qual o prazo?",
      }),
    );
    expect(await within(list).findByText("Qual o prazo?")).toBeInTheDocument();
    // Its own message's live frame is read, not announced.
    act(() => sockets.last.open());
    act(() => sockets.last.receive("REGISTERED", { seq: 0 }));
    const reads = api.calls.filter((c) => c.path === "/api/app/directForum/list").length;
    await act(async () => {
      sockets.last.receive(DIRECT_LIVE_ACTIONS.forumMessagePosted, {
        auctionNoticeId: "n1",
        messageId: "m2",
      });
    });
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === "/api/app/directForum/list").length).toBeGreaterThan(reads),
    );
    // The read answered and its check ran: still nothing announced.
    for (let i = 0; i < 5; i++) await act(async () => {});
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("the body replies to a message", async () => {
    const api = mockApi({
      "POST /api/app/directForum/list": () => ({ body: forum({ canReply: true }) }),
      "POST /api/app/directForum/post": () => ({
        body: { id: "r2", parentId: "m1", createdDate: "2026-12-01T15:00:00.000Z" },
      }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: "/f/:id", element: <ForumPage createSocket={fakeSockets().create} /> }], "/f/n1");
    expect(await screen.findByRole("button", { name: "Publicar aviso" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Responder a mensagem de Clínica Um Ltda" }));
    await user.type(screen.getByRole("textbox", { name: /Resposta/ }), "Sim, atendendo no município.");
    await user.click(screen.getByRole("button", { name: "Enviar resposta" }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === "/api/app/directForum/post").at(-1)?.body).toEqual({
        auctionNoticeId: "n1",
        text: "Sim, atendendo no município.",
        parentId: "m1",
      }),
    );
  });

  it("registers on the live channel and reads again, announced, when a message is posted elsewhere", async () => {
    let current = forum();
    const api = mockApi({ "POST /api/app/directForum/list": () => ({ body: current }) });
    const sockets = fakeSockets();
    renderRoutes([{ path: "/f/:id", element: <ForumPage createSocket={sockets.create} /> }], "/f/n1");
    await screen.findByRole("list", { name: "Mensagens do fórum" });
    act(() => sockets.last.open());
    expect(sockets.last.events("register")).toEqual([
      { token: null, auctionNoticeId: "n1", scope: "DIRECT_PROCEDURE" },
    ]);
    act(() => sockets.last.receive("REGISTERED", { seq: 0 }));
    current = forum({ total: 2, threads: [thread({ id: "m3", text: "Nova dúvida de outro" }), thread()] });
    const reads = api.calls.filter((c) => c.path === "/api/app/directForum/list").length;
    act(() =>
      sockets.last.receive(DIRECT_LIVE_ACTIONS.forumMessagePosted, {
        auctionNoticeId: "n1",
        messageId: "m3",
      }),
    );
    expect(await screen.findByText("Nova dúvida de outro")).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === "/api/app/directForum/list").length).toBeGreaterThan(reads);
    expect(screen.getByRole("status")).toHaveTextContent("Nova mensagem no fórum.");
  });

  it("a closed procedure's forum is read only", async () => {
    mockApi({ "POST /api/app/directForum/list": () => ({ body: forum({ open: false, canPost: false }) }) });
    renderRoutes([{ path: "/f/:id", element: <ForumPage createSocket={fakeSockets().create} /> }], "/f/n1");
    expect(await screen.findByText(/não recebe novas mensagens/)).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).toBeNull();
  });
});
