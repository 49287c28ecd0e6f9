import { describe, expect, it } from "vitest";
import { decodeItf, ITF_PATTERNS, itfElements } from "./itf";

const BARCODE = "00195127700001500000000001234567000000012317";
const widthsOf = (elements: readonly string[], narrow = 1, wide = 3) =>
  elements.map((e) => (e === "w" ? wide : narrow));

describe("Interleaved 2 of 5", () => {
  it("each digit pattern has 2 wide and 3 narrow elements, all distinct", () => {
    expect(new Set(ITF_PATTERNS).size).toBe(10);
    for (const pattern of ITF_PATTERNS) expect([...pattern].filter((e) => e === "w")).toHaveLength(2);
  });

  it("frames the pairs with start nnnn and stop wnn, bars of the first digit and spaces of the second", () => {
    // "12": 1 = wnnnw on bars, 2 = nwnnw on spaces → w n, n w, n n, n n, w w.
    expect(itfElements("12").join("")).toBe("nnnn" + "wnnwnnnnww" + "wnn");
  });

  it("has 4 + 10 per pair + 3 elements, a bar first and last", () => {
    const elements = itfElements(BARCODE);
    expect(elements).toHaveLength(4 + 22 * 10 + 3);
    expect(elements.length % 2).toBe(1);
  });

  it("round-trips a 44-digit boleto barcode", () => {
    expect(decodeItf(widthsOf(itfElements(BARCODE)))).toBe(BARCODE);
  });

  it("round-trips 12345678 with any unit and small measuring noise", () => {
    expect(decodeItf(widthsOf(itfElements("12345678")))).toBe("12345678");
    const noisy = widthsOf(itfElements("12345678"), 0.86, 2.58).map((w, i) => w + (i % 3 === 0 ? 0.2 : -0.1));
    expect(decodeItf(noisy)).toBe("12345678");
  });

  it("refuses an odd number of digits or non-digits", () => {
    expect(() => itfElements("123")).toThrow(/par/);
    expect(() => itfElements("12a4")).toThrow(/dígitos/);
    expect(() => itfElements("")).toThrow(/dígitos/);
  });

  it("throws on a corrupted pattern, start or stop code, or a wrong element count", () => {
    const widths = widthsOf(itfElements("12345678"));
    const corrupted = [...widths];
    corrupted[4] = corrupted[4] === 3 ? 1 : 3; // first bar of the first pair: a digit with 1 or 3 wide bars
    expect(() => decodeItf(corrupted)).toThrow(/padrão inválido/);
    const badStart = [...widths];
    badStart[0] = 3;
    expect(() => decodeItf(badStart)).toThrow(/início/);
    const badStop = [...widths];
    badStop[badStop.length - 3] = 1;
    expect(() => decodeItf(badStop)).toThrow(/fim/);
    expect(() => decodeItf(widths.slice(0, -1))).toThrow(/elementos/);
    expect(() => decodeItf([...widths.slice(0, -1), 0])).toThrow(/positivas/);
  });
});
