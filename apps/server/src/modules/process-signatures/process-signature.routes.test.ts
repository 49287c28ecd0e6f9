import { createHash } from "node:crypto";
import {
  PLANNING_NOT_ALLOWED_MESSAGE,
  PROCESS_NOT_FOUND_MESSAGE,
  SIGNATURE_ALREADY_SIGNED_MESSAGE,
  SIGNATURE_EMPTY_DOCUMENT_MESSAGE,
  SIGNATURE_NO_DICTIONARY_MESSAGE,
  SIGNATURE_NOT_SIGNED_MESSAGE,
  SIGNATURE_OTHER_DOCUMENT_MESSAGE,
  SIGNATURE_STALE_VERSION_MESSAGE,
  SIGNATURE_WRONG_PASSWORD_MESSAGE,
} from "@certame/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNotice, postMultipart, readZip, setNotice } from "../../../test/notice-helpers";
import { pdfText } from "../../../test/pdf-text";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import { processDocumentSignatures, processEvents } from "../../db/schema";
import { DEMO_PASSWORD } from "../../demo/demo-data";
import { DEMO_PLANNING_IDS } from "../../demo/demo-planning";

// planning §2.3 (document steps: 'Assinar o Documento', 'Imprimir pdf assinado', column 'Assinaturas');
// issue 35 item 3: a signature of the document's exact bytes (SHA-256) by the signer — the platform's
// simple electronic signature after the password is typed again (Lei 14.063/2020 art. 4 I), or a
// signed PDF of the same document — stale once the document changes; the body's planners only.

let t: TestApp;
let planner: string;
let auctioneer: string;
let otherBody: string;
let support: string;
let supplier: string;
const clock = new TestClock(Date.parse("2026-11-20T13:00:00.000Z"));
const DEMO = DEMO_PLANNING_IDS.process;
const DFD = "DEMAND_FORMALIZATION";

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  [planner, auctioneer, otherBody, support, supplier] = await Promise.all([
    t.login("planejamento@demo.gov.br"),
    t.login("pregoeiro@demo.gov.br"),
    t.login("compras@vilanova.demo.gov.br"),
    t.login("apoio@demo.gov.br"),
    t.login("fornecedor1@demo.com.br"),
  ]);
});
afterAll(() => t.close());

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const get = (url: string, token?: string) =>
  t.app.inject({ method: "GET", url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const read = (kind: string, token = planner, processId = DEMO) =>
  t.post("/api/app/process/signature/read", { processId, kind }, token);
const sign = (body: Record<string, unknown>, token = planner) =>
  t.post(
    "/api/app/process/signature/sign",
    { processId: DEMO, kind: DFD, password: DEMO_PASSWORD, ...body },
    token,
  );
const upload = (fields: Record<string, string>, bytes: Buffer, token = planner) =>
  postMultipart(
    t,
    "/api/app/process/signature/upload",
    token,
    { processId: DEMO, kind: DFD, ...fields },
    {
      name: "dfd-assinado.pdf",
      bytes,
      type: "application/pdf",
    },
  );
const rows = () => t.db.select().from(processDocumentSignatures);
const squeeze = (text: string) => text.replace(/\s+/g, "");
/** A PAdES-like incremental update: the issued bytes untouched, a signature dictionary appended. */
const signedCopy = (issued: Buffer) =>
  Buffer.concat([
    issued,
    Buffer.from(
      "\n9 0 obj\n<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached /ByteRange [0 120 300 80] /Contents <3082> >>\nendobj\n%%EOF\n",
    ),
  ]);

describe("the platform's signature of a document (Lei 14.063/2020 art. 4 I)", () => {
  it("signs the exact PDF the step downloads, after the password, and records who, when and how", async () => {
    const pdf = await get(`/api/app/demandFormalization/pdf/${DEMO}`, planner);
    expect(pdf.statusCode, pdf.body).toBe(200);
    // The same content gives the same bytes, whatever the time of the download.
    clock.advance(60_000);
    const again = await get(`/api/app/demandFormalization/pdf/${DEMO}`, planner);
    expect(sha256(again.rawPayload)).toBe(sha256(pdf.rawPayload));
    const before = (await read(DFD)).json();
    expect(before.documentSha256).toBe(sha256(pdf.rawPayload));
    expect(before.signatures).toEqual([]);

    const res = await sign({ documentSha256: before.documentSha256 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().signatures).toEqual([
      expect.objectContaining({
        kind: DFD,
        method: "PLATFORM",
        methodLabel: "Assinatura eletrônica simples (Lei 14.063/2020)",
        signerName: "Felipe Araújo",
        signerCpf: "***.891.234-**",
        signerRole: "Equipe de planejamento",
        signedAt: clock.now().toISOString(),
        documentSha256: sha256(pdf.rawPayload),
        stale: false,
        signedFile: null,
      }),
    ]);
    const [row] = await rows();
    expect(row).toMatchObject({ signerCpf: "56789123482", documentKind: DFD, method: "PLATFORM" });
    const events = await t.db
      .select()
      .from(processEvents)
      .where(eq(processEvents.eventType, "DOCUMENT_SIGNED"));
    expect(events).toHaveLength(1);

    // The administration page's 'Assinaturas' column.
    const process = (await t.post("/api/app/process/read", { id: DEMO }, planner)).json();
    const step = process.steps.find((s: { kind: string }) => s.kind === DFD);
    expect(step.signatures).toEqual([expect.objectContaining({ signerName: "Felipe Araújo", stale: false })]);
  });

  it("refuses a wrong password on the field and writes nothing", async () => {
    const { documentSha256 } = (await read(DFD, auctioneer)).json();
    const count = (await rows()).length;
    const res = await sign({ documentSha256, password: "errada" }, auctioneer);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: SIGNATURE_WRONG_PASSWORD_MESSAGE,
      properties: [{ property: "password", errorMessages: [SIGNATURE_WRONG_PASSWORD_MESSAGE] }],
    });
    expect(await rows()).toHaveLength(count);
  });

  it("refuses the same signer twice on one version ('já assinado')", async () => {
    const { documentSha256 } = (await read(DFD)).json();
    const count = (await rows()).length;
    const res = await sign({ documentSha256 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SIGNATURE_ALREADY_SIGNED_MESSAGE);
    expect(res.json().message).toContain("já assinado");
    expect(await rows()).toHaveLength(count);
  });

  it("refuses a version that is no longer current, marks the earlier signature stale, and signs the new one", async () => {
    const first = (await read(DFD)).json();
    const changed = await t.post(
      "/api/app/demandFormalization/save",
      {
        process: { id: DEMO },
        needOfHiringJustification: "Reposição do estoque anual, revista após a assinatura.",
      },
      planner,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const count = (await rows()).length;
    const stale = await sign({ documentSha256: first.documentSha256 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(SIGNATURE_STALE_VERSION_MESSAGE);
    expect(await rows()).toHaveLength(count);

    const now = (await read(DFD)).json();
    expect(now.documentSha256).not.toBe(first.documentSha256);
    expect(now.signatures.map((s: { stale: boolean }) => s.stale)).toEqual([true]);
    const process = (await t.post("/api/app/process/read", { id: DEMO }, planner)).json();
    expect(process.steps.find((s: { kind: string }) => s.kind === DFD).signatures[0].stale).toBe(true);

    clock.advance(60_000);
    const res = await sign({ documentSha256: now.documentSha256 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().signatures.map((s: { stale: boolean }) => s.stale)).toEqual([true, false]);
  });

  it("refuses a document nobody has filled yet", async () => {
    const created = await t.post("/api/app/process/create", { processNumber: "ASS 1/2026" }, planner);
    const processId = created.json().id;
    const { documentSha256 } = (await read("PRELIMINARY_TECHNICAL_STUDY", planner, processId)).json();
    const res = await t.post(
      "/api/app/process/signature/sign",
      { processId, kind: "PRELIMINARY_TECHNICAL_STUDY", documentSha256, password: DEMO_PASSWORD },
      planner,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SIGNATURE_EMPTY_DOCUMENT_MESSAGE);
    // The contract and the price-taking have no sign button (§2.3): not a kind the route knows.
    const contract = await t.post(
      "/api/app/process/signature/sign",
      { processId, kind: "CONTRACT", documentSha256, password: DEMO_PASSWORD },
      planner,
    );
    expect(contract.statusCode).toBe(400);
    expect(contract.json().properties[0].property).toBe("kind");
  });
});

describe("a signed PDF sent by its signer (the adhesion terms' check)", () => {
  it("refuses a PDF without a signature dictionary, and a signed PDF of another document", async () => {
    const count = (await rows()).length;
    const issued = (await get(`/api/app/demandFormalization/pdf/${DEMO}`, auctioneer)).rawPayload;
    const unsigned = await upload({}, issued, auctioneer);
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().properties).toEqual([
      { property: "file", errorMessages: [SIGNATURE_NO_DICTIONARY_MESSAGE] },
    ]);
    const etp = (await get(`/api/app/preliminaryTechnicalStudy/pdf/${DEMO}`, auctioneer)).rawPayload;
    const other = await upload({}, signedCopy(etp), auctioneer);
    expect(other.statusCode).toBe(400);
    expect(other.json().properties).toEqual([
      { property: "file", errorMessages: [SIGNATURE_OTHER_DOCUMENT_MESSAGE] },
    ]);
    expect(await rows()).toHaveLength(count);
  });

  it("records the signed copy of the current version with its own SHA-256 and serves it back", async () => {
    const issued = (await get(`/api/app/demandFormalization/pdf/${DEMO}`, auctioneer)).rawPayload;
    const signed = signedCopy(issued);
    clock.advance(60_000);
    const res = await upload({ documentSha256: sha256(issued) }, signed, auctioneer);
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json().signatures.find((s: { method: string }) => s.method === "UPLOADED");
    expect(mine).toMatchObject({
      signerName: "Marina Albuquerque",
      signerCpf: "***.456.789-**",
      signerRole: "Pregoeiro / Agente de contratação",
      methodLabel: "PDF assinado enviado",
      documentSha256: sha256(issued),
      stale: false,
      signedFile: { name: "dfd-assinado.pdf", sha256: sha256(signed), hasDigitalSignature: true },
    });
    const file = await get(mine.signedFile.url, planner);
    expect(file.statusCode).toBe(200);
    expect(sha256(file.rawPayload)).toBe(sha256(signed));
    expect((await get(mine.signedFile.url, otherBody)).statusCode).toBe(404);
  });
});

describe("'Imprimir pdf assinado' and the process's files", () => {
  it("prints the document followed by the manifest of its signatures", async () => {
    const res = await get(`/api/app/process/signature/pdf/${DFD}/${DEMO}`, planner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toContain("dfd-pa-21-2026-assinado.pdf");
    const text = squeeze(pdfText(res.rawPayload));
    const { documentSha256 } = (await read(DFD)).json();
    for (const expected of [
      "Documento de Formalização de Demanda",
      "Manifesto de Assinaturas",
      "Felipe Araújo",
      "***.891.234-**",
      "Marina Albuquerque",
      "Assinatura eletrônica simples (Lei 14.063/2020)",
      "PDF assinado enviado",
      "desatualizada",
      documentSha256,
    ])
      expect(text, expected).toContain(squeeze(expected));
    expect(text).not.toContain("56789123482");
  });

  it("has nothing to print for a document without signatures", async () => {
    const res = await get(`/api/app/process/signature/pdf/PRELIMINARY_TECHNICAL_STUDY/${DEMO}`, planner);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(SIGNATURE_NOT_SIGNED_MESSAGE);
    expect((await get(`/api/app/process/signature/pdf/CONTRACT/${DEMO}`, planner)).statusCode).toBe(404);
  });

  it("zips the signed document with its manifest and the signed PDF sent", async () => {
    const res = await get(`/api/app/process/files/${DEMO}`, planner);
    expect(res.statusCode, res.body).toBe(200);
    const entries = readZip(res.rawPayload);
    expect(entries.has("assinaturas/dfd-pa-21-2026-assinado.pdf")).toBe(true);
    const sent = entries.get("assinaturas/dfd-assinado.pdf");
    expect(sent).toBeDefined();
    const readme = entries.get("LEIA-ME.txt")?.toString("utf8") ?? "";
    expect(readme).toContain(`${sha256(sent as Buffer)}  assinaturas/dfd-assinado.pdf`);
    expect(readme).toContain("Documento de Formalização de Demanda com o manifesto de assinaturas");
  });
});

describe("the public notice page links the signed documents (issue 35 item 5)", () => {
  it("lists a published notice's signed documents: the edital signed with its manifest, a plan document's manifest alone", async () => {
    const noticeId = await createNotice(t, auctioneer, {
      processNumber: "PA 21/2026",
      noticeNumber: "PE 91/2026",
      objectOfInterest: "Aquisição de material de expediente para as secretarias.",
    });
    await setNotice(t, noticeId, { processId: DEMO });
    const list = (id = noticeId) => t.post("/api/public/auction/signatures/list", { auctionNoticeId: id });
    // A draft shows nothing, even once signed.
    const edital = (await read("AUCTION_NOTICE")).json();
    expect(edital.title).toBe("Edital");
    const signed = await sign({ kind: "AUCTION_NOTICE", documentSha256: edital.documentSha256 });
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await list()).json()).toEqual({ documents: [] });
    expect((await get(`/api/public/auction/signatures/${noticeId}/${DFD}`)).statusCode).toBe(404);

    await setNotice(t, noticeId, { status: "PUBLISHED", publishedDate: clock.now() });
    const documents = (await list()).json().documents;
    expect(documents.map((d: { kind: string }) => d.kind)).toEqual([DFD, "AUCTION_NOTICE"]);
    const dfd = documents[0];
    expect(dfd).toMatchObject({
      title: "Documento de Formalização de Demanda",
      withDocument: false,
      url: `/api/public/auction/signatures/${noticeId}/${DFD}`,
    });
    expect(dfd.signatures[0]).toEqual({
      signerName: "Felipe Araújo",
      signerRole: "Equipe de planejamento",
      signedAt: expect.any(String),
      methodLabel: "Assinatura eletrônica simples (Lei 14.063/2020)",
      stale: true,
    });
    expect(JSON.stringify(documents)).not.toMatch(/56789123482|891\.234/);

    // The plan document: its manifest only — never the internal document itself.
    const manifest = await get(dfd.url);
    expect(manifest.statusCode, manifest.body).toBe(200);
    const manifestText = squeeze(pdfText(manifest.rawPayload));
    expect(manifestText).toContain(squeeze("Manifesto de Assinaturas"));
    expect(manifestText).toContain(squeeze("Felipe Araújo"));
    expect(manifestText).toContain(squeeze("o anexo do edital é a sua versão pública"));
    expect(manifestText).not.toContain(squeeze("Reposição do estoque anual"));

    // The edital: public as a whole, with its manifest after it.
    const editalPdf = await get(documents[1].url);
    expect(editalPdf.statusCode).toBe(200);
    const editalText = squeeze(pdfText(editalPdf.rawPayload));
    expect(editalText).toContain(squeeze("PE 91/2026"));
    expect(editalText).toContain(squeeze("Manifesto de Assinaturas"));
    expect(editalText).toContain(edital.documentSha256);
    // A notice without a process, or unknown: nothing.
    expect((await list("00000000-0000-4000-8000-000000000000")).json()).toEqual({ documents: [] });
  });
});

describe("who signs (route rows 'planning')", () => {
  it("another body's process is a 404; a profile that does not plan, a 403", async () => {
    for (const res of [
      await read(DFD, otherBody),
      await sign({ documentSha256: "a".repeat(64) }, otherBody),
      await get(`/api/app/process/signature/pdf/${DFD}/${DEMO}`, otherBody),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(PROCESS_NOT_FOUND_MESSAGE);
    }
    for (const token of [support, supplier]) {
      const res = await sign({ documentSha256: "a".repeat(64) }, token);
      expect(res.statusCode).toBe(403);
    }
    expect((await sign({ documentSha256: "a".repeat(64) }, support)).json().message).toBe(
      PLANNING_NOT_ALLOWED_MESSAGE,
    );
  });

  it("the budget's report has its own versioned PDF, signed once it has quotes", async () => {
    const pdf = await get(`/api/app/budget/pdf/${DEMO}`, planner);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(squeeze(pdfText(pdf.rawPayload))).toContain(squeeze("Relatório de Pesquisa de Preços"));
    const { documentSha256 } = (await read("BUDGET")).json();
    expect(documentSha256).toBe(sha256(pdf.rawPayload));
  });
});
