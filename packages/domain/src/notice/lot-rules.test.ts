import { describe, expect, it } from "vitest";
import { auctionBatchBulkUpdateSchema, auctionBatchPayloadSchema } from "../schemas/lots.schema";
import {
  allowedBatchParticipations,
  areLotsEditable,
  areLotValuesEditable,
  isReservedQuotaWithinLimit,
  lotAmounts,
  maxMaskedMoney,
} from "./lot-rules";

describe("lot editability (notices-and-accounts §4 Lot editing)", () => {
  it("opens the lots screen only for PENDING and SUSPENDED_INDEFINITELY", () => {
    expect(areLotsEditable("PENDING")).toBe(true);
    expect(areLotsEditable("SUSPENDED_INDEFINITELY")).toBe(true);
    for (const s of ["PUBLISHED", "ONGOING", "SUSPENDED", "FINISHED", "CANCELLED", "REVOKED"] as const)
      expect(areLotsEditable(s)).toBe(false);
  });

  it("locks row values after the proposals end, except for suspended notices and the formalization/in-person groups", () => {
    const now = new Date("2026-05-10T12:00:00Z");
    const past = "2026-05-01T12:00:00Z";
    const future = "2026-06-01T12:00:00Z";
    const electronic = "NEW_ELECTRONIC_REVERSED_AUCTION" as const;
    expect(
      areLotValuesEditable({ status: "PENDING", modality: electronic, proposalsEndDateTime: future }, now),
    ).toBe(true);
    expect(
      areLotValuesEditable({ status: "PENDING", modality: electronic, proposalsEndDateTime: past }, now),
    ).toBe(false);
    expect(
      areLotValuesEditable({ status: "PENDING", modality: electronic, proposalsEndDateTime: null }, now),
    ).toBe(true);
    expect(
      areLotValuesEditable(
        { status: "SUSPENDED_INDEFINITELY", modality: electronic, proposalsEndDateTime: past },
        now,
      ),
    ).toBe(true);
    expect(
      areLotValuesEditable(
        { status: "PENDING", modality: "WAIVER_FORMALIZATION", proposalsEndDateTime: past },
        now,
      ),
    ).toBe(true);
    expect(
      areLotValuesEditable(
        { status: "PENDING", modality: "REVERSED_AUCTION_IN_PERSON", proposalsEndDateTime: past },
        now,
      ),
    ).toBe(true);
    expect(
      areLotValuesEditable({ status: "PUBLISHED", modality: electronic, proposalsEndDateTime: future }, now),
    ).toBe(false);
  });
});

describe("lot money (§3, §9)", () => {
  it("stores the unit price for unit offers and the total for global offers", () => {
    expect(lotAmounts(1050, 2, "3", "UNIT_VALUE")).toEqual({ referencePrice: 1050, totalAmount: 3150 });
    expect(lotAmounts(1050, 2, "3", "BATCH_TOTAL_AMOUNT")).toEqual({
      referencePrice: 3150,
      totalAmount: 3150,
    });
    // 0,3333 × 3 at 4 decimals; 1,005 × 1,5 rounds half up at 2 decimals.
    expect(lotAmounts(3333, 4, "3", "UNIT_VALUE").totalAmount).toBe(9999);
    expect(lotAmounts(101, 2, "1.5", "UNIT_VALUE").totalAmount).toBe(152);
  });

  it("caps money at the mask's 7 integer digits", () => {
    expect(maxMaskedMoney(2)).toBe(999_999_999);
    expect(maxMaskedMoney(4)).toBe(99_999_999_999);
  });
});

describe("participation and reserved quota (§4, §9; LC 123/2006 art. 48)", () => {
  it("forces or offers the lot participation by the process participation", () => {
    expect(allowedBatchParticipations("BROAD")).toEqual(["WIDE_PARTICIPATION"]);
    expect(allowedBatchParticipations("MICRO_BUSINESS_EXCLUSIVE")).toEqual(["EXCLUSIVE"]);
    expect(allowedBatchParticipations("MICRO_BUSINESS_DIFFERENTIATED")).toEqual([
      "WIDE_PARTICIPATION",
      "DIFFERENTIATED",
    ]);
    expect(allowedBatchParticipations("DEFINED_PER_BATCH")).toHaveLength(3);
  });

  it("allows a quota of at most 25% of the wide lot's quantity", () => {
    expect(isReservedQuotaWithinLimit(25, 100)).toBe(true);
    expect(isReservedQuotaWithinLimit("25.0001", 100)).toBe(false);
    expect(isReservedQuotaWithinLimit(26, 100)).toBe(false);
    expect(isReservedQuotaWithinLimit("0.5", 2)).toBe(true);
  });
});

describe("lot payload schema (§5 Lots)", () => {
  const valid = {
    number: 1,
    product: { id: "00000000-0000-4000-8000-000000003001" },
    quantity: "10,5",
    measurementUnit: { code: "UN" },
    referencePrice: 1000,
  };

  it("fills the §9 defaults and normalises quantity and flags", () => {
    const p = auctionBatchPayloadSchema.parse({
      ...valid,
      isProductBrandRequired: 1,
      decimalsNumber: "FOUR",
    });
    expect(p).toMatchObject({
      item: 1,
      quantity: "10.5",
      decimalsNumber: 4,
      isProductBrandRequired: true,
      batchItemParticipation: "WIDE_PARTICIPATION",
    });
  });

  it("refuses zero quantity, more than 4 decimals, over-limit price and a quota without its wide lot", () => {
    const zero = auctionBatchPayloadSchema.safeParse({ ...valid, quantity: 0 });
    expect(zero.error?.issues.map((i) => i.path.join("."))).toEqual(["quantity"]);
    const r = auctionBatchPayloadSchema.safeParse({
      ...valid,
      referencePrice: 1_000_000_000,
      batchItemParticipation: "DIFFERENTIATED",
    });
    const paths = r.error?.issues.map((i) => i.path.join(".")).sort();
    expect(paths).toEqual(["referencePrice", "wideParticipationBatch"]);
    expect(auctionBatchPayloadSchema.safeParse({ ...valid, quantity: "1.00001" }).success).toBe(false);
  });

  it("bulk update takes exactly one change", () => {
    const id = "00000000-0000-4000-8000-000000002001";
    expect(auctionBatchBulkUpdateSchema.safeParse({ auctionNoticeId: id, decimalsNumber: 4 }).success).toBe(
      true,
    );
    expect(auctionBatchBulkUpdateSchema.safeParse({ auctionNoticeId: id }).success).toBe(false);
    expect(
      auctionBatchBulkUpdateSchema.safeParse({
        auctionNoticeId: id,
        decimalsNumber: 4,
        isProductBrandRequired: true,
      }).success,
    ).toBe(false);
  });
});
