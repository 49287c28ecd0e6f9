// 'Reespecificar valores dos itens' (trading-room §2.3, §3 batchBestBid.respecifiedValue, §6
// DIVIDE_BATCH_VALUE; reading in docs/decisions.md "Re-specified item values").
import { describe, expect, it } from "vitest";
import { aggregateLotHead } from "../initial-bids/initial-bids";
import {
  bidAtLotScale,
  checkRespecifiedValues,
  type RespecifiableItem,
  type RespecifyInput,
  respecifiedTotal,
  respecifyScale,
} from "./respecified-values";

const items: RespecifiableItem[] = [
  { id: "i1", item: 1, referencePrice: 34_500, decimalsNumber: 2 },
  { id: "i2", item: 2, referencePrice: 10_000, decimalsNumber: 2 },
];
const input = (over: Partial<RespecifyInput> = {}): RespecifyInput => ({
  lotNumber: 2,
  criterion: "LOWEST_PRICE",
  bid: { unitPrice: 32_500, decimalsNumber: 2 },
  items,
  values: [
    { batchId: "i1", unitPrice: 25_000 },
    { batchId: "i2", unitPrice: 7_500 },
  ],
  ...over,
});

describe("the split of the winning bid into item values (§2.3 'Reespecificar valores dos itens')", () => {
  it("accepts item values adding up exactly to the bid, each within its reference, in item order", () => {
    const verdict = checkRespecifiedValues(
      input({
        values: [
          { batchId: "i2", unitPrice: 7_500 },
          { batchId: "i1", unitPrice: 25_000 },
        ],
      }),
    );
    expect(verdict).toEqual({
      ok: true,
      values: [
        { batchId: "i1", unitPrice: 25_000 },
        { batchId: "i2", unitPrice: 7_500 },
      ],
      total: 32_500,
      decimalsNumber: 2,
    });
  });

  it("adds items at the lot's scale like §3 'Multi-item lots' (FOUR when any item has it)", () => {
    const mixed = [
      { id: "i1", item: 1, referencePrice: 34_500, decimalsNumber: 2 },
      { id: "i2", item: 2, referencePrice: 1_000_050, decimalsNumber: 4 },
    ];
    // The same scale the lot head row aggregates at (aggregateLotHead).
    const head = aggregateLotHead(
      mixed.map((i) => ({
        number: 2,
        item: i.item,
        referencePrice: i.referencePrice,
        minimumVariation: 1,
        decimalsNumber: i.decimalsNumber,
      })),
    );
    expect(respecifyScale(mixed)).toBe(head.decimalsNumber);
    // R$ 325,00 stored at 2 decimals is 3 250 000 at 4: R$ 250,0000 + R$ 75,0000.
    expect(bidAtLotScale({ unitPrice: 32_500, decimalsNumber: 2 }, mixed)).toBe(3_250_000);
    const ok = checkRespecifiedValues(
      input({
        items: mixed,
        values: [
          { batchId: "i1", unitPrice: 25_000 },
          { batchId: "i2", unitPrice: 750_000 },
        ],
      }),
    );
    expect(ok).toMatchObject({ ok: true, total: 3_250_000, decimalsNumber: 4 });
    const off = checkRespecifiedValues(
      input({
        items: mixed,
        values: [
          { batchId: "i1", unitPrice: 25_000 },
          { batchId: "i2", unitPrice: 750_001 },
        ],
      }),
    );
    expect(off).toMatchObject({ ok: false, code: "SUM_MISMATCH" });
  });

  it("refuses a sum different from the bid, naming both", () => {
    const verdict = checkRespecifiedValues(
      input({
        values: [
          { batchId: "i1", unitPrice: 25_000 },
          { batchId: "i2", unitPrice: 7_499 },
        ],
      }),
    );
    expect(verdict).toEqual({
      ok: false,
      code: "SUM_MISMATCH",
      message:
        "A soma dos valores dos itens (R$ 324,99) deve ser igual ao lance vencedor do lote/item 2 (R$ 325,00).",
    });
  });

  it("refuses an item above its reference price (Lei 14.133/2021 art. 59 III), zero or negative values", () => {
    expect(
      checkRespecifiedValues(
        input({
          values: [
            { batchId: "i1", unitPrice: 22_499 },
            { batchId: "i2", unitPrice: 10_001 },
          ],
        }),
      ),
    ).toEqual({
      ok: false,
      code: "ABOVE_REFERENCE",
      message: "O valor do item 2 não pode ser maior que o preço de referência (R$ 100,00).",
      batchId: "i2",
    });
    for (const bad of [0, -1, 1.5])
      expect(
        checkRespecifiedValues(
          input({
            values: [
              { batchId: "i1", unitPrice: 32_500 },
              { batchId: "i2", unitPrice: bad },
            ],
          }),
        ),
      ).toMatchObject({ ok: false, code: "NOT_POSITIVE", batchId: "i2" });
  });

  it("a secret reference price (Lei 14.133/2021 art. 24) is not named, and not checked where unknown", () => {
    const above = input({
      values: [
        { batchId: "i1", unitPrice: 22_499 },
        { batchId: "i2", unitPrice: 10_001 },
      ],
    });
    // The server checks the price it has, without naming it to a supplier who may not see it.
    expect(checkRespecifiedValues({ ...above, namesReferencePrice: false })).toEqual({
      ok: false,
      code: "ABOVE_REFERENCE",
      message: "O valor do item 2 não pode ser maior que o preço de referência.",
      batchId: "i2",
    });
    // A page that was not given the price leaves the bound to the server.
    const unknown = items.map((i) => ({ ...i, referencePrice: null }));
    expect(checkRespecifiedValues({ ...above, items: unknown })).toMatchObject({ ok: true, total: 32_500 });
  });

  it("in BIGGEST_PRICE (leilão) the reference is the floor, not the ceiling", () => {
    const auction = input({
      criterion: "BIGGEST_PRICE",
      bid: { unitPrice: 50_000, decimalsNumber: 2 },
      values: [
        { batchId: "i1", unitPrice: 39_000 },
        { batchId: "i2", unitPrice: 11_000 },
      ],
    });
    expect(checkRespecifiedValues(auction)).toMatchObject({ ok: true, total: 50_000 });
    expect(
      checkRespecifiedValues({
        ...auction,
        values: [
          { batchId: "i1", unitPrice: 41_000 },
          { batchId: "i2", unitPrice: 9_000 },
        ],
      }),
    ).toMatchObject({ ok: false, code: "BELOW_REFERENCE", batchId: "i2" });
  });

  it("refuses BIGGEST_DISCOUNT: the percent applies to every item as it is", () => {
    expect(checkRespecifiedValues(input({ criterion: "BIGGEST_DISCOUNT" }))).toMatchObject({
      ok: false,
      code: "DISCOUNT_CRITERION",
    });
  });

  it("refuses a single-item lot, a missing, a repeated or a foreign item", () => {
    expect(checkRespecifiedValues(input({ items: [items[0] as RespecifiableItem] }))).toMatchObject({
      ok: false,
      code: "SINGLE_ITEM",
      message: "O lote/item 2 possui um único item; não há valores a reespecificar.",
    });
    expect(checkRespecifiedValues(input({ values: [{ batchId: "i1", unitPrice: 32_500 }] }))).toMatchObject({
      ok: false,
      code: "MISSING_ITEM",
      batchId: "i2",
    });
    expect(
      checkRespecifiedValues(
        input({
          values: [
            { batchId: "i1", unitPrice: 25_000 },
            { batchId: "i1", unitPrice: 7_500 },
          ],
        }),
      ),
    ).toMatchObject({ ok: false, code: "DUPLICATE_ITEM" });
    expect(
      checkRespecifiedValues(
        input({
          values: [
            { batchId: "i1", unitPrice: 25_000 },
            { batchId: "x", unitPrice: 7_500 },
          ],
        }),
      ),
    ).toMatchObject({ ok: false, code: "UNKNOWN_ITEM", batchId: "x" });
  });

  it("the live total counts typed values only, at the lot's scale", () => {
    expect(respecifiedTotal(items, new Map([["i1", 1_000]]))).toEqual({ total: 1_000, decimalsNumber: 2 });
    expect(
      respecifiedTotal(
        items,
        new Map<string, number | null>([
          ["i1", 1_000],
          ["i2", null],
        ]),
      ),
    ).toEqual({ total: 1_000, decimalsNumber: 2 });
  });
});
