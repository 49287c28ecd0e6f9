import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNotice, PDF_BYTES, PNG_BYTES, postMultipart, setNotice } from "../../../test/notice-helpers";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { auctionNoticeDocumentClasses, documentClasses, supplierDocuments } from "../../db/schema";
import { DEMO_IDS } from "../../demo/demo-data";

let t: TestApp;
let supplier1: string;
let supplier2: string;
let supplier3: string;
let buyer: string;
beforeAll(async () => {
  t = await createTestApp();
  [supplier1, supplier2, supplier3, buyer] = await Promise.all([
    t.login("fornecedor1@demo.com.br"),
    t.login("fornecedor2@demo.com.br"),
    t.login("fornecedor3@demo.com.br"),
    t.login("pregoeiro@demo.gov.br"),
  ]);
});
afterAll(() => t.close());

const LIST = "/api/app/supplier/qualificationDocumentsList";
const ATTACH = "/api/app/supplier/attachQualificationDocuments";
const DELETE = "/api/app/supplier/deleteQualificationDocument";

type Doc = { id: string; kind: string; name: string; url: string; canDelete: boolean } & Record<
  string,
  unknown
>;

async function upload(token: string, name = "certidao.pdf", bytes = PDF_BYTES) {
  const res = await postMultipart(t, "/api/upload", token, {}, { name, bytes });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; url: string; fileName: string };
}

async function attach(token: string, doc: Record<string, unknown>): Promise<Doc> {
  const res = await t.post(ATTACH, { documents: [doc] }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json()[0];
}

describe("attachQualificationDocuments (§7 'Suppliers')", () => {
  it("registers the supplier's uploads with kind, class and description, answering the created documents", async () => {
    const a = await upload(supplier1, "cnd-fgts.pdf");
    const b = await upload(supplier1, "contrato social.png", PNG_BYTES);
    const res = await t.post(
      ATTACH,
      {
        documents: [
          { name: "", url: a.url, description: "CRF válido até 30/06", kind: "FGTS_CLEARANCE" },
          {
            name: "Contrato social consolidado",
            url: b.id,
            description: "",
            kind: "ARTICLES_OF_INCORPORATION",
          },
        ],
      },
      supplier1,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [fgts, social] = res.json();
    expect(fgts).toMatchObject({
      name: "cnd-fgts.pdf",
      url: a.url,
      description: "CRF válido até 30/06",
      kind: "FGTS_CLEARANCE",
      kindName: "Regularidade relativa ao FGTS",
      documentClass: "FISCAL_SOCIAL_LABOR",
      documentClassName: "Habilitação fiscal, social e trabalhista",
      otherDocumentClass: null,
      sentDatetime: null,
      mimeType: "application/pdf",
      size: PDF_BYTES.length,
      canDelete: true,
    });
    expect(social).toMatchObject({
      name: "Contrato social consolidado",
      kind: "ARTICLES_OF_INCORPORATION",
      documentClass: "LEGAL",
      mimeType: "image/png",
    });
    const file = await t.app.inject({
      method: "GET",
      url: fgts.url,
      headers: { authorization: `Bearer ${supplier1}` },
    });
    expect(file.rawPayload.equals(PDF_BYTES)).toBe(true);
  });

  it("files OTHER under OTHERS_DOCUMENTS by default, and under a buyer's class a published notice requires", async () => {
    const other = await attach(supplier1, { url: (await upload(supplier1)).url, description: "Alvará" });
    expect(other).toMatchObject({
      kind: "OTHER",
      documentClass: "OTHERS_DOCUMENTS",
      otherDocumentClass: null,
    });

    const [cls] = await t.db
      .insert(documentClasses)
      .values({ buyerId: DEMO_IDS.buyer, className: "Licença sanitária" })
      .returning();
    const classId = cls?.id as string;
    const refused = await t.post(
      ATTACH,
      { documents: [{ url: (await upload(supplier1)).url, kind: "OTHER", documentClassId: classId }] },
      supplier1,
    );
    expect(refused.statusCode).toBe(400); // not yet required by any notice past its draft
    await t.db
      .insert(auctionNoticeDocumentClasses)
      .values({ auctionNoticeId: DEMO_IDS.noticeOpen, documentClassId: classId });
    const filed = await attach(supplier1, {
      url: (await upload(supplier1)).url,
      kind: "OTHER",
      documentClassId: classId,
    });
    expect(filed).toMatchObject({
      documentClass: "OTHERS_DOCUMENTS",
      documentClassName: "Licença sanitária",
      otherDocumentClass: { id: classId, className: "Licença sanitária" },
    });
    const wrongKind = await t.post(
      ATTACH,
      {
        documents: [{ url: (await upload(supplier1)).url, kind: "FGTS_CLEARANCE", documentClassId: classId }],
      },
      supplier1,
    );
    expect(wrongKind.statusCode).toBe(400);
  });

  it("refuses system kinds and unknown kinds, a description over 400 characters and an empty list (400)", async () => {
    const { url } = await upload(supplier1);
    for (const kind of ["PAYMENT_PROOF", "AUCTION_NOTICE", "INACTIVE_REASON", "NOT_A_KIND"]) {
      const res = await t.post(ATTACH, { documents: [{ url, kind, description: "x" }] }, supplier1);
      expect(res.statusCode, kind).toBe(400);
      expect(res.json().properties[0].property).toBe("documents.0.kind");
    }
    const long = await t.post(
      ATTACH,
      { documents: [{ url, kind: "OTHER", description: "d".repeat(401) }] },
      supplier1,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().properties[0].property).toBe("documents.0.description");
    const exactly = await t.post(
      ATTACH,
      { documents: [{ url, kind: "OTHER", description: "d".repeat(400) }] },
      supplier1,
    );
    expect(exactly.statusCode).toBe(200);
    expect((await t.post(ATTACH, { documents: [] }, supplier1)).statusCode).toBe(400);
  });

  it("refuses another user's upload and an unknown file, registering nothing of the call (400)", async () => {
    const before = (await t.post(LIST, {}, supplier2)).json().total;
    const foreign = await upload(supplier1);
    const own = await upload(supplier2);
    const res = await t.post(
      ATTACH,
      {
        documents: [
          { url: own.url, kind: "OTHER" },
          { url: foreign.url, kind: "OTHER" },
        ],
      },
      supplier2,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().properties).toEqual([
      { property: "documents.1.url", errorMessages: ["Arquivo não encontrado. Envie o arquivo novamente."] },
    ]);
    const unknown = await t.post(
      ATTACH,
      { documents: [{ url: "/api/app/file/00000000-0000-4000-8000-000000000000", kind: "OTHER" }] },
      supplier2,
    );
    expect(unknown.statusCode).toBe(400);
    const garbage = await t.post(ATTACH, { documents: [{ url: "https://example.com/a.pdf" }] }, supplier2);
    expect(garbage.statusCode).toBe(400);
    expect((await t.post(LIST, {}, supplier2)).json().total).toBe(before);
  });

  it("is for suppliers only: anonymous 401, buyer 403", async () => {
    const res = await t.post(ATTACH, { documents: [{ url: "x", kind: "OTHER" }] });
    expect(res.statusCode).toBe(401);
    expect((await t.post(ATTACH, { documents: [{ url: "x", kind: "OTHER" }] }, buyer)).statusCode).toBe(403);
    expect((await t.post(LIST, {})).statusCode).toBe(401);
    expect((await t.post(LIST, {}, buyer)).statusCode).toBe(403);
    expect((await t.post(DELETE, { id: DEMO_IDS.noticeRoom })).statusCode).toBe(401);
  });
});

describe("qualificationDocumentsList (§2.13; trading-room §2.8, §3, §5)", () => {
  it("groups the supplier's own documents by class and kind, every fixed kind listed, newest first", async () => {
    const first = await attach(supplier3, {
      url: (await upload(supplier3, "b.pdf")).url,
      kind: "FGTS_CLEARANCE",
    });
    const second = await attach(supplier3, {
      url: (await upload(supplier3, "a.pdf")).url,
      kind: "FGTS_CLEARANCE",
    });
    const sheet = await attach(supplier3, {
      url: (await upload(supplier3)).url,
      kind: "TECHNICAL_DATA_SHEET",
    });
    const list = (await t.post(LIST, { params: {} }, supplier3)).json();
    // The process kinds (technical data sheet …) are not qualification documents (§3).
    expect(list.documents.map((d: Doc) => d.id)).toEqual([second.id, first.id]);
    expect(list.total).toBe(2);
    expect(list.classes.map((c: { documentClass: string }) => c.documentClass)).toEqual([
      "LEGAL",
      "FISCAL_SOCIAL_LABOR",
      "ECONOMIC_FINANCIAL",
      "TECHNICAL",
      "OTHERS_DOCUMENTS",
    ]);
    const fiscal = list.classes[1];
    expect(fiscal.className).toBe("Habilitação fiscal, social e trabalhista");
    const fgts = fiscal.items.find((i: { kind: string }) => i.kind === "FGTS_CLEARANCE");
    expect(fgts).toMatchObject({ kindName: "Regularidade relativa ao FGTS", isRequired: false });
    expect(fgts.documents.map((d: Doc) => d.id)).toEqual([second.id, first.id]);
    expect(list.classes[4].items).toMatchObject([{ kind: "OTHER", kindName: "Outros documentos" }]);
    expect(JSON.stringify(list)).not.toContain(sheet.id);

    const byName = (await t.post(LIST, { orderByColumn: "name", sortOrder: "ASC" }, supplier3)).json();
    expect(byName.documents.map((d: Doc) => d.name)).toEqual(["a.pdf", "b.pdf"]);
    // Another supplier never sees them.
    expect(JSON.stringify((await t.post(LIST, {}, supplier2)).json())).not.toContain(first.id);
  });

  it("keeps the last 15 or 30 days", async () => {
    const old = await attach(supplier3, { url: (await upload(supplier3)).url, kind: "BALANCE_SHEET" });
    const recent = await attach(supplier3, { url: (await upload(supplier3)).url, kind: "BALANCE_SHEET" });
    await t.db
      .update(supplierDocuments)
      .set({ createdDate: new Date(Date.now() - 20 * 86_400_000) })
      .where(eq(supplierDocuments.id, old.id));
    const ids = async (period: string) =>
      (await t.post(LIST, { params: { period } }, supplier3)).json().documents.map((d: Doc) => d.id);
    expect(await ids("LAST_15_DAYS")).toContain(recent.id);
    expect(await ids("LAST_15_DAYS")).not.toContain(old.id);
    expect(await ids("LAST_30_DAYS")).toEqual(expect.arrayContaining([old.id, recent.id]));
    expect(await ids("ALL")).toEqual(expect.arrayContaining([old.id, recent.id]));
    expect((await t.post(LIST, { period: "LAST_7_DAYS" }, supplier3)).statusCode).toBe(400);
  });

  it("narrowed to a notice that indicates requirements, lists only the required kinds plus OTHER", async () => {
    const id = await createNotice(t, buyer);
    await setNotice(t, id, {
      status: "PUBLISHED",
      canIndicateQualificationDocument: true,
      qualificationDocumentRequired: ["BALANCE_SHEET"],
    });
    const list = (await t.post(LIST, { auctionNoticeId: id }, supplier3)).json();
    expect(list.classes.map((c: { documentClass: string }) => c.documentClass)).toEqual([
      "ECONOMIC_FINANCIAL",
      "OTHERS_DOCUMENTS",
    ]);
    expect(list.classes[0].items).toMatchObject([{ kind: "BALANCE_SHEET", isRequired: true }]);
    expect(list.documents.every((d: Doc) => d.kind === "BALANCE_SHEET" || d.kind === "OTHER")).toBe(true);
    const draft = await createNotice(t, buyer);
    expect((await t.post(LIST, { auctionNoticeId: draft }, supplier3)).statusCode).toBe(404);
  });
});

describe("deleteQualificationDocument (§5 'Qualification documents and uploads')", () => {
  it("deletes softly the supplier's own document; another supplier's id is 404", async () => {
    const doc = await attach(supplier2, {
      url: (await upload(supplier2)).url,
      kind: "OTHER",
      description: "x",
    });
    expect((await t.post(DELETE, { id: doc.id }, supplier1)).statusCode).toBe(404);
    expect((await t.post(DELETE, { id: doc.id }, buyer)).statusCode).toBe(403);
    const res = await t.post(DELETE, { id: doc.id }, supplier2);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: doc.id });
    expect((await t.post(DELETE, { id: doc.id }, supplier2)).statusCode).toBe(404);
    expect((await t.post(LIST, {}, supplier2)).json().documents.map((d: Doc) => d.id)).not.toContain(doc.id);
    const [row] = await t.db.select().from(supplierDocuments).where(eq(supplierDocuments.id, doc.id));
    expect(row?.isDeleted).toBe(true);
    expect(row?.deletedDate).toBeInstanceOf(Date);
    expect((await t.post(DELETE, { id: "nope" }, supplier2)).statusCode).toBe(400);
  });

  it("keeps the last file of an item a running notice the supplier takes part in requires", async () => {
    // fornecedor2 holds initial bids in the demo room notice; that notice now requires the CNDT.
    await setNotice(t, DEMO_IDS.noticeRoom, {
      canIndicateQualificationDocument: true,
      qualificationDocumentRequired: ["LABOR_DEBT_CLEARANCE"],
    });
    const a = await attach(supplier2, { url: (await upload(supplier2)).url, kind: "LABOR_DEBT_CLEARANCE" });
    const b = await attach(supplier2, { url: (await upload(supplier2)).url, kind: "LABOR_DEBT_CLEARANCE" });
    expect(a.canDelete).toBe(false); // alone in its required item when attached
    expect(b.canDelete).toBe(true);
    const item = (await t.post(LIST, {}, supplier2))
      .json()
      .classes.flatMap((c: { items: { kind: string }[] }) => c.items)
      .find((i: { kind: string }) => i.kind === "LABOR_DEBT_CLEARANCE");
    expect(item.isRequired).toBe(true);

    expect((await t.post(DELETE, { id: a.id }, supplier2)).statusCode).toBe(200);
    const last = await t.post(DELETE, { id: b.id }, supplier2);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe("Não é possível excluir todos os documentos em um item obrigatório");
    const listed = (await t.post(LIST, {}, supplier2)).json().documents.find((d: Doc) => d.id === b.id);
    expect(listed.canDelete).toBe(false);

    // Once the process ends, the item is no longer required.
    await setNotice(t, DEMO_IDS.noticeRoom, { status: "FINISHED" });
    expect((await t.post(DELETE, { id: b.id }, supplier2)).statusCode).toBe(200);
    await setNotice(t, DEMO_IDS.noticeRoom, { status: "PUBLISHED" });
  });

  it("refuses a document already sent to a process (409)", async () => {
    const doc = await attach(supplier1, { url: (await upload(supplier1)).url, kind: "OTHER" });
    await t.db
      .update(supplierDocuments)
      .set({ sentDatetime: new Date() })
      .where(eq(supplierDocuments.id, doc.id));
    const res = await t.post(DELETE, { id: doc.id }, supplier1);
    expect(res.statusCode).toBe(409);
    const listed = (await t.post(LIST, {}, supplier1)).json().documents.find((d: Doc) => d.id === doc.id);
    expect(listed).toMatchObject({ canDelete: false });
    expect(listed.sentDatetime).not.toBeNull();
  });
});
