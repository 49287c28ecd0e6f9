import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appRoutes } from "../../app/routes";
import { mockApi } from "../../test/fetch-mock";
import { auctioneer, supplier } from "../../test/fixtures";
import { renderRoutes } from "../../test/render";
import type { SessionUser } from "../auth/types";
import type { ClarificationItem, ClarificationList } from "./api";

afterEach(() => {
  vi.unstubAllGlobals();
});

const NOTICE_ID = "00000000-0000-4000-8000-000000009001";

function list(overrides: Partial<ClarificationList> = {}): ClarificationList {
  return {
    notice: {
      id: NOTICE_ID,
      noticeNumber: "PE 31/2026",
      processNumber: "PA 31/2026",
      objectOfInterest: "Aquisição de cadeiras",
      buyerName: "Prefeitura Municipal de Exemplo",
      status: "PUBLISHED",
      startDateTime: "2026-11-23T12:00:00.000Z",
    },
    kind: "CHALLENGE",
    requestDeadline: "2026-11-18T02:59:59.999Z",
    requestOpen: true,
    canRequest: true,
    canAnswer: false,
    items: [],
    ...overrides,
  };
}

const pending: ClarificationItem = {
  id: "00000000-0000-4000-8000-000000009101",
  kind: "CHALLENGE",
  status: "PENDING",
  text: "O prazo de entrega é inexequível.",
  createdDate: "2026-11-16T13:00:00.000Z",
  answerDueAt: "2026-11-20T02:59:59.999Z",
  answer: null,
  decision: null,
  answeredAt: null,
  overdue: false,
  file: null,
  answerFile: null,
  mine: false,
  requesterName: "Fornecedor Um",
};

function setup(user: SessionUser, answer: ClarificationList, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    "POST /api/app/auth/me": () => ({ body: { user } }),
    "GET /api/public/settings": () => ({ body: { environment: "test", version: "0.1.0" } }),
    "POST /api/public/clarification/list": () => ({ body: answer }),
    ...extra,
  });
}

describe("/impugnar/:id (Lei 14.133 art. 164)", () => {
  it("shows the deadline and sends the challenge, then goes to the challenges", async () => {
    const user = userEvent.setup();
    const { calls } = setup(supplier, list(), {
      "POST /api/app/clarification/create": () => ({
        body: { id: pending.id, answerDueAt: pending.answerDueAt },
      }),
    });
    const { router } = renderRoutes(appRoutes(), `/impugnar/${NOTICE_ID}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Impugnar edital" })).toBeInTheDocument();
    expect(await screen.findByText("Até 17/11/2026.")).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: /Razões da impugnação/ }), "Cláusula 7 restritiva");
    await user.click(screen.getByRole("button", { name: "Enviar impugnação" }));
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe(`/visualizar-impugnacoes/${NOTICE_ID}`),
    );
    expect(calls.find((c) => c.path === "/api/app/clarification/create")?.body).toEqual({
      auctionNoticeId: NOTICE_ID,
      kind: "CHALLENGE",
      text: "Cláusula 7 restritiva",
      fileId: null,
    });
  });

  it("shows the server's refusal of a late challenge, with its date", async () => {
    const user = userEvent.setup();
    const refusal =
      "O prazo para impugnar o edital terminou em 17/11/2026: os pedidos são aceitos até 3 dias úteis antes da abertura da sessão (Lei 14.133/2021, art. 164).";
    setup(supplier, list({ requestOpen: false, canRequest: false }), {
      "POST /api/app/clarification/create": () => ({ status: 409, body: { message: refusal } }),
    });
    renderRoutes(appRoutes(), `/impugnar/${NOTICE_ID}`);
    expect(await screen.findByText("O prazo para envio terminou em 17/11/2026.")).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: /Razões da impugnação/ }), "Tarde demais");
    await user.click(screen.getByRole("button", { name: "Enviar impugnação" }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });
});

describe("/visualizar-impugnacoes/:id for the body", () => {
  it("answers a pending challenge with its decision and the suspension", async () => {
    const user = userEvent.setup();
    const { calls } = setup(auctioneer, list({ canAnswer: true, canRequest: false, items: [pending] }), {
      "POST /api/app/clarification/answer": () => ({
        body: { id: pending.id, noticeStatus: "SUSPENDED_INDEFINITELY" },
      }),
    });
    renderRoutes(appRoutes(), `/visualizar-impugnacoes/${NOTICE_ID}`);
    const item = await screen.findByTestId("clarification-item");
    expect(within(item).getByText(/Solicitante: Fornecedor Um/)).toBeInTheDocument();
    expect(within(item).getByText("Aguardando resposta")).toBeInTheDocument();
    const publish = within(item).getByRole("button", { name: "Publicar resposta" });
    await user.type(within(item).getByRole("textbox", { name: /Fundamentação da decisão/ }), "Procedente.");
    expect(publish).toBeDisabled();
    await user.click(within(item).getByRole("radio", { name: "Deferida" }));
    await user.click(within(item).getByRole("checkbox", { name: /Suspender o edital/ }));
    await user.click(publish);
    await vi.waitFor(() =>
      expect(calls.find((c) => c.path === "/api/app/clarification/answer")?.body).toEqual({
        id: pending.id,
        answer: "Procedente.",
        decision: "UPHELD",
        suspendNotice: true,
        fileId: null,
      }),
    );
  });

  it("shows no answer form to a supplier", async () => {
    setup(supplier, list({ items: [{ ...pending, mine: true, requesterName: null }] }));
    renderRoutes(appRoutes(), `/visualizar-impugnacoes/${NOTICE_ID}`);
    const item = await screen.findByTestId("clarification-item");
    expect(within(item).queryByRole("button", { name: "Publicar resposta" })).toBeNull();
    expect(screen.getByRole("link", { name: "Impugnar" })).toHaveAttribute("href", `/impugnar/${NOTICE_ID}`);
  });
});
