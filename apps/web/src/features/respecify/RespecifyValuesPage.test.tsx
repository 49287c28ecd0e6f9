// 'Reespecificar valores dos itens' page (trading-room §2.3; §8 generic save texts; reading in
// docs/decisions.md "Re-specified item values"): the winner's multi-item lots, the live total with
// the domain rule, 'Salvar' with the server's answer.
import { notifications } from "@mantine/notifications";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { renderRoutes } from "../../test/render";
import type { RespecifyLot } from "./api";
import { RespecifyValuesPage } from "./RespecifyValuesPage";

const NOTICE = "n-1";
const PATH = `/sala-de-negociacao/${NOTICE}/dividir-valores-dos-lotes`;

const lot = (over: Partial<RespecifyLot> = {}): RespecifyLot => ({
  id: "lot-2",
  number: 2,
  phase: "NEGOTIATION",
  criterion: "LOWEST_PRICE",
  isWinner: true,
  canRespecify: true,
  winner: { anonymousSupplierIdentificationNumber: 3 },
  bestBid: { id: "bid-1", unitPrice: 32_500, decimalsNumber: 2 },
  decimalsNumber: 2,
  items: [
    {
      id: "lot-2",
      number: 2,
      item: 1,
      productName: "Toner",
      quantity: 120,
      referencePrice: 34_500,
      decimalsNumber: 2,
      respecifiedValue: null,
    },
    {
      id: "item-2",
      number: 2,
      item: 2,
      productName: "Cilindro",
      quantity: 10,
      referencePrice: 10_000,
      decimalsNumber: 2,
      respecifiedValue: null,
    },
  ],
  ...over,
});

function renderPage(batches: RespecifyLot[], save?: (body: unknown) => { status?: number; body?: unknown }) {
  const api = mockApi({
    "POST /api/app/auction/bids/respecified": () => ({ body: { batches } }),
    "POST /api/app/auction/bids/respecify": (body) =>
      save?.(body) ?? { body: { message: "Dados salvos com sucesso", batchesIds: ["lot-2"] } },
  });
  renderRoutes(
    [{ path: "/sala-de-negociacao/:id/dividir-valores-dos-lotes", element: <RespecifyValuesPage /> }],
    PATH,
  );
  return api;
}

const input = (item: number) => screen.getByLabelText(`Valor reespecificado do item ${item}`);

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

describe("the split page (§2.3 'Reespecificar valores dos itens')", () => {
  it("shows the winning bid, the items and a live total; 'Salvar' waits for an exact split", async () => {
    const user = userEvent.setup();
    renderPage([lot()]);
    const section = await screen.findByRole("region", { name: "Lote 2" });
    expect(within(section).getByLabelText("Lance vencedor")).toHaveTextContent("Lance vencedor: R$ 325,00");
    expect(within(section).getByText("Toner")).toBeInTheDocument();
    expect(within(section).getByText("R$ 100,00")).toBeInTheDocument();
    const save = screen.getByRole("button", { name: "Salvar" });
    expect(save).toBeDisabled();
    await user.type(input(1), "25000");
    expect(within(section).getByText("R$ 250,00")).toBeInTheDocument();
    expect(within(section).getByLabelText("Diferença")).toHaveTextContent("Diferença: R$ 75,00");
    await user.type(input(2), "7499");
    expect(within(section).getByRole("alert")).toHaveTextContent(
      "A soma dos valores dos itens (R$ 324,99) deve ser igual ao lance vencedor do lote/item 2 (R$ 325,00).",
    );
    expect(save).toBeDisabled();
    await user.clear(input(2));
    await user.type(input(2), "7500");
    expect(within(section).getByLabelText("Diferença")).toHaveTextContent("Diferença: R$ 0,00");
    expect(save).toBeEnabled();
  });

  it("refuses an item above its reference price on the page as the server would", async () => {
    const user = userEvent.setup();
    renderPage([lot()]);
    await user.type(await screen.findByLabelText("Valor reespecificado do item 1"), "22499");
    await user.type(input(2), "10001");
    expect(screen.getByRole("alert")).toHaveTextContent(
      "O valor do item 2 não pode ser maior que o preço de referência (R$ 100,00).",
    );
    expect(screen.getByRole("button", { name: "Salvar" })).toBeDisabled();
  });

  it("a secret reference price (null) reads 'Sigiloso' and its bound is left to the server", async () => {
    const user = userEvent.setup();
    renderPage([lot({ items: lot().items.map((i) => ({ ...i, referencePrice: null })) })]);
    const section = await screen.findByRole("region", { name: "Lote 2" });
    expect(within(section).getAllByText("Sigiloso")).toHaveLength(2);
    await user.type(input(1), "22499");
    await user.type(input(2), "10001");
    expect(screen.getByRole("button", { name: "Salvar" })).toBeEnabled();
  });

  it("'Salvar' sends every item value and shows the success text; a refusal shows the server's message", async () => {
    const user = userEvent.setup();
    let answer: { status?: number; body?: unknown } = {
      body: { message: "Dados salvos com sucesso", batchesIds: ["lot-2"] },
    };
    const api = renderPage([lot()], () => answer);
    await user.type(await screen.findByLabelText("Valor reespecificado do item 1"), "25000");
    await user.type(input(2), "7500");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Dados salvos com sucesso")).toBeInTheDocument();
    const sent = api.calls.find((c) => c.path === "/api/app/auction/bids/respecify");
    expect(sent?.body).toEqual({
      auctionNoticeId: NOTICE,
      batches: [
        {
          batchId: "lot-2",
          items: [
            { batchId: "lot-2", unitPrice: 25_000 },
            { batchId: "item-2", unitPrice: 7_500 },
          ],
        },
      ],
    });
    answer = {
      status: 403,
      body: { message: "Somente o licitante vencedor do lote/item pode realizar esta ação." },
    };
    await user.type(input(1), "25000");
    await user.type(input(2), "7500");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(
      await screen.findByText("Somente o licitante vencedor do lote/item pode realizar esta ação."),
    ).toBeInTheDocument();
    answer = { status: 500, body: {} };
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Houve um erro na conexão com o servidor")).toBeInTheDocument();
  });

  it("outside NEGOTIATION the split in force is shown read-only; a discount lot says why", async () => {
    renderPage([
      lot({
        canRespecify: false,
        phase: "QUALIFICATION",
        items: lot().items.map((i, n) => ({ ...i, respecifiedValue: n === 0 ? 25_000 : 7_500 })),
      }),
      lot({
        id: "lot-3",
        number: 3,
        criterion: "BIGGEST_DISCOUNT",
        canRespecify: false,
        bestBid: null,
        items: lot().items.map((i) => ({ ...i, id: `${i.id}-3`, number: 3 })),
      }),
    ]);
    const split = await screen.findByRole("region", { name: "Lote 2" });
    expect(within(split).getByLabelText("Valor reespecificado do item 1")).toHaveValue("R$ 250,00");
    expect(within(split).getByLabelText("Valor reespecificado do item 1")).toBeDisabled();
    expect(
      within(split).getByText("A reespecificação é possível somente na fase de Negociação."),
    ).toBeInTheDocument();
    const discount = screen.getByRole("region", { name: "Lote 3" });
    expect(within(discount).getByText(/No critério de maior desconto/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Salvar" })).toBeDisabled();
  });

  it("another bidder has no lot to split", async () => {
    renderPage([lot({ isWinner: false, canRespecify: false })]);
    expect(
      await screen.findByText("Não há lotes com mais de um item vencidos por você para reespecificar."),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Salvar" })).toBeNull());
  });
});
