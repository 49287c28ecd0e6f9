import { describe, expect, it } from "vitest";
import { type PncpRoomLotItem, pncpRoomItemResults, pncpSituacaoItemId } from "./pncp-room-result";

// The values of PNCP manual 6.3.15 (inserir resultado) for a lot homologated in the room (Lei
// 14.133/2021 art. 71 IV) and the §5.6 item situations of the lots that end without a winner.
const item = (id: string, n: number, quantity: number, reference: number, decimals = 2): PncpRoomLotItem => ({
  id,
  item: n,
  quantity: String(quantity),
  referencePrice: reference,
  unitReferencePrice: null,
  decimalsNumber: decimals,
});

describe("a room lot's result for the portal (manual 6.3.15)", () => {
  it("a single item under a unit offer: the winning bid is the unit value, times the quantity", () => {
    expect(
      pncpRoomItemResults({
        criterion: "LOWEST_PRICE",
        offerKind: "UNIT_VALUE",
        bid: { unitPrice: 2750, percentDiscount: null },
        items: [item("a", 1, 2000, 2890)],
      }),
    ).toEqual([
      {
        batchId: "a",
        quantidadeHomologada: 2000,
        valorUnitarioHomologado: 27.5,
        valorTotalHomologado: 55000,
      },
    ]);
  });

  it("a single item under a global offer: the bid is the total, the unit its share per unit (4 decimals)", () => {
    expect(
      pncpRoomItemResults({
        criterion: "LOWEST_PRICE",
        offerKind: "BATCH_TOTAL_AMOUNT",
        bid: { unitPrice: 100_000, percentDiscount: null },
        items: [item("a", 1, 3, 120_000)],
      }),
    ).toEqual([
      {
        batchId: "a",
        quantidadeHomologada: 3,
        valorUnitarioHomologado: 333.3333,
        valorTotalHomologado: 1000,
      },
    ]);
  });

  it("a multi-item lot takes the winner's re-specified values of its bid", () => {
    const results = pncpRoomItemResults({
      criterion: "LOWEST_PRICE",
      offerKind: "UNIT_VALUE",
      bid: { unitPrice: 9_000, percentDiscount: null },
      items: [item("b", 2, 4, 5_000), item("a", 1, 10, 5_000)],
      respecified: new Map([
        ["a", 6_000],
        ["b", 3_000],
      ]),
    });
    expect(results).toEqual([
      { batchId: "a", quantidadeHomologada: 10, valorUnitarioHomologado: 60, valorTotalHomologado: 600 },
      { batchId: "b", quantidadeHomologada: 4, valorUnitarioHomologado: 30, valorTotalHomologado: 120 },
    ]);
  });

  it("without re-specified values, apportions the bid by the items' references; the items add up to the bid", () => {
    const results = pncpRoomItemResults({
      criterion: "LOWEST_PRICE",
      offerKind: "BATCH_TOTAL_AMOUNT",
      bid: { unitPrice: 10_000, percentDiscount: null },
      items: [item("a", 1, 1, 6_000), item("b", 2, 1, 3_000), item("c", 3, 1, 3_000)],
      // A split of an earlier bid is not given (the server passes only the winner's split of this bid).
      respecified: new Map([["a", 1]]),
    });
    expect(results.map((r) => r.valorTotalHomologado)).toEqual([50, 25, 25]);
    const odd = pncpRoomItemResults({
      criterion: "LOWEST_PRICE",
      offerKind: "BATCH_TOTAL_AMOUNT",
      bid: { unitPrice: 10_000, percentDiscount: null },
      items: [item("a", 1, 1, 1_000), item("b", 2, 1, 1_000), item("c", 3, 1, 1_000)],
    });
    expect(odd.map((r) => r.valorTotalHomologado)).toEqual([33.33, 33.33, 33.34]);
  });

  it("mixes scales at the lot's scale (FOUR when an item has it)", () => {
    const results = pncpRoomItemResults({
      criterion: "LOWEST_PRICE",
      offerKind: "UNIT_VALUE",
      bid: { unitPrice: 15_000, percentDiscount: null },
      items: [item("a", 1, 2, 10_000), item("b", 2, 1, 1_000_000, 4)],
    });
    expect(results.map((r) => r.valorUnitarioHomologado)).toEqual([75, 75]);
  });

  it("under the biggest discount: the percent on each item's unit reference, with percentualDesconto", () => {
    expect(
      pncpRoomItemResults({
        criterion: "BIGGEST_DISCOUNT",
        offerKind: "UNIT_VALUE",
        bid: { unitPrice: null, percentDiscount: "12.5000" },
        items: [{ ...item("a", 1, 10, 99_999), unitReferencePrice: 20_000 }],
      }),
    ).toEqual([
      {
        batchId: "a",
        quantidadeHomologada: 10,
        valorUnitarioHomologado: 175,
        valorTotalHomologado: 1750,
        percentualDesconto: 12.5,
      },
    ]);
  });
});

describe("§5.6 item situations from the lot's phase (6.3.12)", () => {
  it("deserted 4, failed 5, annulled or revoked 3, homologated 2, otherwise in progress 1", () => {
    expect(pncpSituacaoItemId("DESERTED")).toBe(4);
    expect(pncpSituacaoItemId("FAILED")).toBe(5);
    expect(pncpSituacaoItemId("CANCELED")).toBe(3);
    expect(pncpSituacaoItemId("REVOKED")).toBe(3);
    expect(pncpSituacaoItemId("HOMOLOGATION")).toBe(2);
    expect(pncpSituacaoItemId("CLOSING")).toBe(2);
    expect(pncpSituacaoItemId("NEGOTIATION")).toBe(1);
  });
});
