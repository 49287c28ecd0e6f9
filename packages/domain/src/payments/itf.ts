// Interleaved 2 of 5 (ITF), the symbology FEBRABAN prescribes for the boleto barcode: digits go in
// pairs, the first digit of a pair drawn by 5 bars and the second by the 5 spaces between them;
// each digit is 2 wide and 3 narrow elements. Framed by a start code (narrow bar, narrow space,
// narrow bar, narrow space) and a stop code (wide bar, narrow space, narrow bar).

export type ItfElement = "n" | "w";

export const ITF_PATTERNS: readonly string[] = [
  "nnwwn", // 0
  "wnnnw", // 1
  "nwnnw", // 2
  "wwnnn", // 3
  "nnwnw", // 4
  "wnwnn", // 5
  "nwwnn", // 6
  "nnnww", // 7
  "wnnwn", // 8
  "nwnwn", // 9
];

const START = "nnnn";
const STOP = "wnn";

/** The narrow/wide widths of alternating bar, space, bar… elements (a bar first and last). */
export function itfElements(digits: string): ItfElement[] {
  if (!/^\d+$/.test(digits)) throw new Error(`ITF: apenas dígitos, recebido "${digits}"`);
  if (digits.length % 2 !== 0)
    throw new Error(`ITF: número par de dígitos exigido, recebidos ${digits.length}`);
  let out = START;
  for (let i = 0; i < digits.length; i += 2) {
    const bars = ITF_PATTERNS[Number(digits[i])] as string;
    const spaces = ITF_PATTERNS[Number(digits[i + 1])] as string;
    for (let k = 0; k < 5; k++) out += `${bars[k]}${spaces[k]}`;
  }
  return [...(out + STOP)] as ItfElement[];
}

/**
 * Decodes measured widths of alternating bar/space elements (first a bar). Narrow and wide are
 * told apart at the midpoint of the smallest and largest width, which tolerates any unit and the
 * rounding of a drawn or scanned symbol as long as wide stays clearly wider than narrow.
 */
export function decodeItf(widths: readonly number[]): string {
  if (widths.some((w) => !Number.isFinite(w) || w <= 0)) throw new Error("ITF: larguras devem ser positivas");
  if (
    widths.length < START.length + 10 + STOP.length ||
    (widths.length - START.length - STOP.length) % 10 !== 0
  )
    throw new Error(`ITF: ${widths.length} elementos não formam início + pares + fim`);
  const threshold = (Math.min(...widths) + Math.max(...widths)) / 2;
  const elements = widths.map((w) => (w > threshold ? "w" : "n")).join("");
  if (!elements.startsWith(START)) throw new Error("ITF: código de início inválido");
  if (!elements.endsWith(STOP)) throw new Error("ITF: código de fim inválido");
  let digits = "";
  for (let at = START.length; at < elements.length - STOP.length; at += 10) {
    const block = elements.slice(at, at + 10);
    let bars = "";
    let spaces = "";
    for (let k = 0; k < 10; k += 2) {
      bars += block[k];
      spaces += block[k + 1];
    }
    const first = ITF_PATTERNS.indexOf(bars);
    const second = ITF_PATTERNS.indexOf(spaces);
    if (first < 0 || second < 0) throw new Error(`ITF: padrão inválido no par que começa no elemento ${at}`);
    digits += `${first}${second}`;
  }
  return digits;
}
