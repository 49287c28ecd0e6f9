import { describe, expect, it } from "vitest";
import { expectLabelsFor } from "./expect-labels";
import {
  availableCredits,
  COMPANY_SIZE_LABELS,
  COMPANY_SIZES,
  CREDIT_STATUS_LABELS,
  CREDIT_STATUSES,
  companySizeOf,
  DEFAULT_CREDIT_QUANTITY,
  DEFAULT_PAYMENT_METHOD,
  MIN_CREDIT_QUANTITY,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
} from "./subscription";

describe("payment methods (notices-and-accounts §7 'Subscriptions and credits', §9)", () => {
  it("are boleto (the default) and pix, labelled as the radio shows", () => {
    expect(PAYMENT_METHODS).toEqual(["boleto", "pix"]);
    expect(DEFAULT_PAYMENT_METHOD).toBe("boleto");
    expectLabelsFor(PAYMENT_METHODS, PAYMENT_METHOD_LABELS);
    expect(PAYMENT_METHOD_LABELS).toEqual({ boleto: "Boleto", pix: "Pix" });
  });
});

describe("credits (notices-and-accounts §4 'Subscriptions and credits', §5)", () => {
  it("have the statuses CONFIRMED and USED, and PENDING/EXPIRED for unpaid purchases", () => {
    expectLabelsFor(CREDIT_STATUSES, CREDIT_STATUS_LABELS);
  });

  it("count the confirmed amounts minus one per used credit", () => {
    expect(
      availableCredits([
        { status: "CONFIRMED", amount: 3 },
        { status: "CONFIRMED", amount: 2 },
        { status: "USED", amount: 1 },
        { status: "USED", amount: 5 },
      ]),
    ).toBe(3);
    expect(availableCredits([])).toBe(0);
  });

  it("count nothing for purchases awaiting payment or expired unpaid", () => {
    expect(
      availableCredits([
        { status: "PENDING", amount: 4 },
        { status: "EXPIRED", amount: 2 },
        { status: "CONFIRMED", amount: 1 },
      ]),
    ).toBe(1);
  });

  it("are bought one at a time by default, at least one", () => {
    expect(DEFAULT_CREDIT_QUANTITY).toBe(1);
    expect(MIN_CREDIT_QUANTITY).toBe(1);
  });
});

describe("company size price tiers (notices-and-accounts §9 'Subscriptions')", () => {
  it("are SA/LTDA for large companies and ME-EPP for small businesses", () => {
    expectLabelsFor(COMPANY_SIZES, COMPANY_SIZE_LABELS);
    expect(COMPANY_SIZE_LABELS).toEqual({ LARGE: "SA/LTDA", SMALL: "ME-EPP" });
    expect(companySizeOf(true)).toBe("SMALL");
    expect(companySizeOf(false)).toBe("LARGE");
  });
});
