import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appRoutes } from "../../app/routes";
import { mockApi } from "../../test/fetch-mock";
import { notice, supplier } from "../../test/fixtures";
import { renderRoutes, renderWithMantine } from "../../test/render";
import type { SessionUser } from "../auth/types";
import type { NoticeListItem } from "../public-notices/api";
import { cropObject, NoticeCard } from "./NoticeCard";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderCard(item: NoticeListItem, onDownload = vi.fn()) {
  renderWithMantine(
    <MemoryRouter>
      <NoticeCard notice={item} user={supplier} onDownload={onDownload} />
    </MemoryRouter>,
  );
  return { onDownload, card: screen.getByRole("article", { name: item.noticeNumber }) };
}

describe("cropObject", () => {
  it("keeps 500 characters and adds '...' only past them", () => {
    expect(cropObject("a".repeat(500))).toBe("a".repeat(500));
    expect(cropObject(`${"b".repeat(500)}c`)).toBe(`${"b".repeat(500)}...`);
  });
});

describe("notice card", () => {
  it("shows number, process, modality, status, buyer, city/UF, object, session and secretariats", () => {
    const { card } = renderCard(
      notice({ noticeNumber: "PE 08/2026", secretariesNames: "Secretaria de Saúde, Secretaria de Educação" }),
    );
    expect(within(card).getByRole("heading", { level: 2 })).toHaveTextContent("PE 08/2026");
    expect(card).toHaveTextContent("Processo nº 345/2026 · Pregão Eletrônico (Lei 14.133/2021)");
    expect(within(card).getByText("Publicado")).toBeInTheDocument();
    expect(card).toHaveTextContent("Prefeitura Municipal de Exemplo");
    expect(card).toHaveTextContent("Campinas/SP");
    expect(card).toHaveTextContent("Objeto: Aquisição de material de expediente");
    // 12:30 UTC is 09:30 in Brasília.
    expect(card).toHaveTextContent("Sessão: 10/03/2026 09:30 (horário de Brasília)");
    expect(card).toHaveTextContent("Secretarias: Secretaria de Saúde, Secretaria de Educação");
  });

  it("crops a long object at 500 characters", () => {
    const long = `${"x".repeat(500)}FIM-QUE-NAO-APARECE`;
    const { card } = renderCard(notice({ objectOfInterest: long }));
    expect(card).toHaveTextContent(`Objeto: ${"x".repeat(500)}...`);
    expect(card).not.toHaveTextContent("FIM-QUE-NAO-APARECE");
  });

  it("says when the session has no date and leaves out empty secretariats", () => {
    const { card } = renderCard(notice({ startDateTime: null, secretariesNames: null }));
    expect(card).toHaveTextContent("Sessão: a definir");
    expect(card).not.toHaveTextContent("Secretarias");
  });

  it("offers the download and, to a supplier of a room modality, the trading room; the download calls back", async () => {
    const user = userEvent.setup();
    const item = notice({ noticeNumber: "PE 10/2026" });
    const { card, onDownload } = renderCard(item);
    const actions = within(card).getByRole("group", { name: "Ações do edital PE 10/2026" });
    expect(
      within(actions)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Baixar arquivos do processo", "Impugnações e Esclarecimentos"]);
    expect(within(card).getByRole("link", { name: "Sala de negociação" })).toHaveAttribute(
      "href",
      `/sala-de-negociacao/${item.id}`,
    );
    await user.click(within(actions).getByRole("button", { name: "Baixar arquivos do processo PE 10/2026" }));
    expect(onDownload).toHaveBeenCalledWith(item);
  });

  it("opens the clarifications submenu with the four pages of the notice (issue 19)", async () => {
    const user = userEvent.setup();
    const item = notice({ noticeNumber: "PE 11/2026" });
    const { card } = renderCard(item);
    await user.click(within(card).getByRole("button", { name: "Impugnações e Esclarecimentos" }));
    const links = (await screen.findAllByRole("menuitem")).map((m) => [
      m.textContent,
      m.getAttribute("href"),
    ]);
    expect(links).toEqual([
      ["Solicitar esclarecimento", `/solicitar-esclarecimentos/${item.id}`],
      ["Visualizar esclarecimentos", `/visualizar-esclarecimentos/${item.id}`],
      ["Visualizar impugnações", `/visualizar-impugnacoes/${item.id}`],
      ["Impugnar", `/impugnar/${item.id}`],
    ]);
  });
});

const citizen: SessionUser = {
  id: "u-4",
  name: "Carlos Cidadão",
  email: "cidadao@demo.com.br",
  kind: "REGULAR_CITIZEN",
};

function setupPages(list: (body: unknown) => NoticeListItem[]) {
  return mockApi({
    "POST /api/app/auth/me": () => ({ body: { user: citizen } }),
    "GET /api/public/settings": () => ({ body: { environment: "test", version: "0.1.0" } }),
    "POST /api/public/auction/list": (body) => {
      const rows = list(body);
      return { body: { auctionNotices: rows, total: rows.length, limitResult: 20 } };
    },
    "POST /api/app/auction/documents/list": () => ({ body: { documents: [] } }),
  });
}

const listBodies = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === "/api/public/auction/list").map((c) => c.body as Record<string, unknown>);

describe("published-notice card pages", () => {
  it.each([
    [
      "/editais-publicados",
      "Editais publicados",
      [
        "ELECTRONIC_AUCTION",
        "ELECTRONIC_DISPENSER",
        "ELECTRONIC_COMPETITION",
        "NEW_ELECTRONIC_REVERSED_AUCTION",
        "NEW_PRICES_SUBMISSION",
        "ELECTRONIC_REVERSED_AUCTION",
        "PRICES_SUBMISSION",
        "REVERSED_AUCTION_IN_PERSON",
        "COMPETITION_IN_PERSON",
        "COMPETITIVE_DIALOGUE",
        "AUCTION_IN_PERSON",
      ],
    ],
    [
      "/formalizacoes-publicadas",
      "Formalizações publicadas",
      ["WAIVER_FORMALIZATION", "NONENFORCEMENT", "ACCREDITATION", "PRE_QUALIFICATION"],
    ],
    [
      "/procedimentos-auxiliares",
      "Procedimentos auxiliares",
      [
        "DIRECT_WAIVER_FORMALIZATION",
        "DIRECT_ACCREDITATION",
        "DIRECT_PRE_QUALIFICATION",
        "DIRECT_NONENFORCEMENT",
      ],
    ],
  ])("%s asks for its group's modalities and shows them as cards", async (path, title, modalities) => {
    const { calls } = setupPages(() => [notice({ noticeNumber: "XX 01/2026" })]);
    renderRoutes(appRoutes(), path);
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: title });
    expect(
      within(list)
        .getAllByRole("article")
        .map((a) => a.getAttribute("aria-labelledby")),
    ).toHaveLength(1);
    expect(within(list).getByRole("article", { name: "XX 01/2026" })).toBeInTheDocument();
    expect(listBodies(calls)[0]).toEqual({
      page: 1,
      orderByColumn: "startDateTime",
      sortOrder: "DESC",
      modalities,
    });
    expect(screen.queryByRole("table", { name: title })).toBeNull();
  });

  it("offers only the group's modalities in the filter and sends the chosen one", async () => {
    const user = userEvent.setup();
    const { calls } = setupPages(() => []);
    renderRoutes(appRoutes(), "/procedimentos-auxiliares");
    await screen.findByText("Nenhum resultado encontrado");
    await user.click(screen.getAllByLabelText("Modalidades")[0] as HTMLElement);
    const options = (await screen.findAllByRole("option")).map((o) => o.textContent);
    expect(options).toEqual([
      "Dispensa com Disputa",
      "Credenciamento",
      "Pré-qualificação",
      "Inexigibilidade com Recebimento de Propostas",
    ]);
    await user.click(screen.getByRole("option", { name: "Credenciamento" }));
    await user.click(screen.getByRole("button", { name: "Pesquisar" }));
    await vi.waitFor(() => expect(listBodies(calls).at(-1)?.modalities).toEqual(["DIRECT_ACCREDITATION"]));
  });

  it("pages through the cards", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "POST /api/app/auth/me": () => ({ body: { user: citizen } }),
      "GET /api/public/settings": () => ({ body: { environment: "test", version: "0.1.0" } }),
      "POST /api/public/auction/list": (body) => {
        const page = (body as { page: number }).page;
        return {
          body: {
            auctionNotices: [notice({ id: `n-${page}`, noticeNumber: `PE ${page}/2026` })],
            total: 45,
            limitResult: 20,
          },
        };
      },
    });
    renderRoutes(appRoutes(), "/editais-publicados");
    await screen.findByRole("article", { name: "PE 1/2026" });
    expect(screen.getByText("Página 1 de 3 · 45 resultados")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Página 3" }));
    await screen.findByRole("article", { name: "PE 3/2026" });
    expect(listBodies(calls).at(-1)?.page).toBe(3);
  });

  it("opens the download modal of a card, empty when the notice has no files", async () => {
    const user = userEvent.setup();
    setupPages(() => [notice({ id: "n-9", noticeNumber: "CR 01/2026", modality: "DIRECT_ACCREDITATION" })]);
    renderRoutes(appRoutes(), "/procedimentos-auxiliares");
    const card = await screen.findByRole("article", { name: "CR 01/2026" });
    await user.click(within(card).getByRole("button", { name: "Baixar arquivos do processo CR 01/2026" }));
    // The title is shown once, whole (it fits): the dialog is named by it.
    const dialog = await screen.findByRole("dialog", { name: "Arquivos do processo CR 01/2026" });
    expect(await within(dialog).findByText("Nenhum resultado encontrado")).toBeInTheDocument();
  });
});
