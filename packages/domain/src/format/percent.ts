// Percentages (notices-and-accounts §9 "Lots and money"; trading-room §9 "Money").
// A percent is a plain number in percent units (12.5 means 12,5 %), the "raw percent" that
// discount bids send. It is shown with a decimal comma and the suffix ' %', 2 decimals by default.
import {
  exactToNumber,
  formatExactBR,
  numberToExactDecimal,
  parseExactBR,
  pow10,
  roundToScale,
  toSafeInteger,
} from "./decimal";

export const PERCENT_SUFFIX = " %";
export const DEFAULT_PERCENT_FRACTION_DIGITS = 2;
/** §5 "Lots" / §9: the minimum-variation percent is floored at 0,01. */
export const MIN_VARIATION_PERCENT = 0.01;
/** §9 lot defaults: percent variation 1,00. */
export const DEFAULT_PERCENT_VARIATION = 1;
/** Integer digits the percent mask accepts (up to 100 %, and up to 999 for other uses). */
export const PERCENT_MASK_MAX_INTEGER_DIGITS = 3;

function assertFractionDigits(fractionDigits: number): void {
  if (!Number.isInteger(fractionDigits) || fractionDigits < 0 || fractionDigits > 20) {
    throw new RangeError(`Número de casas decimais inválido: ${fractionDigits}`);
  }
}

/** 12.5 → '12,50 %' (rounded half up to `fractionDigits`, dot thousands). */
export function formatPercent(
  value: number,
  fractionDigits: number = DEFAULT_PERCENT_FRACTION_DIGITS,
): string {
  assertFractionDigits(fractionDigits);
  const exact = numberToExactDecimal(value);
  if (!exact) throw new RangeError(`Percentual inválido: ${value}`);
  return `${formatExactBR(roundToScale(exact, fractionDigits), fractionDigits)}${PERCENT_SUFFIX}`;
}

/**
 * '12,5 %', '12,50%', '12,5', '1.000,00 %' → the percent as a number; null for empty or malformed
 * text. With `fractionDigits` the value is rounded half up to that many digits.
 */
export function parsePercent(text: string, fractionDigits?: number): number | null {
  const body = text
    .replace(/[\s\u00a0\u202f]+/gu, " ")
    .trim()
    .replace(/\s*%$/u, "");
  const exact = parseExactBR(body);
  if (!exact) return null;
  if (fractionDigits === undefined) return exactToNumber(exact);
  assertFractionDigits(fractionDigits);
  return exactToNumber({ units: roundToScale(exact, fractionDigits), scale: fractionDigits });
}

/**
 * §5 "Lots": the minimum-variation percent is floored at 0,01 — any smaller, negative or
 * non-numeric value becomes 0,01; larger values are kept as they are.
 */
export function floorMinimumVariationPercent(value: number): number {
  if (!Number.isFinite(value) || value < MIN_VARIATION_PERCENT) return MIN_VARIATION_PERCENT;
  return value;
}

/**
 * The percent input mask: digits fill from the right like the money mask, with `fractionDigits`
 * decimals (trading-room §9: precision decimalsNumber or 2) and up to 3 integer digits, suffix ' %'.
 * Text without digits gives ''.
 */
export function applyPercentMask(
  raw: string,
  fractionDigits: number = DEFAULT_PERCENT_FRACTION_DIGITS,
): string {
  assertFractionDigits(fractionDigits);
  const digits = raw.replace(/\D/g, "").replace(/^0+(?=\d)/, "");
  if (digits === "") return "";
  const kept = digits.slice(0, PERCENT_MASK_MAX_INTEGER_DIGITS + fractionDigits);
  return `${formatExactBR(BigInt(kept), fractionDigits)}${PERCENT_SUFFIX}`;
}

/**
 * trading-room §9: "a percent discount is computed on the reference price". The price after a
 * discount of `percent` on a scaled reference price, at the same scale, rounded half up.
 */
export function priceAfterDiscount(referenceScaled: number, percent: number): number {
  if (!Number.isSafeInteger(referenceScaled))
    throw new RangeError(`Valor escalado inválido: ${referenceScaled}`);
  const exact = numberToExactDecimal(percent);
  if (!exact) throw new RangeError(`Percentual inválido: ${percent}`);
  // reference × (100 − p) / 100, with p = units / 10^scale
  const hundred = 100n * pow10(exact.scale);
  const units = BigInt(referenceScaled) * (hundred - exact.units);
  return toSafeInteger(roundToScale({ units, scale: exact.scale + 2 }, 0));
}

/**
 * The discount, in percent, that `priceScaled` represents on `referenceScaled` (both at the same
 * scale), rounded half up to `fractionDigits`. A price above the reference gives a negative value.
 */
export function discountPercent(
  referenceScaled: number,
  priceScaled: number,
  fractionDigits: number = DEFAULT_PERCENT_FRACTION_DIGITS,
): number {
  assertFractionDigits(fractionDigits);
  if (!Number.isSafeInteger(referenceScaled) || !Number.isSafeInteger(priceScaled)) {
    throw new RangeError("Valores escalados inválidos");
  }
  if (referenceScaled === 0) throw new RangeError("Preço de referência zero");
  // (ref − price) / ref × 100, rounded at fractionDigits: scale the numerator so one integer
  // division keeps one extra digit per fraction digit plus a guard digit for the half-up rule.
  const numerator = (BigInt(referenceScaled) - BigInt(priceScaled)) * 100n * pow10(fractionDigits + 1);
  // Division truncates toward zero, so the guard digit is ≥ 5 exactly when the dropped part of
  // |value| is at least one half: rounding on it is the exact half-up (away from zero) rule.
  const withGuard = numerator / BigInt(referenceScaled);
  return exactToNumber({ units: roundToScale({ units: withGuard, scale: 1 }, 0), scale: fractionDigits });
}
