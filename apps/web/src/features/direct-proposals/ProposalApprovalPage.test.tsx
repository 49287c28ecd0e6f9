import { DIRECT_LIVE_ACTIONS } from "@certame/domain";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeSockets } from "../../test/fake-socket";
import { mockApi } from "../../test/fetch-mock";
import { renderRoutes } from "../../test/render";
import type { DirectProposal } from "./api";
import { ProposalApprovalPage } from "./ProposalApprovalPage";
import { ProposalSendPage } from "./ProposalSendPage";

// The direct procedures' proposals (issue 19 item 2): the body's analysis and the supplier's sending.

afterEach(() => {
  vi.unstubAllGlobals();
});

const NOTICE = {
  id: "n1",
  noticeNumber: "CR 01/2026",
  processNumber: "PA 0150/2026",
  objectOfInterest: "Credenciamento de clínicas",
  modality: "DIRECT_ACCREDITATION",
  status: "PUBLISHED",
  buyerName: "Prefeitura Municipal de Exemplo",
};

const proposal = (over: Partial<DirectProposal> = {}): DirectProposal => ({
  id: "p1",
  auctionNoticeId: "n1",
  kind: "INITIAL_VALUES",
  kindLabel: "Proposta inicial de valores",
  status: "PENDING",
  statusLabel: "Em análise",
  fileName: "proposta.pdf",
  description: "",
  sentAt: "2026-12-01T13:00:00.000Z",
  reason: null,
  decidedAt: null,
  decidedByName: null,
  supplier: { id: "s1", name: "Clínica Um Ltda", documentNumber: "12345678000190", isSmallBusiness: true },
  ...over,
});

describe("ProposalApprovalPage", () => {
  it("approves a pending proposal and asks the reason of a rejection on its field", async () => {
    const api = mockApi({
      "POST /api/app/directProposal/list": () => ({ body: { notice: NOTICE, proposals: [proposal()] } }),
      "POST /api/app/directProposal/decide": (body) =>
        (body as { decision: string }).decision === "REJECTED"
          ? {
              status: 400,
              body: {
                message: "Informe o motivo da reprovação.",
                properties: [{ property: "reason", errorMessages: ["Informe o motivo da reprovação."] }],
              },
            }
          : { body: proposal({ status: "APPROVED", statusLabel: "Aprovada" }) },
    });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: "/p/:id", element: <ProposalApprovalPage createSocket={fakeSockets().create} /> }],
      "/p/n1",
    );
    const table = await screen.findByRole("table", { name: "Analisar e aprovar propostas" });
    expect(within(table).getByText("Clínica Um Ltda")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("1 proposta aguardando análise");

    await user.click(within(table).getByRole("button", { name: "Reprovar Clínica Um Ltda" }));
    const dialog = await screen.findByRole("dialog", { name: "Reprovar proposta" });
    await user.click(within(dialog).getByRole("button", { name: "Reprovar" }));
    expect(await within(dialog).findByText("Informe o motivo da reprovação.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));

    await user.click(within(table).getByRole("button", { name: "Aprovar Clínica Um Ltda" }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === "/api/app/directProposal/decide").at(-1)?.body).toEqual({
        id: "p1",
        decision: "APPROVED",
      }),
    );
  });
});

describe("ProposalApprovalPage, answers out of order", () => {
  it("an earlier approval's late answer does not close the rejection dialog opened meanwhile", async () => {
    let answerApproval: () => void = () => {};
    const second = proposal({
      id: "p2",
      supplier: {
        id: "s2",
        name: "Clínica Dois Ltda",
        documentNumber: "98765432000110",
        isSmallBusiness: false,
      },
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), "http://localhost").pathname;
        const json = (body: unknown) =>
          new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
        if (path === "/api/app/directProposal/list")
          return json({ notice: NOTICE, proposals: [proposal(), second] });
        // The approval's answer waits until the test lets it go.
        await new Promise<void>((resolve) => {
          answerApproval = resolve;
        });
        return json(proposal({ status: "APPROVED", statusLabel: "Aprovada" }));
      }),
    );
    const user = userEvent.setup();
    renderRoutes(
      [{ path: "/p/:id", element: <ProposalApprovalPage createSocket={fakeSockets().create} /> }],
      "/p/n1",
    );
    const table = await screen.findByRole("table", { name: "Analisar e aprovar propostas" });
    await user.click(within(table).getByRole("button", { name: "Aprovar Clínica Um Ltda" }));
    await user.click(within(table).getByRole("button", { name: "Reprovar Clínica Dois Ltda" }));
    const dialog = await screen.findByRole("dialog", { name: "Reprovar proposta" });
    await user.type(within(dialog).getByRole("textbox", { name: /Motivo da reprovação/ }), "Sem assinatura");
    answerApproval();
    expect(await screen.findByText("Proposta aprovada.")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Reprovar proposta" })).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: /Motivo da reprovação/ })).toHaveValue(
      "Sem assinatura",
    );
  });
});

describe("ProposalApprovalPage live", () => {
  it("shows a supplier's new proposal when the live channel tells, and announces it", async () => {
    let proposals = [proposal()];
    mockApi({
      "POST /api/app/directProposal/list": () => ({ body: { notice: NOTICE, proposals } }),
    });
    const sockets = fakeSockets();
    renderRoutes(
      [{ path: "/p/:id", element: <ProposalApprovalPage createSocket={sockets.create} /> }],
      "/p/n1",
    );
    const table = await screen.findByRole("table", { name: "Analisar e aprovar propostas" });
    act(() => sockets.last.open());
    expect(sockets.last.events("register")).toEqual([
      { token: null, auctionNoticeId: "n1", scope: "DIRECT_PROCEDURE" },
    ]);
    act(() => sockets.last.receive("REGISTERED", { seq: 0 }));
    proposals = [
      proposal(),
      proposal({ id: "p2", supplier: { ...proposal().supplier, id: "s2", name: "Clínica Dois Ltda" } }),
    ];
    act(() =>
      sockets.last.receive(DIRECT_LIVE_ACTIONS.proposalSent, { auctionNoticeId: "n1", proposalId: "p2" }),
    );
    expect(await within(table).findByText("Clínica Dois Ltda")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(
      "Nova proposta recebida. 2 propostas aguardando análise",
    );
  });
});

describe("ProposalSendPage", () => {
  it("asks for the PDF before sending and lists the supplier's proposals with the body's reason", async () => {
    const api = mockApi({
      "POST /api/app/directProposal/results": () => ({
        body: {
          notice: NOTICE,
          approved: [],
          mine: [
            proposal({ status: "REJECTED", statusLabel: "Reprovada", reason: "Valores acima da tabela." }),
          ],
        },
      }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: "/p/:id", element: <ProposalSendPage /> }], "/p/n1");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Anexar proposta assinada" }),
    ).toBeInTheDocument();
    const mine = await screen.findByRole("table", { name: "Minhas propostas" });
    expect(within(mine).getByText("Valores acima da tabela.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Enviar proposta" }));
    expect(await screen.findByText("Selecione o arquivo da proposta em PDF.")).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === "/api/app/directProposal/send")).toBe(false);
  });
});
