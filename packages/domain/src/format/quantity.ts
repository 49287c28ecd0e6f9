import { formatExactBR } from "./decimal";

/** A lot quantity's fraction digits at most (quantities are stored with up to 4). */
const QUANTITY_SCALE = 4;

/**
 * A quantity as pt-BR text: thousands grouped with '.', fraction with ',' and no trailing zeros —
 * 2000 → '2.000', 1234.5 → '1.234,5', 0.25 → '0,25'. A value that is not a finite number is '-'.
 */
export function formatQuantityBR(quantity: number | string): string {
  const value = typeof quantity === "string" ? Number(quantity) : quantity;
  if (!Number.isFinite(value)) return "-";
  const scale = QUANTITY_SCALE;
  const units = BigInt(Math.round(value * 10 ** scale));
  return formatExactBR(units, scale, 0);
}
