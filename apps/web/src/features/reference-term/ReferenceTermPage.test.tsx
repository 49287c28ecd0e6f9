import { REFERENCE_TERM_CHAPTER_CODES, type ReferenceTermTemplate } from "@certame/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { renderRoutes } from "../../test/render";
import type { ReferenceTermView } from "./api";
import { clearChanged, ReferenceTermPage } from "./ReferenceTermPage";

// The reference term editor (planning §2.10, §4 "Step manager", §5, §8 "Reference term", §9).

afterEach(() => {
  vi.unstubAllGlobals();
});

const PID = "7d1f0a52-5b7e-4a3e-9c1e-2f6a4b8c9d01";

const CODES = REFERENCE_TERM_CHAPTER_CODES;

/** A small template of the server's shape: the object of interest goes into chapter 1's text. */
const TEMPLATE: ReferenceTermTemplate = {
  version: 1,
  title: "TERMO DE REFERÊNCIA",
  chapters: CODES.map((code, i) => ({
    code,
    fixedParagraphs: Array.from({ length: [0, 1, 2, 2, 1, 2, 2, 1, 1, 1][i] ?? 0 }, (_, n) =>
      n === 0 ? "Processo {{processNumber}}: {{objectOfInterest}}." : "Texto fixo.",
    ),
  })),
};

function view(extra: Partial<ReferenceTermView> = {}): ReferenceTermView {
  return {
    context: {
      modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
      subModality: "GOODS_ACQUISITION",
      serviceKind: null,
    },
    header: {
      processNumber: "PA 12/2026",
      object: null,
      modalityLabel: "Pregão Eletrônico",
      subModalityLabel: "Aquisição de bens",
      processDate: "2026-11-20",
      buyerName: "Prefeitura de Exemplo",
      agentName: null,
      totalValueCents: 123456,
      averageRisk: null,
    },
    lots: [
      {
        id: "lot-1",
        number: 1,
        item: 1,
        description: "Papel sulfite A4",
        quantity: 100,
        isProductBrandRequired: false,
        decimalsNumber: 2,
        minimumVariationKind: null,
        minimumVariation: null,
        batchItemParticipation: null,
      },
    ],
    data: {},
    chapters: CODES.map((code) => ({ code, status: "PENDING", updatedDate: null })),
    progress: 0,
    step: null,
    signature: null,
    ...extra,
  };
}

function renderPage(data: ReferenceTermView = view(), extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    "POST /api/app/referenceTerm/read": () => ({ body: data }),
    "GET /api/app/referenceTerm/template": () => ({ body: { template: TEMPLATE } }),
    ...extra,
  });
  const rendered = renderRoutes(
    [
      { path: "/cadastrar/processos/:id/termo-de-referencia", element: <ReferenceTermPage /> },
      { path: "/cadastrar/processos/:id/edicao", element: <p>administração</p> },
    ],
    `/cadastrar/processos/${PID}/termo-de-referencia`,
  );
  return { ...api, ...rendered };
}

const saves = (calls: ReturnType<typeof mockApi>["calls"]) =>
  calls.filter((c) => c.path === "/api/app/referenceTerm/save");

async function openStep(user: ReturnType<typeof userEvent.setup>, name: RegExp) {
  await user.click(await screen.findByRole("button", { name }));
}

describe("ReferenceTermPage", () => {
  it("shows the process data and opens the first step on load (§2.10)", async () => {
    renderPage();
    expect(await screen.findByRole("heading", { name: "Termo de Referência" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Dados Gerais do Processo" })).toBeInTheDocument();
    expect(screen.getByText("PA 12/2026")).toBeInTheDocument();
    expect(screen.getByText("R$ 1.234,56")).toBeInTheDocument();
    const first = screen.getByRole("button", { name: /1 - Condições Gerais da Contratação/ });
    expect(first).toHaveAttribute("aria-expanded", "true");
    expect(within(first).getByText("Clique para abrir formulário")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /2 - / })).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByRole("textbox", { name: /^Objeto/ })).toBeInTheDocument();
    expect(screen.getByRole("table", { name: "Lotes do processo" })).toHaveTextContent("Papel sulfite A4");
    expect(screen.getByText("Progresso: 0%")).toBeInTheDocument();
  });

  it("shows 'Campo obrigatório' under a missing field and sends nothing (§5 step 1)", async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    const object = await screen.findByRole("textbox", { name: /^Objeto/ });
    await user.click(screen.getByRole("button", { name: "Salvar e avançar" }));
    expect(object).toHaveAccessibleDescription("Campo obrigatório");
    expect(object).toHaveAttribute("aria-invalid", "true");
    expect(saves(calls)).toHaveLength(0);
    // Typing clears the field's error at once.
    await user.type(object, "Aquisição de papel");
    expect(object).not.toHaveAttribute("aria-invalid", "true");
  });

  it("titles each step '{n} - {label}' and heads the open form with its form title (§2.10 reading B)", async () => {
    const user = userEvent.setup();
    renderPage();
    const labels = [
      "1 - Condições Gerais da Contratação",
      "2 - Justificativa da Contratação e Descrição da Necessidade",
      "3 - Requisitos da Contratação",
      "4 - Modelo de Execução do Objeto",
      "5 - Garantia e Assistência Técnica",
      "6 - Modelo de Gestão do Contrato",
      "7 - Critérios de Medição e Pagamento",
      "8 - Critérios de Seleção do Fornecedor",
      "9 - Estimativas do Valor da Contratação",
      "10 - Adequação Orçamentária",
    ];
    for (const label of labels)
      expect(
        await screen.findByRole("button", { name: new RegExp(`^${label} Clique para abrir formulário`) }),
      ).toBeInTheDocument();
    const forms: [RegExp, string][] = [
      [/^2 - /, "Fundamentação e Descrição da Necessidade da Contratação"],
      [/^5 - /, "Garantia, Manutenção e Assistência Técnica"],
      [/^7 - /, "Critérios de Medição e de Pagamento"],
      [/^8 - /, "Formas e Critérios de Seleção do Fornecedor e Forma de Fornecimento"],
    ];
    for (const [step, title] of forms) {
      await openStep(user, step);
      const form = await screen.findByRole("form", { name: title });
      expect(within(form).getByRole("heading", { level: 3, name: title })).toBeInTheDocument();
    }
  });

  it("clears the errors of nested keys when their field changes (§5 'Address')", () => {
    const errors = {
      "executionObjectAddresses.0.street": ["Rua obrigatória"],
      "sampleDeliveryAddress.postalCode": ["CEP inválido"],
      hasHiringPlan: ["Campo obrigatório"],
    };
    const previous = {
      executionObjectAddresses: [{ street: "" }],
      sampleDeliveryAddress: { postalCode: "1" },
    };
    expect(
      clearChanged(errors, previous, { ...previous, executionObjectAddresses: [{ street: "Rua A" }] }),
    ).toEqual({
      "sampleDeliveryAddress.postalCode": ["CEP inválido"],
      hasHiringPlan: ["Campo obrigatório"],
    });
    expect(
      clearChanged(errors, previous, { ...previous, sampleDeliveryAddress: { postalCode: "01001-000" } }),
    ).toEqual({
      "executionObjectAddresses.0.street": ["Rua obrigatória"],
      hasHiringPlan: ["Campo obrigatório"],
    });
    expect(clearChanged(errors, previous, { ...previous })).toBe(errors);
    // The inspection's time key goes with its date-time field (§5 step 3).
    const inspection = {
      inspectionStartDate: ["Campo obrigatório"],
      inspectionStartDateTime: ["Campo obrigatório"],
    };
    expect(
      clearChanged(
        inspection,
        { inspectionStartDate: null },
        { inspectionStartDate: "2026-12-01T12:30:00.000Z" },
      ),
    ).toEqual({});
  });

  it("posts the chapter with step = the next code, announces it and opens the next step (§4, §8)", async () => {
    const user = userEvent.setup();
    const saved = view({
      data: { contractingJustification: { hasHiringPlan: false, customParagraphs: [] } },
      chapters: CODES.map((code) => ({
        code,
        status: code === "CONTRACTING_JUSTIFICATION" ? "COMPLETED" : "PENDING",
        updatedDate: null,
      })),
      progress: 10,
    });
    const { calls } = renderPage(view(), { "POST /api/app/referenceTerm/save": () => ({ body: saved }) });
    await openStep(user, /2 - Justificativa da Contratação e Descrição da Necessidade/);
    const question = await screen.findByRole("radiogroup", {
      name: /A contratação está prevista no Plano de Contratações Anual\?/,
    });
    await user.click(within(question).getByRole("radio", { name: "Não" }));
    await user.click(screen.getByRole("button", { name: "Salvar e avançar" }));

    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]?.body).toEqual({
      process: { id: PID },
      chapterCode: "CONTRACTING_JUSTIFICATION",
      step: "CONTRACTING_REQUIREMENTS",
      data: { hasHiringPlan: false },
    });
    expect(await screen.findAllByText("Dados salvos com sucesso")).not.toHaveLength(0);
    expect(screen.getByRole("status", { hidden: true })).toHaveTextContent("Dados salvos com sucesso");
    expect(screen.getByRole("button", { name: /3 - Requisitos da Contratação/ })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    expect(
      await screen.findByRole("radiogroup", { name: /Haverá indicação de marca\?/ }),
    ).toBeInTheDocument();
    expect(screen.getByText("Progresso: 10%")).toBeInTheDocument();
  });

  it("saves the last step without a step field and goes to the process administration (§2.10, §4)", async () => {
    const user = userEvent.setup();
    const budgetAdequacy = {
      sourceResources: "Tesouro municipal",
      workProgram: "04.122.0001.2001",
      expenseElement: "3.3.90.30",
      innerPlan: "PI-7",
      hasAgreementFederalGovernment: false,
    };
    const { calls } = renderPage(view({ data: { budgetAdequacy } }), {
      "POST /api/app/referenceTerm/save": () => ({ body: view({ data: { budgetAdequacy } }) }),
    });
    await openStep(user, /10 - Adequação Orçamentária/);
    await screen.findByRole("textbox", { name: /Fonte de Recursos/ });
    await user.click(screen.getByRole("button", { name: "Salvar e avançar" }));
    expect(await screen.findByText("administração")).toBeInTheDocument();
    expect(saves(calls)[0]?.body).toMatchObject({
      chapterCode: "BUDGET_ADEQUACY",
      step: null,
      data: budgetAdequacy,
    });
  });

  it("places the server's 400 properties on the fields and says 'Erro ao salvar os dados.' (§8)", async () => {
    const user = userEvent.setup();
    renderPage(view(), {
      "POST /api/app/referenceTerm/save": () => ({
        status: 400,
        body: {
          message: "Dados inválidos",
          properties: [{ property: "hasHiringPlan", errorMessages: ["Campo obrigatório"] }],
        },
      }),
    });
    await openStep(user, /2 - Justificativa da Contratação/);
    const question = await screen.findByRole("radiogroup", { name: /Plano de Contratações Anual/ });
    await user.click(within(question).getByRole("radio", { name: "Sim" }));
    await user.type(screen.getByRole("textbox", { name: /Ano do Plano/ }), "2026");
    await user.type(screen.getByRole("textbox", { name: /Identificador do Plano/ }), "PCA-1");
    const date = screen.getByLabelText(/Data de publicação do Plano/);
    await user.type(date, "2026-01-15");
    await user.type(screen.getByRole("textbox", { name: /Identificador do item/ }), "ITEM-9");
    await user.click(screen.getByRole("button", { name: "Salvar e avançar" }));
    expect(await screen.findByText("Erro ao salvar os dados.")).toBeInTheDocument();
    expect(question).toHaveAccessibleDescription("Campo obrigatório");
  });

  it("numbers chapter 2's first custom paragraph '2.2' and renumbers on delete (§9)", async () => {
    const user = userEvent.setup();
    renderPage();
    await openStep(user, /2 - Justificativa da Contratação/);
    const table = await screen.findByRole("table", { name: "Parágrafos Customizados" });
    expect(within(table).getByText("Nenhum parágrafo customizado adicionado.")).toBeInTheDocument();
    for (const text of ["Primeiro parágrafo.", "Segundo parágrafo."]) {
      await user.click(screen.getByRole("button", { name: "+ Adicionar parágrafo" }));
      const dialog = await screen.findByRole("dialog", { name: "Adicionar parágrafo" });
      const confirm = within(dialog).getByRole("button", { name: "Confirmar" });
      expect(confirm).toBeDisabled();
      await user.type(within(dialog).getByRole("textbox", { name: /Conteúdo do parágrafo/ }), text);
      await user.click(confirm);
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    }
    expect(within(table).getByRole("cell", { name: "2.2" })).toBeInTheDocument();
    expect(within(table).getByRole("cell", { name: "2.3" })).toBeInTheDocument();
    await user.click(within(table).getByRole("button", { name: "Excluir parágrafo 2.2" }));
    expect(within(table).getByRole("cell", { name: "2.2" })).toBeInTheDocument();
    expect(within(table).getByRole("cell", { name: "Segundo parágrafo." })).toBeInTheDocument();
    expect(within(table).queryByRole("cell", { name: "2.3" })).toBeNull();
  });

  it("lists the chapter's history with 'Usado 3x' and its date, and adds the chosen one (§2.10)", async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(view(), {
      "POST /api/app/paragraphTemplate/byChapter": () => ({
        body: {
          list: [
            { content: "Parágrafo do histórico.", usageCount: 3, createdDate: "2026-11-20T15:00:00.000Z" },
          ],
        },
      }),
    });
    await screen.findByRole("textbox", { name: /^Objeto/ });
    await user.click(screen.getByRole("button", { name: "Usar do histórico" }));
    const dialog = await screen.findByRole("dialog", { name: "Selecionar Parágrafo do Histórico" });
    expect(await within(dialog).findByText("Usado 3x")).toBeInTheDocument();
    expect(within(dialog).getByText("20/11/2026")).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/app/paragraphTemplate/byChapter")?.body).toEqual({
      chapterCode: "GENERAL_CONTRACTING_CONDITIONS",
    });
    expect(within(dialog).getByRole("button", { name: "Cancelar" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: /Parágrafo do histórico\./ }));
    // Chapter 1 has no fixed paragraphs: its first custom paragraph is 1.1.
    const table = await screen.findByRole("table", { name: "Parágrafos Customizados" });
    expect(within(table).getByRole("cell", { name: "1.1" })).toBeInTheDocument();
    expect(within(table).getByRole("cell", { name: "Parágrafo do histórico." })).toBeInTheDocument();
  });

  it("says when the history is empty or fails (§8)", async () => {
    const user = userEvent.setup();
    renderPage(view(), {
      "POST /api/app/paragraphTemplate/byChapter": () => ({ status: 500, body: { message: "falhou" } }),
    });
    await screen.findByRole("textbox", { name: /^Objeto/ });
    await user.click(screen.getByRole("button", { name: "Usar do histórico" }));
    expect(await screen.findByText("Erro ao carregar templates do histórico.")).toBeInTheDocument();
  });

  it("shows the typed object in the preview as the user types (§2.10, §4)", async () => {
    const user = userEvent.setup();
    renderPage();
    const preview = await screen.findByTestId("reference-term-preview");
    expect(
      within(preview).getByRole("heading", { name: /Condições Gerais da Contratação/ }),
    ).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: /^Objeto/ }), "Aquisição de papel A4");
    await waitFor(() => expect(preview).toHaveTextContent("Aquisição de papel A4"));
  });

  it("keeps the preview's heading levels in order: panel h2, document h3, chapters h4", async () => {
    renderPage();
    const preview = await screen.findByTestId("reference-term-preview");
    expect(
      screen.getByRole("heading", { level: 2, name: "Pré-visualização do Documento" }),
    ).toBeInTheDocument();
    expect(
      within(preview).getByRole("heading", { level: 3, name: "TERMO DE REFERÊNCIA" }),
    ).toBeInTheDocument();
    expect(
      within(preview).getByRole("heading", { level: 4, name: /Condições Gerais da Contratação/ }),
    ).toBeInTheDocument();
    expect(within(preview).queryAllByRole("heading", { level: 2 })).toHaveLength(0);
  });

  it("shows 'Erro ao renderizar documento' in the preview when the template cannot be built (§8)", async () => {
    renderPage(view(), {
      "GET /api/app/referenceTerm/template": () => ({
        body: { template: { version: 1, title: "Sem capítulos" } },
      }),
    });
    const preview = await screen.findByRole("region", { name: "Pré-visualização do Documento" });
    expect(await within(preview).findByText("Erro ao renderizar documento")).toBeInTheDocument();
    expect(screen.queryByTestId("reference-term-preview")).toBeNull();
  });

  it("says 'Erro ao carregar os dados.' and goes back when the term cannot be read (§8)", async () => {
    mockApi({
      "POST /api/app/referenceTerm/read": () => ({ status: 500, body: {} }),
      "GET /api/app/referenceTerm/template": () => ({ body: { template: TEMPLATE } }),
    });
    renderRoutes(
      [
        { path: "/cadastrar/processos/:id/termo-de-referencia", element: <ReferenceTermPage /> },
        { path: "/cadastrar/processos/:id/edicao", element: <p>administração</p> },
      ],
      `/cadastrar/processos/${PID}/termo-de-referencia`,
    );
    expect(await screen.findByText("Erro ao carregar os dados.")).toBeInTheDocument();
    expect(await screen.findByText("administração")).toBeInTheDocument();
  });

  it("goes back to the process administration from step 1 (§2.10 'Voltar')", async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole("textbox", { name: /^Objeto/ });
    await user.click(screen.getByRole("button", { name: "Voltar" }));
    expect(await screen.findByText("administração")).toBeInTheDocument();
  });
});
