import { DIRECT_LIVE_ACTIONS } from "@certame/domain";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeSockets } from "../../test/fake-socket";
import { mockApi } from "../../test/fetch-mock";
import { renderRoutes } from "../../test/render";
import { AppealFilePage, AppealsViewPage } from "./AppealPages";
import type { DirectAppeal, DirectAppeals } from "./api";

// The direct procedures' appeals (Lei 14.133/2021 art. 165; issue 19 item 2).

afterEach(() => {
  vi.unstubAllGlobals();
});

const NOTICE = {
  id: "n1",
  noticeNumber: "CR 01/2026",
  processNumber: "PA 0150/2026",
  objectOfInterest: "Credenciamento de clínicas",
  modality: "DIRECT_ACCREDITATION" as const,
  buyerName: "Prefeitura Municipal de Exemplo",
};

const appeal = (over: Partial<DirectAppeal> = {}): DirectAppeal => ({
  id: "a1",
  proposalId: "p2",
  subject: "a aprovação de 'Proposta inicial de valores' de Clínica Dois Ltda",
  appellantName: "Clínica Um Ltda",
  counterpartName: "Clínica Dois Ltda",
  mine: false,
  text: "A proposta não atende ao item 3.",
  file: null,
  filedAt: "2026-12-01T13:00:00.000Z",
  counterDueAt: "2026-12-05T02:59:59.999Z",
  counterArgument: null,
  counterFile: null,
  counterArgumentAt: null,
  canCounter: false,
  decisionDueAt: "2026-12-23T02:59:59.999Z",
  status: "PENDING",
  statusLabel: "Aguardando julgamento",
  decision: null,
  decisionLabel: null,
  reasoning: null,
  decisionFile: null,
  judgedAt: null,
  judgedByName: null,
  judgeRefusal: null,
  ...over,
});

const list = (over: Partial<DirectAppeals> = {}): DirectAppeals => ({
  notice: NOTICE,
  canJudge: false,
  appealable: [],
  appeals: [],
  ...over,
});

describe("AppealFilePage", () => {
  it("files an appeal against the chosen decision and announces it", async () => {
    let filed = false;
    const api = mockApi({
      "POST /api/app/directAppeal/list": () => ({
        body: list({
          appealable: filed
            ? []
            : [
                {
                  proposalId: "p2",
                  subject: "a aprovação de 'Proposta inicial de valores' de Clínica Dois Ltda",
                  decidedAt: "2026-12-01T12:00:00.000Z",
                  deadline: "2026-12-05T02:59:59.999Z",
                  reason: null,
                },
              ],
          appeals: filed ? [appeal({ mine: true })] : [],
        }),
      }),
      "POST /api/app/directAppeal/file": () => {
        filed = true;
        return { body: { id: "a1" } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: "/r/:id", element: <AppealFilePage createSocket={fakeSockets().create} /> }],
      "/r/n1",
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Interpor recurso" })).toBeInTheDocument();
    // The only decision is chosen already; its term is shown.
    expect(await screen.findByRole("note")).toHaveTextContent("Prazo para recorrer: até 04/12/2026.");
    const send = screen.getByRole("button", { name: "Interpor recurso" });
    expect(send).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: /Razões do recurso/ }), "Não atende ao item 3.");
    await user.click(send);
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === "/api/app/directAppeal/file")?.body).toEqual({
        proposalId: "p2",
        text: "Não atende ao item 3.",
        fileId: null,
      }),
    );
    expect(await screen.findByRole("status")).toHaveTextContent("Recurso interposto.");
    expect(await screen.findByText(/Não há decisão que você possa recorrer agora/)).toBeInTheDocument();
  });

  it("gives the other party the counter-arguments' form", async () => {
    mockApi({
      "POST /api/app/directAppeal/list": () => ({ body: list({ appeals: [appeal({ canCounter: true })] }) }),
    });
    renderRoutes(
      [{ path: "/r/:id", element: <AppealFilePage createSocket={fakeSockets().create} /> }],
      "/r/n1",
    );
    expect(
      await screen.findByRole("heading", { name: "Recursos contra a sua proposta" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Apresentar contrarrazões" })).toBeDisabled();
  });
});

describe("AppealsViewPage", () => {
  it("shows the body why it must wait, and judges once it may, naming the refused field", async () => {
    const api = mockApi({
      "POST /api/app/directAppeal/list": () => ({
        body: list({
          canJudge: true,
          appeals: [
            appeal({ id: "a1", judgeRefusal: "Aguarde as contrarrazões: o prazo termina em 04/12/2026." }),
            appeal({ id: "a2", counterArgument: "Atende.", counterArgumentAt: "2026-12-02T13:00:00.000Z" }),
          ],
        }),
      }),
      "POST /api/app/directAppeal/judge": () => ({
        status: 400,
        body: {
          message: "Dados inválidos",
          properties: [{ property: "reasoning", errorMessages: ["Escreva a fundamentação da decisão."] }],
        },
      }),
    });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: "/v/:id", element: <AppealsViewPage createSocket={fakeSockets().create} /> }],
      "/v/n1",
    );
    const items = await screen.findAllByTestId("appeal-item");
    expect(within(items[0] as HTMLElement).getByText(/Aguarde as contrarrazões/)).toBeInTheDocument();
    const second = items[1] as HTMLElement;
    expect(within(second).getByText("Atende.")).toBeInTheDocument();
    await user.click(within(second).getByRole("radio", { name: "Deferido" }));
    await user.type(within(second).getByRole("textbox", { name: /Fundamentação/ }), " x");
    await user.click(within(second).getByRole("button", { name: "Registrar decisão" }));
    expect(await within(second).findByText("Escreva a fundamentação da decisão.")).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === "/api/app/directAppeal/judge")?.body).toMatchObject({
      id: "a2",
      decision: "UPHELD",
    });
  });
});

describe("the appeals pages live", () => {
  it("another user's appeal reads the list again and is announced; the page's own is announced once", async () => {
    let appeals: DirectAppeal[] = [];
    mockApi({
      "POST /api/app/directAppeal/list": () => ({ body: list({ canJudge: true, appeals }) }),
    });
    const sockets = fakeSockets();
    renderRoutes([{ path: "/v/:id", element: <AppealsViewPage createSocket={sockets.create} /> }], "/v/n1");
    expect(await screen.findByText("Nenhum recurso interposto neste procedimento.")).toBeInTheDocument();
    act(() => sockets.last.open());
    expect(sockets.last.events("register")).toEqual([
      { token: null, auctionNoticeId: "n1", scope: "DIRECT_PROCEDURE" },
    ]);
    act(() => sockets.last.receive("REGISTERED", { seq: 0 }));
    appeals = [appeal()];
    act(() =>
      sockets.last.receive(DIRECT_LIVE_ACTIONS.appealUpdated, { auctionNoticeId: "n1", appealId: "a1" }),
    );
    expect(await screen.findByTestId("appeal-item")).toHaveTextContent("Clínica Um Ltda");
    expect(screen.getByRole("status")).toHaveTextContent("Os recursos deste procedimento foram atualizados.");
  });
});
