import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  attach,
  createNotice,
  PDF_BYTES,
  PNG_BYTES,
  postMultipart,
  setNotice,
} from "../../../test/notice-helpers";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { lawClauses } from "../../db/schema";
import { DEMO_IDS } from "../../demo/demo-data";
import { listEvents } from "../../events/event-log.repository";

let t: TestApp;
let buyer: string;
let other: string;
let supplier: string;
beforeAll(async () => {
  t = await createTestApp();
  [buyer, other, supplier] = await Promise.all([
    t.login("pregoeiro@demo.gov.br"),
    t.login("compras@vilanova.demo.gov.br"),
    t.login("fornecedor1@demo.com.br"),
  ]);
});
afterAll(() => t.close());

const ATTACH = "/api/app/auction/documents/attach";
const send = (
  token: string | undefined,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer },
) => postMultipart(t, ATTACH, token, fields, file);

describe("notice documents: attach (§2.8, §9 'Notice files')", () => {
  it("attaches a PDF main file and a UTF-8 CSV, each logged, and lists them with 'Ver anexo' urls", async () => {
    const id = await createNotice(t, buyer);
    const pdf = await send(
      buyer,
      { auctionNoticeId: id, kind: "AUCTION_NOTICE", description: "Edital e anexos" },
      { name: "edital.pdf", bytes: PDF_BYTES },
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.json()).toMatchObject({
      kind: "AUCTION_NOTICE",
      label: "Edital",
      description: "Edital e anexos",
      name: "edital.pdf",
      mimeType: "application/pdf",
      auctionNotice: { id },
      canDelete: true,
    });
    const csv = await send(
      buyer,
      { auctionNoticeId: id, kind: "OTHER", description: "Planilha de preços" },
      { name: "precos.csv", bytes: Buffer.from("item;preço\n1;R$ 10,00\n", "utf8") },
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.json()).toMatchObject({ kind: "OTHER", mimeType: "text/csv", name: "precos.csv" });

    const list = (await t.post("/api/app/auction/documents/list", { auctionNoticeId: id }, buyer)).json();
    expect(list.documents.map((d: { name: string }) => d.name)).toEqual(["edital.pdf", "precos.csv"]);
    const file = await t.app.inject({
      method: "GET",
      url: list.documents[0].url,
      headers: { authorization: `Bearer ${buyer}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(file.headers["x-suggested-filename"]).toBe("edital.pdf");
    const log = await listEvents(t.db, id);
    expect(log.filter((e) => e.eventType === "NOTICE_DOCUMENT_ATTACHED")).toHaveLength(2);
  });

  it("labels the main file of the direct waiver and nonenforcement as a request (§2.8)", async () => {
    const [clause] = await t.db
      .select()
      .from(lawClauses)
      .where(eq(lawClauses.code, "LEI_14133_2021_ART74_I"));
    const id = await createNotice(t, buyer, {
      modality: "DIRECT_NONENFORCEMENT",
      subModality: "HIRING_SERVICES",
      lawClause: { id: clause?.id },
    });
    const doc = await attach(t, buyer, id);
    expect(doc).toMatchObject({ kind: "AUCTION_NOTICE", label: "Solicitação de Materiais/Serviços" });
  });

  it("judges the file by its bytes: a PNG named .pdf, a binary named .csv and invalid UTF-8 are refused (415)", async () => {
    const id = await createNotice(t, buyer);
    const fields = { auctionNoticeId: id, kind: "OTHER", description: "x" };
    const png = await send(buyer, fields, { name: "foto.pdf", bytes: PNG_BYTES });
    expect(png.statusCode).toBe(415);
    expect(png.json().message).toContain("PDF e CSV");
    const nul = await send(buyer, fields, { name: "dados.csv", bytes: Buffer.from("a;b\n1;\u0000\n") });
    expect(nul.statusCode).toBe(415);
    const latin1 = await send(buyer, fields, {
      name: "dados.csv",
      bytes: Buffer.from([0x61, 0x3b, 0xe7, 0xe3, 0x0a]),
    });
    expect(latin1.statusCode).toBe(415);
    const empty = await send(buyer, fields, { name: "vazio.csv", bytes: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(415);
    expect(
      (await t.post("/api/app/auction/documents/list", { auctionNoticeId: id }, buyer)).json().documents,
    ).toEqual([]);
  });

  it("refuses more than 30 MB (413), a description over 400 characters and a missing file (400)", async () => {
    const id = await createNotice(t, buyer);
    const big = Buffer.alloc(30 * 1024 * 1024 + 1, 0x41);
    big.write("%PDF-1.4\n");
    const tooBig = await send(
      buyer,
      { auctionNoticeId: id, kind: "OTHER", description: "x" },
      { name: "big.pdf", bytes: big },
    );
    expect(tooBig.statusCode).toBe(413);
    const long = await send(
      buyer,
      { auctionNoticeId: id, kind: "OTHER", description: "d".repeat(401) },
      { name: "a.pdf", bytes: PDF_BYTES },
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().properties[0].property).toBe("description");
    const exactly = await send(
      buyer,
      { auctionNoticeId: id, kind: "OTHER", description: "d".repeat(400) },
      { name: "a.pdf", bytes: PDF_BYTES },
    );
    expect(exactly.statusCode).toBe(200);
    const noFile = await send(buyer, { auctionNoticeId: id, kind: "OTHER" });
    expect(noFile.statusCode).toBe(400);
    const badKind = await send(
      buyer,
      { auctionNoticeId: id, kind: "PUBLICATION_PROOF" },
      { name: "a.pdf", bytes: PDF_BYTES },
    );
    expect(badKind.statusCode).toBe(400);
  });

  it("refuses another body's notice, suppliers, anonymous calls and closed processes", async () => {
    const fields = (id: string) => ({ auctionNoticeId: id, kind: "OTHER", description: "x" });
    const file = { name: "a.pdf", bytes: PDF_BYTES };
    expect((await send(buyer, fields(DEMO_IDS.noticeOtherBuyerDraft), file)).statusCode).toBe(404);
    expect((await send(buyer, fields(DEMO_IDS.noticeOtherBuyer), file)).statusCode).toBe(403);
    expect((await send(supplier, fields(DEMO_IDS.noticeDraft), file)).statusCode).toBe(403);
    expect((await send(undefined, fields(DEMO_IDS.noticeDraft), file)).statusCode).toBe(401);
    const id = await createNotice(t, buyer);
    await setNotice(t, id, { status: "FINISHED" });
    expect((await send(buyer, fields(id), file)).statusCode).toBe(409);
  });
});

describe("notice documents: delete and read back (§4 'Notice documents')", () => {
  it("deletes softly while PENDING or SUSPENDED_INDEFINITELY, never once published", async () => {
    const id = await createNotice(t, buyer);
    const a = await attach(t, buyer, id);
    const b = await attach(t, buyer, id, "OTHER");
    expect((await t.post("/api/app/auction/documents/delete", { id: a.id }, other)).statusCode).toBe(404);
    const res = await t.post("/api/app/auction/documents/delete", { id: a.id }, buyer);
    expect(res.json()).toEqual({ id: a.id });
    expect((await t.post("/api/app/auction/documents/delete", { id: a.id }, buyer)).statusCode).toBe(404);
    const left = (await t.post("/api/app/auction/documents/list", { auctionNoticeId: id }, buyer)).json();
    expect(left.documents.map((d: { id: string }) => d.id)).toEqual([b.id]);
    expect((await listEvents(t.db, id)).at(-1)?.eventType).toBe("NOTICE_DOCUMENT_DELETED");

    await setNotice(t, id, { status: "PUBLISHED" });
    const published = await t.post("/api/app/auction/documents/delete", { id: b.id }, buyer);
    expect(published.statusCode).toBe(409);
    expect((await t.post("/api/app/auction/documents/list", { id }, buyer)).json().canDelete).toBe(false);
    await setNotice(t, id, { status: "SUSPENDED_INDEFINITELY" });
    expect((await t.post("/api/app/auction/documents/delete", { id: b.id }, buyer)).statusCode).toBe(200);
  });

  it("keeps a PENDING notice's files from everyone but its body", async () => {
    const id = await createNotice(t, buyer);
    const doc = await attach(t, buyer, id);
    expect((await t.post("/api/public/auction/documents/list", { id })).statusCode).toBe(404);
    expect((await t.post("/api/app/auction/documents/list", { id }, other)).statusCode).toBe(404);
    const anon = await t.app.inject({ method: "GET", url: `/api/public/auction/documents/${doc.id}` });
    expect(anon.statusCode).toBe(404);
    const foreign = await t.app.inject({
      method: "GET",
      url: `/api/app/auction/documents/${doc.id}`,
      headers: { authorization: `Bearer ${other}` },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
