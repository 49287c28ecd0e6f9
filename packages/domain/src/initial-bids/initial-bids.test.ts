import { describe, expect, it } from "vitest";
import {
  aggregateLotHead,
  bigCompanyDeclarationRequired,
  consumesCredit,
  defaultSmallCompanyAnswer,
  discountAmount,
  hiddenByBigCompanyFilter,
  INITIAL_BIDS_TEXTS,
  type InitialBidLot,
  type InitialBidsContext,
  isAllowRegisterBid,
  isEnabledForInitialBids,
  isZeroProposal,
  regionalPreference,
  saveBlockers,
  secretPhaseDeclarationRequired,
  validateInitialBids,
} from "./initial-bids";

const now = new Date("2026-03-10T12:00:00Z");

describe("access (trading-room §5 'Access to initial bids'; notices-and-accounts §2.15)", () => {
  it("enables a supplier with a subscription in force, or a credit, or an earlier bid", () => {
    const base = { subscriptionEndDate: null, availableCredits: 0, hasEarlierProposal: false, now };
    expect(isEnabledForInitialBids(base)).toBe(false);
    expect(isEnabledForInitialBids({ ...base, subscriptionEndDate: "2026-03-11T00:00:00Z" })).toBe(true);
    expect(isEnabledForInitialBids({ ...base, subscriptionEndDate: "2026-03-09T00:00:00Z" })).toBe(false);
    expect(isEnabledForInitialBids({ ...base, availableCredits: 1 })).toBe(true);
    expect(isEnabledForInitialBids({ ...base, hasEarlierProposal: true })).toBe(true);
  });

  it("consumes a credit once per process, only for a non-zero proposal without a subscription", () => {
    const base = { isZeroProposal: false, creditAlreadyUsedInProcess: false, subscriptionEndDate: null, now };
    expect(consumesCredit(base)).toBe(true);
    expect(consumesCredit({ ...base, creditAlreadyUsedInProcess: true })).toBe(false);
    expect(consumesCredit({ ...base, isZeroProposal: true })).toBe(false);
    expect(consumesCredit({ ...base, subscriptionEndDate: new Date("2027-01-01") })).toBe(false);
  });
});

describe("declarations and exclusive lots (trading-room §5)", () => {
  it("a lot accepts a bid unless it is exclusive in a new modality without the ME/EPP yes", () => {
    const lot = { batchItemParticipation: "EXCLUSIVE", modality: "NEW_ELECTRONIC_REVERSED_AUCTION" as const };
    expect(isAllowRegisterBid({ ...lot, isSmallBusiness: true, smallCompanyAnswer: true })).toBe(true);
    expect(isAllowRegisterBid({ ...lot, isSmallBusiness: true, smallCompanyAnswer: false })).toBe(false);
    expect(isAllowRegisterBid({ ...lot, isSmallBusiness: false, smallCompanyAnswer: true })).toBe(false);
    expect(
      isAllowRegisterBid({
        ...lot,
        batchItemParticipation: "DIFFERENTIATED",
        isSmallBusiness: false,
        smallCompanyAnswer: null,
      }),
    ).toBe(false);
    expect(
      isAllowRegisterBid({
        ...lot,
        batchItemParticipation: "WIDE_PARTICIPATION",
        isSmallBusiness: false,
        smallCompanyAnswer: null,
      }),
    ).toBe(true);
    // old modality: exclusive lots accept any bid
    expect(
      isAllowRegisterBid({
        ...lot,
        modality: "ELECTRONIC_REVERSED_AUCTION",
        isSmallBusiness: false,
        smallCompanyAnswer: null,
      }),
    ).toBe(true);
    expect(hiddenByBigCompanyFilter({ ...lot, isSmallBusiness: false })).toBe(true);
    expect(hiddenByBigCompanyFilter({ ...lot, isSmallBusiness: true })).toBe(false);
  });

  it("requires the big-company and secret-phase declarations as §5 says", () => {
    expect(
      bigCompanyDeclarationRequired({ automaticOn: true, isSmallBusiness: false, smallCompanyAnswer: null }),
    ).toBe(true);
    expect(
      bigCompanyDeclarationRequired({ automaticOn: true, isSmallBusiness: true, smallCompanyAnswer: false }),
    ).toBe(true);
    expect(
      bigCompanyDeclarationRequired({ automaticOn: true, isSmallBusiness: true, smallCompanyAnswer: true }),
    ).toBe(false);
    expect(
      bigCompanyDeclarationRequired({ automaticOn: false, isSmallBusiness: false, smallCompanyAnswer: null }),
    ).toBe(false);
    expect(secretPhaseDeclarationRequired("OPEN_AND_CLOSED", true)).toBe(true);
    expect(secretPhaseDeclarationRequired("OPEN", true)).toBe(false);
  });

  it("defaults the small-business answer and gates regional preference (§2.8, §5)", () => {
    expect(defaultSmallCompanyAnswer({ isDeclared: true, hasNonZeroProposal: true })).toBe(true);
    expect(defaultSmallCompanyAnswer({ isDeclared: false, hasNonZeroProposal: true })).toBe(false);
    expect(defaultSmallCompanyAnswer({ isDeclared: false, hasNonZeroProposal: false })).toBeNull();
    const base = {
      modality: "NEW_ELECTRONIC_REVERSED_AUCTION" as const,
      canApplyRegionalPreference: true,
      isSmallBusiness: true,
    };
    expect(regionalPreference({ ...base, smallCompanyAnswer: null })).toEqual({
      shown: true,
      enabled: false,
    });
    expect(regionalPreference({ ...base, smallCompanyAnswer: true })).toEqual({ shown: true, enabled: true });
    expect(
      regionalPreference({ ...base, modality: "ELECTRONIC_AUCTION", smallCompanyAnswer: true }).shown,
    ).toBe(false);
    expect(
      regionalPreference({ ...base, modality: "PRICES_SUBMISSION", smallCompanyAnswer: null }).enabled,
    ).toBe(true);
  });
});

describe("save disabled (trading-room §5)", () => {
  const state = {
    modality: "NEW_ELECTRONIC_REVERSED_AUCTION" as const,
    licensePhase: "AFTER_BID",
    criterion: "LOWEST_PRICE",
    isInitialProposalsRequired: true,
    isTechnicalDataSheetAttachmentRequired: false,
    termsAccepted: true,
    lotCount: 2,
    hasQualificationDocuments: false,
    hasInitialProposal: true,
    hasTechnicalProposal: false,
    hasDataSheet: false,
    bigCompanyRequired: false,
    bigCompanyChecked: false,
    secretPhaseRequired: false,
    secretPhaseChecked: false,
  };
  it("lists the blockers of new and old modalities", () => {
    expect(saveBlockers(state)).toEqual([]);
    expect(saveBlockers({ ...state, termsAccepted: false, hasInitialProposal: false })).toEqual([
      "TERMS",
      "INITIAL_PROPOSAL",
    ]);
    expect(saveBlockers({ ...state, licensePhase: "BEFORE_BID" })).toEqual(["QUALIFICATION_DOCUMENTS"]);
    expect(saveBlockers({ ...state, criterion: "TECHNIQUE_AND_PRICE" })).toEqual(["TECHNICAL_PROPOSAL"]);
    expect(saveBlockers({ ...state, bigCompanyRequired: true, secretPhaseRequired: true })).toEqual([
      "BIG_COMPANY_DECLARATION",
      "SECRET_PHASE_DECLARATION",
    ]);
    const old = { ...state, modality: "PRICES_SUBMISSION" as const };
    expect(saveBlockers(old)).toEqual(["QUALIFICATION_DOCUMENTS"]);
    expect(
      saveBlockers({ ...old, hasQualificationDocuments: true, isTechnicalDataSheetAttachmentRequired: true }),
    ).toEqual(["DATA_SHEET"]);
    expect(saveBlockers({ ...old, modality: "ELECTRONIC_AUCTION", termsAccepted: false })).toEqual([]);
  });
});

describe("multi-item lots and discount values (trading-room §3, §2.8, §9)", () => {
  it("aggregates the items' reference prices at FOUR when any item has it", () => {
    expect(
      aggregateLotHead([
        { number: 1, item: 1, referencePrice: 1000, minimumVariation: 100, decimalsNumber: 2 },
        { number: 1, item: 2, referencePrice: 123456, minimumVariation: 1, decimalsNumber: 4 },
      ]),
    ).toEqual({ referencePrice: 100000 + 123456, minimumVariation: 10000, decimalsNumber: 4 });
    expect(
      aggregateLotHead([{ number: 2, item: 1, referencePrice: 500, minimumVariation: 1, decimalsNumber: 2 }]),
    ).toEqual({
      referencePrice: 500,
      minimumVariation: 1,
      decimalsNumber: 2,
    });
  });
  it("computes the discount on the reference price, rounded", () => {
    expect(discountAmount(10000, 12.5)).toBe(1250);
    expect(discountAmount(999, 10)).toBe(100);
  });
  it("detects the zero proposal", () => {
    expect(isZeroProposal([{ unitPrice: 0 }, { unitPrice: null }], false)).toBe(true);
    expect(isZeroProposal([{ unitPrice: 0 }, { unitPrice: 1 }], false)).toBe(false);
    expect(isZeroProposal([{ percentDiscount: 0 }], true)).toBe(true);
  });
});

const lot = (extra: Partial<InitialBidLot> = {}): InitialBidLot => ({
  id: "a",
  number: 1,
  item: 1,
  quantity: "10",
  referencePrice: 10000,
  minimumVariation: 100,
  percentMinimumVariation: 1,
  decimalsNumber: 2,
  storedDecimals: 2,
  isProductBrandRequired: false,
  batchItemParticipation: "WIDE_PARTICIPATION",
  criterion: "LOWEST_PRICE",
  hasManyItems: false,
  ...extra,
});
const ctx = (lots: InitialBidLot[], extra: Partial<InitialBidsContext> = {}): InitialBidsContext => ({
  modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
  closingKind: "OPEN",
  offerKind: "UNIT_VALUE",
  isSmallBusiness: false,
  smallCompanyAnswer: null,
  canApplyAutomaticBid: false,
  hasBigCompanyAutomaticBidDeclaration: false,
  hasSecretPhaseDeclaration: false,
  lots: new Map(lots.map((l) => [l.id, l])),
  ...extra,
});
const row = (id: string, extra: object = {}) => ({ batch: { id }, ...extra });

describe("validateInitialBids (trading-room §5 'Initial bid payload')", () => {
  it("stores a price with its total, and refuses an unknown lot", () => {
    const v = validateInitialBids([row("a", { unitPrice: 9000, brand: " ACME " })], ctx([lot()]));
    expect(v).toMatchObject({
      ok: true,
      isZeroProposal: false,
      bids: [{ unitPrice: 9000, totalPrice: 90000, brand: "ACME" }],
    });
    expect(validateInitialBids([row("zz", { unitPrice: 1 })], ctx([lot()]))).toMatchObject({
      ok: false,
      code: "UNKNOWN_LOT",
    });
  });
  it("treats all zeros as a zero proposal (§4 'Remover Proposta')", () => {
    expect(validateInitialBids([row("a", { unitPrice: 0 })], ctx([lot()]))).toMatchObject({
      ok: true,
      isZeroProposal: true,
      zeroBatchIds: ["a"],
    });
  });
  it("refuses an exclusive lot without the ME/EPP yes, with the §5 text", () => {
    const l = lot({ batchItemParticipation: "EXCLUSIVE" });
    expect(validateInitialBids([row("a", { unitPrice: 10 })], ctx([l]))).toMatchObject({
      ok: false,
      message: INITIAL_BIDS_TEXTS.exclusiveLot,
    });
    expect(
      validateInitialBids(
        [row("a", { unitPrice: 10 })],
        ctx([l], { isSmallBusiness: true, smallCompanyAnswer: true }),
      ).ok,
    ).toBe(true);
  });
  it("requires the brand where asked, at most 20 characters (§9)", () => {
    const l = lot({ isProductBrandRequired: true });
    expect(validateInitialBids([row("a", { unitPrice: 10 })], ctx([l])).ok).toBe(false);
    expect(validateInitialBids([row("a", { unitPrice: 10, brand: "x".repeat(21) })], ctx([l])).ok).toBe(
      false,
    );
    expect(validateInitialBids([row("a", { unitPrice: 10, brand: "x".repeat(20) })], ctx([l])).ok).toBe(true);
    // not on a multi-item row, nor in a leilão
    expect(validateInitialBids([row("a", { unitPrice: 10 })], ctx([{ ...l, hasManyItems: true }])).ok).toBe(
      true,
    );
  });
  it("checks the automatic-bid fields: final not zero, not worse than the initial, variation ≥ minimum", () => {
    const c = ctx([lot()], { canApplyAutomaticBid: true, hasBigCompanyAutomaticBidDeclaration: true });
    expect(
      validateInitialBids([row("a", { unitPrice: 9000, finalPrice: 0, variationPrice: 100 })], c).ok,
    ).toBe(false);
    expect(
      validateInitialBids([row("a", { unitPrice: 9000, finalPrice: 9500, variationPrice: 100 })], c).ok,
    ).toBe(false);
    expect(
      validateInitialBids([row("a", { unitPrice: 9000, finalPrice: 8000, variationPrice: 50 })], c).ok,
    ).toBe(false);
    expect(
      validateInitialBids([row("a", { unitPrice: 9000, finalPrice: 8000, variationPrice: 100 })], c),
    ).toMatchObject({
      ok: true,
      bids: [{ canApplyAutomaticBid: true, finalPrice: 8000, variationPrice: 100 }],
    });
    // the big-company declaration is required for a large company using the tool
    expect(
      validateInitialBids([row("a", { unitPrice: 9000, finalPrice: 8000, variationPrice: 100 })], {
        ...c,
        hasBigCompanyAutomaticBidDeclaration: false,
      }).ok,
    ).toBe(false);
    // fields dropped when the tool is not shown (CLOSED)
    expect(
      validateInitialBids([row("a", { unitPrice: 9000, finalPrice: 0 })], { ...c, closingKind: "CLOSED" }),
    ).toMatchObject({ ok: true, bids: [{ canApplyAutomaticBid: false, finalPrice: null }] });
  });
  it("asks a small business in a new modality to answer the declaration (§5)", () => {
    expect(
      validateInitialBids([row("a", { unitPrice: 1 })], ctx([lot()], { isSmallBusiness: true })),
    ).toMatchObject({
      ok: false,
      message: INITIAL_BIDS_TEXTS.smallCompanyUnanswered,
    });
  });
  it("derives prices from the discount and copies item 1 to the other items (§4, §5)", () => {
    const head = lot({ criterion: "BIGGEST_DISCOUNT", hasManyItems: true });
    const item2 = lot({ id: "b", item: 2, criterion: "BIGGEST_DISCOUNT" });
    const v = validateInitialBids(
      [
        row("a", { percentDiscount: 10, percentFinalDiscount: 20, percentVariation: 1 }),
        row("b", { percentDiscount: 50 }),
      ],
      ctx([head, item2], { canApplyAutomaticBid: true, hasBigCompanyAutomaticBidDeclaration: true }),
    );
    expect(v).toMatchObject({
      ok: true,
      bids: [
        {
          batchId: "a",
          percentDiscount: 10,
          unitPrice: 9000,
          finalPrice: 8000,
          variationPrice: 100,
          percentVariation: 1,
        },
      ],
    });
    // price mode: a further item's row is refused
    expect(
      validateInitialBids([row("b", { unitPrice: 1 })], ctx([lot(), lot({ id: "b", item: 2 })])).ok,
    ).toBe(false);
  });
  it("stores at the head row's own decimals when the aggregated row uses FOUR", () => {
    const l = lot({ decimalsNumber: 4, storedDecimals: 2, referencePrice: 1_000_000 });
    expect(validateInitialBids([row("a", { unitPrice: 900_050 })], ctx([l]))).toMatchObject({
      ok: true,
      bids: [{ unitPrice: 9001 }],
    });
  });
});
