// Money in BRL (notices-and-accounts §9 "Lots and money"; trading-room §9 "Money").
//
// Amounts are integers scaled by 10^decimals, decimals being 2 or 4 (decimalsNumber TWO/FOUR,
// default 2). They are plain `number` integers guarded by Number.isSafeInteger; products that could
// pass 2^53 are computed in `bigint` first (see ./decimal.ts for the reasoning). Rounding is half up
// (away from zero) everywhere.
import {
  assertSafeInteger,
  type ExactDecimal,
  formatExactBR,
  numberToExactDecimal,
  parseExactBR,
  parseExactDecimal,
  pow10,
  roundToScale,
  toSafeInteger,
} from "./decimal";

export type MoneyDecimals = 2 | 4;
export const MONEY_DECIMALS_OPTIONS: readonly MoneyDecimals[] = [2, 4];
export const DEFAULT_MONEY_DECIMALS: MoneyDecimals = 2;
/** The lot total shows at least this many fraction digits. */
export const LOT_TOTAL_MIN_FRACTION_DIGITS = 2;
/** The money mask accepts up to 7 integer digits (R$ 9.999.999,99). */
export const MONEY_MASK_MAX_INTEGER_DIGITS = 7;
export const BRL_PREFIX = "R$ ";

/** An amount together with its scale. */
export interface ScaledAmount {
  scaled: number;
  decimals: number;
}

/** Reads decimalsNumber as sent by the API ('TWO' | 'FOUR' | 2 | 4); anything else is the default 2. */
export function toMoneyDecimals(value: unknown): MoneyDecimals {
  if (value === 4 || value === "FOUR" || value === "4") return 4;
  return DEFAULT_MONEY_DECIMALS;
}

function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) {
    throw new RangeError(`Número de casas decimais inválido: ${decimals}`);
  }
}

/**
 * A decimal value (number, or a plain string with '.' or ',' as the decimal separator and no
 * thousands separators) scaled by 10^decimals, rounded half up. Throws on invalid input or when the
 * result is not a safe integer. For pt-BR text such as 'R$ 1.234,56' use parseBRL.
 */
export function toScaled(value: string | number, decimals: number): number {
  assertDecimals(decimals);
  const exact = typeof value === "number" ? numberToExactDecimal(value) : parseExactDecimal(value);
  if (!exact) throw new RangeError(`Valor numérico inválido: ${String(value)}`);
  return toSafeInteger(roundToScale(exact, decimals));
}

/** The numeric value of a scaled amount (the nearest double to scaled / 10^decimals). */
export function fromScaled(scaled: number, decimals: number): number {
  assertDecimals(decimals);
  assertSafeInteger(scaled, "valor escalado");
  return scaled / 10 ** decimals;
}

/** The exact decimal text of a scaled amount with a '.' separator, e.g. 123456, 2 → '1234.56'. */
export function scaledToDecimalString(scaled: number, decimals: number): string {
  assertDecimals(decimals);
  assertSafeInteger(scaled, "valor escalado");
  const negative = scaled < 0;
  const digits = Math.abs(scaled)
    .toString()
    .padStart(decimals + 1, "0");
  const intPart = digits.slice(0, digits.length - decimals);
  const body = decimals > 0 ? `${intPart}.${digits.slice(digits.length - decimals)}` : intPart;
  return negative ? `-${body}` : body;
}

export interface FormatMoneyOptions {
  /** Trailing zeros beyond this many fraction digits are dropped (default: all `decimals` shown). */
  minFractionDigits?: number;
}

/** A scaled amount as pt-BR number text without the currency: 123456, 2 → '1.234,56'. */
export function formatDecimalBR(scaled: number, decimals: number, options: FormatMoneyOptions = {}): string {
  assertDecimals(decimals);
  assertSafeInteger(scaled, "valor escalado");
  return formatExactBR(BigInt(scaled), decimals, options.minFractionDigits ?? decimals);
}

/**
 * A scaled amount in BRL: 123456, 2 → 'R$ 1.234,56' (plain space after 'R$', never a no-break
 * space; a negative amount is '-R$ 1,00').
 */
export function formatBRL(scaled: number, decimals: number, options: FormatMoneyOptions = {}): string {
  const text = formatDecimalBR(scaled, decimals, options);
  return text.startsWith("-") ? `-${BRL_PREFIX}${text.slice(1)}` : `${BRL_PREFIX}${text}`;
}

const BRL_TEXT = /^([+-])?\s*(?:R\$)?\s*([+-])?\s*(.*)$/su;

/**
 * Reads BRL text ('R$ 1.234,56', '1.234,56', '1234,5', '-R$ 3,00'; the 'R$' and any space, no-break
 * space included, are optional) as an integer scaled by 10^decimals. More fraction digits than
 * `decimals` are rounded half up. Returns null for empty or malformed text, badly placed thousands
 * dots, or an amount beyond the safe-integer range.
 */
export function parseBRL(text: string, decimals: number): number | null {
  assertDecimals(decimals);
  const normalized = text.replace(/[\s\u00a0\u202f]+/gu, " ").trim();
  const match = BRL_TEXT.exec(normalized);
  if (!match) return null;
  const [, signBefore, signAfter, body = ""] = match;
  if (signBefore && signAfter) return null;
  const exact = parseExactBR(body);
  if (!exact) return null;
  const negative = (signBefore ?? signAfter) === "-";
  const rounded = roundToScale(negative ? { units: -exact.units, scale: exact.scale } : exact, decimals);
  try {
    return toSafeInteger(rounded);
  } catch {
    return null;
  }
}

/** True for the texts the generic form rules treat as an empty money field: 'R$ 0,00' / '0,00' (§5). */
export function isZeroMoneyText(text: string): boolean {
  const scaled = parseBRL(text, 4);
  return scaled === 0;
}

/**
 * The money input mask (§5: 'R$ ' with up to 7 integer digits). Digits fill from the right
 * (the usual Brazilian cash-register mask): typing 1, 2, 3 shows 'R$ 0,01', 'R$ 0,12', 'R$ 1,23'.
 * Every non-digit is ignored; digits past 7 integer + `decimals` fraction digits are dropped.
 * Text without any digit gives ''.
 */
export function applyMoneyMask(raw: string, decimals: number = DEFAULT_MONEY_DECIMALS): string {
  assertDecimals(decimals);
  const digits = raw.replace(/\D/g, "").replace(/^0+(?=\d)/, "");
  if (digits === "") return "";
  const kept = digits.slice(0, MONEY_MASK_MAX_INTEGER_DIGITS + decimals);
  return `${BRL_PREFIX}${formatExactBR(BigInt(kept), decimals)}`;
}

/** Moves a scaled amount between scales (×100 from 2 to 4 decimals; ÷100 rounded half up back). */
export function rescale(scaled: number, fromDecimals: number, toDecimals: number): number {
  assertDecimals(fromDecimals);
  assertDecimals(toDecimals);
  assertSafeInteger(scaled, "valor escalado");
  return toSafeInteger(roundToScale({ units: BigInt(scaled), scale: fromDecimals }, toDecimals));
}

/** Sums amounts of mixed scales at the highest scale used (at least `minDecimals`). */
export function sumScaled(amounts: readonly ScaledAmount[], minDecimals = 0): ScaledAmount {
  const decimals = amounts.reduce((max, amount) => Math.max(max, amount.decimals), minDecimals);
  assertDecimals(decimals);
  let total = 0n;
  for (const amount of amounts) {
    assertDecimals(amount.decimals);
    assertSafeInteger(amount.scaled, "valor escalado");
    total += BigInt(amount.scaled) * pow10(decimals - amount.decimals);
  }
  return { scaled: toSafeInteger(total), decimals };
}

/**
 * The lot total in BRL (§9): the sum of the amounts, shown with at least 2 fraction digits or with
 * the highest number of decimals used by the lots. No amounts → 'R$ 0,00'.
 */
export function formatLotTotal(amounts: readonly ScaledAmount[]): string {
  const total = sumScaled(amounts, LOT_TOTAL_MIN_FRACTION_DIGITS);
  return formatBRL(total.scaled, total.decimals);
}

function quantityToExact(quantity: number | string | ScaledAmount): ExactDecimal {
  if (typeof quantity === "object") {
    assertDecimals(quantity.decimals);
    assertSafeInteger(quantity.scaled, "quantidade escalada");
    return { units: BigInt(quantity.scaled), scale: quantity.decimals };
  }
  const exact = typeof quantity === "number" ? numberToExactDecimal(quantity) : parseExactDecimal(quantity);
  if (!exact) throw new RangeError(`Quantidade inválida: ${String(quantity)}`);
  return exact;
}

/**
 * unit price × quantity, rounded half up to `resultDecimals` (default: the unit's decimals). The
 * quantity may be a number, a plain decimal string ('10,5' / '10.5') or a scaled amount; the
 * product is computed exactly in bigint and guarded on the way back.
 */
export function multiplyByQuantity(
  unitScaled: number,
  unitDecimals: number,
  quantity: number | string | ScaledAmount,
  resultDecimals: number = unitDecimals,
): number {
  assertDecimals(unitDecimals);
  assertDecimals(resultDecimals);
  assertSafeInteger(unitScaled, "valor unitário escalado");
  const q = quantityToExact(quantity);
  const product: ExactDecimal = { units: BigInt(unitScaled) * q.units, scale: unitDecimals + q.scale };
  return toSafeInteger(roundToScale(product, resultDecimals));
}
