import { createHash, randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import path from "node:path";
import {
  BUYER_NOT_APPROVED_MESSAGE,
  REGISTRATION_ANALYSIS_DECIDED_MESSAGE,
  SUPPLIER_NOT_APPROVED_MESSAGE,
} from "@certame/domain";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeNotice, PRODUCT } from "../../../test/notice-fixture";
import { attach, createNotice, insertLot } from "../../../test/notice-helpers";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import {
  auctionBatches,
  buyerDocuments,
  buyerSecretaryOffices,
  buyerStaff,
  buyers,
  membershipSignatures,
  storedFiles,
  supplierDeclarations,
  supplierDocuments,
  suppliers,
  users,
} from "../../db/schema";
import { DEMO_IDS } from "../../demo/demo-data";
import { demoFiles } from "../../demo/demo-documents";
import { FileStorage } from "../../files/file-storage";
import type { Mailer } from "../../integrations/mail/mailer";
import { SmtpMailer } from "../../integrations/mail/mailer";
import { openRegistrationReview } from "../registration/registration-review.repository";

// Issue 13 item 4; notices-and-accounts §4 "Buyer registration" (approved → e-mail; rejected → the
// reason by e-mail, corrected, completed again, the analysis period restarts) and §9 "Registration
// analysis" (24 business hours; finished by 17:00 on a business day → counted from that day).

const ADMIN = "admin@certame.local";
const PUBLIC_URL = "https://certame.example.gov.br";
// Thursday 19/11/2026, 16:00 in Brasília (UTC-3); Friday 20/11 is a national holiday.
const NOW = new Date("2026-11-19T19:00:00Z");

interface Received {
  to: string[];
  raw: Buffer;
}

/** A real SMTP server on 127.0.0.1 keeping every message. */
async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const clock = new TestClock(NOW.getTime());
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
/** When set, the mailer fails (an SMTP outage after the commit). */
let mailDown = false;
let t: TestApp;
let admin: string;
let storage: FileStorage;

beforeAll(async () => {
  smtp = await startSmtpServer();
  const smtpMailer = new SmtpMailer(smtp.url, {
    from: "Certame <nao-responda@certame.test>",
    clock: clock.now,
  });
  const mailer: Mailer = {
    send: (message) => (mailDown ? Promise.reject(new Error("SMTP fora do ar")) : smtpMailer.send(message)),
  };
  t = await createTestApp({ clock: clock.now, mailer, publicUrl: PUBLIC_URL });
  admin = await t.login(ADMIN);
  storage = new FileStorage(path.join(t.dataDir, "files"));
});
/** Moves the clock (a session lives 12 h by the clock, so the staff logs in again). */
async function moveTo(date: Date) {
  clock.set(date);
  admin = await t.login(ADMIN);
}

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The messages received for `to` since `from` (an index into the server's list), parsed. */
async function mailsTo(to: string, from = 0) {
  const mine = smtp.received.slice(from).filter((m) => m.to.includes(to));
  return Promise.all(mine.map((m) => simpleParser(m.raw)));
}

let seq = 0;
const uniqueDigits = (length: number) =>
  `${Date.now()}${++seq}${Math.floor(Math.random() * 1e6)}`.slice(-length).padStart(length, "7");

async function storePdf(title: string, uploadedByUserId: string) {
  const bytes = Buffer.from(`%PDF-1.4\n% ${title}\n%%EOF\n`);
  const key = `test/${randomUUID()}.pdf`;
  await storage.write(key, bytes);
  const [file] = await t.db
    .insert(storedFiles)
    .values({
      storageKey: key,
      originalName: `${title}.pdf`,
      mimeType: "application/pdf",
      sizeBytes: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      uploadedByUserId,
    })
    .returning();
  return { file: file as typeof storedFiles.$inferSelect, bytes };
}

async function insertUser(kind: "BUYER" | "SUPPLIER", name: string) {
  const email = `${kind.toLowerCase()}-${randomUUID().slice(0, 8)}@teste.gov.br`;
  const [user] = await t.db
    .insert(users)
    .values({ kind, name, email, passwordHash: "x", emailConfirmedAt: NOW })
    .returning();
  return user as typeof users.$inferSelect;
}

/** A public body that completed its registration at `submittedAt` (status PENDING, open analysis). */
async function pendingBuyer(submittedAt: Date) {
  const account = await insertUser("BUYER", "Câmara Municipal de Teste");
  const authority = await insertUser("BUYER", "Helena Prado");
  const [buyer] = await t.db
    .insert(buyers)
    .values({
      corporateName: `Câmara Municipal de Teste ${seq + 1}`,
      cnpj: uniqueDigits(14),
      postalCode: "01001000",
      street: "Praça da Sé",
      number: "1",
      district: "Sé",
      city: "São Paulo",
      state: "SP",
      userId: account.id,
      competentAuthorityUserId: authority.id,
      competentAuthorityName: authority.name,
      registrationStatus: "PENDING",
    })
    .returning();
  const b = buyer as typeof buyers.$inferSelect;
  await t.db.insert(buyerSecretaryOffices).values({ buyerId: b.id, name: "Secretaria de Administração" });
  await t.db.insert(buyerStaff).values([
    { buyerId: b.id, userId: authority.id, roles: [] },
    { buyerId: b.id, userId: account.id, roles: ["AUCTIONEER"] },
  ]);
  const { file } = await storePdf("termo-assinado", account.id);
  await t.db
    .insert(buyerDocuments)
    .values({ buyerId: b.id, fileId: file.id, kind: "MEMBERSHIP_TERMS", name: "Termo de adesão assinado" });
  await t.db.insert(membershipSignatures).values({
    subjectKind: "BUYER",
    buyerId: b.id,
    provider: "upload",
    status: "SIGNED",
    requestedByUserId: account.id,
    requestedAt: submittedAt,
    termsSha256: "a".repeat(64),
    signedFileId: file.id,
    signedSha256: file.sha256,
    hasDigitalSignature: false,
    signedAt: submittedAt,
  });
  const review = await openRegistrationReview(t.db, {
    subjectKind: "BUYER",
    buyerId: b.id,
    submittedByUserId: account.id,
    submittedAt,
  });
  return { buyer: b, account, file, review };
}

/** A company that completed its registration at `submittedAt`. */
async function pendingSupplier(submittedAt: Date) {
  const account = await insertUser("SUPPLIER", "Otávio Lins");
  const [supplier] = await t.db
    .insert(suppliers)
    .values({
      userId: account.id,
      credentialKind: "LEGAL_PERSON",
      documentNumber: uniqueDigits(14),
      corporateName: "Lins Comércio de Materiais Ltda",
      tradeName: "Lins Materiais",
      isSmallBusiness: true,
      email: account.email,
      tradeRepresentativeName: "Otávio Lins",
      tradeRepresentativeCpf: "52998224725",
      postalCode: "30130000",
      city: "Belo Horizonte",
      state: "MG",
      registrationStatus: "PENDING",
    })
    .returning();
  const s = supplier as typeof suppliers.$inferSelect;
  await t.db.insert(supplierDeclarations).values(
    [1, 2, 3, 4, 5, 6, 7].map((declarationId) => ({
      supplierId: s.id,
      declarationId,
      acceptedAt: new Date(submittedAt.getTime() - declarationId * 60_000),
      acceptedByUserId: account.id,
      textSha256: "b".repeat(64),
    })),
  );
  const { file } = await storePdf("termo-pj", account.id);
  await t.db.insert(supplierDocuments).values({
    supplierId: s.id,
    fileId: file.id,
    name: "Termo de adesão PJ",
    kind: "MEMBERSHIP_TERMS",
    documentClass: "OTHERS_DOCUMENTS",
  });
  const review = await openRegistrationReview(t.db, {
    subjectKind: "SUPPLIER",
    supplierId: s.id,
    submittedByUserId: account.id,
    submittedAt,
  });
  return { supplier: s, account, file, review };
}

const list = (body: object = {}, token = admin) => t.post("/api/app/registrationAnalysis/list", body, token);
const read = (id: string) => t.post("/api/app/registrationAnalysis/read", { id }, admin);
const approve = (id: string, token = admin) => t.post("/api/app/registrationAnalysis/approve", { id }, token);
const reject = (id: string, reason: unknown, token = admin) =>
  t.post("/api/app/registrationAnalysis/reject", { id, reason }, token);
const getFile = (fileId: string, token = admin) =>
  t.app.inject({
    method: "GET",
    url: `/api/app/registrationAnalysis/file/${fileId}`,
    headers: { authorization: `Bearer ${token}` },
  });
const buyerStatus = async (id: string) =>
  (await t.db.select().from(buyers).where(eq(buyers.id, id)))[0]?.registrationStatus;
const supplierStatus = async (id: string) =>
  (await t.db.select().from(suppliers).where(eq(suppliers.id, id)))[0]?.registrationStatus;

interface Summary {
  id: string;
  subjectKind: string;
  subject: { name: string; document: string };
  submittedAt: string;
  dueAt: string;
  overdue: boolean;
  submittedBy: { name: string; email: string } | null;
  previousRejections: number;
}

describe("the analysis queue (§9: 24 business hours, 17:00 cut-off, holidays)", () => {
  let body: Awaited<ReturnType<typeof pendingBuyer>>;
  let company: Awaited<ReturnType<typeof pendingSupplier>>;

  beforeAll(async () => {
    clock.set(NOW);
    // The body completed on Thursday 19/11 at 10:00 (before 17:00): 14 h that day, the holiday and
    // the weekend skipped, 10 h on Monday → due Monday 23/11 10:00.
    body = await pendingBuyer(new Date("2026-11-19T13:00:00Z"));
    // The company completed on Wednesday 18/11 at 09:00: 15 h that day, 9 h on Thursday → due 09:00.
    company = await pendingSupplier(new Date("2026-11-18T12:00:00Z"));
  });

  it("lists open analyses oldest first with due time, lateness by the clock, submitter and subject", async () => {
    const res = await list({ status: "PENDING", page: 1, limit: 100 });
    expect(res.statusCode, res.body).toBe(200);
    const { analyses, total } = res.json() as { analyses: Summary[]; total: number };
    expect(total).toBe(analyses.length);
    const submitted = analyses.map((a) => a.submittedAt);
    expect(submitted).toEqual([...submitted].sort());
    const ids = analyses.map((a) => a.id);
    expect(ids.indexOf(company.review.id)).toBeLessThan(ids.indexOf(body.review.id));

    const b = analyses.find((a) => a.id === body.review.id) as Summary;
    expect(b).toMatchObject({
      subjectKind: "BUYER",
      subject: { name: body.buyer.corporateName, document: body.buyer.cnpj },
      dueAt: "2026-11-23T13:00:00.000Z",
      overdue: false,
      submittedBy: { name: body.account.name, email: body.account.email },
      previousRejections: 0,
    });
    const s = analyses.find((a) => a.id === company.review.id) as Summary;
    expect(s).toMatchObject({
      subjectKind: "SUPPLIER",
      subject: { name: "Lins Comércio de Materiais Ltda", document: company.supplier.documentNumber },
      dueAt: "2026-11-19T12:00:00.000Z",
      overdue: true,
    });
  });

  it("marks an analysis late once the clock passes its due time", async () => {
    await moveTo(new Date("2026-11-23T12:59:59Z"));
    const before = (await list()).json() as { analyses: Summary[] };
    expect(before.analyses.find((a) => a.id === body.review.id)?.overdue).toBe(false);
    await moveTo(new Date("2026-11-23T13:00:01Z"));
    const { analyses } = (await list()).json() as { analyses: Summary[] };
    expect(analyses.find((a) => a.id === body.review.id)?.overdue).toBe(true);
    await moveTo(NOW);
  });

  it("pages the queue and refuses a bad page size naming the field", async () => {
    const first = (await list({ page: 1, limit: 1 })).json() as { analyses: Summary[]; total: number };
    expect(first.analyses).toHaveLength(1);
    expect(first.total).toBeGreaterThanOrEqual(2);
    const bad = await list({ limit: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().properties.map((p: { property: string }) => p.property)).toContain("limit");
  });

  it("reads a body with its address, authority, secretariats, staff, documents and signature", async () => {
    const res = await read(body.review.id);
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(a.buyer).toMatchObject({
      corporateName: body.buyer.corporateName,
      cnpj: body.buyer.cnpj,
      address: { postalCode: "01001000", street: "Praça da Sé", city: "São Paulo", state: "SP" },
      competentAuthority: { name: "Helena Prado" },
      secretaryOffices: [{ name: "Secretaria de Administração" }],
      membershipSignature: { provider: "upload", status: "SIGNED", signedSha256: body.file.sha256 },
    });
    expect(a.buyer.staff.map((s: { name: string; roles: string[] }) => [s.name, s.roles])).toEqual([
      ["Câmara Municipal de Teste", ["AUCTIONEER"]],
      ["Helena Prado", []],
    ]);
    expect(a.buyer.documents).toEqual([
      expect.objectContaining({
        name: "Termo de adesão assinado",
        kind: "MEMBERSHIP_TERMS",
        sha256: body.file.sha256,
        url: `/api/app/registrationAnalysis/file/${body.file.id}`,
      }),
    ]);
    expect(a.history).toEqual([]);
  });

  it("reads a supplier with its data, representative, the seven declarations and its term", async () => {
    const a = (await read(company.review.id)).json();
    expect(a.supplier).toMatchObject({
      corporateName: "Lins Comércio de Materiais Ltda",
      isSmallBusiness: true,
      representative: { name: "Otávio Lins", cpf: "52998224725" },
      address: { postalCode: "30130000", city: "Belo Horizonte" },
    });
    expect(a.supplier.declarations).toHaveLength(7);
    expect(a.supplier.declarations.every((d: { acceptedAt: string | null }) => d.acceptedAt)).toBe(true);
    expect(a.supplier.documents[0]).toMatchObject({ kind: "MEMBERSHIP_TERMS", sha256: company.file.sha256 });
  });

  it("serves a registration's file to platform staff only, and no other stored file", async () => {
    const ok = await getFile(body.file.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["content-type"]).toBe("application/pdf");
    expect(decodeURIComponent(String(ok.headers["x-suggested-filename"]))).toBe("termo-assinado.pdf");
    expect(ok.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await getFile(company.file.id)).statusCode).toBe(200);
    // A notice's file, an unknown id and a malformed one: not the console's.
    expect((await getFile((demoFiles()[0] as { fileId: string }).fileId)).statusCode).toBe(404);
    expect((await getFile(randomUUID())).statusCode).toBe(404);
    expect((await getFile("../../etc/passwd")).statusCode).toBe(404);
    const buyer = await t.login("pregoeiro@demo.gov.br");
    expect((await getFile(body.file.id, buyer)).statusCode).toBe(403);
  });

  it("refuses the console to anyone but platform staff (403) and changes nothing", async () => {
    const buyer = await t.login("pregoeiro@demo.gov.br");
    const supplier = await t.login("fornecedor1@demo.com.br");
    expect((await list({}, buyer)).statusCode).toBe(403);
    expect((await approve(body.review.id, buyer)).statusCode).toBe(403);
    expect((await reject(body.review.id, "Motivo suficiente aqui.", supplier)).statusCode).toBe(403);
    expect((await t.post("/api/app/registrationAnalysis/list", {})).statusCode).toBe(401);
    expect(await buyerStatus(body.buyer.id)).toBe("PENDING");
  });

  it("requires the rejection's reason (10 to 2000 characters), naming it", async () => {
    for (const reason of [undefined, "", "   curto  ", "x".repeat(2001)]) {
      const res = await reject(body.review.id, reason);
      expect(res.statusCode, String(reason)).toBe(400);
      expect(res.json().properties.map((p: { property: string }) => p.property)).toEqual(["reason"]);
    }
    expect(await buyerStatus(body.buyer.id)).toBe("PENDING");
    expect((await reject(randomUUID(), "Motivo suficiente aqui.")).statusCode).toBe(404);
  });

  it("rejects with a reason: status REJECTED, the reason e-mailed; then a new completion is approved", async () => {
    const reason = "O termo de adesão não está assinado pela autoridade competente.\nAnexe o termo assinado.";
    const before = smtp.received.length;
    const res = await reject(body.review.id, `  ${reason}  `);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: body.review.id, decision: "REJECTED", mailed: true });
    expect(await buyerStatus(body.buyer.id)).toBe("REJECTED");
    const [mail] = await mailsTo(body.account.email, before);
    expect(mail?.subject).toBe("Cadastro não aprovado no Certame");
    expect(mail?.text).toContain("> O termo de adesão não está assinado pela autoridade competente.");
    // The link leads where a body corrects and completes again: its accreditation wizard.
    expect(mail?.text).toContain(`${PUBLIC_URL}/cadastro-de-orgao`);
    // Deciding again: the analysis is closed.
    const again = await approve(body.review.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REGISTRATION_ANALYSIS_DECIDED_MESSAGE);
    expect(await buyerStatus(body.buyer.id)).toBe("REJECTED");
    const open = (await list()).json() as { analyses: Summary[] };
    expect(open.analyses.map((a) => a.id)).not.toContain(body.review.id);
    const decided = (await list({ status: "DECIDED" })).json() as { analyses: Summary[] };
    expect(decided.analyses[0]?.id).toBe(body.review.id);

    // The user corrects and completes again (the completion call opens a new analysis, §4).
    await moveTo(new Date("2026-11-23T20:30:00Z")); // Monday 17:30: counted from Tuesday 00:00
    await t.db.update(buyers).set({ registrationStatus: "PENDING" }).where(eq(buyers.id, body.buyer.id));
    const second = await openRegistrationReview(t.db, {
      subjectKind: "BUYER",
      buyerId: body.buyer.id,
      submittedByUserId: body.account.id,
      submittedAt: clock.now(),
    });
    const reread = (await read(second.id)).json();
    expect(reread).toMatchObject({ previousRejections: 1, dueAt: "2026-11-25T03:00:00.000Z" });
    expect(reread.history).toEqual([
      expect.objectContaining({
        id: body.review.id,
        decision: "REJECTED",
        reason,
        decidedBy: { name: "Equipe Certame" },
      }),
    ]);
    const from = smtp.received.length;
    const ok = await approve(second.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await buyerStatus(body.buyer.id)).toBe("APPROVED");
    const [approved] = await mailsTo(body.account.email, from);
    expect(approved?.subject).toBe("Cadastro aprovado no Certame");
    expect(approved?.text).toContain(body.buyer.corporateName);
    await moveTo(NOW);
  });

  it("lets exactly one of two simultaneous decisions win", async () => {
    const results = await Promise.all([
      approve(company.review.id),
      reject(company.review.id, "Documentação da empresa incompleta."),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)?.json().decision as string;
    expect(await supplierStatus(company.supplier.id)).toBe(winner);
    expect((await mailsTo(company.account.email)).length).toBe(1);
  });

  it("keeps the decision when the e-mail fails after the commit", async () => {
    const other = await pendingSupplier(clock.now());
    mailDown = true;
    try {
      const res = await approve(other.review.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ decision: "APPROVED", mailed: false });
    } finally {
      mailDown = false;
    }
    expect(await supplierStatus(other.supplier.id)).toBe("APPROVED");
  });
});

describe("the gates: until approved a body cannot publish and a supplier cannot bid", () => {
  it("refuses the publication of a body not approved (403) and allows it once approved", async () => {
    const token = await t.login("pregoeiro@demo.gov.br");
    const id = await createNotice(t, token);
    await insertLot(t, id);
    await attach(t, token, id);
    await t.db.update(buyers).set({ registrationStatus: "PENDING" }).where(eq(buyers.id, DEMO_IDS.buyer));
    try {
      const refused = await t.post("/api/app/auction/updateStatus", { id, status: "PUBLISHED" }, token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(BUYER_NOT_APPROVED_MESSAGE);
    } finally {
      await t.db.update(buyers).set({ registrationStatus: "APPROVED" }).where(eq(buyers.id, DEMO_IDS.buyer));
    }
    const published = await t.post("/api/app/auction/updateStatus", { id, status: "PUBLISHED" }, token);
    expect(published.statusCode, published.body).toBe(200);
  });

  it("a supplier not approved is not enabled and cannot send an initial proposal; approved it can", async () => {
    const now = clock.now().getTime();
    const notice = await makeNotice(t, {
      status: "PUBLISHED",
      closingKind: "OPEN",
      proposalsStartDateTime: new Date(now - 86_400_000),
      proposalsEndDateTime: new Date(now + 5 * 86_400_000),
      startDateTime: new Date(now + 6 * 86_400_000),
      isInitialProposalsRequired: false,
      auctionLicensePhase: "AFTER_BID",
    });
    const [lot] = await t.db
      .insert(auctionBatches)
      .values({
        auctionNoticeId: notice.id,
        number: 1,
        item: 1,
        productId: PRODUCT(1),
        quantity: "10",
        measurementUnitCode: "UN",
        referencePrice: 10_000,
        minimumVariation: 100,
        phase: "OPEN_FOR_OFFERS",
      })
      .returning();
    const token = await t.login("fornecedor1@demo.com.br");
    const body = {
      auctionNoticeId: notice.id,
      bidData: [{ batch: { id: lot?.id }, unitPrice: 9_000 }],
      hasSmallCompanyDeclaration: true,
    };
    const setStatus = (registrationStatus: "PENDING" | "APPROVED") =>
      t.db.update(suppliers).set({ registrationStatus }).where(eq(suppliers.id, DEMO_IDS.supplier1));
    const enabled = () =>
      t.post("/api/app/supplier/getIsEnabledSupplier", { auctionNoticeId: notice.id }, token);
    await setStatus("PENDING");
    try {
      expect((await enabled()).json()).toBe(false);
      const refused = await t.post("/api/app/initialBids/save", body, token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(SUPPLIER_NOT_APPROVED_MESSAGE);
      const imported = await t.app.inject({
        method: "POST",
        url: `/api/app/initialBids/import?auctionNoticeId=${notice.id}`,
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "multipart/form-data; boundary=X",
        },
        payload: `--X\r\nContent-Disposition: form-data; name="file"; filename="l.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\nabc\r\n--X--\r\n`,
      });
      expect(imported.statusCode).toBe(403);
      expect(imported.json().message).toBe(SUPPLIER_NOT_APPROVED_MESSAGE);
    } finally {
      await setStatus("APPROVED");
    }
    expect((await enabled()).json()).toBe(true);
    const saved = await t.post("/api/app/initialBids/save", body, token);
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

describe("demo data (issue 13 item 8): a body waiting for analysis, a supplier mid-registration", () => {
  it("the demo body is in the queue with its signed term, which downloads as the recorded PDF", async () => {
    const { analyses } = (await list({ limit: 100 })).json() as { analyses: Summary[] };
    expect(analyses.map((a) => a.id)).toContain(DEMO_IDS.pendingBuyerReview);
    const a = (await read(DEMO_IDS.pendingBuyerReview)).json();
    expect(a.buyer).toMatchObject({
      corporateName: "Câmara Municipal de Exemplo",
      registrationStatus: "PENDING",
      competentAuthority: { name: "Luísa Fernandes" },
    });
    expect(a.buyer.staff.map((s: { roles: string[] }) => s.roles)).toContainEqual(["AUCTIONEER"]);
    const [doc] = a.buyer.documents as { url: string; sha256: string; kind: string }[];
    expect(doc?.kind).toBe("MEMBERSHIP_TERMS");
    const res = await t.app.inject({
      method: "GET",
      url: doc?.url ?? "",
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(createHash("sha256").update(res.rawPayload).digest("hex")).toBe(doc?.sha256);
  });

  it("the demo supplier is mid-registration and not enabled to bid", async () => {
    const token = await t.login("fornecedor4@demo.com.br");
    const me = (await t.post("/api/app/auth/me", {}, token)).json();
    expect(me.user.supplier).toMatchObject({ registrationStatus: "IN_PROGRESS" });
    const [row] = await t.db.select().from(suppliers).where(eq(suppliers.id, DEMO_IDS.partialSupplier));
    expect(row?.corporateName).toBe("Prates Serviços de Limpeza Ltda");
    const declared = await t.db
      .select()
      .from(supplierDeclarations)
      .where(eq(supplierDeclarations.supplierId, DEMO_IDS.partialSupplier));
    expect(declared.map((d) => d.declarationId).sort()).toEqual([1, 2, 3, 4]);
  });
});
