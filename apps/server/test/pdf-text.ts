import { inflateSync } from "node:zlib";

/** WinAnsi's 0x80–0x9F, where it differs from Latin-1 (pdfkit writes “ ” — – … € in that range). */
const WIN_ANSI_HIGH: Record<number, string> = {
  128: "€",
  130: "‚",
  131: "ƒ",
  132: "„",
  133: "…",
  134: "†",
  135: "‡",
  136: "ˆ",
  137: "‰",
  138: "Š",
  139: "‹",
  140: "Œ",
  142: "Ž",
  145: "‘",
  146: "’",
  147: "“",
  148: "”",
  149: "•",
  150: "–",
  151: "—",
  152: "˜",
  153: "™",
  154: "š",
  155: "›",
  156: "œ",
  158: "ž",
  159: "Ÿ",
};

const winAnsi = (bytes: Buffer) =>
  Array.from(bytes, (b) => WIN_ANSI_HIGH[b] ?? String.fromCharCode(b)).join("");

/**
 * The text a pdfkit PDF draws, for tests that read what a generated PDF says: pdfkit deflates each
 * content stream and writes strings as hex glyph codes (WinAnsi for the standard fonts), so inflate
 * the streams and decode every <hex> string, in order.
 */
export function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  let from = 0;
  for (;;) {
    const start = pdf.indexOf("stream\n", from);
    if (start < 0) break;
    const end = pdf.indexOf("\nendstream", start);
    if (end < 0) break;
    try {
      const content = inflateSync(pdf.subarray(start + 7, end)).toString("latin1");
      for (const m of content.matchAll(/<([0-9a-fA-F]+)>/g))
        out.push(winAnsi(Buffer.from(m[1] as string, "hex")));
    } catch {
      // not a deflated stream (an image or a font)
    }
    from = end + 10;
  }
  return out.join("");
}
