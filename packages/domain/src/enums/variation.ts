// Minimum-variation kind and decimal places of a lot (notices-and-accounts §2.6, §3, §9 "Lots and
// money"; trading-room §3 "Lot"; planning §9 "Enumerations").
export const VARIATION_KINDS = ["REAL", "PERCENTAGE"] as const;
export type VariationKind = (typeof VARIATION_KINDS)[number];

/** The spec shows the kinds as 'R$' and '%'. */
export const VARIATION_KIND_LABELS: Record<VariationKind, string> = {
  REAL: "R$",
  PERCENTAGE: "%",
};

export const DECIMALS_OPTIONS = [2, 4] as const;
export type DecimalsNumber = (typeof DECIMALS_OPTIONS)[number];

export const DECIMALS_LABELS: Record<DecimalsNumber, string> = {
  2: "2 casas decimais",
  4: "4 casas decimais",
};

export const DEFAULT_DECIMALS: DecimalsNumber = 2;

/** The room receives decimalsNumber as TWO or FOUR (trading-room §3 "Lot", §9 "Money"). */
export const DECIMALS_NAMES = ["TWO", "FOUR"] as const;
export type DecimalsName = (typeof DECIMALS_NAMES)[number];

export const DECIMALS_BY_NAME: Record<DecimalsName, DecimalsNumber> = { TWO: 2, FOUR: 4 };
export const DECIMALS_NAME_BY_NUMBER: Record<DecimalsNumber, DecimalsName> = { 2: "TWO", 4: "FOUR" };

/**
 * Reads a decimals value as the server or a spreadsheet may send it (2, 4, "2", "4", "TWO", "FOUR");
 * anything missing falls back to the default of 2 (trading-room §3 "decimalsNumber (TWO or FOUR;
 * default 2)"); any other value is refused.
 */
export function toDecimalsNumber(value: unknown): DecimalsNumber {
  if (value === undefined || value === null || value === "") return DEFAULT_DECIMALS;
  if (value === 2 || value === "2" || value === "TWO") return 2;
  if (value === 4 || value === "4" || value === "FOUR") return 4;
  throw new RangeError(`casas decimais inválidas: ${String(value)}`);
}

/** Percent minimum variation floor (notices-and-accounts §5 "Lots", §9). */
export const MIN_PERCENT_VARIATION = 0.01;
