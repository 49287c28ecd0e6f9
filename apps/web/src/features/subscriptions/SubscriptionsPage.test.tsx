import { CREDIT_QUANTITY_MESSAGE, paymentProviderErrorMessage } from "@certame/domain";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { newQueryClient, renderWithMantine } from "../../test/render";
import type { Credit, CreditPlan, Subscription, SubscriptionPlan } from "./api";
import { PlansOverview } from "./PlansSection";
import { SubscriptionsPage } from "./SubscriptionsPage";

// notices-and-accounts §2.15 (sections, payment modal, public mode), §4 (remaining days, available
// credits), §5 (a plan before 'Confirmar assinatura'; quantity ≥ 1), §7 (the calls), §8 (messages).

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const LINE = "00190000090114971860168524522114675860000102656";
const PIX =
  "00020101021226830014br.gov.bcb.pix2561pix.example/qr/v2/cobv/abc5204000053039865406599.005802BR6304ABCD";
const QR = "data:image/png;base64,iVBORw0KGgo=";

const noCharge = {
  chargeId: null,
  paymentMethod: null,
  barCode: null,
  link: null,
  pix: null,
  dueDate: null,
} as const;

function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: "s1",
    subscriptionPlan: { title: "Anual", duration: 12 },
    startDate: "2026-01-10",
    endDate: "2027-01-10",
    lastDay: "2027-01-09",
    price: 107_900,
    status: "ACTIVE",
    createdDate: "2026-01-10T13:00:00.000Z",
    chargeId: "c1",
    paymentMethod: "pix",
    chargeStatus: "PAID",
    dueDate: "2026-01-10",
    expiresAt: "2026-01-11T13:00:00.000Z",
    paidAt: "2026-01-10T13:05:00.000Z",
    barCode: null,
    link: null,
    pix: { qrCode: PIX, qrCodeUrl: null },
    ...overrides,
  };
}

const pendingBoleto = subscription({
  id: "s2",
  subscriptionPlan: { title: "Semestral", duration: 6 },
  startDate: null,
  endDate: null,
  price: 59_900,
  status: "PENDING",
  createdDate: "2026-11-24T13:00:00.000Z",
  chargeId: "c2",
  paymentMethod: "boleto",
  chargeStatus: "PENDING",
  dueDate: "2026-11-27",
  expiresAt: "2026-11-28T02:59:59.999Z",
  paidAt: null,
  barCode: LINE,
  link: "/api/app/payments/charge/c2/boleto",
  pix: null,
});

function credit(overrides: Partial<Credit> = {}): Credit {
  return {
    id: "k1",
    creditPlan: { title: "Participação única" },
    createdDate: "2026-10-01T13:00:00.000Z",
    amount: 1,
    price: 14_990,
    status: "CONFIRMED",
    auction: null,
    chargeId: "c3",
    paymentMethod: "boleto",
    chargeStatus: "PAID",
    dueDate: "2026-10-04",
    expiresAt: "2026-10-05T02:59:59.999Z",
    paidAt: "2026-10-02T15:00:00.000Z",
    barCode: LINE,
    link: "/api/app/payments/charge/c3/boleto",
    pix: null,
    ...overrides,
  };
}

const usedCredit = credit({
  id: "k2",
  createdDate: "2026-11-03T15:00:00.000Z",
  price: 0,
  status: "USED",
  auction: { id: "n1", noticeNumber: "PE 08/2026" },
  ...noCharge,
});

const pendingPix = credit({
  id: "k3",
  createdDate: "2026-11-25T18:00:00.000Z",
  status: "PENDING",
  paymentMethod: "pix",
  chargeId: "c4",
  chargeStatus: "PENDING",
  dueDate: "2026-11-25",
  expiresAt: "2026-11-26T18:00:00.000Z",
  paidAt: null,
  barCode: null,
  link: null,
  pix: { qrCode: PIX, qrCodeUrl: QR },
});

const plan = (title: string, duration: number, large: number, small: number): SubscriptionPlan => ({
  id: `00000000-0000-4000-8000-00000000000${duration}`.slice(-36),
  title,
  duration,
  largeCompanyPrice: large,
  smallCompanyPrice: small,
  price: small,
  active: true,
});
const SUBSCRIPTION_PLANS = [
  plan("Mensal", 1, 19_990, 11_990),
  plan("Semestral", 6, 99_900, 59_900),
  { ...plan("Trimestral", 3, 54_900, 32_900), active: false },
];
const CREDIT_PLANS: CreditPlan[] = [
  {
    id: "00000000-0000-4000-8000-0000000000c1",
    title: "Participação única",
    credits: 1,
    largeCompanyPrice: 14_990,
    smallCompanyPrice: 8_990,
    price: 8_990,
    active: true,
  },
];

function handlers(overrides: Parameters<typeof mockApi>[0] = {}) {
  return {
    "POST /api/app/subscription/list": () => ({
      body: { remainingDays: 45, endDate: "2027-01-10", subscriptions: [subscription()] },
    }),
    "POST /api/app/credit/list": () => ({ body: { availableCredits: 2, credits: [usedCredit, credit()] } }),
    "POST /api/app/subscription-plan/list": () => ({ body: { subscriptionPlans: SUBSCRIPTION_PLANS } }),
    "POST /api/app/credit-plan/list": () => ({ body: { creditPlans: CREDIT_PLANS } }),
    ...overrides,
  };
}

function render(ui = <SubscriptionsPage />) {
  renderWithMantine(<QueryClientProvider client={newQueryClient()}>{ui}</QueryClientProvider>);
}

function stubClipboard() {
  const writeText = vi.fn(async () => {});
  vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
  return writeText;
}

describe("/assinaturas", () => {
  it("shows both histories with the counters, statuses, prices and dates", async () => {
    mockApi(handlers());
    render();
    expect(await screen.findByRole("heading", { name: "Histórico de assinaturas", level: 2 })).toBeVisible();
    await waitFor(() => expect(screen.getByTestId("remaining-days")).toHaveTextContent(/^45$/));
    expect(screen.getByText("Dias restantes da assinatura")).toBeInTheDocument();
    expect(screen.getByTestId("available-credits")).toHaveTextContent(/^2$/);
    expect(screen.getByText("Créditos de participação única")).toBeInTheDocument();

    const subscriptions = screen.getByRole("table", { name: "Histórico de assinaturas" });
    const [row] = within(subscriptions).getAllByRole("row").slice(1);
    const cells = within(row as HTMLElement);
    expect(cells.getByText("Anual (12 meses)")).toBeInTheDocument();
    expect(cells.getByText("Ativa")).toBeInTheDocument();
    expect(cells.getByText("R$ 1.079,00")).toBeInTheDocument();
    expect(cells.getByText("10/01/2026")).toBeInTheDocument();
    expect(cells.getByText("09/01/2027")).toBeInTheDocument();

    const credits = screen.getByRole("table", { name: "Histórico de créditos" });
    const [used, confirmed] = within(credits).getAllByRole("row").slice(1) as HTMLElement[];
    expect(within(used as HTMLElement).getByText("Utilizado")).toBeInTheDocument();
    expect(within(used as HTMLElement).getByText("PE 08/2026")).toBeInTheDocument();
    expect(within(used as HTMLElement).getByText("03/11/2026")).toBeInTheDocument();
    expect(within(confirmed as HTMLElement).getByText("Confirmado")).toBeInTheDocument();
    expect(within(confirmed as HTMLElement).getByText("R$ 149,90")).toBeInTheDocument();

    // Headings in order: the page's h1, then the four sections as h2.
    expect(screen.getByRole("heading", { level: 1, name: "Assinaturas" })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Histórico de assinaturas",
      "Histórico de créditos",
      "Planos Periódicos",
      "Plano de Participação única",
    ]);
  });

  it("keeps 'Confirmar assinatura' disabled until a plan is chosen, and buys a subscription by Pix", async () => {
    let subscriptions = [subscription()];
    const bought = subscription({
      ...pendingPix,
      id: "s9",
      subscriptionPlan: { title: "Semestral", duration: 6 },
      startDate: null,
      endDate: null,
      price: 59_900,
      status: "PENDING",
    });
    const api = mockApi(
      handlers({
        "POST /api/app/subscription/list": () => ({
          body: { remainingDays: 45, endDate: "2027-01-10", subscriptions },
        }),
        "POST /api/app/subscription/create": () => {
          subscriptions = [bought, ...subscriptions];
          return { body: bought };
        },
      }),
    );
    render();
    const user = userEvent.setup();
    const confirm = await screen.findByRole("button", { name: "Confirmar assinatura" });
    expect(confirm).toBeDisabled();
    // Disabled, it says why (issue 33): a visible hint it is described by.
    expect(confirm).toHaveAccessibleDescription("Escolha um plano para confirmar a assinatura.");
    expect(screen.getByText("Escolha um plano para confirmar a assinatura.")).toBeVisible();
    expect(screen.getByRole("radio", { name: "Boleto" })).toBeChecked();
    // Active plans only, each a radio named by its title, with the supplier's own price.
    expect(screen.queryByRole("radio", { name: "Trimestral" })).toBeNull();
    expect(await screen.findByRole("radio", { name: "Mensal" })).toHaveAccessibleDescription(
      /1 mês\s*R\$ 119,90/,
    );

    await user.click(screen.getByRole("radio", { name: "Semestral" }));
    await user.click(screen.getByRole("radio", { name: "Pix" }));
    expect(confirm).toBeEnabled();
    expect(confirm).not.toHaveAttribute("aria-describedby");
    expect(screen.queryByText("Escolha um plano para confirmar a assinatura.")).toBeNull();
    await user.click(confirm);

    const dialog = await screen.findByRole("dialog", { name: "Forma de pagamento" });
    expect(within(dialog).getByRole("img", { name: "QR Code Pix" })).toHaveAttribute("src", QR);
    expect(within(dialog).getByRole("textbox", { name: "Código Pix copia e cola" })).toHaveValue(PIX);
    expect(within(dialog).getByText("Pague até 26/11/2026 15:00")).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === "/api/app/subscription/create")?.body).toEqual({
      subscriptionPlanId: SUBSCRIPTION_PLANS[1]?.id,
      paymentMethod: "pix",
    });
    expect(screen.getByTestId("subscriptions-announcer")).toHaveTextContent(
      "Compra registrada. Pague o Pix para liberar.",
    );
    // The lists were asked again and show the new purchase.
    expect(await screen.findByText("Semestral (6 meses)")).toBeInTheDocument();

    const writeText = stubClipboard();
    await user.click(within(dialog).getByRole("button", { name: "Copiar código" }));
    expect(writeText).toHaveBeenCalledWith(PIX);
    expect(await screen.findByText("O código foi copiado com sucesso")).toBeInTheDocument();
  });

  it("buys single participations with the quantity and one choice across both plan groups", async () => {
    const bought = credit({ ...pendingPix, id: "k9", amount: 3, price: 26_970, paymentMethod: "boleto" });
    const api = mockApi(handlers({ "POST /api/app/credit/create": () => ({ body: bought }) }));
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("radio", { name: "Mensal" }));
    await user.click(screen.getByRole("radio", { name: "Participação única" }));
    expect(screen.getByRole("radio", { name: "Mensal" })).not.toBeChecked();
    const quantity = screen.getByRole("spinbutton", { name: "Quantidade" });
    expect(quantity).toHaveValue("1");
    await user.clear(quantity);
    await user.type(quantity, "3");
    expect(screen.getByText("Total: R$ 269,70")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Confirmar assinatura" }));
    await screen.findByRole("dialog", { name: "Forma de pagamento" });
    expect(api.calls.find((c) => c.path === "/api/app/credit/create")?.body).toEqual({
      creditPlanId: CREDIT_PLANS[0]?.id,
      quantity: 3,
      paymentMethod: "boleto",
    });
    expect(screen.getByTestId("subscriptions-announcer")).toHaveTextContent(
      "Compra registrada. Pague o boleto para liberar.",
    );
  });

  it("shows a pending boleto's line, copy button, PDF link and due date", async () => {
    mockApi(
      handlers({
        "POST /api/app/subscription/list": () => ({
          body: { remainingDays: 0, endDate: null, subscriptions: [pendingBoleto] },
        }),
      }),
    );
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /^Forma de pagamento: Semestral/ }));
    const dialog = await screen.findByRole("dialog", { name: "Forma de pagamento" });
    expect(
      within(dialog).getByText("00190.00009 01149.718601 68524.522114 6 75860000102656"),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("Pague até 27/11/2026")).toBeInTheDocument();
    expect(within(dialog).getByText("Aguardando pagamento")).toBeInTheDocument();
    const pdf = within(dialog).getByRole("link", { name: "Baixar Pdf" });
    expect(pdf).toHaveAttribute("href", "/api/app/payments/charge/c2/boleto");
    expect(pdf).toHaveAttribute("download");
    const writeText = stubClipboard();
    await user.click(within(dialog).getByRole("button", { name: "Copiar código" }));
    expect(writeText).toHaveBeenCalledWith(LINE);
  });

  it("tells where a used credit went, and warns of a row without payment data", async () => {
    mockApi(
      handlers({
        "POST /api/app/credit/list": () => ({
          body: { availableCredits: 0, credits: [usedCredit, credit({ id: "k5", ...noCharge })] },
        }),
      }),
    );
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /^Crédito Utilizado: Participação única/ }));
    const dialog = await screen.findByRole("dialog", { name: "Crédito Utilizado" });
    expect(
      within(dialog).getByText("Seu crédito foi utilizado no dia 03/11/2026 no edital PE 08/2026"),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Fechar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.click(screen.getByRole("button", { name: /^Forma de pagamento: Participação única/ }));
    expect(await screen.findByText("Erro ao carregar dados de pagamento da assinatura")).toBeInTheDocument();
    expect(
      screen.getByText("Erro ao carregar dados de pagamento da assinatura, contate o administrador"),
    ).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the §8 errors of loading the histories and the plans", async () => {
    mockApi(
      handlers({
        "POST /api/app/subscription/list": () => ({ status: 500, body: { message: "Banco fora do ar" } }),
        "POST /api/app/credit-plan/list": () => ({ status: 500, body: {} }),
      }),
    );
    render();
    expect(await screen.findByText("Erro ao carregar assinaturas")).toBeInTheDocument();
    expect(screen.getByText("Banco fora do ar")).toBeInTheDocument();
    expect(await screen.findByText("Erro ao carregar planos")).toBeInTheDocument();
    expect(screen.getByText("Houve um erro na conexão com o servidor")).toBeInTheDocument();
  });

  // Issue 33: the field clamps the quantity; a refusal the server still gives lands on it.
  it("puts the server's refusal of the quantity (400) on the field, focused", async () => {
    mockApi(
      handlers({
        "POST /api/app/credit/create": () => ({
          status: 400,
          body: {
            message: "Dados inválidos",
            properties: [{ property: "quantity", errorMessages: [CREDIT_QUANTITY_MESSAGE] }],
          },
        }),
      }),
    );
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("radio", { name: "Participação única" }));
    await user.click(screen.getByRole("button", { name: "Confirmar assinatura" }));
    const quantity = screen.getByRole("spinbutton", { name: "Quantidade" });
    await waitFor(() => expect(quantity).toHaveAttribute("aria-invalid", "true"));
    expect(quantity).toHaveAccessibleDescription(CREDIT_QUANTITY_MESSAGE);
    await waitFor(() => expect(quantity).toHaveFocus());
    expect(screen.queryByText("Erro ao criar assinatura")).toBeNull();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows 'Erro ao criar assinatura' with the provider's message", async () => {
    const phone = "(11) 4000-1234";
    mockApi(
      handlers({
        "POST /api/app/subscription/create": () => ({
          status: 503,
          body: { message: paymentProviderErrorMessage(phone) },
        }),
      }),
    );
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("radio", { name: "Mensal" }));
    await user.click(screen.getByRole("button", { name: "Confirmar assinatura" }));
    expect(await screen.findByText("Erro ao criar assinatura")).toBeInTheDocument();
    expect(screen.getByText(paymentProviderErrorMessage(phone))).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("asks again every 10 s while a purchase is pending and announces its payment", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let credits = [pendingPix, credit()];
    const api = mockApi(
      handlers({
        "POST /api/app/credit/list": () => ({ body: { availableCredits: 1, credits } }),
      }),
    );
    render();
    await screen.findByText("Aguardando pagamento");
    const asked = () => api.calls.filter((c) => c.path === "/api/app/credit/list").length;
    expect(asked()).toBe(1);
    credits = [{ ...pendingPix, status: "CONFIRMED", chargeStatus: "PAID" }, credit()];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    await waitFor(() => expect(asked()).toBe(2));
    await waitFor(() =>
      expect(screen.getByTestId("subscriptions-announcer")).toHaveTextContent("Pagamento confirmado."),
    );
    // Nothing pending any more: no further refresh.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20_000);
    });
    expect(asked()).toBe(2);
  });
});

describe("PlansOverview (public mode)", () => {
  it("shows only the plans, both prices, with no radio and no purchase", async () => {
    const api = mockApi({
      "POST /api/public/plans/list": () => ({
        body: {
          subscriptionPlans: SUBSCRIPTION_PLANS.map((p) => ({ ...p, price: null })),
          creditPlans: CREDIT_PLANS.map((p) => ({ ...p, price: null })),
        },
      }),
    });
    render(<PlansOverview />);
    expect(await screen.findByRole("heading", { name: "Planos Periódicos" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Plano de Participação única" })).toBeInTheDocument();
    const monthly = screen.getByRole("heading", { name: "Mensal", level: 3 }).closest("div") as HTMLElement;
    expect(within(monthly).getByText("R$ 199,90")).toBeInTheDocument();
    expect(within(monthly).getByText("R$ 119,90")).toBeInTheDocument();
    expect(screen.getAllByText(/SA\/LTDA/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/ME-EPP/).length).toBeGreaterThan(0);
    expect(screen.queryByRole("radio")).toBeNull();
    expect(screen.queryByRole("button", { name: "Confirmar assinatura" })).toBeNull();
    expect(screen.queryByText("Histórico de assinaturas")).toBeNull();
    expect(api.calls.map((c) => c.path)).toEqual(["/api/public/plans/list"]);
  });
});
