import { createHash, randomUUID } from "node:crypto";
import { registrationAnalysisDueAt, SUPPLIER_DECLARATIONS } from "@certame/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseFingerprint } from "../../../test/database-fingerprint";
import { pdfText } from "../../../test/pdf-text";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import {
  membershipSignatures,
  registrationReviews,
  supplierDeclarations,
  suppliers,
  users,
} from "../../db/schema";
import { DEMO_IDS, DEMO_PASSWORD } from "../../demo/demo-data";
import { hashPassword } from "../auth/password";
import {
  ALREADY_STARTED_MESSAGE,
  CNPJ_TAKEN_MESSAGE,
  CPF_NOT_OWN_MESSAGE,
  CPF_TAKEN_MESSAGE,
  DOCUMENT_TAKEN_MESSAGE,
} from "./supplier-registration.service";

// Supplier self-registration (notices-and-accounts §2.12, §4 "Supplier registration", §7
// "Suppliers"; issue 13 item 3), through HTTP on a real PostgreSQL database.

/** Wednesday 2 December 2026, 10:00 in Brasília: a business day before the 17:00 cutoff (§9). */
const START = new Date("2026-12-02T13:00:00Z");
const clock = new TestClock(START.getTime());
let t: TestApp;
let buyer: string;
let passwordHash: string;

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

let seq = 0;
/** A SUPPLIER login as sign-up leaves it (e-mail confirmed, no supplier row yet). */
async function newSupplierUser(cpf: string | null = null) {
  seq++;
  const email = `fornecedor.novo${seq}.${randomUUID().slice(0, 6)}@teste.com.br`;
  const [row] = await t.db
    .insert(users)
    .values({
      email,
      name: `Fornecedor Novo ${seq}`,
      kind: "SUPPLIER",
      cpf,
      passwordHash,
      emailConfirmedAt: START,
    })
    .returning({ id: users.id });
  return { id: row?.id as string, token: await t.login(email), email };
}

function attach(token: string, bytes: Buffer, filename = "termo-assinado.pdf", type = "application/pdf") {
  const boundary = "----certame-termo";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: "POST",
    url: "/api/app/supplier/attachMembershipTerms",
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
    },
    payload,
  });
}

const ADDRESS = {
  postalCode: "01310-100",
  street: "Avenida Paulista",
  number: "1000",
  district: "Bela Vista",
  city: "São Paulo",
  state: "SP",
  complement: "Sala 12",
  ibgeCode: "3550308",
};

const COMPANY_DATA = {
  corporateName: "Exemplo Comércio de Materiais Ltda",
  tradeName: "Exemplo Materiais",
  isSmallBusiness: true,
  email: "Contato@Exemplo.com.br",
  phoneNumber: "(11) 3333-4444",
  cellphoneNumber: "(11) 98888-7777",
  address: ADDRESS,
  tradeRepresentativeName: "Maria Souza",
  tradeRepresentativeCpf: "111.444.777-35",
};

const ALL_DECLARATIONS = { declarations: SUPPLIER_DECLARATIONS.map((d) => ({ id: d.id, accepted: true })) };

async function supplierRow(id: string) {
  const [row] = await t.db.select().from(suppliers).where(eq(suppliers.id, id));
  return row;
}

async function downloadTerms(token: string) {
  const res = await t.post("/api/app/supplier/downloadMembershipTerms", {}, token);
  expect(res.statusCode).toBe(200);
  return res;
}

/** start → update → declarations → term → attach: a registration ready to complete. */
async function readyCompany(cnpj: string, corporateName = COMPANY_DATA.corporateName) {
  const user = await newSupplierUser();
  const started = await t.post(
    "/api/app/supplier/startRegistration",
    { credentialKind: "LEGAL_PERSON", documentNumber: cnpj, corporateName },
    user.token,
  );
  expect(started.statusCode, started.body).toBe(200);
  expect(
    (await t.post("/api/app/supplier/updateRegistration", { ...COMPANY_DATA, corporateName }, user.token))
      .statusCode,
  ).toBe(200);
  expect(
    (await t.post("/api/app/supplier/saveRegistrationInformation", ALL_DECLARATIONS, user.token)).statusCode,
  ).toBe(200);
  const term = await downloadTerms(user.token);
  expect((await attach(user.token, term.rawPayload)).statusCode).toBe(200);
  return { ...user, supplierId: started.json().id as string };
}

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  buyer = await t.login("pregoeiro@demo.gov.br");
  passwordHash = await hashPassword(DEMO_PASSWORD);
});
afterAll(() => t.close());

describe("a company registers itself (§2.12)", () => {
  it("starts, fills the data, accepts the seven declarations, signs and attaches the term, completes", async () => {
    clock.set(START);
    const user = await newSupplierUser();
    const started = await t.post(
      "/api/app/supplier/startRegistration",
      { credentialKind: "LEGAL_PERSON", documentNumber: "11.222.333/0001-81", corporateName: "Exemplo Ltda" },
      user.token,
    );
    expect(started.statusCode, started.body).toBe(200);
    const supplierId = started.json().id as string;
    expect(started.json()).toMatchObject({
      documentNumber: "11222333000181",
      credentialKind: "LEGAL_PERSON",
      corporateName: "Exemplo Ltda",
      registrationStatus: "IN_PROGRESS",
      analysisDueAt: null,
    });
    // The session now carries the supplier and its status.
    const me = await t.app.inject({
      method: "GET",
      url: "/api/app/auth/me",
      headers: { authorization: `Bearer ${user.token}` },
    });
    if (me.statusCode === 200)
      expect(me.json().supplier?.registrationStatus ?? me.json().user?.supplier?.registrationStatus).toBe(
        "IN_PROGRESS",
      );

    const updated = await t.post("/api/app/supplier/updateRegistration", COMPANY_DATA, user.token);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      corporateName: COMPANY_DATA.corporateName,
      tradeName: "Exemplo Materiais",
      isSmallBusiness: true,
      email: "contato@exemplo.com.br",
      phoneNumber: "1133334444",
      cellphoneNumber: "11988887777",
      tradeRepresentativeName: "Maria Souza",
      tradeRepresentativeCpf: "11144477735",
      address: { ...ADDRESS, postalCode: "01310100" },
    });
    expect(updated.json().pendingRequirements.map((p: { property: string }) => p.property)).toEqual([
      "declarations",
      "membershipTerms",
    ]);

    // The declarations, one row each with the clock's time, the user and the SHA-256 of the text.
    const declared = await t.post(
      "/api/app/supplier/saveRegistrationInformation",
      ALL_DECLARATIONS,
      user.token,
    );
    expect(declared.statusCode, declared.body).toBe(200);
    expect(declared.json().declarations).toHaveLength(7);
    for (const d of declared.json().declarations)
      expect(d).toMatchObject({ accepted: true, acceptedAt: START.toISOString() });
    const rows = await t.db
      .select()
      .from(supplierDeclarations)
      .where(eq(supplierDeclarations.supplierId, supplierId));
    expect(rows.map((r) => r.declarationId).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const r of rows) {
      expect(r.acceptedAt.toISOString()).toBe(START.toISOString());
      expect(r.acceptedByUserId).toBe(user.id);
      expect(r.textSha256).toBe(
        sha256(SUPPLIER_DECLARATIONS.find((d) => d.id === r.declarationId)?.text ?? ""),
      );
    }
    // Accepting again later keeps the first acceptance of the same text.
    clock.set(START.getTime() + 60_000);
    await t.post(
      "/api/app/supplier/saveRegistrationInformation",
      { declarations: [{ id: 3, accepted: true }] },
      user.token,
    );
    const [third] = await t.db
      .select()
      .from(supplierDeclarations)
      .where(
        sql`${supplierDeclarations.supplierId} = ${supplierId} and ${supplierDeclarations.declarationId} = 3`,
      );
    expect(third?.acceptedAt.toISOString()).toBe(START.toISOString());
    // A declaration whose text changed since it was accepted counts as not accepted, until accepted again.
    await t.db
      .update(supplierDeclarations)
      .set({ textSha256: sha256("texto anterior") })
      .where(
        sql`${supplierDeclarations.supplierId} = ${supplierId} and ${supplierDeclarations.declarationId} = 3`,
      );
    const stale = await t.post("/api/app/supplier/read", {}, user.token);
    expect(stale.json().declarations[2]).toMatchObject({ id: 3, accepted: false, acceptedAt: null });
    await t.post(
      "/api/app/supplier/saveRegistrationInformation",
      { declarations: [{ id: 3, accepted: true }] },
      user.token,
    );
    const [renewed] = await t.db
      .select()
      .from(supplierDeclarations)
      .where(
        sql`${supplierDeclarations.supplierId} = ${supplierId} and ${supplierDeclarations.declarationId} = 3`,
      );
    expect(renewed?.acceptedAt.toISOString()).toBe(new Date(START.getTime() + 60_000).toISOString());
    expect(renewed?.textSha256).toBe(sha256(SUPPLIER_DECLARATIONS[2]?.text ?? ""));

    // The term: a real PDF with the company's data, named by x-suggested-filename.
    const term = await downloadTerms(user.token);
    expect(term.headers["content-type"]).toBe("application/pdf");
    expect(term.headers["x-suggested-filename"]).toBe("termo-de-adesao-fornecedor-pj.pdf");
    expect(term.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = pdfText(term.rawPayload);
    expect(text).toContain("Exemplo Com");
    expect(text).toContain("11.222.333/0001-81");
    expect(text).toContain("Maria Souza");

    // The signature request records the term issued (its SHA-256), then the signed file is attached.
    const requested = await t.post("/api/app/supplier/requestMembershipTermsSignature", {}, user.token);
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json()).toMatchObject({ provider: "upload", status: "REQUESTED" });
    expect(requested.json().termsSha256).toMatch(/^[0-9a-f]{64}$/);
    const attached = await attach(user.token, term.rawPayload);
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().documents).toHaveLength(1);
    expect(attached.json().documents[0]).toMatchObject({
      kind: "MEMBERSHIP_TERMS",
      sha256: sha256(term.rawPayload),
    });
    expect(attached.json().membershipSignature).toMatchObject({
      provider: "upload",
      status: "SIGNED",
      hasDigitalSignature: false,
    });
    const [signature] = await t.db
      .select()
      .from(membershipSignatures)
      .where(eq(membershipSignatures.supplierId, supplierId));
    expect(signature).toMatchObject({
      status: "SIGNED",
      termsSha256: requested.json().termsSha256,
      signedSha256: sha256(term.rawPayload),
      hasDigitalSignature: false,
    });
    // The supplier reads its signed file back; the term stays out of the qualification library.
    const file = await t.app.inject({
      method: "GET",
      url: attached.json().documents[0].url,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(sha256(file.rawPayload)).toBe(sha256(term.rawPayload));
    const library = await t.post("/api/app/supplier/qualificationDocumentsList", {}, user.token);
    expect(library.statusCode).toBe(200);
    expect(library.json().documents).toEqual([]);
    expect(attached.json().pendingRequirements).toEqual([]);
    // Nor can it be deleted through the library: the term changes only by attaching a new one.
    const deleted = await t.post(
      "/api/app/supplier/deleteQualificationDocument",
      { id: attached.json().documents[0].id },
      user.token,
    );
    expect(deleted.statusCode).toBe(409);

    // Complete: PENDING, the analysis opened with its 24-business-hour due time (§9).
    clock.set(START);
    const done = await t.post("/api/app/supplier/completeRegistration", {}, user.token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({
      registrationStatus: "PENDING",
      analysisDueAt: registrationAnalysisDueAt(START).toISOString(),
    });
    expect(done.json().analysisDueAt).toBe("2026-12-03T13:00:00.000Z");
    const [review] = await t.db
      .select()
      .from(registrationReviews)
      .where(eq(registrationReviews.supplierId, supplierId));
    expect(review).toMatchObject({ subjectKind: "SUPPLIER", submittedByUserId: user.id, decision: null });
    const read = await t.post("/api/app/supplier/read", { supplierId }, user.token);
    expect(read.json()).toMatchObject({
      registrationStatus: "PENDING",
      analysisDueAt: "2026-12-03T13:00:00.000Z",
    });

    // Completed twice, or changed while under analysis: refused, nothing written.
    const before = await databaseFingerprint(t.db);
    expect((await t.post("/api/app/supplier/completeRegistration", {}, user.token)).statusCode).toBe(409);
    expect((await t.post("/api/app/supplier/updateRegistration", COMPANY_DATA, user.token)).statusCode).toBe(
      409,
    );
    expect(
      (await t.post("/api/app/supplier/saveRegistrationInformation", ALL_DECLARATIONS, user.token))
        .statusCode,
    ).toBe(409);
    expect(
      (await t.post("/api/app/supplier/requestMembershipTermsSignature", {}, user.token)).statusCode,
    ).toBe(409);
    expect((await attach(user.token, term.rawPayload)).statusCode).toBe(409);
    expect(await databaseFingerprint(t.db)).toBe(before);
  });

  it("after a rejection shows the reason, takes corrections and completes again with a new due time", async () => {
    clock.set(START);
    const user = await readyCompany("45.723.174/0001-10");
    expect((await t.post("/api/app/supplier/completeRegistration", {}, user.token)).statusCode).toBe(200);
    // The staff's rejection (modules/registration-analysis does this through its own route).
    await t.db
      .update(registrationReviews)
      .set({ decision: "REJECTED", reason: "Contrato social ilegível.", decidedAt: START })
      .where(eq(registrationReviews.supplierId, user.supplierId));
    await t.db
      .update(suppliers)
      .set({ registrationStatus: "REJECTED" })
      .where(eq(suppliers.id, user.supplierId));
    const read = await t.post("/api/app/supplier/read", {}, user.token);
    expect(read.json()).toMatchObject({
      registrationStatus: "REJECTED",
      rejectionReason: "Contrato social ilegível.",
      analysisDueAt: null,
    });
    const fixed = await t.post(
      "/api/app/supplier/updateRegistration",
      { ...COMPANY_DATA, tradeName: "Exemplo" },
      user.token,
    );
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().registrationStatus).toBe("REJECTED");
    // Friday 18:00 in Brasília: the term counts from Monday (§9 "Registration analysis").
    const friday = new Date("2026-12-04T21:00:00Z");
    clock.set(friday);
    const again = await t.post("/api/app/supplier/completeRegistration", {}, await t.login(user.email));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({
      registrationStatus: "PENDING",
      analysisDueAt: "2026-12-08T03:00:00.000Z",
    });
    const reviews = await t.db
      .select()
      .from(registrationReviews)
      .where(eq(registrationReviews.supplierId, user.supplierId));
    expect(reviews).toHaveLength(2);
  });

  it("renews an approved registration: contact and address at once, name or size back to analysis", async () => {
    clock.set(START);
    const user = await readyCompany("60.746.948/0001-12", "Renovação Comércio Ltda");
    expect((await t.post("/api/app/supplier/completeRegistration", {}, user.token)).statusCode).toBe(200);
    await t.db
      .update(registrationReviews)
      .set({ decision: "APPROVED", decidedAt: START })
      .where(eq(registrationReviews.supplierId, user.supplierId));
    await t.db
      .update(suppliers)
      .set({ registrationStatus: "APPROVED" })
      .where(eq(suppliers.id, user.supplierId));
    const data = { ...COMPANY_DATA, corporateName: "Renovação Comércio Ltda" };

    const contact = await t.post(
      "/api/app/supplier/updateRegistration",
      { ...data, phoneNumber: "(11) 2222-1111", address: { ...ADDRESS, number: "2000" } },
      user.token,
    );
    expect(contact.statusCode, contact.body).toBe(200);
    expect(contact.json()).toMatchObject({ registrationStatus: "APPROVED", phoneNumber: "1122221111" });
    expect(contact.json().documents).toHaveLength(1);
    // An approved supplier has no term to sign nor registration to complete.
    expect(
      (await t.post("/api/app/supplier/requestMembershipTermsSignature", {}, user.token)).statusCode,
    ).toBe(409);
    expect((await t.post("/api/app/supplier/completeRegistration", {}, user.token)).statusCode).toBe(409);

    // ME/EPP changes the favoured treatment (LC 123/2006): back to analysis, the term still valid.
    const size = await t.post(
      "/api/app/supplier/updateRegistration",
      { ...data, isSmallBusiness: false },
      user.token,
    );
    expect(size.json()).toMatchObject({ registrationStatus: "IN_PROGRESS", isSmallBusiness: false });
    expect(size.json().documents).toHaveLength(1);
    // A new name: the signed term names the old one, so it is retired.
    const renamed = await t.post(
      "/api/app/supplier/updateRegistration",
      { ...data, isSmallBusiness: false, corporateName: "Renovação Comércio e Serviços Ltda" },
      user.token,
    );
    expect(renamed.json().documents).toEqual([]);
    expect(renamed.json().pendingRequirements.map((p: { property: string }) => p.property)).toEqual([
      "membershipTerms",
    ]);
  });

  it("refuses what is missing at completion, naming each part, and writes nothing", async () => {
    const user = await newSupplierUser();
    await t.post(
      "/api/app/supplier/startRegistration",
      { credentialKind: "LEGAL_PERSON", documentNumber: "04.252.011/0001-10" },
      user.token,
    );
    const before = await databaseFingerprint(t.db);
    const res = await t.post("/api/app/supplier/completeRegistration", {}, user.token);
    expect(res.statusCode).toBe(400);
    const properties = res.json().properties.map((p: { property: string }) => p.property);
    expect(properties).toEqual(
      expect.arrayContaining([
        "corporateName",
        "tradeRepresentativeName",
        "email",
        "phoneNumber",
        "address.postalCode",
        "address.state",
        "declarations",
        "membershipTerms",
      ]),
    );
    // The term needs the data it names before it is signed.
    const early = await t.post("/api/app/supplier/requestMembershipTermsSignature", {}, user.token);
    expect(early.statusCode).toBe(400);
    expect(early.json().properties.map((p: { property: string }) => p.property)).toContain("corporateName");
    expect(await databaseFingerprint(t.db)).toBe(before);
    // Data and declarations but no term.
    await t.post(
      "/api/app/supplier/updateRegistration",
      { ...COMPANY_DATA, corporateName: "Sem Termo Ltda" },
      user.token,
    );
    await t.post("/api/app/supplier/saveRegistrationInformation", ALL_DECLARATIONS, user.token);
    const noTerm = await t.post("/api/app/supplier/completeRegistration", {}, user.token);
    expect(noTerm.json().properties).toEqual([
      {
        property: "membershipTerms",
        errorMessages: ["Anexe o termo de adesão assinado antes de finalizar o cadastro."],
      },
    ]);
    // A file that is not a PDF.
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64),
    ]);
    const wrong = await attach(user.token, png, "termo.pdf");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().properties[0].property).toBe("file");
    const noFile = await t.app.inject({
      method: "POST",
      url: "/api/app/supplier/attachMembershipTerms",
      headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
      payload: {},
    });
    expect(noFile.statusCode).toBe(415);
    const [row] = await t.db.select().from(suppliers).where(eq(suppliers.documentNumber, "04252011000110"));
    expect(row?.registrationStatus).toBe("IN_PROGRESS");
    expect(
      (
        await t.db
          .select()
          .from(registrationReviews)
          .where(eq(registrationReviews.supplierId, row?.id as string))
      ).length,
    ).toBe(0);
  });

  it("refuses bad documents, unknown declarations, a second start and a change of document", async () => {
    const user = await newSupplierUser();
    const bad = await t.post(
      "/api/app/supplier/startRegistration",
      { credentialKind: "LEGAL_PERSON", documentNumber: "11222333000180" },
      user.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().properties).toEqual([
      { property: "documentNumber", errorMessages: ["Deve ser um CNPJ válido"] },
    ]);
    const badCpf = await t.post(
      "/api/app/supplier/startRegistration",
      { credentialKind: "INDIVIDUAL", documentNumber: "529.982.247-24" },
      user.token,
    );
    expect(badCpf.json().properties).toEqual([
      { property: "documentNumber", errorMessages: ["CPF inválido"] },
    ]);
    expect((await t.post("/api/app/supplier/updateRegistration", COMPANY_DATA, user.token)).statusCode).toBe(
      404,
    );
    const ok = await t.post(
      "/api/app/supplier/startRegistration",
      { credentialKind: "LEGAL_PERSON", documentNumber: "33.000.167/0001-01" },
      user.token,
    );
    expect(ok.statusCode).toBe(200);
    const twice = await t.post(
      "/api/app/supplier/startRegistration",
      { credentialKind: "LEGAL_PERSON", documentNumber: "19.131.243/0001-97" },
      user.token,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ALREADY_STARTED_MESSAGE);
    const unknown = await t.post(
      "/api/app/supplier/saveRegistrationInformation",
      {
        declarations: [
          { id: 8, accepted: true },
          { id: 1, accepted: false },
        ],
      },
      user.token,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().properties.map((p: { property: string }) => p.property)).toEqual([
      "declarations.0.id",
      "declarations.1.accepted",
    ]);
    const moved = await t.post(
      "/api/app/supplier/updateRegistration",
      { ...COMPANY_DATA, documentNumber: "19.131.243/0001-97" },
      user.token,
    );
    expect(moved.statusCode).toBe(400);
    expect(moved.json().properties[0].property).toBe("documentNumber");
    const fields = await t.post(
      "/api/app/supplier/updateRegistration",
      {
        ...COMPANY_DATA,
        email: "x@",
        tradeRepresentativeCpf: "111.444.777-00",
        address: { ...ADDRESS, state: "XX", postalCode: "123" },
      },
      user.token,
    );
    expect(fields.statusCode).toBe(400);
    expect(
      fields
        .json()
        .properties.map((p: { property: string }) => p.property)
        .sort(),
    ).toEqual(["address.postalCode", "address.state", "email", "tradeRepresentativeCpf"]);
    // A document another account holds.
    const other = await newSupplierUser();
    const taken = await t.post(
      "/api/app/supplier/startRegistration",
      { credentialKind: "LEGAL_PERSON", documentNumber: "33000167000101" },
      other.token,
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json().properties).toEqual([
      { property: "documentNumber", errorMessages: [CNPJ_TAKEN_MESSAGE] },
    ]);
  });
});

describe("an individual registers itself (§3: CPF, name; no ME/EPP)", () => {
  it("uses the account's own CPF, signs the individual's term and completes", async () => {
    clock.set(START);
    const user = await newSupplierUser("52998224725");
    const notOwn = await t.post(
      "/api/app/supplier/startRegistration",
      { credentialKind: "INDIVIDUAL", documentNumber: "111.444.777-35", name: "João" },
      user.token,
    );
    expect(notOwn.statusCode).toBe(400);
    expect(notOwn.json().properties).toEqual([
      { property: "documentNumber", errorMessages: [CPF_NOT_OWN_MESSAGE] },
    ]);
    const started = await t.post(
      "/api/app/supplier/startRegistration",
      { credentialKind: "INDIVIDUAL", documentNumber: "529.982.247-25", name: "João da Silva" },
      user.token,
    );
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      credentialKind: "INDIVIDUAL",
      name: "João da Silva",
      corporateName: null,
      isSmallBusiness: false,
    });
    const updated = await t.post(
      "/api/app/supplier/updateRegistration",
      { name: "João da Silva", email: "joao@teste.com.br", phoneNumber: "(21) 99999-0000", address: ADDRESS },
      user.token,
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().pendingRequirements.map((p: { property: string }) => p.property)).toEqual([
      "declarations",
      "membershipTerms",
    ]);
    await t.post("/api/app/supplier/saveRegistrationInformation", ALL_DECLARATIONS, user.token);
    const term = await downloadTerms(user.token);
    expect(term.headers["x-suggested-filename"]).toBe("termo-de-adesao-fornecedor-pf.pdf");
    const text = pdfText(term.rawPayload);
    expect(text).toContain("Jo");
    expect(text).toContain("529.982.247-25");
    // Signed with a certificate: the file carries a signature dictionary.
    const signed = Buffer.concat([
      term.rawPayload,
      Buffer.from(
        "\n9 0 obj\n<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /ByteRange [0 10 20 30] >>\nendobj\n",
      ),
    ]);
    const attached = await attach(user.token, signed);
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().membershipSignature).toMatchObject({
      status: "SIGNED",
      hasDigitalSignature: true,
    });
    const done = await t.post("/api/app/supplier/completeRegistration", {}, user.token);
    expect(done.json().registrationStatus).toBe("PENDING");
    // Another account cannot take the same CPF.
    const other = await newSupplierUser();
    const taken = await t.post(
      "/api/app/supplier/startRegistration",
      { credentialKind: "INDIVIDUAL", documentNumber: "52998224725", name: "Outro" },
      other.token,
    );
    expect(taken.json().properties).toEqual([
      { property: "documentNumber", errorMessages: [CPF_TAKEN_MESSAGE] },
    ]);
  });
});

describe("a bidder a buyer registered is claimed by the company that signs up (issue 13)", () => {
  it("keeps one supplier row: the same id gets the login", async () => {
    const created = await t.post(
      "/api/app/supplier/create",
      {
        credentialKind: "LEGAL_PERSON",
        documentNumber: "07.526.557/0001-00",
        corporateName: "Licitante Antigo Ltda",
        isSmallBusiness: true,
      },
      buyer,
    );
    expect(created.statusCode, created.body).toBe(200);
    const bidder = await supplierRow(created.json().id);
    expect(bidder).toMatchObject({ userId: null, registrationStatus: "NONE" });
    const user = await newSupplierUser();
    const started = await t.post(
      "/api/app/supplier/startRegistration",
      {
        credentialKind: "LEGAL_PERSON",
        documentNumber: "07526557000100",
        corporateName: "Licitante Antigo Comércio Ltda",
      },
      user.token,
    );
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      id: created.json().id,
      code: created.json().code,
      corporateName: "Licitante Antigo Comércio Ltda",
      isSmallBusiness: true,
      registrationStatus: "IN_PROGRESS",
    });
    const rows = await t.db.select().from(suppliers).where(eq(suppliers.documentNumber, "07526557000100"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: user.id, registeredByUserId: bidder?.registeredByUserId });
    // Claimed once: a second company with that CNPJ is refused.
    const late = await newSupplierUser();
    const refused = await t.post(
      "/api/app/supplier/startRegistration",
      { credentialKind: "LEGAL_PERSON", documentNumber: "07526557000100" },
      late.token,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().properties).toEqual([
      { property: "documentNumber", errorMessages: [CNPJ_TAKEN_MESSAGE] },
    ]);
  });

  it("of two parallel claims exactly one wins; the other is told the document is taken", async () => {
    const created = await t.post(
      "/api/app/supplier/create",
      {
        credentialKind: "LEGAL_PERSON",
        documentNumber: "27.865.757/0001-02",
        corporateName: "Disputado Ltda",
        isSmallBusiness: false,
      },
      buyer,
    );
    expect(created.statusCode).toBe(200);
    const a = await newSupplierUser();
    const b = await newSupplierUser();
    const body = { credentialKind: "LEGAL_PERSON", documentNumber: "27865757000102" };
    const answers = await Promise.all([
      t.post("/api/app/supplier/startRegistration", body, a.token),
      t.post("/api/app/supplier/startRegistration", body, b.token),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const loser = answers.find((r) => r.statusCode === 400);
    expect([DOCUMENT_TAKEN_MESSAGE, CNPJ_TAKEN_MESSAGE]).toContain(
      loser?.json().properties[0].errorMessages[0],
    );
    expect(loser?.json().properties[0].property).toBe("documentNumber");
    const rows = await t.db.select().from(suppliers).where(eq(suppliers.documentNumber, "27865757000102"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(created.json().id);
    expect([a.id, b.id]).toContain(rows[0]?.userId);
  });
});

describe("who may read and change a registration", () => {
  it("answers another supplier's id as unknown, lets platform staff read any, refuses buyers and citizens", async () => {
    const mine = await newSupplierUser();
    const started = await t.post(
      "/api/app/supplier/startRegistration",
      { credentialKind: "LEGAL_PERSON", documentNumber: "42.591.651/0001-43" },
      mine.token,
    );
    const id = started.json().id as string;
    const other = await t.post("/api/app/supplier/read", { supplierId: DEMO_IDS.supplier1 }, mine.token);
    expect(other.statusCode).toBe(404);
    expect(JSON.stringify(other.json())).not.toContain("Ribeiro");
    const demo = await t.login("fornecedor1@demo.com.br");
    expect((await t.post("/api/app/supplier/read", { supplierId: id }, demo)).statusCode).toBe(404);
    const own = await t.post("/api/app/supplier/read", {}, demo);
    expect(own.json()).toMatchObject({ id: DEMO_IDS.supplier1, registrationStatus: "APPROVED" });
    const admin = await t.login("admin@certame.local");
    const staff = await t.post("/api/app/supplier/read", { supplierId: id }, admin);
    expect(staff.statusCode).toBe(200);
    expect(staff.json().documentNumber).toBe("42591651000143");
    expect((await t.post("/api/app/supplier/read", {}, admin)).statusCode).toBe(400);

    const citizen = await t.login("cidadao@demo.com.br");
    const before = await databaseFingerprint(t.db);
    for (const token of [buyer, citizen]) {
      for (const path of [
        "read",
        "startRegistration",
        "updateRegistration",
        "saveRegistrationInformation",
        "completeRegistration",
        "downloadMembershipTerms",
        "requestMembershipTermsSignature",
      ]) {
        const res = await t.post(
          `/api/app/supplier/${path}`,
          { credentialKind: "LEGAL_PERSON", documentNumber: "11222333000181", supplierId: id },
          token,
        );
        expect(res.statusCode, `${path}`).toBe(403);
      }
      expect((await attach(token, Buffer.from("%PDF-1.4\n%%EOF"))).statusCode).toBe(403);
    }
    expect((await t.post("/api/app/supplier/read", {})).statusCode).toBe(401);
    expect(await databaseFingerprint(t.db)).toBe(before);
  });
});
