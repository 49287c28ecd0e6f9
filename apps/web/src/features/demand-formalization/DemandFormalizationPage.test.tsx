import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { processDetail } from "../../test/process-fixtures";
import { renderRoutes } from "../../test/render";
import type { ProcessDetail } from "../processes/api";
import type { DemandFormalization } from "./api";
import { DemandFormalizationPage } from "./DemandFormalizationPage";

// planning §2.4 (wizard conventions), §2.5 (the DFD's sub-steps), §4 "Purchase priority", §5, §8.

afterEach(() => {
  vi.unstubAllGlobals();
});

const process = processDetail({ id: "p-1", processNumber: "PA 5/2026" });

const empty: DemandFormalization = {
  id: "d-1",
  process: {
    id: "p-1",
    processNumber: "PA 5/2026",
    status: "PROCESS_PENDING",
    isDeleted: false,
    secretaries: [],
    responsible: [],
  },
  expectedCompletionDateTime: "2027-03-15",
  hiringPlanProcessNumber: null,
  categories: [],
  description: null,
  priority: null,
  priorityJustification: null,
  needOfHiringJustification: null,
  demandFormalizationBinding: [],
  hasDemandFormalizationBinding: null,
  batches: [],
  updatedDate: "2026-11-20T13:00:00.000Z",
};

function renderPage(doc: DemandFormalization = empty, processDetail: ProcessDetail = process) {
  const saves: unknown[] = [];
  mockApi({
    "POST /api/app/process/read": () => ({ body: processDetail }),
    "POST /api/app/demandFormalization/read": () => ({ body: doc }),
    "POST /api/app/demandFormalization/category/list": () => ({
      body: { categories: [{ id: 1, description: "Material de consumo" }] },
    }),
    "POST /api/app/demandFormalization/save": (body) => {
      saves.push(body);
      return {
        body: {
          data: { ...doc, ...(body as object), process: doc.process, updatedDate: new Date().toISOString() },
        },
      };
    },
  });
  renderRoutes(
    [
      { path: "/cadastrar/processos/:id/formalizacao-de-demanda", element: <DemandFormalizationPage /> },
      { path: "/cadastrar/processos/:id/edicao", element: <h1>Administração</h1> },
    ],
    "/cadastrar/processos/p-1/formalizacao-de-demanda",
  );
  return saves;
}

describe("DemandFormalizationPage", () => {
  it("shows the numbered menu of §2.5 with a check on the filled sub-step, and the process number", async () => {
    renderPage();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Documento de Formalização de Demanda" }),
    ).toBeInTheDocument();
    const menu = screen.getByRole("navigation", { name: "Campos de Preenchimento" });
    expect(within(menu).getByText("1. Informações Gerais")).toBeInTheDocument();
    expect(
      within(menu).getByText("4. Identificação da Área Requisitante e Responsáveis"),
    ).toBeInTheDocument();
    // Only the expected date holds data.
    expect(within(menu).getByRole("button", { name: /Data Prevista.*preenchida/ })).toHaveAttribute(
      "aria-current",
      "step",
    );
    expect(within(menu).getByRole("button", { name: /Descrição.*não preenchida/ })).toBeInTheDocument();
    expect(screen.getByText("PA 5/2026")).toBeInTheDocument();
    expect(screen.getByLabelText(/Data prevista para conclusão/)).toHaveValue("15/03/2027");
  });

  it("requires the justification of a high priority before saving, then saves and moves on (§4, §2.4)", async () => {
    const user = userEvent.setup();
    const saves = renderPage();
    const menu = await screen.findByRole("navigation", { name: "Campos de Preenchimento" });
    await user.click(within(menu).getByRole("button", { name: /Prioridade da Compra/ }));
    const save = screen.getByRole("button", { name: "Salvar e Avançar" });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole("radio", { name: "Alta" }));
    expect(save).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: /Justificativa/ }), "Estoque zerado");
    await user.click(save);
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({
      process: { id: "p-1" },
      priority: "HIGH",
      priorityJustification: "Estoque zerado",
    });
    expect(await screen.findByText("Formalização de demanda salva com sucesso")).toBeInTheDocument();
    // The next sub-step in menu order.
    expect(
      await screen.findByRole("heading", { level: 2, name: "Justificativa da Contratação" }),
    ).toBeInTheDocument();
  });

  it("adds linked demands with Enter and removes them, saving the list (§2.5 'Dependencies')", async () => {
    const user = userEvent.setup();
    const saves = renderPage();
    const menu = await screen.findByRole("navigation", { name: "Campos de Preenchimento" });
    await user.click(within(menu).getByRole("button", { name: /Demandas Vinculadas/ }));
    const input = screen.getByRole("textbox", { name: "Número da Formalização de Demanda Vinculada" });
    await user.type(input, "DFD 3/2026{Enter}");
    await user.type(input, "   {Enter}");
    await user.type(input, "DFD 4/2026");
    await user.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(screen.getByText("DFD 3/2026")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Excluir DFD 4/2026" }));
    await user.click(screen.getByRole("button", { name: "Salvar e Avançar" }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({ process: { id: "p-1" }, demandFormalizationBinding: ["DFD 3/2026"] });
  });

  it("reads only when the process is deleted: no save button, a note saying why", async () => {
    renderPage(empty, { ...process, isDeleted: true });
    expect(await screen.findByText(/Este processo está excluído/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Salvar e Avançar" })).toBeNull();
  });
});
