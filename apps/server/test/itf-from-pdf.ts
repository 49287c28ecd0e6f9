import { inflateSync } from "node:zlib";
import { decodeItf } from "@certame/domain";

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

const RE = /^(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re$/;
const FILL = /^(f\*?|F|B\*?|b\*?)$/;

/** The rectangles a pdfkit PDF fills: "x y w h re" lines painted by the next fill operator. */
function filledRects(pdf: Buffer): Rect[] {
  const rects: Rect[] = [];
  let from = 0;
  for (;;) {
    const start = pdf.indexOf("stream\n", from);
    if (start < 0) break;
    const end = pdf.indexOf("\nendstream", start);
    if (end < 0) break;
    let content: string | null = null;
    try {
      content = inflateSync(pdf.subarray(start + 7, end)).toString("latin1");
    } catch {
      // not a deflated stream (an image or a font)
    }
    from = end + 10;
    if (content === null) continue;
    let path: Rect[] = [];
    for (const raw of content.split("\n")) {
      const op = raw.trim();
      const m = RE.exec(op);
      if (m) path.push({ x: Number(m[1]), y: Number(m[2]), w: Number(m[3]), h: Number(m[4]) });
      else if (FILL.test(op)) {
        rects.push(...path);
        path = [];
      } else if (/(^| )(S|s|n)$/.test(op)) path = []; // stroked or discarded: not a bar
    }
  }
  return rects;
}

/**
 * Reads back the ITF barcode a pdfkit PDF draws as filled rectangles: the bars are the largest
 * group of rectangles sharing one band (same y and height), sorted by x; the spaces are the gaps
 * between them. pdfkit flips the page with "1 0 0 -1 0 842 cm", which changes y but not x.
 */
export function readItfFromPdf(pdf: Buffer): string {
  const bands = new Map<string, Rect[]>();
  for (const r of filledRects(pdf)) {
    const key = `${r.y.toFixed(3)}|${r.h.toFixed(3)}`;
    bands.set(key, [...(bands.get(key) ?? []), r]);
  }
  const bars = [...bands.values()].sort((a, b) => b.length - a.length)[0];
  if (!bars || bars.length < 2) throw new Error("Nenhum código de barras encontrado no PDF");
  bars.sort((a, b) => a.x - b.x);
  const widths: number[] = [];
  bars.forEach((bar, i) => {
    if (i > 0) {
      const previous = bars[i - 1] as Rect;
      widths.push(bar.x - (previous.x + previous.w));
    }
    widths.push(bar.w);
  });
  return decodeItf(widths);
}
