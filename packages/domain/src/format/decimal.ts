// Exact decimal arithmetic shared by money and percent (notices-and-accounts §9 "Lots and money").
//
// Choice: amounts travel as JavaScript `number` integers (scaled by 10^decimals) because every
// realistic amount fits: the largest unit price the mask accepts is R$ 9.999.999,9999, i.e.
// 99_999_999_999 at 4 decimals, and Number.MAX_SAFE_INTEGER (≈ 9.007e15) still holds totals up to
// about R$ 900 billion at 4 decimals. Intermediate products (unit × quantity, percent of a price)
// may exceed 2^53, so they are computed here in `bigint` and converted back through
// `toSafeInteger`, which throws a RangeError instead of silently losing precision.

/** A decimal value `units / 10^scale` held exactly (units signed, scale ≥ 0). */
export interface ExactDecimal {
  readonly units: bigint;
  readonly scale: number;
}

const PLAIN_DECIMAL = /^([+-])?(\d*)(?:[.,](\d*))?(?:[eE]([+-]?\d+))?$/;

export function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/**
 * Parses a plain decimal: optional sign, digits, optional '.' or ',' decimal separator, optional
 * exponent. Thousands separators are NOT accepted here (see parseBRL for pt-BR text).
 */
export function parseExactDecimal(text: string): ExactDecimal | null {
  const match = PLAIN_DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, intPart = "", fracPart = "", exponentText] = match;
  if (intPart === "" && fracPart === "") return null;
  let units = BigInt(`${intPart}${fracPart}` || "0");
  let scale = fracPart.length;
  if (exponentText !== undefined) {
    const exponent = Number(exponentText);
    if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 400) return null;
    if (exponent >= scale) {
      units *= pow10(exponent - scale);
      scale = 0;
    } else {
      scale -= exponent;
    }
  }
  return { units: sign === "-" ? -units : units, scale };
}

/**
 * A finite number as the exact decimal of its shortest round-trip representation, so that
 * 1.005 is read as 1.005 (not 1.00499999999999989…).
 */
export function numberToExactDecimal(value: number): ExactDecimal | null {
  if (!Number.isFinite(value)) return null;
  return parseExactDecimal(String(value));
}

/** The nearest double to an exact decimal. */
export function exactToNumber(value: ExactDecimal): number {
  if (value.units === 0n) return 0;
  return Number(`${value.units}e-${value.scale}`);
}

/** Rounds half up (away from zero, the commercial rule) to `scale` fraction digits; returns units. */
export function roundToScale(value: ExactDecimal, scale: number): bigint {
  if (value.scale <= scale) return value.units * pow10(scale - value.scale);
  const divisor = pow10(value.scale - scale);
  const quotient = value.units / divisor;
  const remainder = value.units % divisor;
  const absRemainder = remainder < 0n ? -remainder : remainder;
  if (absRemainder * 2n >= divisor) return value.units < 0n ? quotient - 1n : quotient + 1n;
  return quotient;
}

/** Converts to a `number`, throwing when the value is outside ±Number.MAX_SAFE_INTEGER. */
export function toSafeInteger(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`Valor fora do intervalo seguro: ${value}`);
  }
  return Number(value);
}

/** Throws unless `value` is a safe integer (the guard on every scaled amount). */
export function assertSafeInteger(value: number, what = "valor"): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} deve ser um inteiro seguro: ${value}`);
}

/** Inserts a dot every three digits from the right: '1234567' → '1.234.567'. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

/**
 * Formats `units / 10^scale` in pt-BR: dot thousands, comma decimal. Shows `scale` fraction
 * digits, trimming trailing zeros down to `minFractionDigits`.
 */
export function formatExactBR(units: bigint, scale: number, minFractionDigits = scale): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const intPart = digits.slice(0, digits.length - scale);
  let fracPart = scale > 0 ? digits.slice(digits.length - scale) : "";
  const keep = Math.max(0, Math.min(minFractionDigits, scale));
  while (fracPart.length > keep && fracPart.endsWith("0")) fracPart = fracPart.slice(0, -1);
  const body = groupThousands(intPart) + (fracPart ? `,${fracPart}` : "");
  return negative ? `-${body}` : body;
}

const BR_NUMBER = /^([+-])?(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d*))?$/;

/** Parses pt-BR number text ('1.234,56', '1234,5', '12') exactly; grouping dots must be well placed. */
export function parseExactBR(text: string): ExactDecimal | null {
  const match = BR_NUMBER.exec(text.trim());
  if (!match) return null;
  const [, sign, intPart = "", fracPart = ""] = match;
  const units = BigInt(intPart.replaceAll(".", "") + fracPart);
  return { units: sign === "-" ? -units : units, scale: fracPart.length };
}
