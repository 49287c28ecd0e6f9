import { describe, expect, it } from "vitest";
import {
  auctionNoticeStepStatus,
  budgetStepStatus,
  criterionNeedsReferencePrice,
  noticeLotsFromPlan,
  noticeParticipationOf,
  type PlanForNotice,
  type PlanLotForNotice,
  PROCESS_NOTICE_NO_LOTS_MESSAGE,
  PROCESS_NOTICE_NO_MODALITY_MESSAGE,
  PROCESS_NOTICE_NO_OBJECT_MESSAGE,
  planGapsForNotice,
  processTotalCents,
  publicationStepStatus,
  reservedQuotaWideLots,
} from "./process-notice";

const complete: PlanForNotice = {
  description: "Material de expediente",
  modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
  subModality: "GOODS_ACQUISITION",
  subModalityAllowed: true,
  lots: [
    { number: 1, item: 1, referenceCents: 2490 },
    { number: 2, item: 1, referenceCents: 100 },
  ],
  criterion: "LOWEST_PRICE",
};

describe("what the plan lacks for its notice (issue 35; Lei 14.133/2021 art. 23)", () => {
  it("has no gap for a plan with object, lots, modality and every price", () => {
    expect(planGapsForNotice(complete)).toEqual([]);
  });

  it("names the object, the lots and the ETP's modality when missing", () => {
    const gaps = planGapsForNotice({
      ...complete,
      description: "  ",
      lots: [],
      subModality: null,
    });
    expect(gaps).toEqual([
      { property: "description", errorMessages: [PROCESS_NOTICE_NO_OBJECT_MESSAGE] },
      { property: "demandFormalization", errorMessages: [PROCESS_NOTICE_NO_LOTS_MESSAGE] },
      { property: "preliminaryTechnicalStudy", errorMessages: [PROCESS_NOTICE_NO_MODALITY_MESSAGE] },
    ]);
    expect(planGapsForNotice({ ...complete, subModalityAllowed: false })[0]?.property).toBe(
      "preliminaryTechnicalStudy",
    );
  });

  it("names each unpriced item when the criterion disputes a price, and none when it does not", () => {
    const lots = [
      { number: 1, item: 1, referenceCents: 2490 },
      { number: 1, item: 2, referenceCents: null },
      { number: 3, item: 1, referenceCents: 0 },
    ];
    expect(planGapsForNotice({ ...complete, lots })).toEqual([
      {
        property: "budget",
        errorMessages: ["Informe o preço de referência no orçamento: lote 1 item 2, lote 3 item 1."],
      },
    ]);
    expect(planGapsForNotice({ ...complete, lots, criterion: "BEST_TECHNICAL" })).toEqual([]);
  });

  it("reads the price-disputing criteria of arts. 31, 33, 34 and 36, not those of arts. 35 and 39", () => {
    for (const c of ["LOWEST_PRICE", "BIGGEST_DISCOUNT", "TECHNIQUE_AND_PRICE", "BIGGEST_PRICE"] as const)
      expect(criterionNeedsReferencePrice(c), c).toBe(true);
    for (const c of ["BEST_TECHNICAL", "ARTISTIC_CONTENT", "GREATER_ECONOMIC_RETURN"] as const)
      expect(criterionNeedsReferencePrice(c), c).toBe(false);
  });
});

describe("the notice's participation from the plan's lots (notices-and-accounts §4; LC 123/2006 art. 48)", () => {
  it("follows the lots editor's pairs of process and lot participation", () => {
    expect(noticeParticipationOf(["WIDE_PARTICIPATION", null])).toBe("BROAD");
    expect(noticeParticipationOf([])).toBe("BROAD");
    expect(noticeParticipationOf(["EXCLUSIVE", "EXCLUSIVE"])).toBe("MICRO_BUSINESS_EXCLUSIVE");
    expect(noticeParticipationOf(["WIDE_PARTICIPATION", "DIFFERENTIATED"])).toBe(
      "MICRO_BUSINESS_DIFFERENTIATED",
    );
    expect(noticeParticipationOf(["WIDE_PARTICIPATION", "EXCLUSIVE"])).toBe("DEFINED_PER_BATCH");
    expect(noticeParticipationOf(["DIFFERENTIATED"])).toBe("DEFINED_PER_BATCH");
  });

  it("links each reserved quota to the first wide lot holding all its products (art. 48 III)", () => {
    const wide = reservedQuotaWideLots([
      { number: 1, productId: "paper", participation: "WIDE_PARTICIPATION" },
      { number: 2, productId: "paper", participation: null },
      { number: 2, productId: "pen", participation: null },
      { number: 3, productId: "paper", participation: "DIFFERENTIATED" },
      { number: 3, productId: "pen", participation: "DIFFERENTIATED" },
      { number: 4, productId: "toner", participation: "DIFFERENTIATED" },
      { number: 5, productId: "paper", participation: "EXCLUSIVE" },
    ]);
    expect([...wide]).toEqual([
      [3, 2],
      [4, null],
    ]);
  });
});

describe("'Valor Total do Processo' (planning §2.3; issue 35 item 7)", () => {
  it("sums unit reference × quantity exactly in cents", () => {
    expect(
      processTotalCents([
        { referenceCents: 2490, quantity: "1200" },
        { referenceCents: 333, quantity: "0.5" },
      ]),
    ).toBe(2490 * 1200 + 167);
  });

  it("is null while an item has no price, or there is no item", () => {
    expect(
      processTotalCents([
        { referenceCents: 10, quantity: 1 },
        { referenceCents: null, quantity: 2 },
      ]),
    ).toBe(null);
    expect(processTotalCents([])).toBe(null);
  });
});

describe("the steps that follow the notice (planning §2.3, §4 'Process step order')", () => {
  it("reads step 6 and step 9 from the notice's status", () => {
    expect(auctionNoticeStepStatus(null)).toBe("PENDING");
    expect(auctionNoticeStepStatus("PENDING")).toBe("IN_PROGRESS");
    expect(auctionNoticeStepStatus("PUBLISHED")).toBe("COMPLETED");
    expect(publicationStepStatus(null)).toBe("PENDING");
    expect(publicationStepStatus("PENDING")).toBe("PENDING");
    expect(publicationStepStatus("ONGOING")).toBe("COMPLETED");
  });

  it("reads the price research from its quotes and reference prices", () => {
    expect(budgetStepStatus([{ referenceCents: null, quotes: 0 }])).toBe("PENDING");
    expect(budgetStepStatus([])).toBe("PENDING");
    expect(
      budgetStepStatus([
        { referenceCents: 10, quotes: 2 },
        { referenceCents: null, quotes: 0 },
      ]),
    ).toBe("IN_PROGRESS");
    expect(budgetStepStatus([{ referenceCents: 10, quotes: 1 }])).toBe("COMPLETED");
  });
});

describe("the notice's lots from the plan (issue 35; notices-and-accounts §3 'Auction batch')", () => {
  const line: PlanLotForNotice = {
    number: 1,
    item: 1,
    productId: "paper",
    quantity: "1200",
    measurementUnitCode: "RESMA",
    referenceCents: 2490,
    isProductBrandRequired: true,
    decimalsNumber: null,
    minimumVariationKind: null,
    minimumVariation: null,
    batchItemParticipation: null,
  };

  it("carries line, price scaled by the lot's decimals and the reference term's options", () => {
    const [two, four, percent] = noticeLotsFromPlan([
      { ...line, minimumVariationKind: "REAL", minimumVariation: "0.5" },
      { ...line, number: 2, decimalsNumber: 4, minimumVariationKind: "REAL", minimumVariation: "0.0125" },
      { ...line, number: 3, referenceCents: null, minimumVariationKind: "PERCENTAGE", minimumVariation: 2.5 },
    ]);
    expect(two).toEqual({
      number: 1,
      item: 1,
      product: { id: "paper" },
      quantity: "1200",
      measurementUnit: { code: "RESMA" },
      referencePrice: 2490,
      minimumVariation: 50,
      percentMinimumVariation: undefined,
      isProductBrandRequired: true,
      isSubcontractingIndicator: false,
      decimalsNumber: 2,
      batchItemParticipation: "WIDE_PARTICIPATION",
      wideParticipationBatch: null,
      shouldAttachTechnicalDocuments: false,
    });
    expect(four).toMatchObject({ decimalsNumber: 4, referencePrice: 249_000, minimumVariation: 125 });
    expect(percent).toMatchObject({
      referencePrice: 0,
      minimumVariation: undefined,
      percentMinimumVariation: 2.5,
    });
  });

  it("links a reserved quota to its wide lot and keeps the notice's own choices where the plan has none", () => {
    const lots = noticeLotsFromPlan(
      [
        { ...line, batchItemParticipation: "WIDE_PARTICIPATION" },
        { ...line, number: 2, quantity: "300", batchItemParticipation: "DIFFERENTIATED" },
      ],
      (number) =>
        number === 1
          ? {
              id: "kept-1",
              decimalsNumber: 4,
              minimumVariation: 5000,
              percentMinimumVariation: 1,
              batchItemParticipation: "EXCLUSIVE",
              wideParticipationBatch: null,
              isSubcontractingIndicator: true,
              shouldAttachTechnicalDocuments: true,
            }
          : undefined,
    );
    expect(lots[0]).toMatchObject({
      id: "kept-1",
      decimalsNumber: 4,
      referencePrice: 249_000,
      minimumVariation: 5000,
      // The plan decided the participation: it wins over the notice's.
      batchItemParticipation: "WIDE_PARTICIPATION",
      isSubcontractingIndicator: true,
      shouldAttachTechnicalDocuments: true,
    });
    expect(lots[1]).toMatchObject({ batchItemParticipation: "DIFFERENTIATED", wideParticipationBatch: 1 });
    expect(lots[1]?.id).toBeUndefined();
  });
});
