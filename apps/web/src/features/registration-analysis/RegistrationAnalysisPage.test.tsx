import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { newQueryClient, renderWithMantine } from "../../test/render";
import type { AnalysisDetail, AnalysisSummary } from "./api";
import { RegistrationAnalysisPage } from "./RegistrationAnalysisPage";

// Issue 13 item 4: the staff console; notices-and-accounts §4 "Buyer registration" (approve, or
// reject with the reason), §9 "Registration analysis" (24 business hours, oldest first).

afterEach(() => {
  vi.unstubAllGlobals();
});

function summary(overrides: Partial<AnalysisSummary> = {}): AnalysisSummary {
  return {
    id: "r1",
    subjectKind: "BUYER",
    subject: {
      id: "b1",
      name: "Câmara Municipal de Exemplo",
      document: "47821365000140",
      documentKind: "CNPJ",
    },
    submittedAt: "2026-11-19T13:00:00.000Z",
    dueAt: "2026-11-23T13:00:00.000Z",
    overdue: false,
    submittedBy: { name: "Juliana Prates", email: "camara@demo.gov.br" },
    previousRejections: 0,
    decision: null,
    reason: null,
    decidedAt: null,
    decidedBy: null,
    ...overrides,
  };
}

const older = summary({
  id: "r0",
  subjectKind: "SUPPLIER",
  subject: { id: "s1", name: "Lins Materiais Ltda", document: "58392047000128", documentKind: "CNPJ" },
  submittedAt: "2026-11-18T12:00:00.000Z",
  dueAt: "2026-11-19T12:00:00.000Z",
  overdue: true,
});

function detail(): AnalysisDetail {
  return {
    ...summary(),
    buyer: {
      id: "b1",
      corporateName: "Câmara Municipal de Exemplo",
      cnpj: "47821365000140",
      website: null,
      phoneNumber: "1133335555",
      registrationStatus: "PENDING",
      address: {
        postalCode: "01310100",
        street: "Rua das Flores",
        number: "250",
        complement: null,
        district: "Centro",
        city: "Exemplo",
        state: "SP",
        ibgeCode: null,
      },
      account: { name: "Câmara Municipal de Exemplo", email: "camara@demo.gov.br" },
      competentAuthority: { name: "Luísa Fernandes", email: null, cpf: "41873620535", cnpj: null },
      secretaryOffices: [{ id: "o1", name: "Diretoria Administrativa", cnpj: null }],
      staff: [
        {
          id: "st1",
          name: "Renato Queiroz",
          email: "licitacoes@camara.demo.gov.br",
          cpf: null,
          roles: ["AUCTIONEER"],
          department: null,
          internalPosition: null,
        },
      ],
      documents: [
        {
          id: "d1",
          name: "Termo de adesão assinado",
          kind: "MEMBERSHIP_TERMS",
          sha256: "ab".repeat(32),
          mimeType: "application/pdf",
          size: 1000,
          createdDate: "2026-11-19T12:50:00.000Z",
          url: "/api/app/registrationAnalysis/file/f1",
        },
      ],
      membershipSignature: null,
    },
    history: [
      {
        id: "r-old",
        submittedAt: "2026-11-10T12:00:00.000Z",
        decision: "REJECTED",
        reason: "Termo sem assinatura.",
        decidedAt: "2026-11-11T12:00:00.000Z",
        decidedBy: { name: "Equipe Certame" },
      },
    ],
  };
}

function render() {
  renderWithMantine(
    <QueryClientProvider client={newQueryClient()}>
      <RegistrationAnalysisPage />
    </QueryClientProvider>,
  );
}

describe("/analise-de-cadastros", () => {
  it("lists the open analyses oldest first with the due time in Brasília and the late badge", async () => {
    const api = mockApi({
      "POST /api/app/registrationAnalysis/list": () => ({
        body: { analyses: [older, summary()], total: 2, page: 1, limit: 20 },
      }),
    });
    render();
    const table = await screen.findByRole("table", { name: "Cadastros aguardando análise" });
    await within(table).findByText("Lins Materiais Ltda");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText("Lins Materiais Ltda")).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText("19/11/2026 09:00")).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText("Atrasado")).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText("23/11/2026 10:00")).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).queryByText("Atrasado")).toBeNull();
    expect(within(rows[1] as HTMLElement).getByText("CNPJ 47.821.365/0001-40")).toBeInTheDocument();
    expect(api.calls[0]?.body).toEqual({ status: "PENDING", page: 1, limit: 20 });
  });

  it("opens one with its data and document link; 'Aprovar' confirms, decides and announces", async () => {
    let open = [summary()];
    const api = mockApi({
      "POST /api/app/registrationAnalysis/list": () => ({
        body: { analyses: open, total: open.length, page: 1, limit: 20 },
      }),
      "POST /api/app/registrationAnalysis/read": () => ({ body: detail() }),
      "POST /api/app/registrationAnalysis/approve": () => {
        open = [];
        return { body: { ...summary(), decision: "APPROVED", mailed: true } };
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Abrir Câmara Municipal de Exemplo" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("Luísa Fernandes")).toBeInTheDocument();
    expect(within(dialog).getByText("Diretoria Administrativa")).toBeInTheDocument();
    expect(within(dialog).getByText("Pregoeiro / Agente de contratação")).toBeInTheDocument();
    expect(within(dialog).getByText("Motivo: Termo sem assinatura.")).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Baixar Termo de adesão assinado" })).toHaveAttribute(
      "href",
      "/api/app/registrationAnalysis/file/f1",
    );
    await user.click(within(dialog).getByRole("button", { name: "Aprovar" }));
    const confirm = await screen.findByRole("dialog", { name: "Aprovar cadastro" });
    await user.click(within(confirm).getByRole("button", { name: "Aprovar" }));
    await waitFor(() =>
      expect(screen.getByTestId("analysis-announcer")).toHaveTextContent(
        "Cadastro de Câmara Municipal de Exemplo aprovado. O usuário foi avisado por e-mail.",
      ),
    );
    expect(api.calls.find((c) => c.path.endsWith("/approve"))?.body).toEqual({ id: "r1" });
    expect(await screen.findByText("Nenhum cadastro aguardando análise.")).toBeInTheDocument();
  });

  it("'Reprovar' requires the reason (at least 10 characters) and sends it", async () => {
    const api = mockApi({
      "POST /api/app/registrationAnalysis/list": () => ({
        body: { analyses: [summary()], total: 1, page: 1, limit: 20 },
      }),
      "POST /api/app/registrationAnalysis/read": () => ({ body: detail() }),
      "POST /api/app/registrationAnalysis/reject": () => ({
        body: { ...summary(), decision: "REJECTED", mailed: true },
      }),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Abrir Câmara Municipal de Exemplo" }));
    await user.click(await screen.findByRole("button", { name: "Reprovar" }));
    const modal = await screen.findByRole("dialog", { name: "Reprovar cadastro" });
    await user.click(within(modal).getByRole("button", { name: "Reprovar" }));
    expect(within(modal).getByText("Informe o motivo da reprovação.")).toBeInTheDocument();
    const reason = within(modal).getByRole("textbox", { name: /Motivo da reprovação/ });
    await user.type(reason, "curto");
    await user.click(within(modal).getByRole("button", { name: "Reprovar" }));
    expect(within(modal).getByText("O motivo deve ter de 10 a 2000 caracteres.")).toBeInTheDocument();
    expect(within(modal).getByText("5 / 2000")).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.endsWith("/reject"))).toBe(false);
    await user.type(reason, " demais: falta o termo assinado");
    await user.click(within(modal).getByRole("button", { name: "Reprovar" }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path.endsWith("/reject"))?.body).toEqual({
        id: "r1",
        reason: "curto demais: falta o termo assinado",
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId("analysis-announcer")).toHaveTextContent(
        "Cadastro de Câmara Municipal de Exemplo reprovado. O motivo foi enviado por e-mail ao usuário.",
      ),
    );
  });

  it("shows the server's message when the analysis was already decided by someone else", async () => {
    mockApi({
      "POST /api/app/registrationAnalysis/list": () => ({
        body: { analyses: [summary()], total: 1, page: 1, limit: 20 },
      }),
      "POST /api/app/registrationAnalysis/read": () => ({ body: detail() }),
      "POST /api/app/registrationAnalysis/approve": () => ({
        status: 409,
        body: { message: "Esta análise já foi concluída." },
      }),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Abrir Câmara Municipal de Exemplo" }));
    await user.click(await screen.findByRole("button", { name: "Aprovar" }));
    const confirm = await screen.findByRole("dialog", { name: "Aprovar cadastro" });
    await user.click(within(confirm).getByRole("button", { name: "Aprovar" }));
    await waitFor(() =>
      expect(screen.getByTestId("analysis-announcer")).toHaveTextContent("Esta análise já foi concluída."),
    );
  });
});
