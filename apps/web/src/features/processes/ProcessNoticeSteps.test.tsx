import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { planner } from "../../test/fixtures";
import { processDetail, processNotice, processStep, renderAdministration } from "../../test/process-fixtures";
import type { ProcessDetail } from "./api";

// Issue 35: step 6 'Edital' (the notice made from the process, the plan's changes carried over) and
// step 9 'Publicação' (planning §2.3 buttons and columns), against the API contract of the split.

afterEach(() => {
  vi.unstubAllGlobals();
});

const NEEDS_NOTICE = "Crie o edital na etapa 6 - Edital para usar estas ações.";

async function openStep(name: RegExp) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name }));
  return user;
}

const published = (overrides: Partial<ProcessDetail> = {}) =>
  processDetail({
    status: "PROCESS_PUBLISHED",
    actions: ["EDIT"],
    auctionNotice: processNotice({ status: "PUBLISHED", publishedDate: "2026-12-01T13:00:00.000Z" }),
    steps: processDetail().steps.map((s) =>
      s.kind === "PUBLICATION"
        ? processStep("PUBLICATION", { status: "COMPLETED", publicationDate: "2026-12-01T13:00:00.000Z" })
        : s,
    ),
    ...overrides,
  });

describe("step 6 'Edital'", () => {
  it("'Criar/Editar' makes the notice from the process and opens it in the notice wizard", async () => {
    const { calls } = mockApi({
      "POST /api/app/process/read": () => ({ body: processDetail() }),
      "POST /api/app/process/notice/create": () => ({ body: { id: "n-1", created: true } }),
    });
    const { router } = renderAdministration();
    const user = await openStep(/^6 - Edital/);
    // Without a notice its files cannot be made yet: said by the buttons.
    const word = screen.getByRole("button", { name: "Baixar arquivo em Word Edital" });
    expect(word).toBeDisabled();
    expect(word).toHaveAccessibleDescription("Crie o edital com 'Criar/Editar' para baixá-lo.");
    expect(screen.getByRole("button", { name: "Baixar PDF Edital" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Criar/Editar Edital" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/cadastrar/editais/n-1/formulario"));
    expect(calls.find((c) => c.path === "/api/app/process/notice/create")?.body).toEqual({
      processId: "p-21",
    });
    expect(await screen.findByText("Edital criado a partir do processo")).toBeInTheDocument();
  });

  it("names what the plan lacks, each with a link to its step, in an alert that takes the focus", async () => {
    const lots = "O Documento de Formalização de Demanda não tem lotes.";
    const price = "O item 1 do lote 2 não tem preço de referência.";
    mockApi({
      "POST /api/app/process/read": () => ({ body: processDetail() }),
      "POST /api/app/process/notice/create": () => ({
        status: 400,
        body: {
          message: "O processo não está completo para gerar o edital.",
          properties: [
            { property: "demandFormalization", errorMessages: [lots] },
            { property: "budget", errorMessages: [price] },
          ],
        },
      }),
    });
    const { router } = renderAdministration();
    const user = await openStep(/^6 - Edital/);
    await user.click(screen.getByRole("button", { name: "Criar/Editar Edital" }));

    const alert = await screen.findByRole("alert", { name: /O edital ainda não pode ser criado/ });
    await waitFor(() => expect(alert).toHaveFocus());
    expect(alert).toHaveTextContent(lots);
    expect(alert).toHaveTextContent(price);
    expect(
      within(alert).getByRole("link", { name: "Completar a etapa 1 - Documento de Formalização de Demanda" }),
    ).toHaveAttribute("href", "/cadastrar/processos/p-21/formalizacao-de-demanda");
    expect(
      within(alert).getByRole("link", { name: "Completar a etapa 4 - Relatório de Pesquisa de Preços" }),
    ).toHaveAttribute("href", "/cadastrar/processos/p-21/orcamento");
    // In the sentence, each link is underlined, not told by its colour alone (WCAG 1.4.1).
    for (const link of within(alert).getAllByRole("link"))
      expect(link).toHaveAttribute("data-underline", "always");
    expect(router.state.location.pathname).toBe("/cadastrar/processos/p-21/edicao");
  });

  it("opens the notice already made without making another, and gives its edital in Word and PDF", async () => {
    const { calls } = mockApi({
      "POST /api/app/process/read": () => ({ body: processDetail({ auctionNotice: processNotice() }) }),
    });
    const { router } = renderAdministration();
    const user = await openStep(/^6 - Edital/);
    expect(screen.getByText("Edital PE 7/2026 — Pendente")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Baixar arquivo em Word Edital" })).toHaveAttribute(
      "href",
      "/api/app/process/notice/docx/p-21",
    );
    expect(screen.getByRole("link", { name: "Baixar PDF Edital" })).toHaveAttribute(
      "href",
      "/api/app/process/notice/pdf/p-21",
    );
    await user.click(screen.getByRole("button", { name: "Criar/Editar Edital" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/cadastrar/editais/n-1/formulario"));
    expect(calls.some((c) => c.path === "/api/app/process/notice/create")).toBe(false);
  });

  it("offers to carry the plan's changes into the pending notice, after a confirmation", async () => {
    let outOfDate = true;
    const { calls } = mockApi({
      "POST /api/app/process/read": () => ({
        body: processDetail({ auctionNotice: processNotice({ outOfDate }) }),
      }),
      "POST /api/app/process/notice/sync": () => {
        outOfDate = false;
        return { body: { id: "n-1" } };
      },
    });
    renderAdministration();
    // Said on the closed step too.
    const control = await screen.findByRole("button", { name: /^6 - Edital/ });
    expect(control).toHaveTextContent("Há mudanças do planejamento a levar ao edital");
    const user = await openStep(/^6 - Edital/);
    expect(screen.getByText("O planejamento mudou depois do edital")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Levar ao edital" }));
    const dialog = await screen.findByRole("dialog", { name: "Levar ao edital" });
    expect(dialog).toHaveTextContent("passarão a ser os do planejamento");
    expect(calls.some((c) => c.path === "/api/app/process/notice/sync")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Levar ao edital" }));

    expect(await screen.findByText("Mudanças do planejamento levadas ao edital")).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/app/process/notice/sync")?.body).toEqual({ processId: "p-21" });
    // Re-read: the notice is up to date, the offer is gone.
    await waitFor(() => expect(screen.queryByText("O planejamento mudou depois do edital")).toBeNull());
    expect(control).not.toHaveTextContent("Há mudanças do planejamento a levar ao edital");
  });

  it("says the refusal of a carry-over (published meanwhile) and never offers it once published", async () => {
    const refusal = "O edital já foi publicado: mudanças do planejamento não o alteram mais.";
    let body = processDetail({ auctionNotice: processNotice({ outOfDate: true }) });
    mockApi({
      "POST /api/app/process/read": () => ({ body }),
      "POST /api/app/process/notice/sync": () => {
        body = published();
        return { status: 409, body: { message: refusal } };
      },
    });
    renderAdministration();
    const user = await openStep(/^6 - Edital/);
    await user.click(screen.getByRole("button", { name: "Levar ao edital" }));
    const dialog = await screen.findByRole("dialog", { name: "Levar ao edital" });
    await user.click(within(dialog).getByRole("button", { name: "Levar ao edital" }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Levar ao edital" })).toBeNull());
    expect(screen.getByText("Edital PE 7/2026 — Publicado")).toBeInTheDocument();
  });

  it("does not offer the carry-over on a published process even when the read says out of date", async () => {
    mockApi({
      "POST /api/app/process/read": () => ({
        body: published({ auctionNotice: processNotice({ status: "PENDING", outOfDate: true }) }),
      }),
    });
    renderAdministration();
    await openStep(/^6 - Edital/);
    expect(screen.queryByRole("button", { name: "Levar ao edital" })).toBeNull();
  });

  it("a planning-only profile does not make, update nor open the notice: the buttons say why", async () => {
    const editorsOnly =
      "O edital é criado, atualizado e publicado por quem cadastra editais no órgão; o seu perfil é de planejamento.";
    let body = processDetail();
    const { calls } = mockApi({ "POST /api/app/process/read": () => ({ body }) });
    const { unmount } = renderAdministration(planner);
    await openStep(/^6 - Edital/);
    const create = screen.getByRole("button", { name: "Criar/Editar Edital" });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription(editorsOnly);
    unmount();

    body = processDetail({ auctionNotice: processNotice({ outOfDate: true }) });
    renderAdministration(planner);
    const user = await openStep(/^6 - Edital/);
    expect(screen.getByRole("button", { name: "Criar/Editar Edital" })).toBeDisabled();
    const sync = screen.getByRole("button", { name: "Levar ao edital" });
    expect(sync).toBeDisabled();
    expect(sync).toHaveAccessibleDescription(editorsOnly);
    await user.click(screen.getByRole("button", { name: /^9 - Publicação/ }));
    for (const name of [
      "Configurar Publicação",
      "Itens do Processo",
      "Arquivos do Processo",
      "Publicar Processo",
    ]) {
      const button = screen.getByRole("button", { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(editorsOnly);
    }
    expect(calls.every((c) => c.path === "/api/app/process/read")).toBe(true);
  });
});

describe("step 9 'Publicação'", () => {
  it("disables the notice's actions, with the reason, until the notice exists; the process's files download", async () => {
    mockApi({ "POST /api/app/process/read": () => ({ body: processDetail() }) });
    renderAdministration();
    await openStep(/^9 - Publicação/);
    for (const name of [
      "Configurar Publicação",
      "Itens do Processo",
      "Arquivos do Processo",
      "Publicar Processo",
      "Sala de negociação",
      "Impugnações e Esclarecimentos",
    ]) {
      const button = screen.getByRole("button", { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(NEEDS_NOTICE);
    }
    expect(screen.getAllByText(NEEDS_NOTICE)).toHaveLength(1);
    expect(screen.getByRole("link", { name: "Baixar arquivos do processo" })).toHaveAttribute(
      "href",
      "/api/app/process/files/p-21",
    );
    const table = screen.getByRole("table", { name: "9 - Publicação" });
    expect(
      within(table)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["-", "Pendente", "-"]);
  });

  it("publishes after a confirmation; the page then shows the process published", async () => {
    const { calls } = mockApi({
      "POST /api/app/process/read": () => ({ body: processDetail({ auctionNotice: processNotice() }) }),
      "POST /api/app/process/publish": () => ({ body: published() }),
    });
    const { router } = renderAdministration();
    const user = await openStep(/^9 - Publicação/);
    // Before the publication: the wizard's pages open; the room and the clarifications wait for it.
    const room = screen.getByRole("button", { name: "Sala de negociação" });
    expect(room).toBeDisabled();
    expect(room).toHaveAccessibleDescription(
      "A sala de negociação e as impugnações e esclarecimentos abrem depois da publicação.",
    );
    expect(screen.getByRole("button", { name: "Itens do Processo" })).toBeEnabled();

    await user.click(screen.getByRole("button", { name: "Publicar Processo" }));
    const dialog = await screen.findByRole("dialog", { name: "Publicar Processo" });
    expect(dialog).toHaveTextContent(
      "Tem certeza que deseja publicar o processo? O edital PE 7/2026 será publicado",
    );
    await user.click(within(dialog).getByRole("button", { name: "Publicar" }));

    expect(await screen.findByText("Processo publicado com sucesso")).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/app/process/publish")?.body).toEqual({ processId: "p-21" });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Publicar Processo" })).toBeNull());
    const datum = screen.getByText("Status do Processo", { selector: "dt" }).nextElementSibling;
    expect(datum).toHaveTextContent("Publicado");
    const table = screen.getByRole("table", { name: "9 - Publicação" });
    expect(
      within(table)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["01/12/2026", "Publicado", "-"]);
    const publish = screen.getByRole("button", { name: "Publicar Processo" });
    expect(publish).toBeDisabled();
    expect(publish).toHaveAccessibleDescription("O processo já foi publicado.");

    // Published: the room and the clarifications open from here.
    await user.click(screen.getByRole("button", { name: "Impugnações e Esclarecimentos" }));
    await user.click(await screen.findByRole("menuitem", { name: "Ver esclarecimentos" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/visualizar-esclarecimentos/n-1"));
  });

  it("keeps the confirmation open with the server's refusal, read as an alert", async () => {
    const dates = "A data de início das propostas deve respeitar o prazo mínimo de 8 dias úteis.";
    mockApi({
      "POST /api/app/process/read": () => ({ body: processDetail({ auctionNotice: processNotice() }) }),
      "POST /api/app/process/publish": () => ({
        status: 400,
        body: {
          message: "O edital não pode ser publicado.",
          properties: [{ property: "proposalsStartDateTime", errorMessages: [dates] }],
        },
      }),
    });
    renderAdministration();
    const user = await openStep(/^9 - Publicação/);
    await user.click(screen.getByRole("button", { name: "Publicar Processo" }));
    const dialog = await screen.findByRole("dialog", { name: "Publicar Processo" });
    await user.click(within(dialog).getByRole("button", { name: "Publicar" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("Não foi possível publicar o processo");
    expect(alert).toHaveTextContent("O edital não pode ser publicado.");
    expect(alert).toHaveTextContent(dates);
    expect(screen.getByText("Status do Processo", { selector: "dt" }).nextElementSibling).toHaveTextContent(
      "Pendente",
    );
  });

  it("opens the notice's pages of the wizard and the trading room", async () => {
    mockApi({ "POST /api/app/process/read": () => ({ body: published() }) });
    const { router } = renderAdministration();
    const user = await openStep(/^9 - Publicação/);
    await user.click(screen.getByRole("button", { name: "Arquivos do Processo" }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe("/cadastrar/editais/n-1/documentos-do-edital"),
    );
    await router.navigate(-1);
    await user.click(await screen.findByRole("button", { name: /^9 - Publicação/ }));
    await user.click(await screen.findByRole("button", { name: "Sala de negociação" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/sala-de-negociacao/n-1"));
  });
});
