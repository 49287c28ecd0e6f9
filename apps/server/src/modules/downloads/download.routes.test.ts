import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attach, createNotice, PDF_BYTES, readZip, setNotice } from "../../../test/notice-helpers";
import { createTestApp, type TestApp } from "../../../test/test-app";

let t: TestApp;
let buyer: string;
let noticeId: string;
const docs: { id: string; name: string }[] = [];
const CSV = Buffer.from("lote;item;descrição\n1;1;Cadeira giratória\n", "utf8");

beforeAll(async () => {
  t = await createTestApp();
  buyer = await t.login("pregoeiro@demo.gov.br");
  noticeId = await createNotice(t, buyer, { noticeNumber: "PE 60/2026" });
  docs.push(await attach(t, buyer, noticeId, "AUCTION_NOTICE", { name: "edital.pdf", bytes: PDF_BYTES }));
  docs.push(await attach(t, buyer, noticeId, "OTHER", { name: "itens.csv", bytes: CSV }));
  docs.push(
    await attach(t, buyer, noticeId, "OTHER", {
      name: "edital.pdf",
      bytes: Buffer.from("%PDF-1.7\nsegundo\n"),
    }),
  );
});
afterAll(() => t.close());

describe("document downloads (notices-and-accounts §2.16, §7 'Document downloads')", () => {
  it("never serves a PENDING notice's files to the public; its own body may download them", async () => {
    const body = { id: noticeId, documents: [docs[0]?.id] };
    expect((await t.post("/api/public/auction/documents/download", body)).statusCode).toBe(404);
    expect((await t.post("/api/public/auction/documents/download/zip", body)).statusCode).toBe(404);
    const other = await t.login("compras@vilanova.demo.gov.br");
    expect((await t.post("/api/app/auction/documents/download", body, other)).statusCode).toBe(404);
    const own = await t.post("/api/app/auction/documents/download", body, buyer);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PDF_BYTES)).toBe(true);
  });

  it("lists a published notice's files publicly and downloads one with its name in x-suggested-filename", async () => {
    await setNotice(t, noticeId, { status: "PUBLISHED" });
    const list = await t.post("/api/public/auction/documents/list", { id: noticeId });
    expect(list.statusCode).toBe(200);
    expect(list.json().documents.map((d: { name: string }) => d.name)).toEqual([
      "edital.pdf",
      "itens.csv",
      "edital.pdf",
    ]);
    expect(list.json().canDelete).toBe(false);
    const res = await t.post("/api/public/auction/documents/download", {
      id: noticeId,
      documents: [docs[1]?.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["x-suggested-filename"]).toBe("itens.csv");
    expect(res.headers["content-disposition"]).toBe("attachment; filename*=UTF-8''itens.csv");
    expect(res.rawPayload.equals(CSV)).toBe(true);
  });

  it("streams several files as one zip, names made unique, contents intact", async () => {
    const res = await t.post("/api/public/auction/documents/download/zip", {
      id: noticeId,
      documents: docs.map((d) => d.id),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(decodeURIComponent(String(res.headers["x-suggested-filename"]))).toBe("Arquivos - PE 60-2026.zip");
    const entries = readZip(res.rawPayload);
    expect([...entries.keys()]).toEqual(["edital.pdf", "itens.csv", "edital (2).pdf"]);
    expect(entries.get("edital.pdf")?.equals(PDF_BYTES)).toBe(true);
    expect(entries.get("itens.csv")?.equals(CSV)).toBe(true);
    expect(entries.get("edital (2).pdf")?.toString()).toBe("%PDF-1.7\nsegundo\n");
    // The same zip by navigation (GET), and the single-file call with several ids.
    const get = await t.app.inject({
      method: "GET",
      url: `/api/public/auction/documents/download/zip?id=${noticeId}&documents=${docs[0]?.id},${docs[1]?.id}`,
    });
    expect([...readZip(get.rawPayload).keys()]).toEqual(["edital.pdf", "itens.csv"]);
    const multi = await t.post("/api/public/auction/documents/download", {
      id: noticeId,
      documents: [docs[0]?.id, docs[1]?.id],
    });
    expect(multi.headers["content-type"]).toBe("application/zip");
  });

  it("refuses a document of another notice, an empty selection and a malformed id", async () => {
    const otherNotice = await createNotice(t, buyer);
    const foreignDoc = await attach(t, buyer, otherNotice);
    await setNotice(t, otherNotice, { status: "PUBLISHED" });
    const forged = await t.post("/api/public/auction/documents/download/zip", {
      id: noticeId,
      documents: [docs[0]?.id, foreignDoc.id],
    });
    expect(forged.statusCode).toBe(404);
    const none = await t.post("/api/public/auction/documents/download", { id: noticeId, documents: [] });
    expect(none.statusCode).toBe(400);
    const bad = await t.post("/api/public/auction/documents/download", { id: noticeId, documents: ["x"] });
    expect(bad.statusCode).toBe(400);
  });
});
