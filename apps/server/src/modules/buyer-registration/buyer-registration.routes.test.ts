import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { computeCnpjCheckDigits, computeCpfCheckDigits, registrationAnalysisDueAt } from "@certame/domain";
import { and, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseFingerprint } from "../../../test/database-fingerprint";
import { pdfText } from "../../../test/pdf-text";
import { createTestApp, type TestApp } from "../../../test/test-app";
import {
  accountTokens,
  buyerStaff,
  buyers,
  membershipSignatures,
  registrationReviews,
  users,
} from "../../db/schema";
import { DEMO_IDS, DEMO_PASSWORD } from "../../demo/demo-data";
import { hashToken } from "../auth/auth.service";
import { hashPassword } from "../auth/password";
import { pdfHasSignatureDictionary } from "../registration/signature-provider";
import { IN_USE_BY_PROCESSES_MESSAGE } from "./buyer-registration.service";

/**
 * Issue 13 item 2: the buyer accreditation wizard through HTTP against PostgreSQL
 * (notices-and-accounts §2.11, §3 Buyer/Secretariat/Staff member, §4 "Buyer registration", §5, §7).
 */

// Tuesday 10 March 2026, 10:00 in Brasília: a business day before 17:00 (§9 "Registration analysis").
const NOW = new Date("2026-03-10T13:00:00Z");

let seq = 0;
const cpf = () => {
  const base = String(317_000_000 + ++seq * 7919).padStart(9, "0");
  return base + computeCpfCheckDigits(base);
};
const cnpj = () => {
  const base = `${String(45_000_000 + ++seq * 131).padStart(8, "0")}0001`;
  return base + computeCnpjCheckDigits(base);
};

let t: TestApp;

async function freshBuyerUser(email: string) {
  const [row] = await t.db
    .insert(users)
    .values({
      kind: "BUYER",
      name: "Registrante",
      email,
      cpf: cpf(),
      passwordHash: await hashPassword(DEMO_PASSWORD),
      emailConfirmedAt: NOW,
    })
    .returning({ id: users.id });
  return { id: row?.id as string, token: await t.login(email) };
}

const body = (bodyCnpj: string, authorityEmail: string, authorityCpf: string) => ({
  buyer: {
    cnpj: bodyCnpj,
    corporateName: "Prefeitura Municipal de Águas Claras",
    address: {
      postalCode: "01310-100",
      street: "Avenida Paulista",
      number: "1000",
      district: "Bela Vista",
      city: "São Paulo",
      state: "SP",
      ibgeCode: "3550308",
    },
    phoneNumber: "(11) 3333-4444",
    website: "https://aguasclaras.sp.gov.br",
    competentAuthority: {
      name: "ignorado",
      user: {
        name: "Helena Prado",
        email: authorityEmail,
        cpf: authorityCpf,
        phoneNumber: "(11) 98888-7777",
      },
    },
  },
});

const staffRow = (email: string, staffCpf: string, extra: Record<string, unknown> = {}) => ({
  user: {
    name: "Paulo Pregoeiro",
    email,
    cpf: staffCpf,
    phoneNumber: "(11) 3333-1111",
    cellphoneNumber: "(11) 99999-1111",
  },
  department: "Licitações",
  appointmentOrderDate: "15/02/2026",
  ...extra,
});

/** A multipart body with one `file`. */
function multipart(filename: string, bytes: Buffer, type = "application/pdf") {
  const boundary = "----certame-buyer";
  return {
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

function attach(
  token: string,
  filename: string,
  bytes: Buffer,
  type?: string,
): Promise<LightMyRequestResponse> {
  const form = multipart(filename, bytes, type);
  return t.app.inject({
    method: "POST",
    url: "/api/app/buyer/attachMembershipTerms",
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    payload: form.payload,
  });
}

const PLAIN_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);
/** An incremental update holding a PAdES signature dictionary (ISO 32000-1 §12.8.1). */
const SIGNED_PDF = Buffer.concat([
  PLAIN_PDF,
  Buffer.from(
    "5 0 obj\n<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached /ByteRange [0 120 300 80] /Contents <3082> /M (D:20260310100000-03'00') >>\nendobj\n%%EOF\n",
  ),
]);

/** The messages the local outbox holds for an address (the test app has no SMTP_URL). */
async function mailsTo(address: string) {
  const dir = path.join(t.dataDir, "outbox");
  const index = await readFile(path.join(dir, "index.jsonl"), "utf8").catch(() => "");
  const entries = index
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { id: string; to: string; subject: string });
  return Promise.all(
    entries
      .filter((e) => e.to === address)
      .map(async (e) => ({
        subject: e.subject,
        mail: await simpleParser(await readFile(path.join(dir, `${e.id}.eml`))),
      })),
  );
}

const properties = (res: LightMyRequestResponse) =>
  Object.fromEntries(
    ((res.json().properties ?? []) as { property: string; errorMessages: string[] }[]).map((p) => [
      p.property,
      p.errorMessages[0],
    ]),
  );

let registrant: { id: string; token: string };
let bodyCnpj: string;
let buyerId: string;
let staffId: string;
let officeId: string;
const authorityEmail = "helena.prado@aguasclaras.sp.gov.br";
const staffEmail = "paulo.pregoeiro@aguasclaras.sp.gov.br";
let pregoeiro: string;
let planning: string;
let supplier: string;
let citizen: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW, publicUrl: "https://certame.example.gov.br" });
  registrant = await freshBuyerUser("registrante@aguasclaras.sp.gov.br");
  bodyCnpj = cnpj();
  pregoeiro = await t.login("pregoeiro@demo.gov.br");
  planning = await t.login("planejamento@demo.gov.br");
  supplier = await t.login("fornecedor1@demo.com.br");
  citizen = await t.login("cidadao@demo.com.br");
  admin = await t.login("admin@certame.local");
});
afterAll(() => t.close());

describe("the buyer accreditation wizard (§2.11) end to end", () => {
  it("refuses a body with bad fields, naming each by its path (§5 'Buyer body form', 'Competent authority')", async () => {
    const before = await databaseFingerprint(t.db);
    const bad = body("11.111.111/1111-11", "sem-arroba", "123.456.789-00");
    bad.buyer.address.postalCode = "0131";
    bad.buyer.address.state = "XX";
    bad.buyer.phoneNumber = "3333-4444";
    const res = await t.post("/api/app/buyer/saveRegistration", bad, registrant.token);
    expect(res.statusCode).toBe(400);
    expect(properties(res)).toMatchObject({
      cnpj: "Deve ser um CNPJ válido",
      "address.postalCode": "CEP inválido",
      "address.state": "UF inválida",
      phoneNumber: "Telefone inválido: informe o DDD e o número",
      "competentAuthority.user.cpf": "CPF inválido",
      "competentAuthority.user.email": "E-mail inválido",
    });
    expect(await databaseFingerprint(t.db)).toBe(before);
  });

  it("saves the body IN_PROGRESS with the registrant as its account and invites the competent authority", async () => {
    const res = await t.post(
      "/api/app/buyer/saveRegistration",
      body(bodyCnpj, authorityEmail, cpf()),
      registrant.token,
    );
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    buyerId = saved.id;
    expect(saved).toMatchObject({
      corporateName: "Prefeitura Municipal de Águas Claras",
      cnpj: bodyCnpj,
      registrationStatus: "IN_PROGRESS",
      phoneNumber: "1133334444",
      address: { postalCode: "01310100", state: "SP", ibgeCode: "3550308" },
      // §5: the authority's name and CNPJ mirror the body's, whatever is sent.
      competentAuthority: {
        name: "Prefeitura Municipal de Águas Claras",
        cnpj: bodyCnpj,
        user: { name: "Helena Prado", email: authorityEmail },
      },
      documents: [],
      analysisDueAt: null,
      rejection: null,
      membershipSignature: null,
    });
    const [row] = await t.db.select().from(buyers).where(eq(buyers.id, buyerId));
    expect(row?.userId).toBe(registrant.id);
    const mails = await mailsTo(authorityEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain("Prefeitura Municipal de Águas Claras");
    expect(mails[0]?.mail.text).toMatch(/https:\/\/certame\.example\.gov\.br\/definir-senha\?token=/);
    // The session now names the body.
    const me = await t.post("/api/app/auth/me", {}, registrant.token);
    expect(me.json().user.buyer).toMatchObject({
      id: buyerId,
      isBuyerAccount: true,
      registrationStatus: "IN_PROGRESS",
    });
  });

  it("refuses a second body for the same user (409) and a duplicate CNPJ (400 naming cnpj), writing nothing", async () => {
    const other = await freshBuyerUser("outro@orgao.gov.br");
    const before = await databaseFingerprint(t.db);
    const again = await t.post(
      "/api/app/buyer/saveRegistration",
      body(cnpj(), "x@y.gov.br", cpf()),
      registrant.token,
    );
    expect(again.statusCode).toBe(409);
    const dup = await t.post(
      "/api/app/buyer/saveRegistration",
      body("12.345.678/0001-95", "z@y.gov.br", cpf()),
      other.token,
    );
    expect(dup.statusCode).toBe(400);
    expect(properties(dup)).toEqual({ cnpj: "CNPJ já cadastrado" });
    // The authority may not be a person of another body, nor a supplier.
    const taken = await t.post(
      "/api/app/buyer/saveRegistration",
      body(cnpj(), "pregoeiro@demo.gov.br", cpf()),
      other.token,
    );
    expect(properties(taken)).toHaveProperty("competentAuthority.user.email");
    expect(await databaseFingerprint(t.db)).toBe(before);
  });

  it("refuses suppliers, citizens and the restricted profiles (403)", async () => {
    const before = await databaseFingerprint(t.db);
    for (const token of [supplier, citizen]) {
      const res = await t.post("/api/app/buyer/saveRegistration", body(cnpj(), "a@b.gov.br", cpf()), token);
      expect(res.statusCode).toBe(403);
      expect((await t.post("/api/app/user/check", { email: "a@b.gov.br" }, token)).statusCode).toBe(403);
    }
    // §2.2/§6: PLANNING_TEAM alone does not edit the registration.
    const restricted = await t.post(
      "/api/app/buyer/updateRegistration",
      body("12.345.678/0001-95", "autoridade@demo.gov.br", cpf()),
      planning,
    );
    expect(restricted.statusCode).toBe(403);
    const staff = await t.post(
      "/api/app/buyer/createSupportingStaff",
      { buyerStaffData: [staffRow("novo@demo.gov.br", cpf())] },
      planning,
    );
    expect(staff.statusCode).toBe(403);
    expect(await databaseFingerprint(t.db)).toBe(before);
  });

  it("creates a secretariat and a staff user; the new person is e-mailed a one-time link to set a password", async () => {
    const office = await t.post(
      "/api/app/buyerSecretaryOffice/create",
      {
        buyerSecretaryOfficeData: [
          {
            name: "Secretaria de Administração",
            user: {
              name: "Sara Secretária",
              email: "sara@aguasclaras.sp.gov.br",
              cpf: cpf(),
              phoneNumber: "11 3333-2222",
            },
          },
        ],
      },
      registrant.token,
    );
    expect(office.statusCode).toBe(200);
    officeId = office.json().ids[0];

    const staff = await t.post(
      "/api/app/buyer/createSupportingStaff",
      { buyerStaffData: [staffRow(staffEmail, cpf(), { secretariesOffice: [officeId] })] },
      registrant.token,
    );
    expect(staff.statusCode).toBe(200);
    expect(staff.json().invited).toEqual([staffEmail]);
    staffId = staff.json().ids[0];

    const [mail] = await mailsTo(staffEmail);
    const token = /\/definir-senha\?token=([\w-]+)/.exec(mail?.mail.text ?? "")?.[1] as string;
    expect(token).toBeTruthy();
    const [link] = await t.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, hashToken(token)));
    expect(link).toMatchObject({ purpose: "SET_PASSWORD", usedAt: null });
    const [invited] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, link?.userId as string));
    expect(invited).toMatchObject({
      email: staffEmail,
      kind: "BUYER",
      emailConfirmedAt: null,
      cellphoneNumber: "11999991111",
    });

    const read = (await t.post("/api/app/buyer/read", {}, registrant.token)).json();
    expect(read.secretaries[0]).toMatchObject({
      id: officeId,
      name: "Secretaria de Administração",
      user: { name: "Sara Secretária", phoneNumber: "1133332222" },
    });
    expect(read.staffMembers[0]).toMatchObject({
      id: staffId,
      role: ["AUCTIONEER"], // §3: the default role
      department: "Licitações",
      appointmentOrderDate: "2026-02-15",
      secretariesOffice: [officeId],
      user: { email: staffEmail, phoneNumber: "1133331111", cellphoneNumber: "11999991111" },
    });
  });

  it("acts only on the body's own rows: another body's ids are 404 and nothing is written", async () => {
    const before = await databaseFingerprint(t.db);
    const foreignStaff = await t.post(
      "/api/app/buyer/updateSupportingStaff",
      { buyerStaffData: [{ ...staffRow("x@aguasclaras.sp.gov.br", cpf()), id: DEMO_IDS.staffAuctioneer }] },
      registrant.token,
    );
    expect(foreignStaff.statusCode).toBe(404);
    const mixed = await t.post(
      "/api/app/buyer/deleteSupportingStaff",
      { ids: [staffId, DEMO_IDS.staffSupport] },
      registrant.token,
    );
    expect(mixed.statusCode).toBe(404);
    const foreignOffice = await t.post(
      "/api/app/buyerSecretaryOffice/delete",
      { ids: [DEMO_IDS.officeAdmin] },
      registrant.token,
    );
    expect(foreignOffice.statusCode).toBe(404);
    const foreignLink = await t.post(
      "/api/app/buyer/createSupportingStaff",
      {
        buyerStaffData: [
          staffRow("y@aguasclaras.sp.gov.br", cpf(), { secretariesOffice: [DEMO_IDS.officeAdmin] }),
        ],
      },
      registrant.token,
    );
    expect(foreignLink.statusCode).toBe(404);
    // The demo body's auctioneer cannot touch this body's staff either.
    const fromOther = await t.post("/api/app/buyer/deleteSupportingStaff", { ids: [staffId] }, pregoeiro);
    expect(fromOther.statusCode).toBe(404);
    // A supplier's e-mail is not a body's user; a person already in the staff is not added twice.
    const supplierMail = await t.post(
      "/api/app/buyer/createSupportingStaff",
      { buyerStaffData: [staffRow("fornecedor1@demo.com.br", cpf())] },
      registrant.token,
    );
    expect(properties(supplierMail)).toHaveProperty("buyerStaffData.0.user.email");
    const twice = await t.post(
      "/api/app/buyer/createSupportingStaff",
      { buyerStaffData: [staffRow(staffEmail, (await staffCpf()) as string)] },
      registrant.token,
    );
    expect(properties(twice)).toEqual({
      "buyerStaffData.0.user.email": "Usuário já cadastrado na equipe do órgão.",
    });
    const noRole = await t.post(
      "/api/app/buyer/createSupportingStaff",
      { buyerStaffData: [staffRow("z@aguasclaras.sp.gov.br", cpf(), { role: [] })] },
      registrant.token,
    );
    expect(properties(noRole)).toEqual({ "buyerStaffData.0.role": "Selecione ao menos um perfil de acesso" });
    expect(await databaseFingerprint(t.db)).toBe(before);
  });

  it("answers app/user/check for the forms", async () => {
    const res = await t.post(
      "/api/app/user/check",
      { email: staffEmail.toUpperCase(), cpf: cpf() },
      registrant.token,
    );
    expect(res.json()).toEqual({ email: { inUse: true }, cpf: { inUse: false } });
    expect((await t.post("/api/app/user/check", {}, registrant.token)).statusCode).toBe(400);
  });

  it("downloads the adhesion term as a real PDF with the body's data", async () => {
    const res = await t.post("/api/app/buyer/downloadMembershipTerms", {}, registrant.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(decodeURIComponent(res.headers["x-suggested-filename"] as string)).toBe(
      "termo-de-adesao-orgao-promotor.pdf",
    );
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(pdf);
    expect(text).toContain("Prefeitura Municipal de Águas Claras");
    expect(text).toContain("Helena Prado");
    expect(pdfHasSignatureDictionary(pdf)).toBe(false);
  });

  it("requests the signature through the 'upload' provider, recording the term's SHA-256", async () => {
    const res = await t.post("/api/app/buyer/requestMembershipTermsSignature", {}, registrant.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ provider: "upload", status: "REQUESTED" });
    expect(res.json().instructions).toMatch(/ICP-Brasil/);
    const [row] = await t.db
      .select()
      .from(membershipSignatures)
      .where(eq(membershipSignatures.buyerId, buyerId));
    expect(row).toMatchObject({
      status: "REQUESTED",
      provider: "upload",
      termsSha256: res.json().termsSha256,
    });
    expect(row?.termsSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses to complete without the term, and refuses files that are not PDFs or too large", async () => {
    const before = await databaseFingerprint(t.db);
    const early = await t.post("/api/app/buyer/completeRegistration", {}, registrant.token);
    expect(early.statusCode).toBe(400);
    expect(properties(early)).toEqual({ documents: "Para prosseguir você deve anexar o Termo de Adesão" });
    const png = await attach(
      registrant.token,
      "termo.png",
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]),
      "image/png",
    );
    expect(png.statusCode).toBe(415);
    const renamed = await attach(registrant.token, "termo.pdf", Buffer.from("não sou um PDF"));
    expect(renamed.statusCode).toBe(415);
    const big = await attach(
      registrant.token,
      "termo.pdf",
      Buffer.concat([PLAIN_PDF, Buffer.alloc(30 * 1024 * 1024)]),
    );
    expect(big.statusCode).toBe(413);
    const notForm = await t.post("/api/app/buyer/attachMembershipTerms", {}, registrant.token);
    expect(notForm.statusCode).toBe(415);
    expect(await databaseFingerprint(t.db)).toBe(before);
  });

  it("attaches the signed term: SIGNED with its SHA-256, digital signature detected or not", async () => {
    const plain = await attach(registrant.token, "termo-assinado-cartorio.pdf", PLAIN_PDF);
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({
      kind: "MEMBERSHIP_TERMS",
      signature: { status: "SIGNED", hasDigitalSignature: false },
    });
    const signed = await attach(registrant.token, "termo-assinado-icp.pdf", SIGNED_PDF);
    expect(signed.statusCode).toBe(200);
    const sha = createHash("sha256").update(SIGNED_PDF).digest("hex");
    expect(signed.json()).toMatchObject({ sha256: sha, signature: { hasDigitalSignature: true } });
    const read = (await t.post("/api/app/buyer/read", {}, registrant.token)).json();
    expect(read.documents.map((d: { name: string }) => d.name)).toEqual([
      "termo-assinado-cartorio.pdf",
      "termo-assinado-icp.pdf",
    ]);
    expect(read.membershipSignature).toMatchObject({
      status: "SIGNED",
      signedSha256: sha,
      hasDigitalSignature: true,
    });
    const rows = await t.db
      .select()
      .from(membershipSignatures)
      .where(eq(membershipSignatures.buyerId, buyerId));
    // The requested row was signed by the first file; the second file got its own row.
    expect(rows.map((r) => r.status)).toEqual(["SIGNED", "SIGNED"]);
    // The file: the body's users and platform staff; another body gets 404.
    const url = read.documents[1].url as string;
    const own = await t.app.inject({
      method: "GET",
      url,
      headers: { authorization: `Bearer ${registrant.token}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(SIGNED_PDF)).toBe(true);
    expect(
      (await t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${admin}` } })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${pregoeiro}` } }))
        .statusCode,
    ).toBe(404);
    // Deleting a document while the registration is being filled.
    const gone = await t.post(
      "/api/app/buyer/deleteDocument",
      { id: read.documents[0].id },
      registrant.token,
    );
    expect(gone.statusCode).toBe(200);
    expect(
      (await t.post("/api/app/buyer/deleteDocument", { id: read.documents[0].id }, registrant.token))
        .statusCode,
    ).toBe(404);
  });

  it("completes: PENDING with the analysis due 24 business hours later (§9), once", async () => {
    const res = await t.post("/api/app/buyer/completeRegistration", {}, registrant.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      registrationStatus: "PENDING",
      analysisDueAt: registrationAnalysisDueAt(NOW).toISOString(),
    });
    // Tuesday 10:00 → Wednesday 10:00 in Brasília.
    expect(res.json().analysisDueAt).toBe("2026-03-11T13:00:00.000Z");
    const [review] = await t.db
      .select()
      .from(registrationReviews)
      .where(eq(registrationReviews.buyerId, buyerId));
    expect(review).toMatchObject({ subjectKind: "BUYER", submittedByUserId: registrant.id, decision: null });
    const read = (await t.post("/api/app/buyer/read", {}, registrant.token)).json();
    expect(read).toMatchObject({ registrationStatus: "PENDING", analysisDueAt: "2026-03-11T13:00:00.000Z" });

    const before = await databaseFingerprint(t.db);
    const twice = await t.post("/api/app/buyer/completeRegistration", {}, registrant.token);
    expect(twice.statusCode).toBe(409);
    // Under analysis the documents stay as they were sent.
    const del = await t.post("/api/app/buyer/deleteDocument", { id: read.documents[0].id }, registrant.token);
    expect(del.statusCode).toBe(409);
    expect((await attach(registrant.token, "outro.pdf", PLAIN_PDF)).statusCode).toBe(409);
    // A completed body keeps an auctioneer; its CNPJ is its identity.
    const lastAuctioneer = await t.post(
      "/api/app/buyer/deleteSupportingStaff",
      { ids: [staffId] },
      registrant.token,
    );
    expect(lastAuctioneer.statusCode).toBe(409);
    // What is under analysis is what the staff approves: no change of the body while PENDING.
    const duringAnalysis = await t.post(
      "/api/app/buyer/updateRegistration",
      body(bodyCnpj, authorityEmail, await authorityCpf()),
      registrant.token,
    );
    expect(duringAnalysis.statusCode).toBe(409);
    expect(await databaseFingerprint(t.db)).toBe(before);
  });

  it("a REJECTED body is corrected and completed again: a new analysis opens", async () => {
    await t.db
      .update(registrationReviews)
      .set({ decision: "REJECTED", reason: "Termo sem assinatura legível.", decidedAt: NOW })
      .where(and(eq(registrationReviews.buyerId, buyerId), sql`${registrationReviews.decision} IS NULL`));
    await t.db.update(buyers).set({ registrationStatus: "REJECTED" }).where(eq(buyers.id, buyerId));
    const read = (await t.post("/api/app/buyer/read", {}, registrant.token)).json();
    expect(read).toMatchObject({
      registrationStatus: "REJECTED",
      analysisDueAt: null,
      rejection: { reason: "Termo sem assinatura legível." },
    });
    // The CNPJ is the body's identity once it has been completed.
    const cnpjChange = await t.post(
      "/api/app/buyer/updateRegistration",
      body(cnpj(), authorityEmail, await authorityCpf()),
      registrant.token,
    );
    expect(properties(cnpjChange)).toEqual({
      cnpj: "O CNPJ não pode ser alterado depois que o cadastro do órgão foi finalizado.",
    });
    // The correction names a new competent authority: invited by e-mail, and the signed term, which
    // names the old one, is retired — a new one is attached before completing again.
    const data = body(bodyCnpj, "nova.autoridade@aguasclaras.sp.gov.br", cpf());
    data.buyer.address.number = "2000";
    const corrected = await t.post("/api/app/buyer/updateRegistration", data, registrant.token);
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json()).toMatchObject({
      registrationStatus: "REJECTED",
      address: { number: "2000" },
      competentAuthority: { user: { email: "nova.autoridade@aguasclaras.sp.gov.br" } },
    });
    expect(corrected.json().documents).toEqual([]);
    expect(await mailsTo("nova.autoridade@aguasclaras.sp.gov.br")).toHaveLength(1);
    // Saving the same authority again sends nothing more.
    await t.post("/api/app/buyer/updateRegistration", data, registrant.token);
    expect(await mailsTo("nova.autoridade@aguasclaras.sp.gov.br")).toHaveLength(1);
    const withoutTerm = await t.post("/api/app/buyer/completeRegistration", {}, registrant.token);
    expect(properties(withoutTerm)).toEqual({
      documents: "Para prosseguir você deve anexar o Termo de Adesão",
    });
    expect((await attach(registrant.token, "termo-novo.pdf", PLAIN_PDF)).statusCode).toBe(200);

    const again = await t.post("/api/app/buyer/completeRegistration", {}, registrant.token);
    expect(again.statusCode).toBe(200);
    const reviews = await t.db
      .select()
      .from(registrationReviews)
      .where(eq(registrationReviews.buyerId, buyerId));
    expect(reviews).toHaveLength(2);
    const staffRows = await t.db.select().from(buyerStaff).where(eq(buyerStaff.buyerId, buyerId));
    expect(staffRows).toHaveLength(1);
  });

  it("after approval the renewal edits the body and keeps it APPROVED", async () => {
    await t.db
      .update(registrationReviews)
      .set({ decision: "APPROVED", decidedAt: NOW })
      .where(and(eq(registrationReviews.buyerId, buyerId), sql`${registrationReviews.decision} IS NULL`));
    await t.db.update(buyers).set({ registrationStatus: "APPROVED" }).where(eq(buyers.id, buyerId));
    const newAuthority = "nova.autoridade@aguasclaras.sp.gov.br";
    const data = body(bodyCnpj, newAuthority, await authorityCpf(newAuthority));
    data.buyer.address.number = "2100";
    const res = await t.post("/api/app/buyer/updateRegistration", data, registrant.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ registrationStatus: "APPROVED", address: { number: "2100" } });
  });
});

async function staffCpf() {
  const [row] = await t.db.select({ cpf: users.cpf }).from(users).where(eq(users.email, staffEmail));
  return row?.cpf;
}

async function authorityCpf(email = authorityEmail) {
  const [row] = await t.db.select({ cpf: users.cpf }).from(users).where(eq(users.email, email));
  return row?.cpf as string;
}

describe("people of a body: nobody's account is taken, nobody grants more than they hold", () => {
  it("refuses to link an account someone already uses (confirmed e-mail) to a body by its e-mail and CPF", async () => {
    const outsider = await freshBuyerUser(`ja.tem.conta.${++seq}@exemplo.gov.br`);
    const [row] = await t.db.select().from(users).where(eq(users.id, outsider.id));
    const authority = await t.login("autoridade@demo.gov.br");
    const before = await databaseFingerprint(t.db);
    const res = await t.post(
      "/api/app/buyer/createSupportingStaff",
      { buyerStaffData: [{ ...staffRow(row?.email as string, row?.cpf as string), role: ["AUCTIONEER"] }] },
      authority,
    );
    expect(properties(res)).toEqual({
      "buyerStaffData.0.user.email":
        "Este e-mail já pertence a uma conta ativa do Certame e não pode ser vinculado ao órgão por outra pessoa.",
    });
    expect(await databaseFingerprint(t.db)).toBe(before);
  });

  it("a staff member without the profile cannot grant it, change its own profile, nor swap the competent authority", async () => {
    const support = await t.login("apoio@demo.gov.br");
    const before = await databaseFingerprint(t.db);
    const grant = await t.post(
      "/api/app/buyer/createSupportingStaff",
      { buyerStaffData: [{ ...staffRow(`novo.${++seq}@exemplo.gov.br`, cpf()), role: ["AUCTIONEER"] }] },
      support,
    );
    expect(grant.statusCode).toBe(403);
    const own = await t.post(
      "/api/app/buyer/updateSupportingStaff",
      {
        buyerStaffData: [
          {
            ...staffRow("apoio@demo.gov.br", (await authorityCpf("apoio@demo.gov.br")) ?? cpf()),
            id: DEMO_IDS.staffSupport,
            role: ["SUPPORT_STAFF"],
          },
        ],
      },
      support,
    );
    expect(own.statusCode).toBe(403);
    const swap = await t.post(
      "/api/app/buyer/updateRegistration",
      body("12345678000195", `outra.autoridade.${++seq}@exemplo.gov.br`, cpf()),
      support,
    );
    expect(swap.statusCode).toBe(403);
    expect(swap.json().message).toBe(
      "Só a conta do órgão ou a sua autoridade competente podem trocar a autoridade competente.",
    );
    expect(await databaseFingerprint(t.db)).toBe(before);
  });

  it("lets a planner register requesting areas and SECRETARY_MEMBER responsibles from the wizards, nothing wider (planning §2.11, §6)", async () => {
    const office = await t.post(
      "/api/app/buyerSecretaryOffice/create",
      {
        buyerSecretaryOfficeData: [
          {
            name: `Secretaria de Obras ${++seq}`,
            user: {
              name: "Olga Obras",
              email: `olga.${seq}@demo.gov.br`,
              cpf: cpf(),
              phoneNumber: "11 3333-2020",
            },
          },
        ],
      },
      planning,
    );
    expect(office.statusCode, office.body).toBe(200);
    const officeId = office.json().ids[0];
    const member = await t.post(
      "/api/app/buyer/createSupportingStaff",
      {
        buyerStaffData: [
          staffRow(`resp.${++seq}@demo.gov.br`, cpf(), {
            role: ["SECRETARY_MEMBER"],
            secretariesOffice: [officeId],
            internalPosition: "Engenheira",
          }),
        ],
      },
      planning,
    );
    expect(member.statusCode, member.body).toBe(200);
    const before = await databaseFingerprint(t.db);
    for (const role of [["AUCTIONEER"], ["SECRETARY_MEMBER", "PLANNING_TEAM"]]) {
      const wider = await t.post(
        "/api/app/buyer/createSupportingStaff",
        { buyerStaffData: [staffRow(`outro.${++seq}@demo.gov.br`, cpf(), { role })] },
        planning,
      );
      expect(wider.statusCode).toBe(403);
    }
    // Nor may a planner turn the responsible into an auctioneer.
    const promote = await t.post(
      "/api/app/buyer/updateSupportingStaff",
      {
        buyerStaffData: [
          {
            id: member.json().ids[0],
            ...staffRow(`x.${++seq}@demo.gov.br`, cpf(), { role: ["AUCTIONEER"] }),
          },
        ],
      },
      planning,
    );
    expect(promote.statusCode).toBe(403);
    // Nor hand the responsible's record to another person (a new e-mail and CPF).
    const memberRow = (
      await t.db.select().from(buyerStaff).where(eq(buyerStaff.id, member.json().ids[0]))
    )[0] as { userId: string };
    const [memberUser] = await t.db.select().from(users).where(eq(users.id, memberRow.userId));
    const takeover = await t.post(
      "/api/app/buyer/updateSupportingStaff",
      {
        buyerStaffData: [
          {
            id: member.json().ids[0],
            ...staffRow(`outra.pessoa.${++seq}@demo.gov.br`, cpf(), {
              role: ["SECRETARY_MEMBER"],
              secretariesOffice: [officeId],
            }),
          },
        ],
      },
      planning,
    );
    expect(takeover.statusCode).toBe(403);
    // Deleting people stays with the registration editors.
    expect(
      (await t.post("/api/app/buyerSecretaryOffice/delete", { ids: [officeId] }, planning)).statusCode,
    ).toBe(403);
    expect(await databaseFingerprint(t.db)).toBe(before);
    // The same person's phone, though, a planner may correct.
    const phone = await t.post(
      "/api/app/buyer/updateSupportingStaff",
      {
        buyerStaffData: [
          {
            id: member.json().ids[0],
            ...staffRow(memberUser?.email as string, memberUser?.cpf as string, {
              role: ["SECRETARY_MEMBER"],
              secretariesOffice: [officeId],
              internalPosition: "Engenheira civil",
            }),
          },
        ],
      },
      planning,
    );
    expect(phone.statusCode, phone.body).toBe(200);
    // An auctioneer (a registration editor without the SECRETARY_MEMBER profile) may register one too.
    const byAuctioneer = await t.post(
      "/api/app/buyer/createSupportingStaff",
      {
        buyerStaffData: [
          staffRow(`resp.pregoeiro.${++seq}@demo.gov.br`, cpf(), {
            role: ["SECRETARY_MEMBER"],
            secretariesOffice: [officeId],
          }),
        ],
      },
      await t.login("pregoeiro@demo.gov.br"),
    );
    expect(byAuctioneer.statusCode, byAuctioneer.body).toBe(200);
  });

  it("refuses, with a 409 and nothing deleted, to delete a secretariat or a person a process names", async () => {
    const authority = await t.login("autoridade@demo.gov.br");
    const planner = await t.login("planejamento@demo.gov.br");
    const own = (await t.post("/api/app/buyer/read", {}, planner)).json();
    const office = own.secretaries[0].id as string;
    const staffId = own.staffMembers.find(
      (s: { user: { email: string } }) => s.user.email === "planejamento@demo.gov.br",
    )?.id as string;
    const created = await t.post(
      "/api/app/process/create",
      { processNumber: `PA FK ${++seq}/2026` },
      planner,
    );
    const processId = created.json().id as string;
    const saved = await t.post(
      "/api/app/demandFormalization/save",
      { process: { id: processId, secretaries: [{ id: office }], responsible: [{ id: staffId }] } },
      planner,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const before = await databaseFingerprint(t.db);
    const res = await t.post("/api/app/buyerSecretaryOffice/delete", { ids: [office] }, authority);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(IN_USE_BY_PROCESSES_MESSAGE);
    const staff = await t.post("/api/app/buyer/deleteSupportingStaff", { ids: [staffId] }, authority);
    expect(staff.statusCode).toBe(409);
    expect(await databaseFingerprint(t.db)).toBe(before);
  });
});
