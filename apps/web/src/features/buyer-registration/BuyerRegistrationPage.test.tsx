import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { newQueryClient, renderWithMantine } from "../../test/render";
import type { BuyerRegistrationView } from "./api";
import { BuyerRegistrationPage } from "./BuyerRegistrationPage";
import { BuyerRenewal } from "./BuyerRenewal";
import { bodyFormErrors, bodyFormFrom, EMPTY_BODY_FORM, unlockedSections } from "./buyer-form-model";

afterEach(() => {
  vi.unstubAllGlobals();
});

const REGISTRANT = { id: "u1", name: "Registrante", email: "r@orgao.gov.br", kind: "BUYER" };
const MEMBER = {
  ...REGISTRANT,
  buyer: {
    id: "b1",
    corporateName: "Prefeitura de Teste",
    staffRoles: [],
    isBuyerAccount: true,
    isCompetentAuthority: false,
    registrationStatus: "IN_PROGRESS",
  },
};

function saved(overrides: Partial<BuyerRegistrationView> = {}): BuyerRegistrationView {
  return {
    id: "b1",
    corporateName: "Prefeitura de Teste",
    cnpj: "11222333000181",
    website: null,
    phoneNumber: "1133334444",
    registrationStatus: "IN_PROGRESS",
    analysisDueAt: null,
    rejection: null,
    documents: [],
    membershipSignature: null,
    address: {
      postalCode: "01310100",
      street: "Avenida Paulista",
      number: "1000",
      district: "Bela Vista",
      city: "São Paulo",
      state: "SP",
      complement: null,
      ibgeCode: "3550308",
    },
    competentAuthority: {
      name: "Prefeitura de Teste",
      cnpj: "11222333000181",
      user: {
        id: "u2",
        name: "Helena Prado",
        email: "helena@orgao.gov.br",
        cpf: "52998224725",
        phoneNumber: "11988887777",
      },
    },
    secretaries: [],
    staffMembers: [],
    ...overrides,
  };
}

function render(page: "wizard" | "renewal" = "wizard") {
  renderWithMantine(
    <QueryClientProvider client={newQueryClient()}>
      <MemoryRouter>{page === "wizard" ? <BuyerRegistrationPage /> : <BuyerRenewal />}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the accreditation wizard's sections (§2.11)", () => {
  it("opens only the first section at the start, with the introduction and the analysis rules (§9)", async () => {
    mockApi({ "POST /api/app/auth/me": () => ({ body: { user: REGISTRANT } }) });
    render();
    expect(await screen.findByRole("button", { name: /1\. Preenchimento Órgãos/ })).toBeEnabled();
    for (const name of [
      /2\. Demais usuários/,
      /3\. Assinatura do Termo/,
      /4\. Anexar Termo de Adesão/,
      /5\. Finalização/,
    ])
      expect(screen.getByRole("button", { name })).toBeDisabled();
    expect(
      screen.getByText("O cadastro é analisado pela equipe da plataforma em até 24 horas úteis."),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Cadastros finalizados até as 17h em dias úteis são analisados no mesmo dia."),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "Aguarde ao menos uma hora antes de entrar em contato com o suporte para pedir prioridade.",
      ),
    ).toBeInTheDocument();
  });

  it("unlocks each section once the previous one is saved", () => {
    expect([...unlockedSections(null, false)]).toEqual(["body"]);
    expect([...unlockedSections(saved(), false)]).toEqual(["body", "users"]);
    const withAuctioneer = saved({
      staffMembers: [
        {
          id: "s1",
          role: ["AUCTIONEER"],
          kind: "default",
          department: null,
          internalPosition: null,
          registrationNumber: null,
          appointmentOrderNumber: null,
          appointmentOrderDate: null,
          secretariesOffice: [],
          user: { id: "u3", name: "Paulo", email: "p@o.gov.br", cpf: null, phoneNumber: null },
        },
      ],
    });
    expect([...unlockedSections(withAuctioneer, false)]).toEqual(["body", "users", "signature"]);
    expect([...unlockedSections(withAuctioneer, true)]).toEqual(["body", "users", "signature", "attach"]);
    const attached = {
      ...withAuctioneer,
      documents: [
        {
          id: "d1",
          name: "termo.pdf",
          kind: "MEMBERSHIP_TERMS" as const,
          url: "/api/app/buyer/document/d1",
          sha256: "x",
          size: 1,
          createdDate: "2026-03-10T13:00:00Z",
        },
      ],
    };
    expect([...unlockedSections(attached, false)]).toEqual([
      "body",
      "users",
      "signature",
      "attach",
      "finish",
    ]);
  });

  it("shows the analysis and its due time once completed, and the reason after a rejection", async () => {
    mockApi({
      "POST /api/app/auth/me": () => ({ body: { user: MEMBER } }),
      "POST /api/app/buyer/read": () => ({
        body: saved({ registrationStatus: "PENDING", analysisDueAt: "2026-03-11T13:00:00.000Z" }),
      }),
    });
    render();
    expect(await screen.findByText("Cadastro em análise")).toBeInTheDocument();
    expect(screen.getByText(/até 11\/03\/2026 10:00/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Preenchimento Órgãos/ })).not.toBeInTheDocument();
  });

  it("shows the rejection reason and lets the user correct the registration", async () => {
    mockApi({
      "POST /api/app/auth/me": () => ({ body: { user: MEMBER } }),
      "POST /api/app/buyer/read": () => ({
        body: saved({
          registrationStatus: "REJECTED",
          rejection: { reason: "Termo ilegível.", decidedAt: null },
        }),
      }),
    });
    render();
    expect(await screen.findByText("Cadastro devolvido para correção")).toBeInTheDocument();
    expect(screen.getByTestId("rejection-reason")).toHaveTextContent("Termo ilegível.");
    expect(screen.getByRole("button", { name: /1\. Preenchimento Órgãos/ })).toBeEnabled();
  });
});

describe("'Preenchimento Órgãos' (§5 'Buyer body form', 'Competent authority'; §2.17)", () => {
  it("fills and locks the company fields from the CNPJ, mirrors them into the authority, and the address from the CEP", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      "POST /api/app/auth/me": () => ({ body: { user: REGISTRANT } }),
      "POST /api/integrations/getCompanyInformation": () => ({
        body: {
          cnpj: "11222333000181",
          corporateName: "Município de Águas Claras",
          postalCode: "01310100",
          phoneNumber: "(11) 3333-4444",
        },
      }),
      "POST /api/integrations/getAddressByPostalCode": () => ({
        body: {
          postalCode: "01310100",
          street: "Avenida Paulista",
          complement: null,
          district: "Bela Vista",
          city: "São Paulo",
          state: "SP",
          ibgeCode: "3550308",
        },
      }),
    });
    render();
    await user.type(await screen.findByLabelText(/^CNPJ \*?$/), "11222333000181");
    const name = screen.getByLabelText(/^Razão social/);
    await waitFor(() => expect(name).toHaveValue("Município de Águas Claras"));
    expect(name).toHaveAttribute("readonly");
    expect(screen.getByLabelText(/^Telefone \*?$/)).toHaveValue("(11) 3333-4444");
    expect(screen.getByLabelText(/^Nome da autoridade competente/)).toHaveValue("Município de Águas Claras");
    expect(screen.getByLabelText(/^CNPJ da autoridade competente/)).toHaveValue("11.222.333/0001-81");
    // The CEP the lookup gave is looked up too: the address fills and locks.
    await waitFor(() => expect(screen.getByLabelText(/^Logradouro/)).toHaveValue("Avenida Paulista"));
    expect(screen.getByLabelText(/^Logradouro/)).toHaveAttribute("readonly");
    expect(screen.getByLabelText(/^Bairro/)).toHaveValue("Bela Vista");
    expect(screen.getByLabelText(/^Código IBGE/)).toHaveValue("3550308");
    expect(calls.filter((c) => c.path === "/api/integrations/getCompanyInformation")).toHaveLength(1);
  });

  it("keeps 'Salvar' disabled until the form is valid, and puts the server's errors on the fields", async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      "POST /api/app/auth/me": () => ({ body: { user: REGISTRANT } }),
      "POST /api/integrations/getCompanyInformation": () => ({
        status: 404,
        body: { message: "CNPJ não encontrado" },
      }),
      "POST /api/integrations/getAddressByPostalCode": () => ({
        status: 404,
        body: { message: "CEP não encontrado" },
      }),
      "POST /api/app/buyer/saveRegistration": () => ({
        status: 400,
        body: {
          message: "Dados inválidos",
          properties: [
            { property: "cnpj", errorMessages: ["CNPJ já cadastrado"] },
            {
              property: "competentAuthority.user.email",
              errorMessages: ["Usuário já vinculado a outro órgão."],
            },
          ],
        },
      }),
    });
    render();
    const save = await screen.findByRole("button", { name: "Salvar dados do órgão" });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText(/^CNPJ \*?$/), "11222333000181");
    await user.type(screen.getByLabelText(/^Razão social/), "Prefeitura de Teste");
    await user.type(screen.getByLabelText(/^CEP/), "01310100");
    // A CEP the service does not know is marked 'CEP inválido' (§5) and the fields stay open.
    expect(await screen.findByText("CEP inválido")).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^CEP/));
    await user.type(screen.getByLabelText(/^Logradouro/), "Rua A");
    await user.type(screen.getByLabelText(/^Número/), "10");
    await user.type(screen.getByLabelText(/^Bairro/), "Centro");
    await user.type(screen.getByLabelText(/^Cidade/), "Teste");
    await user.click(screen.getAllByLabelText(/^Estado/).find((e) => e.tagName === "INPUT") as HTMLElement);
    await user.click(await screen.findByRole("option", { name: "SP — São Paulo" }));
    await user.type(screen.getByLabelText(/^Telefone \*?$/), "1133334444");
    await user.type(screen.getByLabelText(/^Nome do responsável/), "Helena Prado");
    await user.type(screen.getByLabelText(/^E-mail do responsável/), "helena@orgao.gov.br");
    await user.type(screen.getByLabelText(/^CPF do responsável/), "52998224726");
    // A CPF with a wrong check digit is named at once (§5) and keeps the form invalid.
    expect(screen.getByText("CPF inválido")).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(screen.getByLabelText(/^CPF do responsável/));
    await user.type(screen.getByLabelText(/^CPF do responsável/), "52998224725");
    expect(save).toBeDisabled(); // the CEP is still empty
    await user.type(screen.getByLabelText(/^CEP/), "01310-10");
    await user.type(screen.getByLabelText(/^Telefone do responsável/), "11988887777");
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText(/^CEP/), "1");
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText("CNPJ já cadastrado")).toBeInTheDocument();
    expect(screen.getByText("Usuário já vinculado a outro órgão.")).toBeInTheDocument();
  });

  it("the renewal shows the saved body without looking the CNPJ up on load (§2.2), with the first two sections only", async () => {
    const { calls } = mockApi({
      "POST /api/app/auth/me": () => ({ body: { user: MEMBER } }),
      "POST /api/app/buyer/read": () => ({ body: saved({ registrationStatus: "APPROVED" }) }),
    });
    render("renewal");
    const cnpj = await screen.findByLabelText(/^CNPJ \*?$/);
    expect(cnpj).toHaveValue("11.222.333/0001-81");
    // Completed once: the CNPJ is the body's identity.
    expect(cnpj).toHaveAttribute("readonly");
    expect(screen.getByLabelText(/^Logradouro/)).toHaveValue("Avenida Paulista");
    expect(screen.getByRole("button", { name: /2\. Demais usuários/ })).toBeEnabled();
    expect(screen.queryByRole("button", { name: /Assinatura do Termo/ })).not.toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.map((c) => c.path)).not.toContain("/api/integrations/getCompanyInformation");
    expect(calls.map((c) => c.path)).not.toContain("/api/integrations/getAddressByPostalCode");
  });

  it("names the rule each field breaks by the server's property paths", () => {
    const form = bodyFormFrom(saved());
    expect(bodyFormErrors(form)).toEqual({});
    expect(bodyFormErrors({ ...form, phoneNumber: "3333-4444", ibgeCode: "12" })).toEqual({
      phoneNumber: "Telefone inválido: informe o DDD e o número",
      "address.ibgeCode": "Código IBGE inválido",
    });
    expect(Object.keys(bodyFormErrors(EMPTY_BODY_FORM))).toContain("competentAuthority.user.email");
  });
});

describe("'Demais usuários' staff modal (§5 'Staff user')", () => {
  it("requires at least one profile, defaulting to the auctioneer, and sends the staff row", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      "POST /api/app/auth/me": () => ({ body: { user: MEMBER } }),
      "POST /api/app/buyer/read": () => ({ body: saved() }),
      "POST /api/app/user/check": () => ({ body: { email: { inUse: false }, cpf: { inUse: false } } }),
      "POST /api/app/buyer/createSupportingStaff": () => ({
        body: { ids: ["s1"], invited: ["paulo@orgao.gov.br"] },
      }),
    });
    render();
    await user.click(await screen.findByRole("button", { name: /2\. Demais usuários/ }));
    await user.click(await screen.findByRole("button", { name: "Adicionar usuário" }));
    const dialog = await screen.findByRole("dialog", { name: "Usuário da equipe" });
    const modal = within(dialog);
    await user.type(modal.getByLabelText(/^Nome/), "Paulo Pregoeiro");
    await user.type(modal.getByLabelText(/^E-mail/), "paulo@orgao.gov.br");
    await user.type(modal.getByLabelText(/^CPF/), "52998224725");
    await user.type(modal.getByLabelText(/^Telefone/), "1133331111");
    await user.type(modal.getByLabelText(/^Celular/), "11999991111");
    const save = modal.getByRole("button", { name: "Salvar" });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() =>
      expect(calls.some((c) => c.path === "/api/app/buyer/createSupportingStaff")).toBe(true),
    );
    const sent = calls.find((c) => c.path === "/api/app/buyer/createSupportingStaff")?.body as {
      buyerStaffData: { role: string[]; user: { cellphoneNumber: string } }[];
    };
    expect(sent.buyerStaffData[0]?.role).toEqual(["AUCTIONEER"]);
    expect(sent.buyerStaffData[0]?.user.cellphoneNumber).toBe("(11) 99999-1111");
  });
});
