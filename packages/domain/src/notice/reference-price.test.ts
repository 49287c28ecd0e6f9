// Lei 14.133/2021 art. 24: the reference price may be kept secret; the body sees it, others only once
// it is disclosed.
import { describe, expect, it } from "vitest";
import { isReferencePricePublic, maskReferencePrice, maySeeReferencePrice } from "./reference-price";

const secret = { shouldDiscloseReferencePrice: false, isReferencePriceDisclosed: false };
const disclosedLater = { shouldDiscloseReferencePrice: false, isReferencePriceDisclosed: true };
const open = { shouldDiscloseReferencePrice: true };

describe("maySeeReferencePrice", () => {
  it("a secret price: the notice's body only", () => {
    expect(maySeeReferencePrice(secret, true)).toBe(true);
    expect(maySeeReferencePrice(secret, false)).toBe(false);
    expect(isReferencePricePublic(secret)).toBe(false);
  });

  it("a disclosed or public price: everyone", () => {
    expect(maySeeReferencePrice(disclosedLater, false)).toBe(true);
    expect(maySeeReferencePrice(open, false)).toBe(true);
  });
});

describe("maskReferencePrice", () => {
  const row = {
    id: "l1",
    referencePrice: 10_000,
    unitReferencePrice: 100,
    totalAmount: 10_000,
    quantity: 100,
  };

  it("nulls every reference-price field a hidden row has, and nothing else", () => {
    expect(maskReferencePrice(row, false)).toEqual({
      id: "l1",
      referencePrice: null,
      unitReferencePrice: null,
      totalAmount: null,
      quantity: 100,
    });
    expect(maskReferencePrice({ id: "x", referencePrice: 5 }, false)).toEqual({
      id: "x",
      referencePrice: null,
    });
  });

  it("leaves a visible row as it is", () => {
    expect(maskReferencePrice(row, true)).toBe(row);
  });
});
