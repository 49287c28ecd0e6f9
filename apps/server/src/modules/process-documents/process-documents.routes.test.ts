import { createHash } from "node:crypto";
import path from "node:path";
import {
  EDITAL_SECRET_PRICE_TEXT,
  PROCESS_NOT_FOUND_MESSAGE,
  PROCESS_NOTICE_NOT_FOUND_MESSAGE,
} from "@certame/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docxTexts, expectPdfToCarry } from "../../../test/document-texts";
import { attach, createNotice, PDF_BYTES, readZip, setNotice } from "../../../test/notice-helpers";
import { pdfText } from "../../../test/pdf-text";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import {
  auctionBatches,
  auctionNotices,
  referenceTermSignatures,
  referenceTerms,
  storedFiles,
  users,
} from "../../db/schema";
import { DEMO_PLANNING_IDS } from "../../demo/demo-planning";
import { DOCX_MIME } from "../../files/document-docx";
import { FileStorage } from "../../files/file-storage";

// planning §2.3 (document steps: 'Baixar arquivo em Word'; publication: 'Baixar arquivos do processo');
// issue 35 item 2: one model per document rendered as PDF and .docx, the edital made from the
// notice (Lei 14.133/2021 art. 24: a secret reference price stays out of it), the process's archive.

let t: TestApp;
let planner: string;
let auctioneer: string;
let otherBody: string;
let product: string;
const clock = new TestClock(Date.parse("2026-11-20T13:00:00.000Z"));

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  [planner, auctioneer, otherBody] = await Promise.all([
    t.login("planejamento@demo.gov.br"),
    t.login("pregoeiro@demo.gov.br"),
    t.login("compras@vilanova.demo.gov.br"),
  ]);
  product = (await t.post("/api/app/product/list", { page: 1 }, planner)).json().products[0].id;
});
afterAll(() => t.close());

const DEMO = DEMO_PLANNING_IDS.process;
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const get = (url: string, token?: string) =>
  t.app.inject({ method: "GET", url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const slug = (processNumber: string) => processNumber.toLowerCase().replace(/[^a-z0-9]+/g, "-");
const disposition = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;

async function newProcess() {
  const processNumber = `DOC ${Math.floor(Math.random() * 1e9)}/2026`;
  const created = await t.post("/api/app/process/create", { processNumber }, planner);
  expect(created.statusCode, created.body).toBe(200);
  return { processId: created.json().id as string, processNumber };
}

/** The .docx and the PDF of one document: both 200 with their names; the .docx's texts are in the PDF. */
async function bothFormats(base: string, processId: string, fileName: string) {
  const docx = await get(`${base}/docx/${processId}`, planner);
  expect(docx.statusCode, docx.body).toBe(200);
  expect(docx.headers["content-type"]).toBe(DOCX_MIME);
  expect(docx.headers["content-disposition"]).toBe(disposition(`${fileName}.docx`));
  const pdf = await get(`${base}/pdf/${processId}`, planner);
  expect(pdf.statusCode, pdf.body).toBe(200);
  expect(pdf.headers["content-type"]).toBe("application/pdf");
  expect(pdf.headers["content-disposition"]).toBe(disposition(`${fileName}.pdf`));
  const texts = await docxTexts(docx.rawPayload);
  expectPdfToCarry(pdf.rawPayload, texts);
  return { texts, joined: texts.join("\n"), pdfText: pdfText(pdf.rawPayload) };
}

async function expectForeign404(base: string, processId: string) {
  for (const format of ["pdf", "docx"]) {
    const res = await get(`${base}/${format}/${processId}`, otherBody);
    expect(res.statusCode, `${base}/${format}`).toBe(404);
    expect(res.json().message).toBe(PROCESS_NOT_FOUND_MESSAGE);
  }
  expect((await get(`${base}/docx/not-an-id`, planner)).statusCode).toBe(404);
  expect((await get(`${base}/docx/${processId}`)).statusCode).toBe(401);
}

describe("planning documents as PDF and Word from one model (issue 35 item 2)", () => {
  it("the DFD: a real .docx with what the PDF says; another body's process is a 404", async () => {
    const dfd = (
      await t.post("/api/app/demandFormalization/read", { process: { id: DEMO } }, planner)
    ).json();
    const base = "/api/app/demandFormalization";
    const { joined } = await bothFormats(base, DEMO, `dfd-${slug("PA 21/2026")}`);
    expect(joined).toContain("Documento de Formalização de Demanda");
    expect(joined).toContain(dfd.description);
    expect(joined).toContain(dfd.needOfHiringJustification);
    expect(joined).toContain("PCA 2026 — item 14");
    expect(joined).toContain(dfd.batches[0].product.name);
    expect(joined).toContain(dfd.process.responsible[0].name);
    await expectForeign404(base, DEMO);
  });

  it("the ETP (dispensed in the demo) in both formats", async () => {
    const study = (
      await t.post("/api/app/preliminaryTechnicalStudy/read", { process: { id: DEMO } }, planner)
    ).json();
    const base = "/api/app/preliminaryTechnicalStudy";
    const { joined } = await bothFormats(base, DEMO, `etp-${slug("PA 21/2026")}`);
    expect(joined).toContain("Estudo Técnico Preliminar");
    expect(joined).toContain("Dispensa do Estudo Técnico Preliminar");
    expect(joined).toContain(study.exemptionJustification);
    await expectForeign404(base, DEMO);
  });

  it("the risk matrix with its map, summary and risks in both formats", async () => {
    const matrix = (await t.post("/api/app/riskManagement/read", { process: { id: DEMO } }, planner)).json();
    const base = "/api/app/riskManagement";
    const { texts, joined } = await bothFormats(base, DEMO, `matriz-de-riscos-${slug("PA 21/2026")}`);
    expect(joined).toContain("Mapa de Riscos");
    expect(joined).toContain("Crítico (20 a 25)");
    expect(texts).toContain("Quantidade de Risco");
    expect(texts).toContain(String(matrix.panel.quantity));
    for (const { risk } of matrix.risks) expect(joined).toContain(risk.description);
    await expectForeign404(base, DEMO);
  });
});

/** A notice of the demo body (made by its auctioneer) linked to `processId` the way the notice step links it. */
async function linkedNotice(processId: string, processNumber: string, noticeNumber = "PE 77/2026") {
  const noticeId = await createNotice(t, auctioneer, {
    processNumber,
    noticeNumber,
    objectOfInterest: "Aquisição de papel sulfite para as secretarias.",
  });
  await t.db.insert(auctionBatches).values([
    {
      auctionNoticeId: noticeId,
      number: 1,
      item: 1,
      productId: product,
      quantity: "10",
      measurementUnitCode: "UN",
      referencePrice: 15_990,
      unitReferencePrice: 15_990,
      totalAmount: 159_900,
    },
    {
      auctionNoticeId: noticeId,
      number: 2,
      item: 1,
      productId: product,
      quantity: "4",
      measurementUnitCode: "CX",
      referencePrice: 2_550,
      unitReferencePrice: 2_550,
      totalAmount: 10_200,
      batchItemParticipation: "EXCLUSIVE",
    },
  ]);
  await setNotice(t, noticeId, {
    qualificationDocumentRequired: ["FGTS_CLEARANCE"],
    proposalsStartDateTime: new Date("2026-12-01T13:00:00.000Z"),
    proposalsEndDateTime: new Date("2026-12-15T12:00:00.000Z"),
    startDateTime: new Date("2026-12-15T13:00:00.000Z"),
    clarificationEndDateTime: new Date("2026-12-10T20:59:00.000Z"),
  });
  await attach(t, auctioneer, noticeId, "OTHER", { name: "termo-de-referencia.pdf", bytes: PDF_BYTES });
  await t.db.update(auctionNotices).set({ processId }).where(eq(auctionNotices.id, noticeId));
  return noticeId;
}

describe("the edital made from the process's notice (issue 35 items 1–2)", () => {
  const base = "/api/app/process/notice";

  it("answers 404 while the process has no notice, then writes the edital from the notice's data", async () => {
    const { processId, processNumber } = await newProcess();
    for (const format of ["pdf", "docx"]) {
      const none = await get(`${base}/${format}/${processId}`, planner);
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe(PROCESS_NOTICE_NOT_FOUND_MESSAGE);
    }
    const noticeId = await linkedNotice(processId, processNumber);
    await setNotice(t, noticeId, { shouldDiscloseReferencePrice: true });
    const { joined } = await bothFormats(base, processId, `edital-${slug(processNumber)}`);
    for (const text of [
      "Edital nº",
      "PE 77/2026",
      processNumber,
      "Prefeitura Municipal de Exemplo",
      "Pregão Eletrônico (Lei 14.133/2021)",
      "Aquisição de bens",
      "Lei nº 14.133/2021",
      "Aquisição de papel sulfite para as secretarias.",
      // Brasília time (UTC−3).
      "01/12/2026 10:00 (horário de Brasília)",
      "15/12/2026 10:00 (horário de Brasília)",
      "10/12/2026 17:59 (horário de Brasília)",
      // The lots with quantity, unit and (disclosed) reference price.
      "Valor unitário de referência",
      "R$ 159,90",
      "R$ 1.599,00",
      "R$ 102,00",
      "Valor total estimado da contratação",
      "R$ 1.701,00",
      // ME/EPP per lot (LC 123/2006 art. 48, I) and the qualification documents (arts. 62–70).
      "Exclusiva ME-EPP",
      "Art. 48, I, da LC nº 123/2006",
      "Regularidade relativa ao FGTS",
      "Anexo I — Edital completo (termo-de-referencia.pdf)",
    ])
      expect(joined).toContain(text);
    await expectForeign404(base, processId);
  });

  it("leaves a secret reference price out of both files and shows it once the notice discloses it", async () => {
    const { processId, processNumber } = await newProcess();
    const noticeId = await linkedNotice(processId, processNumber, "PE 78/2026");
    await setNotice(t, noticeId, { shouldDiscloseReferencePrice: false, isReferencePriceDisclosed: false });
    const secret = await bothFormats(base, processId, `edital-${slug(processNumber)}`);
    expect(secret.joined).toContain(EDITAL_SECRET_PRICE_TEXT);
    for (const hidden of ["Valor unitário de referência", "159,90", "1.599,00", "1.701,00"]) {
      expect(secret.joined).not.toContain(hidden);
      expect(secret.pdfText).not.toContain(hidden);
    }
    // Quantities and units stay: only the price is secret (Lei 14.133/2021 art. 24).
    expect(secret.texts).toContain("10");
    expect(secret.texts).toContain("Unidade");

    await setNotice(t, noticeId, { isReferencePriceDisclosed: true });
    const disclosed = await bothFormats(base, processId, `edital-${slug(processNumber)}`);
    expect(disclosed.joined).toContain("R$ 159,90");
    expect(disclosed.joined).not.toContain(EDITAL_SECRET_PRICE_TEXT);
  });
});

describe("'Baixar arquivos do processo' (issue 35 item 2, planning §2.3 publication step)", () => {
  it("zips every existing document with LEIA-ME.txt listing each one's SHA-256, and names the absent ones", async () => {
    // The demo process has its DFD, ETP and risk matrix; a quote, a reference term, its signed PDF
    // and a notice are added here.
    const dfd = (
      await t.post("/api/app/demandFormalization/read", { process: { id: DEMO } }, planner)
    ).json();
    const quote = await t.post(
      "/api/app/budget/save",
      [
        {
          demandFormalizationBatchId: dfd.batches[0].id,
          price: 21.5,
          columnOrder: 1,
          supplier: {
            documentNumber: "11.222.333/0001-81",
            corporateName: "Papelaria Central",
            credentialKind: "LEGAL_PERSON",
            isSmallBusiness: true,
          },
        },
      ],
      planner,
    );
    expect(quote.statusCode, quote.body).toBe(200);
    await t.db.insert(referenceTerms).values({ processId: DEMO });
    const [plannerUser] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "planejamento@demo.gov.br"));
    const signed = Buffer.concat([PDF_BYTES, Buffer.from("% assinado\n")]);
    await new FileStorage(path.join(t.dataDir, "files")).write("2026/11/tr-assinado-demo.pdf", signed);
    const [file] = await t.db
      .insert(storedFiles)
      .values({
        storageKey: "2026/11/tr-assinado-demo.pdf",
        originalName: "tr-assinado.pdf",
        mimeType: "application/pdf",
        sizeBytes: signed.length,
        sha256: sha256(signed),
      })
      .returning({ id: storedFiles.id });
    await t.db.insert(referenceTermSignatures).values({
      processId: DEMO,
      fileId: file?.id as string,
      signedSha256: sha256(signed),
      issuedSha256: sha256(PDF_BYTES),
      signedByUserId: plannerUser?.id as string,
      signedAt: clock.now(),
    });
    await linkedNotice(DEMO, "PA 21/2026", "PE 79/2026");

    const res = await get(`/api/app/process/files/${DEMO}`, planner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toBe(disposition("arquivos-do-processo-pa-21-2026.zip"));
    const entries = readZip(res.rawPayload);
    expect([...entries.keys()].sort()).toEqual(
      [
        "LEIA-ME.txt",
        "dfd-pa-21-2026.pdf",
        "etp-pa-21-2026.pdf",
        "matriz-de-riscos-pa-21-2026.pdf",
        "relatorio-de-pesquisa-de-precos.docx",
        "termo-de-referencia.pdf",
        "tr-assinado.pdf",
        "edital-pa-21-2026.pdf",
        "documentos-do-edital/termo-de-referencia.pdf",
      ].sort(),
    );
    expect(entries.get("tr-assinado.pdf")).toEqual(signed);
    expect(entries.get("documentos-do-edital/termo-de-referencia.pdf")).toEqual(PDF_BYTES);
    for (const name of ["dfd-pa-21-2026.pdf", "edital-pa-21-2026.pdf", "termo-de-referencia.pdf"])
      expect(entries.get(name)?.subarray(0, 5).toString()).toBe("%PDF-");
    const report = await docxTexts(entries.get("relatorio-de-pesquisa-de-precos.docx") as Buffer);
    expect(report.join("\n")).toContain("Papelaria Central");

    const readme = (entries.get("LEIA-ME.txt") as Buffer).toString("utf8");
    const listed = new Map(
      [...readme.matchAll(/^([0-9a-f]{64}) {2}(.+)$/gm)].map((m) => [m[2] as string, m[1] as string]),
    );
    expect([...listed.keys()].sort()).toEqual([...entries.keys()].filter((n) => n !== "LEIA-ME.txt").sort());
    for (const [name, hash] of listed) expect(sha256(entries.get(name) as Buffer), name).toBe(hash);
    expect(readme).toContain("PA 21/2026");
    expect(readme).toContain("Todos os documentos do processo estão incluídos.");

    const foreign = await get(`/api/app/process/files/${DEMO}`, otherBody);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(PROCESS_NOT_FOUND_MESSAGE);
    expect((await get("/api/app/process/files/not-an-id", planner)).statusCode).toBe(404);
  });

  it("leaves out what does not exist yet and says so in LEIA-ME.txt", async () => {
    const { processId } = await newProcess();
    const res = await get(`/api/app/process/files/${processId}`, planner);
    expect(res.statusCode, res.body).toBe(200);
    const entries = readZip(res.rawPayload);
    expect([...entries.keys()]).toEqual(["LEIA-ME.txt"]);
    const readme = (entries.get("LEIA-ME.txt") as Buffer).toString("utf8");
    expect(readme).toContain("Documentos ainda inexistentes, não incluídos:");
    for (const title of [
      "Documento de Formalização de Demanda (DFD)",
      "Estudo Técnico Preliminar (ETP)",
      "Matriz de Riscos",
      "Relatório de Pesquisa de Preços",
      "Termo de Referência",
      "Termo de Referência assinado",
      "Edital",
    ])
      expect(readme).toContain(`- ${title}\n`);
    expect(readme).not.toMatch(/^[0-9a-f]{64} {2}/m);
  });
});
