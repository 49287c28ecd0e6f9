import { revisionHistory, riskLevel, riskPanel } from "@certame/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { processDetail } from "../../test/process-fixtures";
import { renderRoutes } from "../../test/render";
import type { Risk, RiskMatrix, SelectedRisk } from "./api";
import { RiskMatrixPage } from "./RiskMatrixPage";

// planning §2.7 (Risk Matrix wizard), §4 "Risk matrix" and "Editability by process status", §5 "Risk
// matrix", §8 success texts.

afterEach(() => {
  vi.unstubAllGlobals();
});

const PID = "p-21";

function risk(
  id: string,
  probability: Risk["probability"],
  impact: Risk["impact"],
  description: string,
): Risk {
  return {
    id,
    description,
    cause: "Causa",
    phase: "CONTRACT_MANAGEMENT",
    allocation: "CONTRACTED_PARTY",
    probability,
    impact,
    level: riskLevel(probability, impact),
    disclose: true,
    possibleImpacts: "Impactos",
    preventiveActions: "Prevenção",
    contingencyActions: "Contingência",
    createdDate: "2026-11-20T13:00:00.000Z",
    updatedDate: "2026-11-20T13:00:00.000Z",
  };
}

const LATE = risk("r-1", "VERY_HIGH", "CATASTROPHIC", "Atraso na entrega");
const SPEC = risk("r-2", "LOW", "SMALL", "Item fora da especificação");
const PLANNER = {
  id: "st-1",
  name: "Paula Planejamento",
  email: "planejamento@demo.gov.br",
  cpf: null,
  position: null,
};

function matrix(selected: SelectedRisk[] = [], overrides: Partial<RiskMatrix> = {}): RiskMatrix {
  const risks = selected.map((s) => s.risk);
  return {
    id: "rm-1",
    number: "MR 1/2026",
    canDispenseRisk: false,
    justification: null,
    updatedDate: null,
    documents: [],
    process: { id: PID, processNumber: "PA 21/2026", status: "PROCESS_PENDING", isDeleted: false },
    editable: true,
    risksEditable: true,
    risks: selected,
    panel: riskPanel(risks),
    revisionHistory: revisionHistory(risks),
    staff: [PLANNER],
    ...overrides,
  };
}

const selection = (r: Risk, responsible = [PLANNER]): SelectedRisk => ({
  id: `s-${r.id}`,
  createdDate: "2026-11-20T13:00:00.000Z",
  risk: r,
  responsible,
});

function renderPage(read: RiskMatrix, more: Parameters<typeof mockApi>[0] = {}, process = processDetail()) {
  const api = mockApi({
    "POST /api/app/process/read": () => ({ body: process }),
    "POST /api/app/riskManagement/read": () => ({ body: read }),
    "POST /api/app/demandFormalization/read": () => ({
      body: {
        categories: [
          { id: 1, description: "Material de consumo" },
          { id: 2, description: "Serviços" },
        ],
      },
    }),
    "POST /api/app/riskManagement/listOwnRisks": () => ({
      body: { risks: [LATE, SPEC], total: 2, limitResult: 10 },
    }),
    ...more,
  });
  const view = renderRoutes(
    [
      { path: "/cadastrar/processos/:id/edicao", element: <h1>Administração do Processo</h1> },
      { path: "/cadastrar/processos/:id/gerenciamento-de-risco", element: <RiskMatrixPage /> },
    ],
    `/cadastrar/processos/${PID}/gerenciamento-de-risco`,
  );
  return { ...api, ...view };
}

describe("RiskMatrixPage", () => {
  it("shows the left panel and the two menu groups (§2.7)", async () => {
    renderPage(matrix());
    expect(
      await screen.findByRole("heading", { level: 1, name: "Criar Matriz de Risco" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Nº do Processo" })).toHaveValue("PA 21/2026");
    expect(screen.getByRole("textbox", { name: "Nº da Matriz de Riscos" })).toHaveValue("MR 1/2026");
    await waitFor(() =>
      expect(screen.getByRole("textbox", { name: "Categoria" })).toHaveValue("Material de consumo; Serviços"),
    );
    expect(screen.getByRole("radio", { name: "Não" })).toBeChecked();
    expect(screen.getByRole("link", { name: "Baixar PDF" })).toHaveAttribute(
      "href",
      `/api/app/riskManagement/pdf/${PID}`,
    );
    const menu = screen.getByRole("navigation", { name: "Etapas" });
    expect(within(menu).getByText("1. Preenchimento")).toBeInTheDocument();
    expect(within(menu).getByText("Acompanhamento")).toBeInTheDocument();
    for (const step of ["Risco da Contratação", "Responsáveis", "Anexos", "Histórico de Revisões", "Painel"])
      expect(within(menu).getByRole("button", { name: new RegExp(step) })).toBeInTheDocument();
  });

  it("selects risks and saves the selection, then moves to the responsibles (§2.7, §5 'Risk step')", async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(matrix(), {
      "POST /api/app/riskManagement/save": () => ({ body: matrix([selection(LATE, [])]) }),
    });
    const table = await screen.findByRole("table", { name: "Risco da Contratação" });
    expect(await within(table).findByText("Atraso na entrega")).toBeInTheDocument();
    expect(within(table).getByText("Crítico")).toBeInTheDocument();
    const save = screen.getByRole("button", { name: "Salvar e Avançar" });
    expect(save).toBeDisabled();
    await user.click(within(table).getByRole("checkbox", { name: "Selecionar o risco Atraso na entrega" }));
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(calls.some((c) => c.path === "/api/app/riskManagement/save")).toBe(true));
    expect(calls.find((c) => c.path === "/api/app/riskManagement/save")?.body).toEqual({
      process: { id: PID },
      risks: [{ risk: { id: "r-1" } }],
    });
    expect(await screen.findByText("Gerenciamento de risco salvo com sucesso")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { level: 2, name: "Responsáveis" })).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Risco 1" })).toHaveTextContent("Atraso na entrega");
    // Every risk needs someone before 'Salvar e Avançar' (§5 'Responsibles step').
    expect(screen.getByRole("button", { name: "Salvar e Avançar" })).toBeDisabled();
  });

  it("selects every risk of the page with 'Selecionar todos'", async () => {
    const user = userEvent.setup();
    renderPage(matrix());
    const table = await screen.findByRole("table", { name: "Risco da Contratação" });
    await within(table).findByText("Atraso na entrega");
    await user.click(screen.getByRole("checkbox", { name: "Selecionar todos" }));
    expect(
      within(table)
        .getAllByRole("checkbox")
        .every((c) => (c as HTMLInputElement).checked),
    ).toBe(true);
    expect(screen.getByText("2 riscos selecionados")).toBeInTheDocument();
  });

  it("adds a risk through the two pages, with the level computed (§2.7 'Adicionar Risco')", async () => {
    const user = userEvent.setup();
    const created = risk("r-9", "HIGH", "BIG", "Sobrepreço");
    const { calls } = renderPage(matrix(), {
      "POST /api/app/riskManagement/saveRisk": () => ({ body: created }),
    });
    await user.click(await screen.findByRole("button", { name: "Adicionar novo risco" }));
    const modal = await screen.findByRole("dialog", { name: "Adicionar Risco" });
    const advance = within(modal).getByRole("button", { name: "Avançar" });
    expect(advance).toBeDisabled();
    // Disabled, it says what is missing (issue 33), in a hint it is described by.
    expect(advance).toHaveAccessibleDescription(
      "Falta preencher: Risco, Causa do Risco, Fase, Alocação, Probabilidade, Impacto, Divulgar no Edital.",
    );
    await user.type(within(modal).getByRole("textbox", { name: /^Risco/ }), "Sobrepreço");
    expect(advance).toHaveAccessibleDescription(/^Falta preencher: Causa do Risco, Fase,/);
    await user.type(within(modal).getByRole("textbox", { name: /^Causa do Risco/ }), "Mercado concentrado");
    for (const [field, option] of [
      ["Fase", "Seleção do fornecedor"],
      ["Alocação", "Compartilhado"],
      ["Probabilidade", "Alta"],
      ["Impacto", "Grande"],
    ] as const) {
      await user.click(within(modal).getAllByLabelText(new RegExp(`^${field}`))[0] as HTMLElement);
      await user.click(await screen.findByRole("option", { name: option }));
    }
    expect(within(modal).getByRole("textbox", { name: "Nível" })).toHaveValue("Alto (16)");
    await user.click(within(modal).getByRole("radio", { name: "Sim" }));
    expect(advance).not.toHaveAttribute("aria-describedby");
    await user.click(advance);
    const save = within(modal).getByRole("button", { name: "Salvar" });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription(
      "Falta preencher: Possíveis Impactos, Ações Preventivas, Ações de Contingência.",
    );
    await user.type(within(modal).getByRole("textbox", { name: /^Possíveis Impactos/ }), "Prejuízo");
    await user.type(within(modal).getByRole("textbox", { name: /^Ações Preventivas/ }), "Pesquisa ampla");
    await user.type(within(modal).getByRole("textbox", { name: /^Ações de Contingência/ }), "Anular");
    await user.click(save);
    expect(await screen.findByText("Risco salvo com sucesso")).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/app/riskManagement/saveRisk")?.body).toEqual({
      processId: PID,
      description: "Sobrepreço",
      cause: "Mercado concentrado",
      phase: "SUPPLIER_SELECTION",
      allocation: "SHARED",
      probability: "HIGH",
      impact: "BIG",
      disclose: true,
      possibleImpacts: "Prejuízo",
      preventiveActions: "Pesquisa ampla",
      contingencyActions: "Anular",
    });
  });

  it("asks before deleting a risk, with the spec's texts", async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(matrix(), {
      "POST /api/app/riskManagement/deleteRisk": () => ({ body: { riskId: "r-2" } }),
    });
    const table = await screen.findByRole("table", { name: "Risco da Contratação" });
    await user.click(
      await within(table).findByRole("button", { name: "Excluir o risco Item fora da especificação" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Excluir Risco" });
    expect(dialog).toHaveTextContent("Tem certeza que deseja excluir o risco selecionado?");
    expect(within(dialog).getByRole("button", { name: "Voltar" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Confirmar exclusão" }));
    expect(await screen.findByText("Risco excluído com sucesso")).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/app/riskManagement/deleteRisk")?.body).toEqual({
      riskId: "r-2",
      processId: PID,
    });
  });

  it("gives a selected risk its responsibles in the 'Responsáveis' modal", async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(matrix([selection(LATE, [])]), {
      "POST /api/app/riskManagement/save": () => ({ body: matrix([selection(LATE)]) }),
    });
    await user.click(await screen.findByRole("button", { name: /Responsáveis/ }));
    await user.click(await screen.findByRole("button", { name: "Editar Responsáveis" }));
    const modal = await screen.findByRole("dialog", { name: "Responsáveis" });
    expect(within(modal).getByRole("button", { name: "Adicionar novo responsável" })).toBeInTheDocument();
    await user.click(within(modal).getByRole("checkbox", { name: "Selecionar Paula Planejamento" }));
    await user.click(within(modal).getByRole("button", { name: "Selecionar" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Responsáveis" })).toBeNull());
    expect(calls.find((c) => c.path === "/api/app/riskManagement/save")?.body).toEqual({
      process: { id: PID },
      risks: [{ id: "s-r-1", responsible: [{ id: "st-1" }] }],
    });
    const card = screen.getByRole("article", { name: "Risco 1" });
    expect(within(card).getByText("Paula Planejamento")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Salvar e Avançar" })).toBeEnabled();
  });

  it("draws the panel's heat map as a table a screen reader can read, with the process risk", async () => {
    const user = userEvent.setup();
    renderPage(matrix([selection(LATE), selection({ ...LATE, id: "r-3" }), selection(SPEC)]));
    await user.click(await screen.findByRole("button", { name: /Painel/ }));
    const map = await screen.findByRole("table", { name: "Mapa de Riscos" });
    const headers = within(map)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers.slice(1)).toEqual(["Insignificante", "Pequeno", "Moderado", "Grande", "Catastrófico"]);
    const rows = within(map)
      .getAllByRole("rowheader")
      .map((h) => h.textContent);
    expect(rows).toEqual(["Muito alta", "Alta", "Possível", "Baixa", "Muito baixa"]);
    const corner = within(map).getAllByRole("row")[1] as HTMLElement;
    expect(within(corner).getAllByRole("cell")[4]).toHaveTextContent("2 riscos, nível Crítico");
    const low = within(map).getAllByRole("row")[4] as HTMLElement;
    expect(within(low).getAllByRole("cell")[1]).toHaveTextContent("1 risco, nível Baixo");
    const summary = screen.getByRole("list", { name: "Legenda dos níveis" });
    expect(summary).toHaveTextContent("Crítico (20 a 25)");
    // 25 + 25 + 4 = 54; median 25; mean 18 → Crítico.
    expect(screen.getByText("Somatória dos Riscos").nextElementSibling).toHaveTextContent("54");
    expect(screen.getByText("Mediana dos Riscos").nextElementSibling).toHaveTextContent("25");
    expect(screen.getByTestId("process-risk")).toHaveTextContent("Crítico");
  });

  it("keeps only the justification when dispensed, finishing to the administration page (§4)", async () => {
    const user = userEvent.setup();
    const dispensed = matrix([], { canDispenseRisk: true });
    const { calls } = renderPage(dispensed, {
      "POST /api/app/riskManagement/save": () => ({ body: { ...dispensed, justification: "Baixo valor" } }),
    });
    const menu = await screen.findByRole("navigation", { name: "Etapas" });
    expect(
      within(menu)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining("Justificativa")]);
    const finish = screen.getByRole("button", { name: "Salvar e Finalizar" });
    expect(finish).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: /^Justificativa/ }), "Baixo valor");
    await user.click(finish);
    expect(await screen.findByRole("heading", { name: "Administração do Processo" })).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/app/riskManagement/save")?.body).toEqual({
      process: { id: PID },
      justification: "Baixo valor",
    });
  });

  it("saves the dispensation from the radio and switches the menu", async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(matrix(), {
      "POST /api/app/riskManagement/save": () => ({ body: matrix([], { canDispenseRisk: true }) }),
    });
    await user.click(await screen.findByRole("radio", { name: "Sim" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Justificativa" })).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/app/riskManagement/save")?.body).toEqual({
      process: { id: PID },
      number: "MR 1/2026",
      canDispenseRisk: true,
    });
  });

  it("reads only the risks when the process is no longer pending (§4: no 'Adicionar novo risco')", async () => {
    const user = userEvent.setup();
    const published = { id: PID, processNumber: "PA 21/2026", status: "PROCESS_PUBLISHED", isDeleted: false };
    const read = matrix([selection(LATE)], { editable: true, risksEditable: false, process: published });
    const { calls } = renderPage(
      read,
      { "POST /api/app/riskManagement/save": () => ({ body: { ...read, number: "MR 2/2026" } }) },
      processDetail({ status: "PROCESS_PUBLISHED" }),
    );
    const table = await screen.findByRole("table", { name: "Risco da Contratação" });
    await within(table).findByText("Atraso na entrega");
    expect(screen.queryByRole("button", { name: "Adicionar novo risco" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Salvar e Avançar" })).toBeNull();
    expect(within(table).queryByRole("button", { name: /Excluir o risco/ })).toBeNull();
    expect(within(table).queryByRole("button", { name: /Editar o risco/ })).toBeNull();
    expect(
      within(table).getByRole("checkbox", { name: "Selecionar o risco Atraso na entrega" }),
    ).toBeDisabled();
    expect(screen.getByRole("status")).toHaveTextContent("já foi publicado");
    // The responsibles read only too.
    await user.click(screen.getByRole("button", { name: /Responsáveis/ }));
    expect(await screen.findByRole("heading", { level: 2, name: "Responsáveis" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Editar Responsáveis" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Salvar e Avançar" })).toBeNull();

    // The rest of the matrix is not a risk: the dispensation, the number and the attachments stay editable.
    expect(screen.getByRole("radio", { name: "Sim" })).toBeEnabled();
    const number = screen.getByRole("textbox", { name: "Nº da Matriz de Riscos" });
    expect(number).not.toHaveAttribute("readonly");
    await user.clear(number);
    await user.type(number, "MR 2/2026");
    await user.tab();
    await waitFor(() =>
      expect(calls.find((c) => c.path === "/api/app/riskManagement/save")?.body).toEqual({
        process: { id: PID },
        number: "MR 2/2026",
        canDispenseRisk: false,
      }),
    );
    await user.click(screen.getByRole("button", { name: /Anexos/ }));
    expect(await screen.findByRole("button", { name: "Anexar" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Salvar e Finalizar" })).toBeInTheDocument();
  });

  it("keeps the justification editable on a published process once dispensed", async () => {
    const published = { id: PID, processNumber: "PA 21/2026", status: "PROCESS_PUBLISHED", isDeleted: false };
    renderPage(
      matrix([], { canDispenseRisk: true, editable: true, risksEditable: false, process: published }),
      {},
      processDetail({ status: "PROCESS_PUBLISHED" }),
    );
    const text = await screen.findByRole("textbox", { name: /^Justificativa/ });
    expect(text).not.toHaveAttribute("readonly");
    expect(screen.getByRole("button", { name: "Salvar e Finalizar" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Não" })).toBeEnabled();
  });

  it("reads only everything on a deleted process", async () => {
    const user = userEvent.setup();
    const deleted = { id: PID, processNumber: "PA 21/2026", status: "PROCESS_PENDING", isDeleted: true };
    renderPage(
      matrix([selection(LATE)], { editable: false, risksEditable: false, process: deleted }),
      {},
      processDetail({ isDeleted: true }),
    );
    const table = await screen.findByRole("table", { name: "Risco da Contratação" });
    await within(table).findByText("Atraso na entrega");
    expect(screen.queryByRole("button", { name: "Adicionar novo risco" })).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("excluído");
    expect(screen.getByRole("radio", { name: "Sim" })).toBeDisabled();
    expect(screen.getByRole("textbox", { name: "Nº da Matriz de Riscos" })).toHaveAttribute("readonly");
    await user.click(screen.getByRole("button", { name: /Anexos/ }));
    expect(await screen.findByRole("heading", { level: 2, name: "Anexos" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Anexar" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Salvar e Finalizar" })).toBeNull();
  });
});
