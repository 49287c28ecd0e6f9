import { describe, expect, it } from "vitest";
import {
  applyMoneyMask,
  formatBRL,
  formatDecimalBR,
  formatLotTotal,
  fromScaled,
  isZeroMoneyText,
  multiplyByQuantity,
  parseBRL,
  rescale,
  scaledToDecimalString,
  sumScaled,
  toMoneyDecimals,
  toScaled,
} from "./money";

describe("§9 Lots and money — amounts are scaled by 10^decimals", () => {
  it("toScaled scales numbers and plain decimal strings, rounding half up", () => {
    expect(toScaled(1234.56, 2)).toBe(123456);
    expect(toScaled("1234.56", 2)).toBe(123456);
    expect(toScaled("1234,56", 4)).toBe(12345600);
    expect(toScaled(9999999.9999, 4)).toBe(99999999999);
    expect(toScaled(1.005, 2)).toBe(101); // read as the decimal 1.005, not 1.00499…
    expect(toScaled(0.125, 2)).toBe(13);
    expect(toScaled(-0.125, 2)).toBe(-13); // half away from zero
    expect(toScaled(0.124, 2)).toBe(12);
    expect(toScaled(1e-7, 4)).toBe(0);
    expect(toScaled("10", 2)).toBe(1000);
    expect(toScaled(".5", 2)).toBe(50);
  });

  it("toScaled rejects malformed input and values beyond Number.MAX_SAFE_INTEGER", () => {
    expect(() => toScaled("1.234,56", 2)).toThrow(RangeError);
    expect(() => toScaled("abc", 2)).toThrow(RangeError);
    expect(() => toScaled("", 2)).toThrow(RangeError);
    expect(() => toScaled(Number.NaN, 2)).toThrow(RangeError);
    expect(() => toScaled(1e15, 4)).toThrow(RangeError);
    expect(() => toScaled(1, 3.5)).toThrow(RangeError);
  });

  it("fromScaled and scaledToDecimalString read a scaled amount back", () => {
    expect(fromScaled(123456, 2)).toBe(1234.56);
    expect(fromScaled(12345678, 4)).toBe(1234.5678);
    expect(fromScaled(-5, 2)).toBe(-0.05);
    expect(scaledToDecimalString(123456, 2)).toBe("1234.56");
    expect(scaledToDecimalString(5, 4)).toBe("0.0005");
    expect(scaledToDecimalString(-5, 2)).toBe("-0.05");
    expect(() => fromScaled(1.5, 2)).toThrow(RangeError);
  });

  it("toMoneyDecimals reads decimalsNumber TWO/FOUR with default 2 (trading-room §9)", () => {
    expect(toMoneyDecimals("FOUR")).toBe(4);
    expect(toMoneyDecimals(4)).toBe(4);
    expect(toMoneyDecimals("TWO")).toBe(2);
    expect(toMoneyDecimals(undefined)).toBe(2);
  });
});

describe("§9 Money format — 'R$ ', comma decimal, dot thousands", () => {
  it("formats with the plain-space prefix", () => {
    expect(formatBRL(123456, 2)).toBe("R$ 1.234,56");
    expect(formatBRL(0, 2)).toBe("R$ 0,00");
    expect(formatBRL(5, 2)).toBe("R$ 0,05");
    expect(formatBRL(100, 2)).toBe("R$ 1,00");
    expect(formatBRL(99999999999, 4)).toBe("R$ 9.999.999,9999");
    expect(formatBRL(123456789012, 2)).toBe("R$ 1.234.567.890,12");
    expect(formatBRL(-300, 2)).toBe("-R$ 3,00");
  });

  it("never uses a no-break space", () => {
    const text = formatBRL(123456, 2);
    expect(text).not.toMatch(/[\u00a0\u202f]/u);
    expect(text.charCodeAt(2)).toBe(32);
  });

  it("minFractionDigits trims trailing zeros down to the minimum", () => {
    expect(formatBRL(12345600, 4, { minFractionDigits: 2 })).toBe("R$ 1.234,56");
    expect(formatBRL(12345670, 4, { minFractionDigits: 2 })).toBe("R$ 1.234,567");
    expect(formatBRL(10000, 4, { minFractionDigits: 0 })).toBe("R$ 1");
    expect(formatBRL(12345678, 4, { minFractionDigits: 2 })).toBe("R$ 1.234,5678");
  });

  it("formatDecimalBR formats quantities without the currency", () => {
    expect(formatDecimalBR(150000, 2)).toBe("1.500,00");
    expect(formatDecimalBR(15, 4)).toBe("0,0015");
  });

  it("refuses a non-integer scaled amount (safe-integer guard)", () => {
    expect(() => formatBRL(1.5, 2)).toThrow(RangeError);
    expect(() => formatBRL(Number.MAX_SAFE_INTEGER + 1, 2)).toThrow(RangeError);
  });
});

describe("§9 Money — parseBRL", () => {
  it("reads formatted and bare BRL text", () => {
    expect(parseBRL("R$ 1.234,56", 2)).toBe(123456);
    expect(parseBRL("R$\u00a01.234,56", 2)).toBe(123456);
    expect(parseBRL("1.234,56", 2)).toBe(123456);
    expect(parseBRL("1234,5", 2)).toBe(123450);
    expect(parseBRL("R$ 1.234,56", 4)).toBe(12345600);
    expect(parseBRL("R$ 1.234", 2)).toBe(123400);
    expect(parseBRL("-R$ 3,00", 2)).toBe(-300);
    expect(parseBRL("R$ -3,00", 2)).toBe(-300);
    expect(parseBRL(" R$ 0,00 ", 2)).toBe(0);
  });

  it("rounds extra fraction digits half up to the scale", () => {
    expect(parseBRL("R$ 1,005", 2)).toBe(101);
    expect(parseBRL("R$ 1,004", 2)).toBe(100);
  });

  it("returns null for empty or malformed text", () => {
    expect(parseBRL("", 2)).toBeNull();
    expect(parseBRL("R$", 2)).toBeNull();
    expect(parseBRL("R$ 1.23,45", 2)).toBeNull();
    expect(parseBRL("1234.56", 2)).toBeNull();
    expect(parseBRL("abc", 2)).toBeNull();
    expect(parseBRL("US$ 10,00", 2)).toBeNull();
    expect(parseBRL("-R$ -3,00", 2)).toBeNull();
    expect(parseBRL("R$ 99.999.999.999.999,99", 4)).toBeNull();
  });

  it("round-trips with formatBRL", () => {
    for (const scaled of [0, 1, 99, 100, 123456, 999999999, 99999999999]) {
      expect(parseBRL(formatBRL(scaled, 4), 4)).toBe(scaled);
    }
  });

  it("§5 generic rules: 'R$ 0,00' and '0,00' are an empty required money field", () => {
    expect(isZeroMoneyText("R$ 0,00")).toBe(true);
    expect(isZeroMoneyText("0,00")).toBe(true);
    expect(isZeroMoneyText("R$ 0,01")).toBe(false);
    expect(isZeroMoneyText("")).toBe(false);
  });
});

describe("§5 Masks — money: 'R$ ' with up to 7 integer digits", () => {
  it("fills from the right as digits are typed", () => {
    expect(applyMoneyMask("1")).toBe("R$ 0,01");
    expect(applyMoneyMask("12")).toBe("R$ 0,12");
    expect(applyMoneyMask("123")).toBe("R$ 1,23");
    expect(applyMoneyMask("123456")).toBe("R$ 1.234,56");
    expect(applyMoneyMask("R$ 1.234,567")).toBe("R$ 12.345,67");
    expect(applyMoneyMask("0001")).toBe("R$ 0,01");
    expect(applyMoneyMask("0")).toBe("R$ 0,00");
  });

  it("keeps at most 7 integer digits", () => {
    expect(applyMoneyMask("999999999")).toBe("R$ 9.999.999,99");
    expect(applyMoneyMask("99999999912345")).toBe("R$ 9.999.999,99");
    expect(applyMoneyMask("99999999999", 4)).toBe("R$ 9.999.999,9999");
    expect(applyMoneyMask("999999999999", 4)).toBe("R$ 9.999.999,9999");
  });

  it("uses the row's decimals and gives '' without digits", () => {
    expect(applyMoneyMask("12345", 4)).toBe("R$ 1,2345");
    expect(applyMoneyMask("")).toBe("");
    expect(applyMoneyMask("R$ ")).toBe("");
  });
});

describe("trading-room §9 Money — ×100 scaling between 2 and 4 decimals", () => {
  it("rescales up exactly and down with half-up rounding", () => {
    expect(rescale(123456, 2, 4)).toBe(12345600);
    expect(rescale(12345678, 4, 2)).toBe(123457);
    expect(rescale(12345649, 4, 2)).toBe(123456);
    expect(rescale(12345650, 4, 2)).toBe(123457);
    expect(rescale(-12345650, 4, 2)).toBe(-123457);
    expect(rescale(500, 2, 2)).toBe(500);
  });

  it("guards the safe-integer range", () => {
    expect(() => rescale(Number.MAX_SAFE_INTEGER, 2, 4)).toThrow(RangeError);
  });
});

describe("§9 lot total — at least 2 fraction digits or the highest decimals of the lots", () => {
  it("uses 2 digits when every lot has 2 decimals", () => {
    expect(
      formatLotTotal([
        { scaled: 100050, decimals: 2 },
        { scaled: 25, decimals: 2 },
      ]),
    ).toBe("R$ 1.000,75");
  });

  it("uses 4 digits as soon as one lot has 4 decimals", () => {
    expect(
      formatLotTotal([
        { scaled: 100050, decimals: 2 },
        { scaled: 12345, decimals: 4 },
      ]),
    ).toBe("R$ 1.001,7345");
    expect(formatLotTotal([{ scaled: 10000, decimals: 4 }])).toBe("R$ 1,0000");
  });

  it("an empty list is R$ 0,00", () => {
    expect(formatLotTotal([])).toBe("R$ 0,00");
  });

  it("sumScaled returns the total at the highest scale", () => {
    expect(
      sumScaled([
        { scaled: 1, decimals: 2 },
        { scaled: 1, decimals: 4 },
      ]),
    ).toEqual({
      scaled: 101,
      decimals: 4,
    });
  });
});

describe("§9 lots — unit price × quantity, rounded half up to the scale", () => {
  it("multiplies by an integer or a decimal quantity", () => {
    expect(multiplyByQuantity(1050, 2, 3)).toBe(3150); // R$ 10,50 × 3
    expect(multiplyByQuantity(1050, 2, "2,5")).toBe(2625); // R$ 10,50 × 2,5
    expect(multiplyByQuantity(333, 2, 0.5)).toBe(167); // 1,665 → 1,67
    expect(multiplyByQuantity(333, 2, 0.15)).toBe(50); // 0,4995 → 0,50
    expect(multiplyByQuantity(12345, 4, { scaled: 150, decimals: 2 })).toBe(18518); // 1,2345 × 1,5 = 1,85175
  });

  it("can give the result at another scale", () => {
    expect(multiplyByQuantity(12345, 4, 1, 2)).toBe(123);
    expect(multiplyByQuantity(12355, 4, 1, 2)).toBe(124);
  });

  it("computes large products exactly and guards the result", () => {
    // R$ 9.999.999,9999 × 90 000 = R$ 899.999.999.991,0000 → 8_999_999_999_910_000 at 4 decimals
    expect(multiplyByQuantity(99999999999, 4, 90000)).toBe(8999999999910000);
    expect(() => multiplyByQuantity(99999999999, 4, 100000)).toThrow(RangeError);
    expect(() => multiplyByQuantity(100, 2, "x")).toThrow(RangeError);
  });
});
