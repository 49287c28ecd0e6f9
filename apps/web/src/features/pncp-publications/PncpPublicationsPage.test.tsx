import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { renderRoutes } from "../../test/render";
import type { PncpPublication } from "./api";
import { PncpPublicationsPage } from "./PncpPublicationsPage";

// Issue 19 item 5: the body's sends to the national portal, the failures' reasons and 'Reenviar'.

afterEach(() => {
  vi.unstubAllGlobals();
});

const notice = {
  id: "00000000-0000-4000-8000-000000009001",
  noticeNumber: "PE 40/2026",
  modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
  objectOfInterest: "Aquisição de cadeiras ergonômicas.",
  pncpControlNumber: null,
};

function publication(overrides: Partial<PncpPublication> = {}): PncpPublication {
  return {
    id: "00000000-0000-4000-8000-000000009101",
    kind: "PURCHASE",
    kindLabel: "Contratação e itens",
    status: "FAILED",
    statusLabel: "Falhou",
    attempts: 1,
    lastError: "POST /v1/orgaos/00394460000141/compras: HTTP 422 — amparoLegalId inválido",
    nextAttemptAt: null,
    doneAt: null,
    createdDate: "2026-11-27T13:00:00.000Z",
    canRetry: true,
    auctionNotice: notice,
    ...overrides,
  };
}

const render = () =>
  renderRoutes([{ path: "/publicacoes-pncp", element: <PncpPublicationsPage /> }], "/publicacoes-pncp");

describe("/publicacoes-pncp", () => {
  it("shows a failure with its reason, and 'Reenviar' sends it again and refreshes", async () => {
    let rows = [publication()];
    const api = mockApi({
      "POST /api/app/auction/pncp/list": () => ({
        body: {
          target: "portal",
          limitResult: 20,
          total: rows.length,
          publications: rows,
          unit: { code: "1", name: "Secretaria Municipal de Administração" },
          waitingNotices: [],
        },
      }),
      "POST /api/app/auction/pncp/retry": () => {
        rows = [publication({ status: "DONE", statusLabel: "Publicado", canRetry: false, lastError: null })];
        return { body: { id: rows[0]?.id, status: "PENDING" } };
      },
    });
    render();
    const table = await screen.findByRole("table", { name: "Publicações" });
    const row = (await within(table).findByText("PE 40/2026")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Falhou")).toBeInTheDocument();
    expect(within(row).getByText(/HTTP 422 — amparoLegalId inválido/)).toBeInTheDocument();
    expect(within(row).getByText("1 tentativa")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Caixa de saída do PNCP" })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(row).getByRole("button", { name: "Reenviar Contratação e itens PE 40/2026" }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === "/api/app/auction/pncp/retry")?.body).toEqual({
        id: rows[0]?.id,
      }),
    );
    expect(await within(table).findByText("Publicado")).toBeInTheDocument();
    expect(within(table).queryByRole("button", { name: /Reenviar/ })).not.toBeInTheDocument();
  });

  it("filters by situation and, without credentials, shows the outbox", async () => {
    const api = mockApi({
      "POST /api/app/auction/pncp/list": () => ({
        body: {
          target: "outbox",
          limitResult: 20,
          total: 0,
          publications: [],
          unit: { code: "1", name: "Secretaria Municipal de Administração" },
          waitingNotices: [],
        },
      }),
      "POST /api/app/auction/pncp/outbox": () => ({
        body: {
          entries: [
            {
              id: "e1",
              method: "POST",
              path: "/v1/orgaos/00394460000141/compras",
              headers: { "Titulo-Documento": "Edital" },
              body: { numeroCompra: "PE 40/2026" },
              files: [{ part: "documento", name: "edital.pdf", type: "application/pdf", size: 10 }],
              createdDate: "2026-11-27T13:00:00.000Z",
            },
          ],
        },
      }),
    });
    render();
    const outbox = await screen.findByRole("region", { name: "Caixa de saída do PNCP" });
    expect(await within(outbox).findByText("POST /v1/orgaos/00394460000141/compras")).toBeInTheDocument();
    expect(within(outbox).getByText(/documento: edital\.pdf/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("radio", { name: "Falhas" }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === "/api/app/auction/pncp/list").at(-1)?.body).toEqual({
        page: 1,
        limit: 20,
        statuses: ["FAILED"],
      }),
    );
  });

  it("without the body's PNCP unit says nothing is sent, lists the held notices and records the unit, with the portal's refusal on its field", async () => {
    let unit: { code: string; name: string } | null = null;
    const api = mockApi({
      "POST /api/app/auction/pncp/list": () => ({
        body: {
          target: "portal",
          limitResult: 20,
          total: 1,
          publications: [
            publication({
              status: "HELD",
              statusLabel: "Aguardando a unidade do PNCP",
              attempts: 0,
              lastError: null,
              canRetry: false,
            }),
          ],
          unit,
          waitingNotices: unit ? [] : ["PE 40/2026"],
        },
      }),
      "POST /api/app/auction/pncp/unit": (body) => {
        if ((body as { code: string }).code !== "7")
          return {
            status: 400,
            body: {
              message: "A unidade compradora não está cadastrada no PNCP",
              properties: [
                { property: "code", errorMessages: ["A unidade compradora não está cadastrada no PNCP"] },
              ],
            },
          };
        unit = { code: "7", name: "Secretaria Municipal de Compras" };
        return { body: { ...unit, queuedNotices: 1 } };
      },
    });
    render();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Unidade compradora do PNCP não cadastrada")).toBeInTheDocument();
    expect(within(alert).getByText("Edital aguardando a unidade: PE 40/2026.")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(within(alert).getByLabelText(/Código da unidade no PNCP/), "9");
    await user.type(within(alert).getByLabelText(/Nome da unidade/), "Compras");
    await user.click(within(alert).getByRole("button", { name: "Salvar unidade" }));
    expect(
      await within(alert).findAllByText("A unidade compradora não está cadastrada no PNCP"),
    ).not.toHaveLength(0);
    await user.clear(within(alert).getByLabelText(/Código da unidade no PNCP/));
    await user.type(within(alert).getByLabelText(/Código da unidade no PNCP/), "7");
    await user.click(within(alert).getByRole("button", { name: "Salvar unidade" }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === "/api/app/auction/pncp/unit").at(-1)?.body).toEqual({
        code: "7",
        name: "Compras",
      }),
    );
    expect(await screen.findByText("Secretaria Municipal de Compras", { exact: false })).toBeInTheDocument();
    expect(screen.queryByText("Unidade compradora do PNCP não cadastrada")).not.toBeInTheDocument();
  });
});
