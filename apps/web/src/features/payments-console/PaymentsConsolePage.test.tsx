import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { newQueryClient, renderWithMantine } from "../../test/render";
import type { Charge, CreditPlan, SubscriptionPlan } from "./api";
import { PaymentsConsolePage } from "./PaymentsConsolePage";

// Issue 14: the staff's payments console — the charges, 'Marcar como pago', and the plans' editor.

afterEach(() => {
  vi.unstubAllGlobals();
});

function charge(overrides: Partial<Charge> = {}): Charge {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    sequence: 7,
    purpose: "SUBSCRIPTION",
    method: "boleto",
    provider: "builtin",
    amount: 59_900,
    status: "PENDING",
    description: "Assinatura Semestral (6 meses)",
    dueDate: "2026-11-27",
    expiresAt: "2026-11-28T02:59:59.999Z",
    paidAt: null,
    confirmedBy: null,
    createdDate: "2026-11-24T13:00:00.000Z",
    supplierName: "Lins Materiais Ltda",
    supplierDocument: "58392047000128",
    ...overrides,
  };
}

const pix = charge({
  id: "00000000-0000-4000-8000-000000000002",
  method: "pix",
  amount: 14_990,
  description: "Participação única — 1 participação",
  dueDate: "2026-11-25",
  expiresAt: "2026-11-26T18:00:00.000Z",
  supplierName: "Souza Comércio S.A.",
  supplierDocument: "47821365000140",
});

const SUBSCRIPTION_PLANS: SubscriptionPlan[] = [
  {
    id: "00000000-0000-4000-8000-0000000000a1",
    title: "Mensal",
    duration: 1,
    largeCompanyPrice: 19_990,
    smallCompanyPrice: 11_990,
    price: null,
    active: true,
  },
  {
    id: "00000000-0000-4000-8000-0000000000a3",
    title: "Trimestral",
    duration: 3,
    largeCompanyPrice: 54_900,
    smallCompanyPrice: 32_900,
    price: null,
    active: false,
  },
];
const CREDIT_PLANS: CreditPlan[] = [
  {
    id: "00000000-0000-4000-8000-0000000000c1",
    title: "Participação única",
    credits: 1,
    largeCompanyPrice: 14_990,
    smallCompanyPrice: 8_990,
    price: null,
    active: true,
  },
];

function handlers(overrides: Parameters<typeof mockApi>[0] = {}) {
  return {
    "POST /api/app/payments/charge/list": () => ({ body: { total: 2, charges: [charge(), pix] } }),
    "POST /api/app/subscription-plan/list": () => ({ body: { subscriptionPlans: SUBSCRIPTION_PLANS } }),
    "POST /api/app/credit-plan/list": () => ({ body: { creditPlans: CREDIT_PLANS } }),
    ...overrides,
  };
}

function render() {
  renderWithMantine(
    <QueryClientProvider client={newQueryClient()}>
      <PaymentsConsolePage />
    </QueryClientProvider>,
  );
}

describe("/pagamentos", () => {
  it("lists the pending charges with supplier, CNPJ, method, amount and due date; the filter asks again", async () => {
    const api = mockApi(handlers());
    render();
    const table = await screen.findByRole("table", { name: "Cobranças" });
    await within(table).findByText("Lins Materiais Ltda");
    const [boleto, pixRow] = within(table).getAllByRole("row").slice(1) as HTMLElement[];
    const b = within(boleto as HTMLElement);
    expect(b.getByText("58.392.047/0001-28")).toBeInTheDocument();
    expect(b.getByText("Assinatura Semestral (6 meses)")).toBeInTheDocument();
    expect(b.getByText("Boleto")).toBeInTheDocument();
    expect(b.getByText("R$ 599,00")).toBeInTheDocument();
    expect(b.getByText("Pendente")).toBeInTheDocument();
    expect(b.getByText("27/11/2026")).toBeInTheDocument();
    expect(within(pixRow as HTMLElement).getByText("26/11/2026 15:00")).toBeInTheDocument();
    expect(api.calls[0]?.body).toEqual({ status: "PENDING", page: 1, limit: 20 });

    const user = userEvent.setup();
    await user.click(screen.getByRole("radio", { name: "Todos" }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === "/api/app/payments/charge/list").at(-1)?.body).toEqual({
        page: 1,
        limit: 20,
      }),
    );
    await user.click(screen.getByRole("radio", { name: "Pagos" }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === "/api/app/payments/charge/list").at(-1)?.body).toEqual({
        status: "PAID",
        page: 1,
        limit: 20,
      }),
    );
  });

  it("'Marcar como pago' confirms, marks the charge paid, announces it and refreshes", async () => {
    let charges = [charge(), pix];
    const api = mockApi(
      handlers({
        "POST /api/app/payments/charge/list": () => ({ body: { total: charges.length, charges } }),
        "POST /api/app/payments/charge/markPaid": () => {
          charges = [pix];
          return { body: { id: charge().id, status: "PAID" } };
        },
      }),
    );
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Marcar como pago Lins Materiais Ltda" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirmar pagamento" });
    expect(within(dialog).getByText(/R\$ 599,00 de Lins Materiais Ltda/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Confirmar" }));
    await waitFor(() =>
      expect(screen.getByTestId("payments-announcer")).toHaveTextContent(
        "Pagamento de Lins Materiais Ltda confirmado.",
      ),
    );
    expect(api.calls.find((c) => c.path.endsWith("/markPaid"))?.body).toEqual({ id: charge().id });
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Marcar como pago Lins Materiais Ltda" })).toBeNull(),
    );
  });

  it("shows the server's refusal of 'Marcar como pago'", async () => {
    mockApi(
      handlers({
        "POST /api/app/payments/charge/markPaid": () => ({
          status: 409,
          body: { message: "Esta cobrança já foi paga." },
        }),
      }),
    );
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Marcar como pago Souza Comércio S.A." }));
    const dialog = await screen.findByRole("dialog", { name: "Confirmar pagamento" });
    await user.click(within(dialog).getByRole("button", { name: "Confirmar" }));
    expect(await screen.findByText("Erro ao confirmar pagamento")).toBeInTheDocument();
    expect(screen.getByTestId("payments-announcer")).toHaveTextContent("Esta cobrança já foi paga.");
  });

  it("lists the plans, retired ones too, and creates one in centavos", async () => {
    const api = mockApi(
      handlers({ "POST /api/app/subscription-plan/save": () => ({ body: { id: "new" } }) }),
    );
    render();
    const periodic = await screen.findByRole("table", { name: "Planos periódicos" });
    const retired = (await within(periodic).findByText("Trimestral")).closest("tr") as HTMLElement;
    expect(within(retired).getByText("Inativo")).toBeInTheDocument();
    expect(within(retired).getByText("R$ 549,00")).toBeInTheDocument();
    expect(within(retired).getByText("R$ 329,00")).toBeInTheDocument();
    const single = screen.getByRole("table", { name: "Planos de participação única" });
    expect(within(single).getByText("Participação única")).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Novo plano periódico" }));
    const dialog = await screen.findByRole("dialog", { name: "Novo plano periódico" });
    const save = within(dialog).getByRole("button", { name: "Salvar" });
    expect(save).toBeDisabled();
    // Disabled, it says what is missing (issue 33).
    expect(save).toHaveAccessibleDescription(
      "Falta preencher: Título, Duração (meses), Preço SA/LTDA, Preço ME-EPP.",
    );
    await user.type(within(dialog).getByRole("textbox", { name: /Título/ }), "Bimestral");
    await user.type(within(dialog).getByRole("textbox", { name: /Duração/ }), "2");
    await user.type(within(dialog).getByRole("textbox", { name: /Preço SA\/LTDA/ }), "37900");
    await user.type(within(dialog).getByRole("textbox", { name: /Preço ME-EPP/ }), "22900");
    expect(save).toBeEnabled();
    expect(save).not.toHaveAttribute("aria-describedby");
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.calls.find((c) => c.path === "/api/app/subscription-plan/save")?.body).toEqual({
      title: "Bimestral",
      duration: 2,
      largeCompanyPrice: 37_900,
      smallCompanyPrice: 22_900,
      active: true,
    });
    expect(await screen.findByText("Plano salvo com sucesso")).toBeInTheDocument();
  });

  it("edits a plan and puts the server's 400 errors on the fields", async () => {
    const api = mockApi(
      handlers({
        "POST /api/app/credit-plan/save": () => ({
          status: 400,
          body: {
            message: "Dados inválidos",
            properties: [{ property: "largeCompanyPrice", errorMessages: ["Preço acima do permitido"] }],
          },
        }),
      }),
    );
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Editar Participação única" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar plano" });
    expect(within(dialog).getByRole("textbox", { name: /Título/ })).toHaveValue("Participação única");
    expect(within(dialog).getByRole("textbox", { name: /Preço SA\/LTDA/ })).toHaveValue("R$ 149,90");
    await user.click(within(dialog).getByRole("checkbox", { name: "Ativo (à venda)" }));
    await user.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(await within(dialog).findByText("Preço acima do permitido")).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === "/api/app/credit-plan/save")?.body).toEqual({
      id: CREDIT_PLANS[0]?.id,
      title: "Participação única",
      credits: 1,
      largeCompanyPrice: 14_990,
      smallCompanyPrice: 8_990,
      active: false,
    });
  });
});
