import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { processDetail, renderAdministration } from "../../test/process-fixtures";
import type { ProcessDetail } from "./api";

// planning §2.3 (title, general data, inline number, steps), §4 (step order), §8 (messages).

afterEach(() => {
  vi.unstubAllGlobals();
});

function detail(overrides: Partial<ProcessDetail> = {}): ProcessDetail {
  return processDetail({
    secretaries: [
      { id: "s-1", name: "Secretaria de Educação" },
      { id: "s-2", name: "Secretaria de Saúde" },
    ],
    ...overrides,
  });
}

const renderPage = () => renderAdministration();

const datum = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling?.textContent;

describe("ProcessAdministrationPage", () => {
  it("shows the general data, with '-' where the later steps have not filled them", async () => {
    const { calls } = mockApi({ "POST /api/app/process/read": () => ({ body: detail() }) });
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Administração do Processo" })).toBeInTheDocument();
    const data = await screen.findByRole("region", { name: "Dados Gerais do Processo" });
    expect(within(data).getByRole("textbox", { name: /Nº do Processo/ })).toHaveValue("PA 21/2026");
    expect(datum("Unidade Compradora")).toBe("Secretaria de Educação, Secretaria de Saúde");
    expect(datum("Data do Processo")).toBe("20/11/2026");
    for (const label of [
      "Objeto",
      "Modalidade",
      "Sub-Modalidade",
      "Pregoeiro/Agente de Contratação Responsável",
      "Valor Total do Processo",
      "Risco Médio do Processo",
    ])
      expect(datum(label)).toBe("-");
    expect(datum("Status do Processo")).toBe("Pendente");
    expect(calls[0]?.body).toEqual({ id: "p-21" });
    expect(screen.queryByText("Processo excluído")).toBeNull();
  });

  it("fills the object, modality, sub-modality and process risk from the planning documents, with each step's status", async () => {
    const user = userEvent.setup();
    const steps = detail().steps.map((s) =>
      s.kind === "DEMAND_FORMALIZATION"
        ? { ...s, status: "COMPLETED" as const, updatedDate: "2026-11-21T15:30:00.000Z" }
        : s,
    );
    mockApi({
      "POST /api/app/process/read": () => ({
        body: detail({
          demandFormalization: { description: "Aquisição de papel" },
          preliminaryTechnicalStudy: {
            modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
            subModality: "GOODS_ACQUISITION",
          },
          riskManagement: { processRisk: "RISK_HIGH" },
          steps,
        }),
      }),
    });
    renderPage();
    await screen.findByRole("region", { name: "Dados Gerais do Processo" });
    expect(datum("Objeto")).toBe("Aquisição de papel");
    expect(datum("Modalidade")).not.toBe("-");
    expect(datum("Sub-Modalidade")).not.toBe("-");
    expect(datum("Risco Médio do Processo")).toBe("Alto");
    const region = screen.getByRole("region", { name: "Etapas do processo" });
    await user.click(
      within(region).getAllByRole("button", { name: /Clique para ver ações/ })[0] as HTMLElement,
    );
    const first = await screen.findByRole("table", { name: "1 - Documento de Formalização de Demanda" });
    expect(within(first).getByRole("cell", { name: "Concluído" })).toBeInTheDocument();
    expect(within(first).getByRole("cell", { name: /21\/11\/2026/ })).toBeInTheDocument();
  });

  it("lists the thirteen steps in order, every one real (no placeholder); a document step opens its screen and gives its Word and PDF", async () => {
    const user = userEvent.setup();
    mockApi({ "POST /api/app/process/read": () => ({ body: detail() }) });
    const { router } = renderPage();
    const steps = await screen.findByRole("region", { name: "Etapas do processo" });
    const controls = within(steps).getAllByRole("button", { name: /Clique para ver ações/ });
    expect(controls).toHaveLength(13);
    expect(controls[0]).toHaveTextContent("1 - Documento de Formalização de Demanda");
    expect(controls[8]).toHaveTextContent("9 - Publicação");
    expect(controls[12]).toHaveTextContent("13 - Envio do Contrato ao PNCP");

    // Issue 35: no step of the page says it is not available.
    for (const control of controls) await user.click(control);
    expect(screen.queryByText(/ainda não está disponível/)).toBeNull();

    const first = screen.getByRole("table", { name: "1 - Documento de Formalização de Demanda" });
    expect(
      within(first)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Data da Última Alteração", "Status", "Assinaturas"]);
    expect(
      within(first)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["-", "Pendente", "Nenhuma"]);
    expect(
      screen.getByRole("link", { name: "Baixar arquivo em Word Documento de Formalização de Demanda" }),
    ).toHaveAttribute("href", "/api/app/demandFormalization/docx/p-21");
    expect(
      screen.getByRole("link", { name: "Baixar PDF Documento de Formalização de Demanda" }),
    ).toHaveAttribute("href", "/api/app/demandFormalization/pdf/p-21");
    expect(
      screen.getByRole("link", { name: "Baixar arquivo em Word Estudo Técnico Preliminar" }),
    ).toHaveAttribute("href", "/api/app/preliminaryTechnicalStudy/docx/p-21");
    expect(screen.getByRole("link", { name: "Baixar arquivo em Word Matriz de Riscos" })).toHaveAttribute(
      "href",
      "/api/app/riskManagement/docx/p-21",
    );
    // Issue 35 item 3: every document step signs but the price-taking and the contract (§2.3); the
    // signed print waits for a first signature.
    expect(
      screen
        .getAllByRole("button", { name: /^Assinar o Documento/ })
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual([
      "Assinar o Documento Documento de Formalização de Demanda",
      "Assinar o Documento Estudo Técnico Preliminar",
      "Assinar o Documento Matriz de Riscos",
      "Assinar o Documento Relatório de Pesquisa de Preços",
      "Assinar o Documento Termo de Referência",
      "Assinar o Documento Edital",
    ]);
    expect(screen.getByRole("button", { name: "Assinar o Documento Edital" })).toBeDisabled();
    expect(screen.queryByRole("link", { name: /Imprimir pdf assinado/ })).toBeNull();

    // Step 8: the contract comes after the homologation — said, with no button.
    // The step's panel, then its table's scroll region inside it, share the step's name.
    const [contract] = screen.getAllByRole("region", { name: /^8 - Contrato/ }) as [HTMLElement];
    expect(contract).toHaveTextContent(
      "O contrato é elaborado depois da homologação do resultado da licitação",
    );
    expect(within(contract).queryByRole("button")).toBeNull();

    const publication = screen.getByRole("table", { name: "9 - Publicação" });
    expect(
      within(publication)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Data de Publicação", "Status", "Data da Homologação"]);

    // Steps 10–13: no homologated supplier yet, and no 'Coletar Assinaturas' nor 'Enviar'.
    const minute = screen.getByRole("table", { name: "10 - Assinatura da Ata de Registro de Preços" });
    expect(
      within(minute)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Fornecedor", "Data de Envio", "Status", "Status Órgão Comprador", "Status Fornecedor"]);
    expect(minute).toHaveTextContent("Nenhum fornecedor homologado até o momento.");
    expect(screen.queryByRole("button", { name: /Coletar Assinaturas|^Enviar/ })).toBeNull();

    await user.click(
      screen.getByRole("button", { name: "Criar/Editar Documento de Formalização de Demanda" }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe("/cadastrar/processos/p-21/formalizacao-de-demanda"),
    );
  });

  it("downloads the budget's and the price taking's price research, and the reference term, in Word; 'Tomada de Preços' opens the budget", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "POST /api/app/process/read": () => ({ body: detail() }),
      "POST /api/app/report/priceSearch": () => ({ body: "docx" }),
      "POST /api/app/referenceTerm/word": () => ({ body: "docx" }),
    });
    const save = vi.fn(() => "blob:x");
    Object.assign(URL, { createObjectURL: save, revokeObjectURL: vi.fn() });
    const { router } = renderPage();
    const steps = await screen.findByRole("region", { name: "Etapas do processo" });
    const controls = within(steps).getAllByRole("button", { name: /Clique para ver ações/ });
    await user.click(controls[3] as HTMLElement);
    await user.click(controls[4] as HTMLElement);
    await user.click(controls[6] as HTMLElement);

    await user.click(
      screen.getByRole("button", { name: "Baixar arquivo em Word Relatório de Pesquisa de Preços" }),
    );
    await user.click(screen.getByRole("button", { name: "Baixar arquivo em Word Termo de Referência" }));
    await user.click(screen.getByRole("button", { name: "Baixar arquivo em Word Tomada de Preços" }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(3));
    expect(calls.filter((c) => c.path === "/api/app/report/priceSearch").map((c) => c.body)).toEqual([
      { processId: "p-21" },
      { processId: "p-21" },
    ]);
    expect(calls.find((c) => c.path === "/api/app/referenceTerm/word")?.body).toEqual({
      process: { id: "p-21" },
    });

    await user.click(screen.getByRole("button", { name: "Criar/Editar Tomada de Preços" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/cadastrar/processos/p-21/orcamento"));
  });

  it("shows the auctioneers and the process's total in BRL, and the process's status", async () => {
    mockApi({
      "POST /api/app/process/read": () => ({
        body: detail({ auctioneers: ["Paula Pregoeira", "Rui Agente"], totalValue: 12345.6 }),
      }),
    });
    renderPage();
    await screen.findByRole("region", { name: "Dados Gerais do Processo" });
    expect(datum("Pregoeiro/Agente de Contratação Responsável")).toBe("Paula Pregoeira, Rui Agente");
    expect(datum("Valor Total do Processo")).toBe("R$ 12.345,60");
    expect(datum("Status do Processo")).toBe("Pendente");
  });

  it("lists the homologated suppliers on the signature and portal steps, nothing sent yet", async () => {
    const user = userEvent.setup();
    const suppliers = [
      { supplierId: "f-1", name: "Comercial Exemplo Ltda", lots: [1, 3], status: "Pendente de Envio" },
      { supplierId: "f-2", name: "Papelaria Central ME", lots: [2], status: "Pendente de Envio" },
    ];
    mockApi({
      "POST /api/app/process/read": () => ({
        body: detail({
          steps: detail().steps.map((s) => (s.kind === "SIGN_CONTRACT" ? { ...s, suppliers } : s)),
        }),
      }),
    });
    renderPage();
    await user.click(await screen.findByRole("button", { name: /^11 - Assinatura do Contrato/ }));
    const table = await screen.findByRole("table", { name: "11 - Assinatura do Contrato" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole("cell")
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ["Comercial Exemplo Ltda (Lotes 1, 3)", "-", "Pendente de Envio", "Pendente", "Pendente"],
      ["Papelaria Central ME (Lote 2)", "-", "Pendente de Envio", "Pendente", "Pendente"],
    ]);
  });

  it("saves the number with Enter: 'Sucesso' / 'Alterado com sucesso'", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "POST /api/app/process/read": () => ({ body: detail() }),
      "POST /api/app/process/edit": (body) => ({
        body: detail({ processNumber: (body as { processNumber: string }).processNumber }),
      }),
    });
    renderPage();
    const input = await screen.findByRole("textbox", { name: /Nº do Processo/ });
    await user.clear(input);
    await user.type(input, "PA 22/2026{Enter}");
    expect(await screen.findByText("Alterado com sucesso")).toBeInTheDocument();
    expect(screen.getByText("Sucesso")).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/app/process/edit")?.body).toEqual({
      id: "p-21",
      processNumber: "PA 22/2026",
    });
    expect(input).toHaveValue("PA 22/2026");
  });

  it("says 'Erro ao salvar o processo' and marks the field when the number is refused", async () => {
    const user = userEvent.setup();
    const taken = "Já existe um processo com este número no órgão.";
    mockApi({
      "POST /api/app/process/read": () => ({ body: detail() }),
      "POST /api/app/process/edit": () => ({
        status: 400,
        body: { message: taken, properties: [{ property: "processNumber", errorMessages: [taken] }] },
      }),
    });
    renderPage();
    const input = await screen.findByRole("textbox", { name: /Nº do Processo/ });
    await user.clear(input);
    await user.type(input, "PA 7/2026");
    await user.click(screen.getByRole("button", { name: "Editar" }));
    expect(await screen.findByText("Erro ao salvar o processo")).toBeInTheDocument();
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription(taken);
  });

  it("shows a deleted process read-only under the 'Processo excluído' banner", async () => {
    mockApi({
      "POST /api/app/process/read": () => ({ body: detail({ isDeleted: true, actions: ["UNDO"] }) }),
    });
    renderPage();
    expect(await screen.findByText("Processo excluído")).toBeInTheDocument();
    expect(datum("Nº do Processo")).toBe("PA 21/2026");
    expect(screen.queryByRole("textbox", { name: /Nº do Processo/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Editar" })).toBeNull();
  });

  it("says 'Erro ao localizar o processo' and goes back to the list when the read fails", async () => {
    mockApi({
      "POST /api/app/process/read": () => ({ status: 404, body: { message: "Processo não encontrado." } }),
    });
    const { router } = renderPage();
    expect(await screen.findByText("Erro ao localizar o processo")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/cadastrar/processos"));
    expect(await screen.findByRole("heading", { name: "Criar Processo" })).toBeInTheDocument();
  });
});
