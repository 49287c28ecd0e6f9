import { randomUUID } from "node:crypto";
import type { LotPhase } from "@certame/domain";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OTHER_BUYER } from "../../../test/notice-fixture";
import { PDF_BYTES, postMultipart, readZip, setNotice } from "../../../test/notice-helpers";
import { ROOM, ROOM_ACCOUNTS, roomLots, supplierIdentities } from "../../../test/room-session";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { auctionBatches, initialProposalDocuments, lotSupplierDocuments } from "../../db/schema";
import { DEMO_IDS } from "../../demo/demo-data";
import { DOCUMENTS_NOT_VISIBLE } from "./room-documents.service";

// trading-room §2.4 (classification sheet), §2.7 (document modals), §4 "Visibility by phase" and
// "Anonymity", §6 viewing actions, §7 "Document lists" / "Document downloads", §8 "Document lists".
// The demo room: NEW_ELECTRONIC_REVERSED_AUCTION, AFTER_BID, three lots; suppliers 1, 2, 3 are
// bidders 1, 2, 3 in lots 1 and 2; lot 3 has no proposal of supplier 2.

let t: TestApp;
const tok = {} as Record<"auctioneer" | "s1" | "s2" | "s3" | "citizen" | "otherBuyer", string>;
let lots: Record<number, string>;
/** Association ids: qualification and proposal documents of suppliers 1 and 2. */
const assoc = {} as Record<"q1" | "q2" | "p1" | "p2", string>;
const BYTES = {
  q1: Buffer.concat([PDF_BYTES, Buffer.from("% fornecedor 1 habilitacao\n")]),
  q2: Buffer.concat([PDF_BYTES, Buffer.from("% fornecedor 2 habilitacao\n")]),
  p1: Buffer.concat([PDF_BYTES, Buffer.from("% fornecedor 1 proposta\n")]),
  p2: Buffer.concat([PDF_BYTES, Buffer.from("% fornecedor 2 proposta\n")]),
};

async function libraryDocument(token: string, name: string, bytes: Buffer, kind: string) {
  const up = await postMultipart(t, "/api/upload", token, {}, { name, bytes });
  expect(up.statusCode, up.body).toBe(200);
  const res = await t.post(
    "/api/app/supplier/attachQualificationDocuments",
    { documents: [{ name, url: up.json().url, description: "", kind }] },
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json()[0].id as string;
}

async function associate(supplierId: string, documentId: string, kindAssociation: string) {
  const [row] = await t.db
    .insert(initialProposalDocuments)
    .values({
      auctionNoticeId: ROOM,
      supplierId,
      supplierDocumentId: documentId,
      kindAssociation: kindAssociation as "QUALIFICATION_DOCUMENT",
    })
    .returning();
  return row?.id as string;
}

async function setLot(number: number, phase: LotPhase, hasPassedByQualification = false) {
  await t.db
    .update(auctionBatches)
    .set({ phase, hasPassedByQualification })
    .where(eq(auctionBatches.id, lots[number] as string));
}

/**
 * Runs `check` with lots 2 and 3 deserted, then closes them for offers again: names are shown only
 * once no lot of the notice is confidential (its numbers are the notice's).
 */
async function withOtherLotsOver(check: () => Promise<void>) {
  try {
    await setLot(2, "DESERTED");
    await setLot(3, "DESERTED");
    await check();
  } finally {
    await setLot(2, "CLOSED_FOR_OFFERS");
    await setLot(3, "CLOSED_FOR_OFFERS");
  }
}

const list = (path: string, body: object, token: string) => t.post(`/api/app/auction/${path}`, body, token);
type Item = {
  id: string;
  label: string;
  supplierName: string | null;
  anonymousSupplierIdentificationNumber: number;
  isOwn: boolean;
  document: { id: string; name: string; url: string; description: string; kind: string };
};
const items = (res: { json(): unknown }) =>
  (res.json() as { qualificationDocumentsAssociated: Item[] }).qualificationDocumentsAssociated;
const get = (url: string, token: string) =>
  t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  t = await createTestApp();
  const logins = await Promise.all([
    t.login(ROOM_ACCOUNTS.auctioneer),
    t.login(ROOM_ACCOUNTS.supplier1),
    t.login(ROOM_ACCOUNTS.supplier2),
    t.login(ROOM_ACCOUNTS.supplier3),
    t.login(ROOM_ACCOUNTS.citizen),
    t.login(OTHER_BUYER),
  ]);
  [tok.auctioneer, tok.s1, tok.s2, tok.s3, tok.citizen, tok.otherBuyer] = logins;
  lots = await roomLots(t);
  const q1 = await libraryDocument(tok.s1, "fgts-fornecedor1.pdf", BYTES.q1, "FGTS_CLEARANCE");
  const p1 = await libraryDocument(tok.s1, "proposta-fornecedor1.pdf", BYTES.p1, "INITIAL_PROPOSAL");
  const q2 = await libraryDocument(tok.s2, "fgts-fornecedor2.pdf", BYTES.q2, "FGTS_CLEARANCE");
  const p2 = await libraryDocument(tok.s2, "proposta-fornecedor2.pdf", BYTES.p2, "INITIAL_PROPOSAL");
  assoc.q1 = await associate(DEMO_IDS.supplier1, q1, "QUALIFICATION_DOCUMENT");
  assoc.p1 = await associate(DEMO_IDS.supplier1, p1, "PROPOSAL_DOCUMENT");
  assoc.q2 = await associate(DEMO_IDS.supplier2, q2, "QUALIFICATION_DOCUMENT");
  assoc.p2 = await associate(DEMO_IDS.supplier2, p2, "PROPOSAL_DOCUMENT");
});
afterAll(() => t.close());

describe("before the phase allows (§6 SHOW_QUALIFICATION_DOCUMENT_NEW_MODALITIES; lots CLOSED_FOR_OFFERS)", () => {
  it("a supplier sees only its own documents, anonymously, and is refused another bidder's (403 'Alerta')", async () => {
    const own = await list(
      "listQualificationDocumentByUser",
      { auctionNotice: ROOM, batch: lots[1] },
      tok.s1,
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(items(own)).toEqual([
      expect.objectContaining({
        id: assoc.q1,
        isOwn: true,
        supplierName: null,
        anonymousSupplierIdentificationNumber: 1,
        label: "Regularidade relativa ao FGTS - Licitante 1 - fgts-fornecedor1.pdf",
        document: expect.objectContaining({ name: "fgts-fornecedor1.pdf", description: "Licitante 1" }),
      }),
    ]);
    const mine = await list("listMyQualificationDocument", { auctionNotice: { id: ROOM } }, tok.s1);
    expect(items(mine).map((i) => i.id)).toEqual([assoc.q1]);

    const other = await list(
      "listQualificationDocumentByUser",
      { auctionNotice: ROOM, batch: lots[1], supplier: 2 },
      tok.s1,
    );
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: DOCUMENTS_NOT_VISIBLE });
    // Its link and its download are refused too, whatever id is tried.
    expect(
      (await get(`/api/app/auction/roomDocuments/${assoc.q2}?batchId=${lots[1]}`, tok.s1)).statusCode,
    ).toBe(403);
    const forged = await t.post(
      "/api/app/auction/qualificationDocuments/download",
      { auctionNoticeId: ROOM, batchId: lots[1], qualificationDocuments: [assoc.q2] },
      tok.s1,
    );
    expect(forged.statusCode).toBe(404);
  });

  it("refuses a citizen, another body's buyer and the auctioneer alike while the matrix keeps the modal closed", async () => {
    for (const token of [tok.citizen, tok.otherBuyer, tok.auctioneer]) {
      const res = await list(
        "listQualificationDocumentByUser",
        { auctionNotice: ROOM, batch: lots[1] },
        token,
      );
      expect(res.statusCode).toBe(403);
    }
    const notSupplier = await list("listMyQualificationDocument", { auctionNotice: ROOM }, tok.citizen);
    expect(notSupplier.statusCode).toBe(403);
  });

  it("answers 401 without a session and 400 without the notice", async () => {
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/app/auction/listProposalDocument",
      payload: { auctionNotice: ROOM },
    });
    expect(anonymous.statusCode).toBe(401);
    const invalid = await list("listProposalDocument", { batch: lots[1] }, tok.s1);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().properties).toEqual([
      { property: "auctionNotice", errorMessages: ["Obrigatório"] },
    ]);
  });
});

describe("in QUALIFICATION after bidding (AFTER_BID): every viewer sees every bidder's documents", () => {
  it("lists both bidders with their names for a citizen, and proposals in the proposals modal", async () => {
    await setLot(1, "QUALIFICATION");
    const qualification = () =>
      list("listQualificationDocumentByUser", { auctionNotice: ROOM, batch: lots[1] }, tok.citizen);
    const res = await qualification();
    expect(res.statusCode, res.body).toBe(200);
    const got = items(res);
    expect(got.map((i) => i.id).sort()).toEqual([assoc.q1, assoc.q2].sort());
    // Lots 2 and 3 are still closed for offers: by number only, as there.
    const hidden = got.find((i) => i.id === assoc.q2) as Item;
    expect(hidden.supplierName).toBeNull();
    expect(hidden.label).toBe("Regularidade relativa ao FGTS - Licitante 2 - fgts-fornecedor2.pdf");
    expect(hidden.isOwn).toBe(false);
    await withOtherLotsOver(async () => {
      const second = items(await qualification()).find((i) => i.id === assoc.q2) as Item;
      expect(second.supplierName).toBe("Carvalho Distribuidora de Materiais S.A.");
      expect(second.label).toBe(
        `Regularidade relativa ao FGTS - Licitante ${second.supplierName} - fgts-fornecedor2.pdf`,
      );
    });

    const proposals = await list("listProposalDocument", { auctionNotice: ROOM, batch: lots[1] }, tok.s3);
    expect(
      items(proposals)
        .map((i) => i.id)
        .sort(),
    ).toEqual([assoc.p1, assoc.p2].sort());
    // One bidder's list, by its anonymous number.
    const byNumber = await list(
      "listQualificationDocumentByUser",
      { auctionNotice: ROOM, batch: lots[1], anonymousSupplierIdentificationNumber: 2 },
      tok.s1,
    );
    expect(items(byNumber).map((i) => i.id)).toEqual([assoc.q2]);
  });

  it("'Visualizar' streams the file inline; 'Baixar' sends one file, or a real zip of the selection", async () => {
    const [doc] = items(
      await list(
        "listQualificationDocumentByUser",
        { auctionNotice: ROOM, batch: lots[1], supplier: 2 },
        tok.s3,
      ),
    );
    const view = await get(doc?.document.url as string, tok.s3);
    expect(view.statusCode).toBe(200);
    expect(view.headers["content-disposition"]).toMatch(/^inline;/);
    expect(view.rawPayload.equals(BYTES.q2)).toBe(true);

    const one = await t.post(
      "/api/app/auction/qualificationDocuments/download",
      { auctionNoticeId: ROOM, batchId: lots[1], qualificationDocuments: [assoc.q1] },
      tok.citizen,
    );
    expect(one.statusCode).toBe(200);
    expect(one.headers["x-suggested-filename"]).toBe("fgts-fornecedor1.pdf");
    expect(one.rawPayload.equals(BYTES.q1)).toBe(true);

    const zip = await t.post(
      "/api/app/auction/qualificationDocuments/download/zip",
      { auctionNoticeId: ROOM, batchId: lots[1], qualificationDocuments: [{ id: assoc.q1 }, assoc.q2] },
      tok.auctioneer,
    );
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.headers["content-type"]).toBe("application/zip");
    expect(decodeURIComponent(String(zip.headers["x-suggested-filename"]))).toBe(
      "Documentos de habilitação - Lote 1.zip",
    );
    const entries = readZip(zip.rawPayload);
    expect([...entries.keys()].sort()).toEqual([
      "Licitante 1 - fgts-fornecedor1.pdf",
      "Licitante 2 - fgts-fornecedor2.pdf",
    ]);
    expect(entries.get("Licitante 2 - fgts-fornecedor2.pdf")?.equals(BYTES.q2)).toBe(true);
    // Several ids on the plain path still give the zip.
    const plain = await t.post(
      "/api/app/auction/downloadProposalDocument/download",
      { auctionNoticeId: ROOM, batchId: lots[1], qualificationDocuments: [assoc.p1, assoc.p2] },
      tok.s1,
    );
    expect(plain.headers["content-type"]).toBe("application/zip");
    expect(readZip(plain.rawPayload).size).toBe(2);
  });

  it("refuses forged ids: unknown documents, another modal's documents, a lot or notice that is not there", async () => {
    const body = (extra: object) => ({ auctionNoticeId: ROOM, batchId: lots[1], ...extra });
    const download = (extra: object) =>
      t.post("/api/app/auction/qualificationDocuments/download", body(extra), tok.citizen);
    expect((await download({ qualificationDocuments: [randomUUID()] })).statusCode).toBe(404);
    // A proposal is not a qualification document, and one bad id refuses the whole selection.
    expect((await download({ qualificationDocuments: [assoc.p1] })).statusCode).toBe(404);
    expect((await download({ qualificationDocuments: [assoc.q1, randomUUID()] })).statusCode).toBe(404);
    expect((await download({ batchId: randomUUID(), qualificationDocuments: [assoc.q1] })).statusCode).toBe(
      404,
    );
    const otherNotice = await t.post(
      "/api/app/auction/qualificationDocuments/download",
      { auctionNoticeId: DEMO_IDS.noticeOpen, batchId: lots[1], qualificationDocuments: [assoc.q1] },
      tok.citizen,
    );
    expect(otherNotice.statusCode).toBe(404);
    expect(
      (await list("listQualificationDocumentByUser", { auctionNotice: randomUUID() }, tok.citizen))
        .statusCode,
    ).toBe(404);
    expect((await get(`/api/app/auction/roomDocuments/${randomUUID()}`, tok.citizen)).statusCode).toBe(404);
    // Supplier 2 has no proposal in lot 3.
    const notBidder = await list(
      "listQualificationDocumentByUser",
      { auctionNotice: ROOM, batch: lots[3], supplier: 2 },
      tok.citizen,
    );
    expect(notBidder.statusCode).toBe(404);
  });
});

describe("qualification documents the winner sent in the room (lot_supplier_documents)", () => {
  it("joins the lot's qualification modal under the same rules, and only that lot's", async () => {
    await setLot(1, "QUALIFICATION");
    const docId = await libraryDocument(tok.s2, "habilitacao-na-sala.pdf", BYTES.q2, "LABOR_DEBT_CLEARANCE");
    const [sent] = await t.db
      .insert(lotSupplierDocuments)
      .values({
        auctionNoticeId: ROOM,
        batchId: lots[1] as string,
        supplierId: DEMO_IDS.supplier2,
        supplierDocumentId: docId,
        kind: "QUALIFICATION_DOCUMENT",
      })
      .returning();
    const id = sent?.id as string;
    try {
      const lot1 = await list(
        "listQualificationDocumentByUser",
        { auctionNotice: ROOM, batch: lots[1] },
        tok.citizen,
      );
      expect(items(lot1).map((i) => i.id)).toContain(id);
      expect(
        (await get(`/api/app/auction/roomDocuments/${id}`, tok.citizen)).rawPayload.equals(BYTES.q2),
      ).toBe(true);
      // Lot 2 is still closed for offers: its author sees its own documents there, without this one.
      const lot2 = await list("listMyQualificationDocument", { auctionNotice: ROOM, batch: lots[2] }, tok.s2);
      expect(items(lot2).map((i) => i.id)).toEqual([assoc.q2]);
      expect((await get(`/api/app/auction/roomDocuments/${id}`, tok.s1)).statusCode).toBe(200);
      await setLot(1, "CLOSED_FOR_OFFERS");
      expect((await get(`/api/app/auction/roomDocuments/${id}`, tok.s1)).statusCode).toBe(403);
    } finally {
      await t.db
        .update(lotSupplierDocuments)
        .set({ isCurrent: false })
        .where(eq(lotSupplierDocuments.id, id));
    }
  });
});

describe("BEFORE_BID (§4 'Visibility by phase'): qualification before the bids", () => {
  it("shows the documents to the notice author only while the lot has not passed qualification", async () => {
    await setNotice(t, ROOM, { auctionLicensePhase: "BEFORE_BID" });
    await setLot(1, "QUALIFICATION", false);
    try {
      const author = await list(
        "listQualificationDocumentByUser",
        { auctionNotice: ROOM, batch: lots[1] },
        tok.auctioneer,
      );
      expect(author.statusCode, author.body).toBe(200);
      expect(items(author)).toHaveLength(2);
      for (const token of [tok.citizen, tok.otherBuyer]) {
        expect(
          (await list("listQualificationDocumentByUser", { auctionNotice: ROOM, batch: lots[1] }, token))
            .statusCode,
        ).toBe(403);
      }
      // A supplier keeps its own, and only its own.
      const s1 = await list(
        "listQualificationDocumentByUser",
        { auctionNotice: ROOM, batch: lots[1] },
        tok.s1,
      );
      expect(items(s1).map((i) => i.id)).toEqual([assoc.q1]);
      expect(
        (
          await list(
            "listQualificationDocumentByUser",
            { auctionNotice: ROOM, batch: lots[1], supplier: 2 },
            tok.s1,
          )
        ).statusCode,
      ).toBe(403);
      // Proposals stay hidden from everyone but their authors.
      expect(
        (await list("listProposalDocument", { auctionNotice: ROOM, batch: lots[1] }, tok.auctioneer))
          .statusCode,
      ).toBe(403);
      expect(
        items(await list("listProposalDocument", { auctionNotice: ROOM, batch: lots[1] }, tok.s2)),
      ).toEqual([expect.objectContaining({ id: assoc.p2, isOwn: true })]);

      await setLot(1, "QUALIFICATION", true);
      const citizen = await list(
        "listQualificationDocumentByUser",
        { auctionNotice: ROOM, batch: lots[1] },
        tok.citizen,
      );
      expect(items(citizen)).toHaveLength(2);
    } finally {
      await setNotice(t, ROOM, { auctionLicensePhase: "AFTER_BID" });
    }
  });

  it("keeps bidders anonymous in a confidential phase: no name or document in the list, the link or the zip", async () => {
    await setNotice(t, ROOM, { auctionLicensePhase: "BEFORE_BID" });
    // Under BEFORE_BID the documents open in TECHNICAL_PROPOSAL_ANALYSIS, still a confidential phase.
    await setLot(1, "TECHNICAL_PROPOSAL_ANALYSIS");
    try {
      const res = await list(
        "listQualificationDocumentByUser",
        { auctionNotice: ROOM, batch: lots[1] },
        tok.auctioneer,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(
        items(res)
          .map((i) => i.document.description)
          .sort(),
      ).toEqual(["Licitante 1", "Licitante 2"]);
      expect(items(res).every((i) => i.supplierName === null)).toBe(true);
      const zip = await t.post(
        "/api/app/auction/qualificationDocuments/download/zip",
        { auctionNoticeId: ROOM, batchId: lots[1], qualificationDocuments: [assoc.q1, assoc.q2] },
        tok.auctioneer,
      );
      const names = [...readZip(zip.rawPayload).keys()].join("\n");
      for (const identity of await supplierIdentities(t)) {
        expect(res.body).not.toContain(identity);
        expect(names).not.toContain(identity);
        expect(String(zip.headers["x-suggested-filename"])).not.toContain(identity);
      }
    } finally {
      await setNotice(t, ROOM, { auctionLicensePhase: "AFTER_BID" });
    }
  });
});

describe("classification sheet (§2.4 'Baixar planilha de classificação'; §6 NEGOTIATION through CLOSING)", () => {
  const sheet = (token: string) =>
    t.post("/api/app/auction/classificationSheet/download", { auctionNoticeId: ROOM }, token);

  it("is refused while no lot is in negotiation or later", async () => {
    await setLot(1, "CLOSED_FOR_OFFERS");
    const res = await sheet(tok.citizen);
    expect(res.statusCode).toBe(403);
  });

  it("ranks each bidder's best bid of the lots it is open for, in a real .xlsx", async () => {
    await setLot(1, "NEGOTIATION");
    const res = await sheet(tok.citizen);
    expect(res.statusCode, res.body).toBe(200);
    expect(decodeURIComponent(String(res.headers["x-suggested-filename"]))).toBe(
      "Planilha de classificação - PE 08-2026.xlsx",
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const ws = workbook.worksheets[0] as ExcelJS.Worksheet;
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([
      "Lote",
      "Fase",
      "Posição",
      "Licitante",
      "ME/EPP",
      "Lance (R$)",
      "Lance (%)",
      "Data do lance",
      "Classificado",
      "Habilitado",
    ]);
    // Lot 1 only (2 and 3 are still closed for offers): 27,50 < 28,00 < 28,70, by number only.
    const body = rows.slice(1);
    expect(body.map((r) => [r[0], r[2], r[3], r[5]])).toEqual([
      [1, 1, "Licitante 2", 27.5],
      [1, 2, "Licitante 1", 28],
      [1, 3, "Licitante 3", 28.7],
    ]);
    // Once no lot is confidential: the names, and whether each is an ME/EPP.
    await withOtherLotsOver(async () => {
      const named = await sheet(tok.citizen);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(named.rawPayload as unknown as ExcelJS.Buffer);
      const lot1: unknown[][] = [];
      (book.worksheets[0] as ExcelJS.Worksheet).eachRow((row, i) => {
        const values = (row.values as unknown[]).slice(1);
        if (i > 1 && values[0] === 1) lot1.push(values);
      });
      expect(lot1.map((r) => [r[2], r[3], r[4]])).toEqual([
        [1, "Carvalho Distribuidora de Materiais S.A.", "Não"],
        [2, "Ribeiro Papelaria e Suprimentos Ltda - ME", "Sim"],
        [3, "Souza Comércio de Informática EPP", "Sim"],
      ]);
    });
  });
});
