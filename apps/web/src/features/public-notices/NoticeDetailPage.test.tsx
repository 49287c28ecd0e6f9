import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appRoutes } from "../../app/routes";
import { mockApi } from "../../test/fetch-mock";
import { notice } from "../../test/fixtures";
import { renderRoutes } from "../../test/render";

afterEach(() => {
  vi.unstubAllGlobals();
});

const detail = {
  id: "n-1",
  noticeNumber: "PE 08/2026",
  processNumber: "PA 0312/2026",
  objectOfInterest: "Aquisição de material de expediente",
  modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
  status: "PUBLISHED",
  startDateTime: "2026-03-10T12:30:00.000Z",
  proposalsStartDateTime: "2026-03-01T11:00:00.000Z",
  proposalsEndDateTime: "2026-03-10T11:00:00.000Z",
  clarificationEndDateTime: null,
  publishedDate: "2026-03-01T11:00:00.000Z",
  secretariesNames: "Secretaria de Administração",
  buyer: { id: "b-1", corporateName: "Prefeitura Municipal de Exemplo", city: "Campinas", state: "SP" },
  batches: [
    {
      id: "l1",
      number: 1,
      item: 1,
      quantity: 2000,
      referencePrice: 2890,
      totalAmount: 5780000,
      decimalsNumber: 2,
      phase: "CLOSED_FOR_OFFERS",
      product: { id: "p1", name: "Papel A4" },
      measurementUnit: { code: "RESMA" },
    },
    {
      id: "l2",
      number: 2,
      item: 1,
      quantity: 120,
      referencePrice: null,
      totalAmount: null,
      decimalsNumber: 2,
      phase: "CLOSED_FOR_OFFERS",
      product: { id: "p2", name: "Toner" },
      measurementUnit: { code: "UN" },
    },
  ],
  documents: [
    {
      id: "d1",
      kind: "AUCTION_NOTICE",
      label: "Edital",
      description: "Edital do processo",
      name: "edital-pe-08-2026.pdf",
      url: "/api/public/auction/documents/d1",
      mimeType: "application/pdf",
      size: 4096,
      createdDate: null,
    },
    {
      id: "m1",
      kind: "SESSION_MINUTES",
      label: "ata.pdf",
      description: "Gerada pela plataforma",
      name: "ata.pdf",
      url: "/api/public/auction/documents/m1",
      mimeType: "application/pdf",
      size: 2048,
      createdDate: null,
    },
  ],
};

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    ...extra,
    "POST /api/app/auth/me": () => ({ status: 401, body: { message: "Sem sessão" } }),
    "GET /api/public/settings": () => ({ body: { environment: "test", version: "0.1.0" } }),
    "POST /api/public/auction/list": () => ({
      body: {
        auctionNotices: [notice({ id: "n-1", noticeNumber: "PE 08/2026" })],
        total: 1,
        limitResult: 20,
      },
    }),
    "POST /api/public/auction/read": (body) =>
      (body as { id: string }).id === "n-1"
        ? { body: detail }
        : { status: 404, body: { message: "Edital não encontrado." } },
  });
}

describe("public notice page (/detalhes-do-edital/{id})", () => {
  it("is reached from the notice number of a /editais row", async () => {
    const user = userEvent.setup();
    setup();
    const { router } = renderRoutes(appRoutes(), "/editais");
    await user.click(await screen.findByRole("link", { name: "Ver detalhes do edital PE 08/2026" }));
    expect(router.state.location.pathname).toBe("/detalhes-do-edital/n-1");
    expect(await screen.findByRole("heading", { level: 1, name: "Edital PE 08/2026" })).toBeInTheDocument();
  });

  it("shows the object, data, phase, lots (a secret price as 'Sigiloso'), files, minutes and the room", async () => {
    const { calls } = setup();
    renderRoutes(appRoutes(), "/detalhes-do-edital/n-1");
    const object = await screen.findByRole("region", { name: "Objeto" });
    expect(object).toHaveTextContent("Aquisição de material de expediente");
    expect(calls.find((c) => c.path === "/api/public/auction/read")?.body).toEqual({ id: "n-1" });
    const data = screen.getByRole("region", { name: "Dados do processo" });
    expect(data).toHaveTextContent("PA 0312/2026");
    expect(data).toHaveTextContent("Fase atualFechado para propostas");
    const lot1 = screen.getByRole("table", { name: "Lote 1" });
    expect(within(lot1).getByText("Papel A4")).toBeInTheDocument();
    expect(within(lot1).getByText("R$ 28,90")).toBeInTheDocument();
    const lot2 = screen.getByRole("table", { name: "Lote 2" });
    expect(within(lot2).getByText("Sigiloso")).toBeInTheDocument();
    const files = screen.getByRole("list", { name: "Documentos do edital" });
    expect(within(files).getByRole("link", { name: "Baixar Edital" })).toHaveAttribute(
      "href",
      "/api/public/auction/documents/d1",
    );
    const minutes = screen.getByRole("list", { name: "Ata da sessão pública" });
    expect(within(minutes).getByRole("link", { name: "Baixar ata.pdf" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Acessar a sala de negociação" })).toHaveAttribute(
      "href",
      "/sala-de-negociacao/n-1",
    );
  });

  it("links the process's signed documents: the edital signed, a plan document's manifest; a stale signature said (issue 35 item 5)", async () => {
    setup({
      "POST /api/public/auction/signatures/list": () => ({
        body: {
          documents: [
            {
              kind: "DEMAND_FORMALIZATION",
              title: "Documento de Formalização de Demanda",
              withDocument: false,
              url: "/api/public/auction/signatures/n-1/DEMAND_FORMALIZATION",
              signatures: [
                {
                  signerName: "Felipe Araújo",
                  signerRole: "Equipe de planejamento",
                  signedAt: "2026-03-01T10:00:00.000Z",
                  methodLabel: "Assinatura eletrônica simples (Lei 14.063/2020)",
                  stale: true,
                },
              ],
            },
            {
              kind: "AUCTION_NOTICE",
              title: "Edital",
              withDocument: true,
              url: "/api/public/auction/signatures/n-1/AUCTION_NOTICE",
              signatures: [
                {
                  signerName: "Marina Albuquerque",
                  signerRole: "Pregoeiro / Agente de contratação",
                  signedAt: "2026-03-01T10:30:00.000Z",
                  methodLabel: "Assinatura eletrônica simples (Lei 14.063/2020)",
                  stale: false,
                },
              ],
            },
          ],
        },
      }),
    });
    renderRoutes(appRoutes(), "/detalhes-do-edital/n-1");
    const signed = await screen.findByRole("list", { name: "Documentos assinados" });
    expect(within(signed).getByRole("link", { name: "Baixar Edital assinado" })).toHaveAttribute(
      "href",
      "/api/public/auction/signatures/n-1/AUCTION_NOTICE",
    );
    expect(
      within(signed).getByRole("link", {
        name: "Baixar manifesto de assinaturas — Documento de Formalização de Demanda",
      }),
    ).toHaveAttribute("href", "/api/public/auction/signatures/n-1/DEMAND_FORMALIZATION");
    expect(signed).toHaveTextContent(
      "Felipe Araújo (Equipe de planejamento), 01/03/2026 07:00 — Assinatura eletrônica simples (Lei 14.063/2020) — desatualizada",
    );
    expect(signed).toHaveTextContent(
      "Marina Albuquerque (Pregoeiro / Agente de contratação), 01/03/2026 07:30",
    );
  });

  it("says when the notice does not exist", async () => {
    setup();
    renderRoutes(appRoutes(), "/detalhes-do-edital/zzz");
    expect(await screen.findByRole("alert")).toHaveTextContent("Edital não encontrado.");
  });
});
