import { SMALL_BUSINESS_LEGAL_NOTE, SUPPLIER_DECLARATIONS } from "@certame/domain";
import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { newQueryClient, renderWithMantine } from "../../test/render";
import { SESSION_QUERY_KEY } from "../auth/session";
import type { SessionUser } from "../auth/types";
import type { SupplierRegistration } from "./api";
import { SupplierRegistrationPage } from "./SupplierRegistrationPage";
import { SupplierRenewal } from "./SupplierRenewal";

// The supplier's own registration (notices-and-accounts §2.12, §2.17 autocomplete, §5 masks and
// CNPJ/CEP rules, §9 "Registration analysis").

afterEach(() => {
  vi.unstubAllGlobals();
});

const SUPPLIER_USER: SessionUser = {
  id: "u1",
  name: "Maria",
  email: "maria@exemplo.com.br",
  kind: "SUPPLIER",
};

function render(ui: ReactElement, user: SessionUser = SUPPLIER_USER) {
  const client = newQueryClient();
  client.setQueryData(SESSION_QUERY_KEY, user);
  renderWithMantine(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const fresh: SupplierRegistration = {
  id: "s1",
  code: 7,
  credentialKind: "LEGAL_PERSON",
  documentNumber: "11222333000181",
  name: null,
  corporateName: "Exemplo Ltda",
  tradeName: null,
  isSmallBusiness: false,
  email: null,
  phoneNumber: null,
  cellphoneNumber: null,
  tradeRepresentativeName: null,
  tradeRepresentativeCpf: null,
  address: {
    postalCode: null,
    street: null,
    number: null,
    district: null,
    city: null,
    state: null,
    complement: null,
    ibgeCode: null,
  },
  registrationStatus: "IN_PROGRESS",
  declarations: SUPPLIER_DECLARATIONS.map((d) => ({
    id: d.id,
    text: d.text,
    accepted: false,
    acceptedAt: null,
  })),
  documents: [],
  membershipSignature: null,
  rejectionReason: null,
  rejectedAt: null,
  analysisDueAt: null,
  pendingRequirements: [
    { property: "email", errorMessages: ["Campo obrigatório"] },
    { property: "declarations", errorMessages: ["x"] },
    { property: "membershipTerms", errorMessages: ["x"] },
  ],
};

const complete: SupplierRegistration = {
  ...fresh,
  corporateName: "EXEMPLO COMERCIO LTDA",
  tradeName: "EXEMPLO",
  isSmallBusiness: true,
  email: "contato@exemplo.com.br",
  phoneNumber: "1133334444",
  tradeRepresentativeName: "Maria Souza",
  tradeRepresentativeCpf: "11144477735",
  address: {
    postalCode: "01001000",
    street: "Praça da Sé",
    number: "100",
    district: "Sé",
    city: "São Paulo",
    state: "SP",
    complement: null,
    ibgeCode: "3550308",
  },
  declarations: fresh.declarations.map((d) => ({
    ...d,
    accepted: true,
    acceptedAt: "2026-12-02T13:00:00.000Z",
  })),
  documents: [
    {
      id: "d1",
      name: "termo-assinado.pdf",
      kind: "MEMBERSHIP_TERMS",
      url: "/api/app/file/f1",
      createdDate: "2026-12-02T13:00:00.000Z",
      sha256: "ab",
    },
  ],
  membershipSignature: {
    provider: "upload",
    status: "SIGNED",
    requestedAt: "2026-12-02T13:00:00.000Z",
    signedAt: "2026-12-02T13:00:00.000Z",
    hasDigitalSignature: true,
  },
  pendingRequirements: [],
};

const started = {
  ...SUPPLIER_USER,
  supplier: { id: "s1", name: "Exemplo", isSmallBusiness: false, subscriptionEndDate: null },
};

describe("/cadastro-de-fornecedor", () => {
  it("identifies a company: the CNPJ needs its check digits, its lookup fills the name read-only, then the registration starts", async () => {
    const api = mockApi({
      "POST /api/integrations/getCompanyInformation": () => ({
        body: { cnpj: "11222333000181", corporateName: "EXEMPLO COMERCIO LTDA", tradeName: "EXEMPLO" },
      }),
      "POST /api/app/supplier/startRegistration": () => ({ body: fresh }),
      "GET /api/app/auth/me": () => ({ body: { user: started } }),
    });
    render(<SupplierRegistrationPage />);
    const user = userEvent.setup();
    const start = screen.getByRole("button", { name: "Iniciar cadastro" });
    expect(start).toBeDisabled();
    await user.click(screen.getByRole("radio", { name: "Pessoa física" }));
    await user.type(screen.getByRole("textbox", { name: "CPF" }), "52998224724");
    expect(screen.getByText("CPF inválido")).toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: "Pessoa jurídica" }));
    const cnpj = screen.getByRole("textbox", { name: "CNPJ" });
    await user.type(cnpj, "11222333000182");
    expect(screen.getByText("CNPJ inválido")).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.endsWith("getCompanyInformation"))).toBe(false);
    await user.clear(cnpj);
    await user.type(cnpj, "11222333000181");
    const name = screen.getByRole("textbox", { name: "Razão social" });
    await waitFor(() => expect(name).toHaveValue("EXEMPLO COMERCIO LTDA"));
    expect(name).toHaveAttribute("readonly");
    expect(start).toBeEnabled();
    await user.click(start);
    await waitFor(() =>
      expect(api.calls.find((c) => c.path.endsWith("startRegistration"))?.body).toEqual({
        credentialKind: "LEGAL_PERSON",
        documentNumber: "11.222.333/0001-81",
        corporateName: "EXEMPLO COMERCIO LTDA",
      }),
    );
    expect(await screen.findByText("Cadastro iniciado")).toBeInTheDocument();
  });

  it("shows the server's refusal of a document on the field", async () => {
    mockApi({
      "POST /api/app/supplier/startRegistration": () => ({
        status: 400,
        body: {
          message: "CPF já cadastrado",
          properties: [{ property: "documentNumber", errorMessages: ["CPF já cadastrado"] }],
        },
      }),
    });
    render(<SupplierRegistrationPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("radio", { name: "Pessoa física" }));
    await user.type(screen.getByRole("textbox", { name: "CPF" }), "52998224725");
    await user.type(screen.getByRole("textbox", { name: "Nome completo" }), "João da Silva");
    await user.click(screen.getByRole("button", { name: "Iniciar cadastro" }));
    expect(
      await screen.findByText("CPF já cadastrado", { selector: ".mantine-InputWrapper-error" }),
    ).toBeInTheDocument();
  });

  it("fills the company data by CNPJ and the address by CEP, both locked; 'Salvar dados' waits for every required field", async () => {
    const api = mockApi({
      "POST /api/app/supplier/read": () => ({ body: fresh }),
      "POST /api/integrations/getCompanyInformation": () => ({
        body: {
          cnpj: "11222333000181",
          corporateName: "EXEMPLO COMERCIO LTDA",
          tradeName: "EXEMPLO",
          postalCode: "01001000",
          phoneNumber: "(11) 3333-4444",
        },
      }),
      "POST /api/integrations/getAddressByPostalCode": () => ({
        body: {
          postalCode: "01001000",
          street: "Praça da Sé",
          complement: null,
          district: "Sé",
          city: "São Paulo",
          state: "SP",
          ibgeCode: "3550308",
        },
      }),
      "POST /api/app/supplier/updateRegistration": () => ({
        body: { ...complete, documents: [], pendingRequirements: [] },
      }),
    });
    render(<SupplierRegistrationPage />, started);
    const user = userEvent.setup();
    const data = await screen.findByRole("region", { name: "2. Dados cadastrais e endereço" });
    const field = (name: string) => within(data).getByRole("textbox", { name });
    await waitFor(() => expect(field("Razão social")).toHaveValue("EXEMPLO COMERCIO LTDA"));
    expect(field("Razão social")).toHaveAttribute("readonly");
    expect(field("Nome fantasia")).toHaveAttribute("readonly");
    expect(field("Telefone")).toHaveValue("(11) 3333-4444");
    expect(field("CEP")).toHaveValue("01001-000");
    await waitFor(() => expect(field("Logradouro")).toHaveValue("Praça da Sé"));
    expect(field("Logradouro")).toHaveAttribute("readonly");
    expect(field("Bairro")).toHaveAttribute("readonly");
    expect(field("Cidade")).toHaveAttribute("readonly");
    expect(field("Número")).not.toHaveAttribute("readonly");

    const save = within(data).getByRole("button", { name: "Salvar dados" });
    expect(save).toBeDisabled();
    await user.type(field("Número"), "100");
    await user.type(field("E-mail"), "contato@exemplo.com.br");
    await user.type(field("Nome do representante legal"), "Maria Souza");
    await user.type(field("CPF do representante legal"), "11144477735");
    expect(save).toBeDisabled();
    expect(screen.queryByText(SMALL_BUSINESS_LEGAL_NOTE)).not.toBeInTheDocument();
    await user.click(within(data).getByRole("radio", { name: "Sim" }));
    expect(screen.getByText(SMALL_BUSINESS_LEGAL_NOTE)).toBeInTheDocument();
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() =>
      expect(api.calls.find((c) => c.path.endsWith("updateRegistration"))?.body).toEqual({
        corporateName: "EXEMPLO COMERCIO LTDA",
        isSmallBusiness: true,
        tradeRepresentativeName: "Maria Souza",
        tradeRepresentativeCpf: "111.444.777-35",
        tradeName: "EXEMPLO",
        email: "contato@exemplo.com.br",
        phoneNumber: "(11) 3333-4444",
        cellphoneNumber: null,
        address: {
          postalCode: "01001-000",
          street: "Praça da Sé",
          number: "100",
          district: "Sé",
          city: "São Paulo",
          state: "SP",
          complement: null,
          ibgeCode: "3550308",
        },
      }),
    );
    expect(await screen.findByText("Dados do cadastro salvos")).toBeInTheDocument();
  });

  it("accepts the seven declarations, each with its text, and lists what is missing before finishing", async () => {
    const api = mockApi({
      "POST /api/app/supplier/read": () => ({
        body: {
          ...complete,
          email: "a@b.com.br",
          declarations: fresh.declarations,
          documents: [],
          membershipSignature: null,
          pendingRequirements: fresh.pendingRequirements.slice(1),
        },
      }),
      "POST /api/app/supplier/saveRegistrationInformation": () => ({
        body: {
          ...complete,
          documents: [],
          pendingRequirements: [{ property: "membershipTerms", errorMessages: ["x"] }],
        },
      }),
    });
    render(<SupplierRegistrationPage />, started);
    const user = userEvent.setup();
    const region = await screen.findByRole("region", { name: "3. Declarações" });
    const boxes = within(region).getAllByRole("checkbox");
    expect(boxes).toHaveLength(7);
    for (const d of SUPPLIER_DECLARATIONS)
      expect(within(region).getByRole("checkbox", { name: d.text })).not.toBeChecked();
    const finish = screen.getByRole("button", { name: "Salvar e finalizar cadastro" });
    expect(finish).toBeDisabled();
    expect(screen.getByText("as sete declarações")).toBeInTheDocument();
    expect(screen.getByText("o termo de adesão assinado")).toBeInTheDocument();
    for (const box of boxes) await user.click(box);
    await user.click(within(region).getByRole("button", { name: "Salvar declarações" }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path.endsWith("saveRegistrationInformation"))?.body).toEqual({
        declarations: [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, accepted: true })),
      }),
    );
    await waitFor(() => expect(screen.queryByText("as sete declarações")).not.toBeInTheDocument());
    expect(within(region).getAllByText(/^Aceita em 02\/12\/2026 10:00$/)).toHaveLength(7);
  });

  it("refuses a signed term that is not a PDF on the field, and finishes into PENDING with the analysis due time", async () => {
    let status: SupplierRegistration["registrationStatus"] = "IN_PROGRESS";
    const api = mockApi({
      "POST /api/app/supplier/read": () => ({
        body:
          status === "PENDING"
            ? { ...complete, registrationStatus: "PENDING", analysisDueAt: "2026-12-03T13:00:00.000Z" }
            : complete,
      }),
      "POST /api/app/supplier/attachMembershipTerms": () => ({
        status: 400,
        body: {
          message: "O termo de adesão assinado deve ser um arquivo PDF.",
          properties: [
            { property: "file", errorMessages: ["O termo de adesão assinado deve ser um arquivo PDF."] },
          ],
        },
      }),
      "POST /api/app/supplier/completeRegistration": () => {
        status = "PENDING";
        return { body: { registrationStatus: "PENDING", analysisDueAt: "2026-12-03T13:00:00.000Z" } };
      },
      "GET /api/app/auth/me": () => ({ body: { user: started } }),
    });
    render(<SupplierRegistrationPage />, started);
    const user = userEvent.setup({ applyAccept: false });
    const terms = await screen.findByRole("region", { name: "4. Termo de adesão" });
    expect(within(terms).getByRole("link", { name: "termo-assinado.pdf" })).toHaveAttribute(
      "href",
      "/api/app/file/f1",
    );
    expect(within(terms).getByText("Assinatura digital identificada no arquivo")).toBeInTheDocument();
    const input = terms.querySelector("input[type=file]") as HTMLInputElement;
    await user.upload(input, new File(["png"], "termo.png", { type: "image/png" }));
    expect(
      await within(terms).findAllByText("O termo de adesão assinado deve ser um arquivo PDF."),
    ).not.toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Salvar e finalizar cadastro" }));
    expect(await screen.findByText("Cadastro em análise")).toBeInTheDocument();
    expect(
      screen.getByText(/analisado pela equipe da plataforma até 03\/12\/2026 10:00/),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Salvar e finalizar cadastro" })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.endsWith("completeRegistration"))).toHaveLength(1);
  });

  it("on REJECTED shows the staff's reason and lets the supplier finish again", async () => {
    mockApi({
      "POST /api/app/supplier/read": () => ({
        body: { ...complete, registrationStatus: "REJECTED", rejectionReason: "Contrato social ilegível." },
      }),
    });
    render(<SupplierRegistrationPage />, started);
    expect(await screen.findByText("Cadastro devolvido para correção")).toBeInTheDocument();
    expect(screen.getByText("Contrato social ilegível.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Salvar e finalizar cadastro" })).toBeEnabled();
  });

  it("tells a buyer the page is for suppliers", () => {
    mockApi({});
    render(<SupplierRegistrationPage />, { ...SUPPLIER_USER, kind: "BUYER" });
    expect(
      screen.getByText("O cadastro de fornecedor está disponível apenas para contas de fornecedor."),
    ).toBeInTheDocument();
  });
});

describe("the supplier's /renovacao-de-cadastro", () => {
  it("saves contact data at once and asks before sending a change of size back to analysis; no CNPJ lookup on load", async () => {
    const approved = { ...complete, registrationStatus: "APPROVED" as const };
    const api = mockApi({
      "POST /api/app/supplier/read": () => ({ body: approved }),
      "POST /api/integrations/getAddressByPostalCode": () => ({
        body: {
          postalCode: "01001000",
          street: "Outra Rua",
          complement: null,
          district: "Outro",
          city: "São Paulo",
          state: "SP",
          ibgeCode: "3550308",
        },
      }),
      "POST /api/app/supplier/updateRegistration": (body) => ({
        body: {
          ...approved,
          registrationStatus: (body as { isSmallBusiness: boolean }).isSmallBusiness
            ? "APPROVED"
            : "IN_PROGRESS",
        },
      }),
      "GET /api/app/auth/me": () => ({ body: { user: started } }),
    });
    render(<SupplierRenewal />, started);
    const user = userEvent.setup();
    const phone = await screen.findByRole("textbox", { name: "Telefone" });
    expect(phone).toHaveValue("(11) 3333-4444");
    // The saved address is kept (not replaced by the lookup of its own CEP).
    expect(screen.getByRole("textbox", { name: "Logradouro" })).toHaveValue("Praça da Sé");
    expect(api.calls.some((c) => c.path.endsWith("getCompanyInformation"))).toBe(false);
    await user.clear(phone);
    await user.type(phone, "1122221111");
    await user.click(screen.getByRole("button", { name: "Salvar dados" }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path.endsWith("updateRegistration"))).toHaveLength(1),
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: "Não" }));
    await user.click(screen.getByRole("button", { name: "Salvar dados" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Você alterou: Enquadramento ME/EPP.");
    expect(api.calls.filter((c) => c.path.endsWith("updateRegistration"))).toHaveLength(1);
    await user.click(within(dialog).getByRole("button", { name: "Salvar dados" }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path.endsWith("updateRegistration"))).toHaveLength(2),
    );
  });
});
