import path from "node:path";
import { inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { FileStorage } from "../files/file-storage";
import { DEMO_IDS } from "./demo-data";
import { DEMO_NOTICES_WITH_FILES, demoFiles, ensureDemoFiles } from "./demo-documents";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // What the server does on start with DEMO_DATA (main.ts): the recorded files into its storage.
  await ensureDemoFiles(t.db, new FileStorage(path.join(t.dataDir, "files")));
});
afterAll(() => t.close());

/** The PDF's structure: header, the cross-reference table startxref points at, the trailer and %%EOF. */
function parsePdf(pdf: Buffer) {
  const text = pdf.toString("latin1");
  expect(text.startsWith("%PDF-")).toBe(true);
  expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4)).toBe("xref");
  const [, first, count] = /xref\s+(\d+) (\d+)/.exec(text.slice(startxref)) ?? [];
  expect(Number(first)).toBe(0);
  // Every object the table lists starts where the table says.
  const entries = text
    .slice(startxref)
    .split(/\r?\n/)
    .slice(3, 2 + Number(count))
    .map((line) => Number(line.slice(0, 10)));
  entries.forEach((offset, i) => {
    expect(text.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true);
  });
  // The drawn text, from the deflated content streams (pdfkit writes hex glyph strings).
  const drawn: string[] = [];
  for (const m of text.matchAll(/stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const end = text.indexOf("endstream", start);
    try {
      const content = inflateSync(pdf.subarray(start, end)).toString("latin1");
      for (const h of content.matchAll(/<([0-9a-fA-F]+)>/g))
        drawn.push(Buffer.from(h[1] as string, "hex").toString("latin1"));
    } catch {
      // not a deflated content stream
    }
  }
  return { pages: (text.match(/\/Type \/Page\b/g) ?? []).length, text: drawn.join("") };
}

describe("demo notices' files (issue 12 item 11)", () => {
  it("covers every published demo notice and no draft", () => {
    expect(DEMO_NOTICES_WITH_FILES).not.toContain(DEMO_IDS.noticeDraft);
    expect(DEMO_NOTICES_WITH_FILES).not.toContain(DEMO_IDS.noticeOtherBuyerDraft);
    expect(new Set(demoFiles().map((f) => f.noticeId))).toEqual(new Set(DEMO_NOTICES_WITH_FILES));
  });

  it.each(DEMO_NOTICES_WITH_FILES.map((id) => [id]))(
    "notice %s lists its files publicly and each downloads as a real PDF",
    async (id) => {
      const read = await t.post("/api/public/auction/read", { id });
      expect(read.statusCode).toBe(200);
      const { noticeNumber } = read.json() as { noticeNumber: string };
      const list = await t.post("/api/public/auction/documents/list", { id });
      expect(list.statusCode).toBe(200);
      const documents = list.json().documents as { id: string; name: string; kind: string }[];
      expect(documents.length).toBeGreaterThanOrEqual(1);
      expect(documents.map((d) => d.kind)).toContain("AUCTION_NOTICE");
      for (const d of documents) {
        expect(d.name).toMatch(/\.pdf$/);
        const res = await t.post("/api/public/auction/documents/download", { id, documents: [d.id] });
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-type"]).toContain("application/pdf");
        const pdf = parsePdf(res.rawPayload);
        expect(pdf.pages).toBeGreaterThanOrEqual(1);
        expect(pdf.text).toContain(noticeNumber);
      }
    },
  );

  it("writes nothing again when the storage already has the files", async () => {
    const storage = new FileStorage(path.join(t.dataDir, "files"));
    const before = await t.post("/api/public/auction/documents/list", { id: DEMO_IDS.noticeRoom });
    const doc = (before.json().documents as { id: string }[])[0];
    await ensureDemoFiles(t.db, storage);
    const res = await t.post("/api/public/auction/documents/download", {
      id: DEMO_IDS.noticeRoom,
      documents: [doc?.id],
    });
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });
});
