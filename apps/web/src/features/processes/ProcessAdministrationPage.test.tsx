import {
  PROCESS_STEP_KIND_LABELS,
  PROCESS_STEP_SLUGS,
  type ProcessStepKind,
  processSteps,
} from "@certame/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { renderRoutes } from "../../test/render";
import type { ProcessDetail } from "./api";
import { ProcessAdministrationPage } from "./ProcessAdministrationPage";

// planning §2.3 (title, general data, inline number, steps), §4 (step order), §8 (messages).

afterEach(() => {
  vi.unstubAllGlobals();
});

function detail(overrides: Partial<ProcessDetail> = {}): ProcessDetail {
  return {
    id: "p-21",
    processNumber: "PA 21/2026",
    createdDate: "2026-11-20T13:00:00.000Z",
    processDate: "2026-11-20",
    status: "PROCESS_PENDING",
    isDeleted: false,
    secretaries: [
      { id: "s-1", name: "Secretaria de Educação" },
      { id: "s-2", name: "Secretaria de Saúde" },
    ],
    actions: ["EDIT", "DELETE"],
    steps: processSteps().map((kind: ProcessStepKind) => ({
      kind,
      label: PROCESS_STEP_KIND_LABELS[kind],
      slug: PROCESS_STEP_SLUGS[kind] ?? null,
      status: "PENDING" as const,
      updatedDate: null,
      signatures: [],
      suppliers: [],
    })),
    ...overrides,
  };
}

function renderPage() {
  return renderRoutes(
    [
      { path: "/cadastrar/processos", element: <h1>Criar Processo</h1> },
      { path: "/cadastrar/processos/:id/edicao", element: <ProcessAdministrationPage /> },
      { path: "/cadastrar/processos/:id/formalizacao-de-demanda", element: <h1>formalizacao-de-demanda</h1> },
    ],
    "/cadastrar/processos/p-21/edicao",
  );
}

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

  it("lists the thirteen steps in order; a built wizard opens from its step, the others say they are not built", async () => {
    const user = userEvent.setup();
    mockApi({ "POST /api/app/process/read": () => ({ body: detail() }) });
    renderPage();
    const steps = await screen.findByRole("region", { name: "Etapas do processo" });
    const controls = within(steps).getAllByRole("button", { name: /Clique para ver ações/ });
    expect(controls).toHaveLength(13);
    expect(controls[0]).toHaveTextContent("1 - Documento de Formalização de Demanda");
    expect(controls[8]).toHaveTextContent("9 - Publicação");
    expect(controls[12]).toHaveTextContent("13 - Envio do Contrato ao PNCP");

    await user.click(controls[0] as HTMLElement);
    expect(controls[0]).toHaveAttribute("aria-expanded", "true");
    const first = await screen.findByRole("table", { name: "1 - Documento de Formalização de Demanda" });
    expect(
      within(first)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Data da Última Alteração", "Status", "Assinaturas"]);
    expect(within(first).getByRole("cell", { name: "Pendente" })).toBeInTheDocument();
    expect(
      within(first).queryByText("Esta etapa ainda não está disponível nesta versão da plataforma."),
    ).toBeNull();
    expect(
      screen.getByRole("link", { name: "Baixar PDF Documento de Formalização de Demanda" }),
    ).toHaveAttribute("href", expect.stringMatching(/\/api\/app\/demandFormalization\/pdf\//));

    await user.click(controls[5] as HTMLElement);
    // The step's panel, then its table's scroll region inside it, share the step's name.
    const [notice] = (await screen.findAllByRole("region", { name: /6 - Edital/ })) as [HTMLElement];
    expect(within(notice).queryByRole("button")).toBeNull();
    expect(
      within(notice).getByText("Esta etapa ainda não está disponível nesta versão da plataforma."),
    ).toBeInTheDocument();

    await user.click(controls[8] as HTMLElement);
    const publication = await screen.findByRole("table", { name: "9 - Publicação" });
    expect(
      within(publication)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Data de Publicação", "Status", "Data da Homologação"]);

    await user.click(
      screen.getByRole("button", { name: "Criar/Editar Documento de Formalização de Demanda" }),
    );
    expect(await screen.findByRole("heading", { name: "formalizacao-de-demanda" })).toBeInTheDocument();
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
