import { QueryClient } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { processDetail } from "../../test/process-fixtures";
import { renderRoutes } from "../../test/render";
import type { EtpView } from "./api";
import { PreliminaryTechnicalStudyPage } from "./PreliminaryTechnicalStudyPage";

// planning §2.4 (wizard conventions), §2.6 (the ETP wizard), §4 "ETP dispensation" and "Modality →
// allowed sub-modalities (ETP)", §5 "Preliminary technical study", §8 'Estudo técnico preliminar salvo
// com sucesso'.

afterEach(() => {
  vi.unstubAllGlobals();
});

const PROCESS_ID = "p-21";

function study(overrides: Partial<EtpView> = {}): EtpView {
  return {
    id: null,
    number: null,
    isRejectedFromTheProcess: null,
    exemptionJustification: null,
    description: null,
    modality: null,
    subModality: null,
    serviceKind: null,
    descriptionHiringRequirements: null,
    marketResearch: null,
    solutionDescription: null,
    quantityEstimates: null,
    estimateContractValue: null,
    justification: null,
    hiring: null,
    contractingAndPlanningAlignment: null,
    intendedResults: null,
    measuresToTake: null,
    environmentalImpacts: null,
    feasibilityJustification: null,
    vulnerabilityStatementKind: null,
    documents: [],
    status: "PENDING",
    updatedDate: null,
    process: {
      id: PROCESS_ID,
      processNumber: "PA 21/2026",
      isDeleted: false,
      secretaries: [],
      responsible: [],
    },
    ...overrides,
  };
}

function renderPage(client?: QueryClient) {
  return renderRoutes(
    [
      { path: "/cadastrar/processos/:id/edicao", element: <h1>Administração do Processo</h1> },
      {
        path: "/cadastrar/processos/:id/estudo-tecnico-preliminar",
        element: <PreliminaryTechnicalStudyPage />,
      },
    ],
    `/cadastrar/processos/${PROCESS_ID}/estudo-tecnico-preliminar`,
    client,
  );
}

function api(view: EtpView, process = processDetail(), save?: (body: unknown) => EtpView) {
  let current = view;
  return mockApi({
    "POST /api/app/process/read": () => ({ body: process }),
    "POST /api/app/preliminaryTechnicalStudy/read": () => ({ body: current }),
    "POST /api/app/preliminaryTechnicalStudy/save": (body) => {
      const { process: _process, step: _step, ...fields } = body as Record<string, unknown>;
      current = save ? save(fields) : current;
      return { body: current };
    },
    "POST /api/upload": () => ({ body: { id: "f-9", fileName: "novo.pdf", url: "/api/app/file/f-9" } }),
    "POST /api/app/buyer/read": () => ({
      body: {
        secretaries: [
          {
            id: "s-1",
            name: "Secretaria de Saúde",
            cnpj: null,
            user: { name: "Ana", email: "ana@demo.gov.br" },
          },
        ],
        staffMembers: [],
      },
    }),
  });
}

const menu = () => screen.getByRole("navigation", { name: "Etapas" });
const loadedMenu = () => screen.findByRole("navigation", { name: "Etapas" });
const field = (page: HTMLElement, label: RegExp) => within(page).getAllByLabelText(label)[0] as HTMLElement;

describe("PreliminaryTechnicalStudyPage", () => {
  it("shows the title, the §2.6 menu in order with its sections, and the 'Baixar PDF' link", async () => {
    api(study());
    renderPage();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Estudo Técnico Preliminar" }),
    ).toBeInTheDocument();
    const nav = menu();
    for (const section of ["1. Necessidade", "2. Solução", "3. Solução", "4. Viabilidade", "5. Anexos"])
      expect(within(nav).getByText(section)).toBeInTheDocument();
    const steps = within(nav)
      .getAllByRole("button")
      .map((b) => b.textContent?.replace(/(não )?preenchida$/, "").trim());
    expect(steps[0]).toBe("Descrição da Necessidade");
    expect(steps).toHaveLength(16);
    expect(steps.at(-1)).toBe("Documentos Anexos ao ETP");
    expect(screen.getByRole("link", { name: "Baixar PDF" })).toHaveAttribute(
      "href",
      `/api/app/preliminaryTechnicalStudy/pdf/${PROCESS_ID}`,
    );
  });

  it("fills the description in the spec's order, clears a sub-modality the new modality does not allow, and saves", async () => {
    const user = userEvent.setup();
    const { calls } = api(study(), processDetail(), (body) =>
      study({ ...(body as Partial<EtpView>), id: "etp-1", status: "IN_PROGRESS" }),
    );
    renderPage();
    const page = await screen.findByRole("region", { name: "Descrição da Necessidade" });
    expect(within(page).getByText("Dica de preenchimento:")).toBeInTheDocument();
    const save = within(page).getByRole("button", { name: "Salvar e Avançar" });
    expect(save).toBeDisabled();

    await user.type(within(page).getByRole("textbox", { name: /Número do ETP/ }), "ETP 3/2026");
    await user.click(within(page).getByRole("radio", { name: "Não" }));
    await user.click(field(page, /^Modalidade/));
    await user.click(await screen.findByRole("option", { name: "Concorrência Eletrônica" }));
    await user.click(field(page, /^Sub-Modalidade/));
    await user.click(await screen.findByRole("option", { name: "Contratação de serviços especiais" }));
    // §2.6: the service kind is asked only for the services sub-modalities.
    expect(within(page).getByRole("radiogroup", { name: /Tipo de serviço/ })).toBeInTheDocument();
    await user.click(
      within(page).getByRole("radio", { name: "Serviços Com Dedicação Exclusiva de Mão de Obra" }),
    );
    await user.type(within(page).getByRole("textbox", { name: /Descrição da Necessidade/ }), "Vigilância");
    expect(save).toBeEnabled();

    // §4: a modality that does not allow the chosen sub-modality clears it (and the service kind goes).
    await user.click(field(page, /^Modalidade/));
    await user.click(await screen.findByRole("option", { name: "Leilão Eletrônico" }));
    expect(field(page, /^Sub-Modalidade/)).toHaveValue("");
    expect(within(page).queryByRole("radiogroup", { name: /Tipo de serviço/ })).not.toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.click(field(page, /^Sub-Modalidade/));
    const options = (await screen.findAllByRole("option")).map((o) => o.textContent);
    expect(options).toEqual(["Alienação de bens"]);
    await user.click(screen.getByRole("option", { name: "Alienação de bens" }));
    await user.click(save);

    expect(await screen.findByText("Estudo técnico preliminar salvo com sucesso")).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith("/save"))?.body).toEqual({
      step: "DESCRIPTION",
      number: "ETP 3/2026",
      isRejectedFromTheProcess: false,
      modality: "ELECTRONIC_AUCTION",
      subModality: "SALE",
      serviceKind: null,
      description: "Vigilância",
      exemptionJustification: null,
      process: { id: PROCESS_ID },
    });
    // §2.4: the wizard moves on to the next sub-step, and the saved one shows its check.
    expect(
      (await screen.findAllByRole("region", { name: "Área(s) Requisitante(s)" }))[0],
    ).toBeInTheDocument();
    expect(within(menu()).getByRole("button", { name: /Descrição da Necessidade/ })).toHaveTextContent(
      /preenchida$/,
    );
  });

  it("shrinks to the description when dispensed, asks the justification, and finishes at the administration", async () => {
    const user = userEvent.setup();
    const { calls } = api(study(), processDetail(), (body) => study({ ...(body as Partial<EtpView>) }));
    const { router } = renderPage();
    const page = await screen.findByRole("region", { name: "Descrição da Necessidade" });
    await user.click(within(page).getByRole("radio", { name: "Sim" }));
    expect(within(menu()).getAllByRole("button")).toHaveLength(1);
    expect(within(page).queryByRole("textbox", { name: /Descrição da Necessidade/ })).not.toBeInTheDocument();
    await user.type(within(page).getByRole("textbox", { name: /Número do ETP/ }), "ETP 4");
    await user.click(field(page, /^Modalidade/));
    await user.click(await screen.findByRole("option", { name: "Dispensa Eletrônica" }));
    await user.click(field(page, /^Sub-Modalidade/));
    await user.click(await screen.findByRole("option", { name: "Aquisição de bens" }));
    await user.type(within(page).getByRole("textbox", { name: /Justificativa da dispensa/ }), "Baixo valor");
    await user.click(within(page).getByRole("button", { name: "Salvar e Finalizar" }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/cadastrar/processos/${PROCESS_ID}/edicao`),
    );
    expect(calls.find((c) => c.path.endsWith("/save"))?.body).toMatchObject({
      isRejectedFromTheProcess: true,
      exemptionJustification: "Baixo valor",
      description: null,
    });
  });

  it("sends a study loaded as dispensed to the process administration", async () => {
    api(study({ isRejectedFromTheProcess: true, number: "ETP 1", exemptionJustification: "x" }));
    const { router } = renderPage();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/cadastrar/processos/${PROCESS_ID}/edicao`),
    );
  });

  it("saves a required text step only when filled, with its 5000-character counter", async () => {
    const user = userEvent.setup();
    const { calls } = api(
      study({ number: "ETP 1", isRejectedFromTheProcess: false }),
      processDetail(),
      (body) => study({ ...(body as Partial<EtpView>) }),
    );
    renderPage();
    await user.click(
      within(await loadedMenu()).getByRole("button", { name: /Estimativa do Valor da Contratação/ }),
    );
    const page = screen.getByRole("region", { name: "Estimativa do Valor da Contratação" });
    expect(within(page).getByText("0 / 5000")).toBeInTheDocument();
    const save = within(page).getByRole("button", { name: "Salvar e Avançar" });
    expect(save).toBeDisabled();
    // Disabled, it says what is missing (issue 33).
    expect(save).toHaveAccessibleDescription("Falta preencher: Estimativa do Valor da Contratação.");
    await user.type(within(page).getByRole("textbox"), "R$ 10.000,00");
    expect(save).not.toHaveAttribute("aria-describedby");
    await user.click(save);
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith("/save"))?.body).toEqual({
        step: "ESTIMATE_CONTRACT_VALUE",
        estimateContractValue: "R$ 10.000,00",
        process: { id: PROCESS_ID },
      }),
    );
    expect(
      await screen.findByRole("region", { name: "Justificativa para o Parcelamento ou Não da Solução" }),
    ).toBeInTheDocument();
  });

  // Issue 33: 'Salvar' stays disabled until complete (§5), and an emptied required field says why on it.
  it("says 'Campo obrigatório' on a required field the user emptied, linked to it", async () => {
    const user = userEvent.setup();
    api(study({ number: "ETP 1", isRejectedFromTheProcess: false }));
    renderPage();
    const page = await screen.findByRole("region", { name: "Descrição da Necessidade" });
    const number = within(page).getByRole("textbox", { name: /Número do ETP/ });
    const need = within(page).getByRole("textbox", { name: /Descrição da Necessidade/ });
    // Untouched, the empty need description shows no error yet.
    expect(need).not.toHaveAttribute("aria-invalid", "true");
    expect(number).not.toHaveAttribute("aria-invalid", "true");
    await user.clear(number);
    expect(number).toHaveAttribute("aria-invalid", "true");
    expect(number).toHaveAccessibleDescription("Campo obrigatório");
    expect(need).not.toHaveAttribute("aria-invalid", "true");
    const save = within(page).getByRole("button", { name: "Salvar e Avançar" });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription(
      "Falta preencher: Número do ETP, Modalidade, Sub-Modalidade, Descrição da Necessidade.",
    );
    await user.type(number, "ETP 2");
    expect(number).not.toHaveAttribute("aria-invalid", "true");
  });

  it("puts a refused save's messages (400 properties) on their fields and the focus on the first", async () => {
    const user = userEvent.setup();
    const refusal = "No máximo 5000 caracteres";
    mockApi({
      "POST /api/app/process/read": () => ({ body: processDetail() }),
      "POST /api/app/preliminaryTechnicalStudy/read": () => ({
        body: study({ number: "ETP 1", isRejectedFromTheProcess: false }),
      }),
      "POST /api/app/preliminaryTechnicalStudy/save": () => ({
        status: 400,
        body: {
          message: "Dados inválidos",
          properties: [{ property: "estimateContractValue", errorMessages: [refusal] }],
        },
      }),
    });
    renderPage();
    await user.click(
      within(await loadedMenu()).getByRole("button", { name: /Estimativa do Valor da Contratação/ }),
    );
    const page = screen.getByRole("region", { name: "Estimativa do Valor da Contratação" });
    const text = within(page).getByRole("textbox");
    await user.type(text, "R$ 10.000,00");
    await user.click(within(page).getByRole("button", { name: "Salvar e Avançar" }));
    await waitFor(() => expect(text).toHaveAttribute("aria-invalid", "true"));
    expect(text).toHaveAccessibleDescription(new RegExp(`^${refusal}`));
    await waitFor(() => expect(text).toHaveFocus());
    // The field changed: the refusal no longer applies to it.
    await user.type(text, " ao ano");
    expect(text).not.toHaveAttribute("aria-invalid", "true");
  });

  it("declares feasibility with one of the three sentences and a justification", async () => {
    const user = userEvent.setup();
    const { calls } = api(study({ number: "ETP 1", isRejectedFromTheProcess: false }));
    renderPage();
    await user.click(within(await loadedMenu()).getByRole("button", { name: /Declaração de Viabilidade/ }));
    const page = screen.getByRole("region", { name: "Declaração de Viabilidade" });
    const radios = within(page).getAllByRole("radio");
    expect(radios.map((r) => r.getAttribute("value"))).toEqual(["VIABLE", "PARTIALLY_VIABLE", "UNFEASIBLE"]);
    await user.click(
      within(page).getByRole("radio", {
        name: "Esta equipe de planejamento declara viável com restrições esta contratação com base neste Estudo Técnico Preliminar",
      }),
    );
    const save = within(page).getByRole("button", { name: "Salvar e Avançar" });
    expect(save).toBeDisabled();
    await user.type(
      within(page).getByRole("textbox", { name: /Justificativa/ }),
      "Depende de suplementação.",
    );
    await user.click(save);
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith("/save"))?.body).toMatchObject({
        step: "FEASIBILITY_DESCRIPTION",
        vulnerabilityStatementKind: "PARTIALLY_VIABLE",
        feasibilityJustification: "Depende de suplementação.",
      }),
    );
  });

  it("saves the requesting areas through the DFD's checkable table", async () => {
    const user = userEvent.setup();
    const { calls } = api(study({ number: "ETP 1", isRejectedFromTheProcess: false }));
    renderPage();
    await user.click(within(await loadedMenu()).getByRole("button", { name: /Área\(s\) Requisitante\(s\)/ }));
    const page = screen.getAllByRole("region", { name: "Área(s) Requisitante(s)" })[0] as HTMLElement;
    await user.click(await within(page).findByRole("checkbox", { name: /Secretaria de Saúde/ }));
    await user.click(within(page).getByRole("button", { name: "Salvar e Avançar" }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith("/save"))?.body).toEqual({
        step: "SECRETARIES",
        process: { id: PROCESS_ID, secretaries: [{ id: "s-1" }] },
      }),
    );
  });

  it("lists the attachments with 'Salvar e Finalizar' and returns to the administration after the last step", async () => {
    const user = userEvent.setup();
    const { calls } = api(
      study({
        number: "ETP 1",
        isRejectedFromTheProcess: false,
        documents: [{ id: "d-1", fileId: "f-1", name: "pesquisa.pdf", description: null, url: "/api/x" }],
      }),
    );
    const { router } = renderPage();
    await user.click(within(await loadedMenu()).getByRole("button", { name: /Documentos Anexos ao ETP/ }));
    const page = screen.getByRole("region", { name: "Documentos Anexos ao ETP" });
    expect(within(page).getByRole("link", { name: "Baixar pesquisa.pdf" })).toBeInTheDocument();
    await user.type(within(page).getByRole("textbox", { name: "Descrição de pesquisa.pdf" }), "Mercado");
    await user.click(within(page).getByRole("button", { name: "Salvar e Finalizar" }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/cadastrar/processos/${PROCESS_ID}/edicao`),
    );
    expect(calls.find((c) => c.path.endsWith("/save"))?.body).toEqual({
      step: "DOCUMENTS",
      documents: [{ fileId: "f-1", description: "Mercado" }],
      process: { id: PROCESS_ID },
    });
  });

  it("uploads an attachment first, then saves its file id", async () => {
    const user = userEvent.setup();
    const { calls } = api(study({ number: "ETP 1", isRejectedFromTheProcess: false }));
    const { container } = renderPage();
    await user.click(within(await loadedMenu()).getByRole("button", { name: /Documentos Anexos ao ETP/ }));
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(["%PDF-1.4"], "novo.pdf", { type: "application/pdf" }));
    const page = screen.getByRole("region", { name: "Documentos Anexos ao ETP" });
    expect(await within(page).findByText("novo.pdf")).toBeInTheDocument();
    await user.click(within(page).getByRole("button", { name: "Salvar e Finalizar" }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith("/save"))?.body).toEqual({
        step: "DOCUMENTS",
        documents: [{ fileId: "f-9", description: null }],
        process: { id: PROCESS_ID },
      }),
    );
    expect(calls.findIndex((c) => c.path === "/api/upload")).toBeLessThan(
      calls.findIndex((c) => c.path.endsWith("/save")),
    );
  });

  it("reads the process's people afresh on each visit and marks the DFD's cache stale after a save", async () => {
    const user = userEvent.setup();
    // As the app's client: reads stay fresh for 30 s, so only 'always' refetches a cached study.
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    client.setQueryData(["preliminaryTechnicalStudy", PROCESS_ID], study({ number: "ETP 1" }));
    client.setQueryData(["demand-formalization", PROCESS_ID], { id: "dfd-1" });
    const { calls } = api(
      study({
        number: "ETP 1",
        isRejectedFromTheProcess: false,
        process: { ...study().process, secretaries: [{ id: "s-1", name: "Secretaria de Saúde" }] },
      }),
    );
    renderPage(client);
    await waitFor(() =>
      expect(within(menu()).getByRole("button", { name: /Área\(s\) Requisitante\(s\)/ })).toHaveTextContent(
        /Requisitante\(s\)preenchida$/,
      ),
    );
    expect(calls.filter((c) => c.path.endsWith("/preliminaryTechnicalStudy/read"))).toHaveLength(1);
    expect(client.getQueryState(["demand-formalization", PROCESS_ID])?.isInvalidated).toBe(false);

    await user.click(within(menu()).getByRole("button", { name: /Levantamento de Mercado/ }));
    const page = screen.getByRole("region", { name: "Levantamento de Mercado" });
    await user.type(within(page).getByRole("textbox"), "Três orçamentos");
    await user.click(within(page).getByRole("button", { name: "Salvar e Avançar" }));
    await waitFor(() =>
      expect(client.getQueryState(["demand-formalization", PROCESS_ID])?.isInvalidated).toBe(true),
    );
  });

  it("reads only when the process is deleted", async () => {
    const user = userEvent.setup();
    api(
      study({ number: "ETP 1", isRejectedFromTheProcess: false, description: "d" }),
      processDetail({ isDeleted: true }),
    );
    renderPage();
    const page = await screen.findByRole("region", { name: "Descrição da Necessidade" });
    expect(within(page).getByRole("status")).toHaveTextContent(/excluído/);
    expect(within(page).queryByRole("button", { name: /Salvar/ })).not.toBeInTheDocument();
    await user.click(within(menu()).getByRole("button", { name: /Levantamento de Mercado/ }));
    expect(screen.queryByRole("button", { name: /Salvar/ })).not.toBeInTheDocument();
  });
});
