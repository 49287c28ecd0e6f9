import { inflateSync } from "node:zlib";

// The text a PDF of the platform draws (pdfkit: deflated content streams, strings as hex glyph codes
// of the standard fonts' WinAnsi, which is Latin-1 for the letters of Portuguese), for a browser test
// that checks what a downloaded PDF says. The server's tests have the fuller reader (test/pdf-text.ts).

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
      // not a deflated stream
    }
    from = end + 10;
  }
  return out.join("");
}

/** Text compared as the PDF lays it out: line breaks and spaces vary. */
export const squeezed = (text: string) => text.replace(/\s+/g, "");
