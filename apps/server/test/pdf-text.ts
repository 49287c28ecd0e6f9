import { inflateSync } from "node:zlib";

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
        out.push(Buffer.from(m[1] as string, "hex").toString("latin1"));
    } catch {
      // not a deflated stream (an image or a font)
    }
    from = end + 10;
  }
  return out.join("");
}
