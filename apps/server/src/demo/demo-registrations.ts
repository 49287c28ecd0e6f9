import { createHash } from "node:crypto";
import { registrationAnalysisDueAt, SUPPLIER_DECLARATIONS } from "@certame/domain";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import {
  buyerDocuments,
  buyerSecretaryOffices,
  buyerStaff,
  buyers,
  membershipSignatures,
  registrationReviews,
  storedFiles,
  supplierDeclarations,
  suppliers,
} from "../db/schema";
import type { FileStorage } from "../files/file-storage";
import { renderMembershipTerms } from "../modules/registration/membership-terms";

// Issue 13 item 8: registrations in the demo so the staff console (/analise-de-cadastros) and the
// registration screens have something to show on `npm start` — a public body waiting for the
// staff's analysis, with its signed adhesion term, and a supplier still filling its registration.

const U = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** The demo users of these registrations (their accounts are in DEMO_ACCOUNTS). */
export const DEMO_REGISTRATION_USERS = {
  chamberAccount: U(12),
  chamberAuthority: U(13),
  chamberAuctioneer: U(14),
  supplier4: U(15),
} as const;

/** Stable ids (loading twice changes nothing). */
export const DEMO_REGISTRATION_IDS = {
  pendingBuyer: U(1003),
  pendingBuyerOffice: U(1104),
  pendingBuyerAuthorityStaff: U(1206),
  pendingBuyerAuctioneerStaff: U(1207),
  pendingBuyerTermsFile: U(5901),
  pendingBuyerTermsDocument: U(5902),
  pendingBuyerSignature: U(5903),
  pendingBuyerReview: U(5904),
  partialSupplier: U(1304),
} as const;

const CHAMBER = {
  name: "Câmara Municipal de Exemplo",
  cnpj: "47821365000140",
  address: "Rua das Flores, 250, Centro, Exemplo/SP, CEP 01310-100",
  authority: { name: "Luísa Fernandes", cpf: "41873620535", role: "Presidente da Câmara" },
};

/** Fixed issue time: the same rows always draw the same bytes (and the same sha256). */
const TERMS_ISSUED_AT = new Date("2026-01-05T13:00:00Z");
const TERMS_KEY = `demo/${DEMO_REGISTRATION_IDS.pendingBuyerTermsDocument}.pdf`;

/** The body's adhesion term as the wizard generates it (the demo's "signed" copy). */
export function renderDemoChamberTerms(): Promise<Buffer> {
  return renderMembershipTerms(
    "BUYER",
    {
      name: CHAMBER.name,
      document: CHAMBER.cnpj,
      address: CHAMBER.address,
      email: "camara@demo.gov.br",
      phoneNumber: "(11) 3333-5555",
      representative: CHAMBER.authority,
    },
    TERMS_ISSUED_AT,
  );
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A body completed 3 hours before `now`, waiting for the analysis; a supplier mid-registration. */
export async function insertDemoRegistrations(tx: Tx, now: number) {
  const ids = DEMO_REGISTRATION_IDS;
  const people = DEMO_REGISTRATION_USERS;
  const completedAt = new Date(now - 3 * 3_600_000);
  await tx
    .insert(buyers)
    .values({
      id: ids.pendingBuyer,
      corporateName: CHAMBER.name,
      registrationStatus: "PENDING",
      cnpj: CHAMBER.cnpj,
      website: "https://www.camaraexemplo.sp.gov.br",
      phoneNumber: "1133335555",
      postalCode: "01310100",
      street: "Rua das Flores",
      number: "250",
      district: "Centro",
      city: "Exemplo",
      state: "SP",
      ibgeCode: "3550308",
      userId: people.chamberAccount,
      competentAuthorityUserId: people.chamberAuthority,
      competentAuthorityName: CHAMBER.authority.name,
    })
    .onConflictDoNothing();
  await tx
    .insert(buyerSecretaryOffices)
    .values({ id: ids.pendingBuyerOffice, buyerId: ids.pendingBuyer, name: "Diretoria Administrativa" })
    .onConflictDoNothing();
  await tx
    .insert(buyerStaff)
    .values([
      {
        id: ids.pendingBuyerAuthorityStaff,
        buyerId: ids.pendingBuyer,
        userId: people.chamberAuthority,
        roles: [],
        internalPosition: CHAMBER.authority.role,
      },
      {
        id: ids.pendingBuyerAuctioneerStaff,
        buyerId: ids.pendingBuyer,
        userId: people.chamberAuctioneer,
        roles: ["AUCTIONEER"],
        department: "Setor de Licitações",
        internalPosition: "Agente de contratação",
      },
    ])
    .onConflictDoNothing();
  const terms = await renderDemoChamberTerms();
  await tx
    .insert(storedFiles)
    .values({
      id: ids.pendingBuyerTermsFile,
      storageKey: TERMS_KEY,
      originalName: "termo-de-adesao-camara-municipal-de-exemplo.pdf",
      mimeType: "application/pdf",
      sizeBytes: terms.length,
      sha256: sha256(terms),
      uploadedByUserId: people.chamberAccount,
    })
    .onConflictDoNothing();
  await tx
    .insert(buyerDocuments)
    .values({
      id: ids.pendingBuyerTermsDocument,
      buyerId: ids.pendingBuyer,
      fileId: ids.pendingBuyerTermsFile,
      kind: "MEMBERSHIP_TERMS",
      name: "Termo de adesão assinado",
    })
    .onConflictDoNothing();
  await tx
    .insert(membershipSignatures)
    .values({
      id: ids.pendingBuyerSignature,
      subjectKind: "BUYER",
      buyerId: ids.pendingBuyer,
      provider: "upload",
      status: "SIGNED",
      requestedByUserId: people.chamberAccount,
      requestedAt: new Date(completedAt.getTime() - 30 * 60_000),
      termsSha256: sha256(terms),
      signedFileId: ids.pendingBuyerTermsFile,
      signedSha256: sha256(terms),
      hasDigitalSignature: false,
      signedAt: new Date(completedAt.getTime() - 10 * 60_000),
    })
    .onConflictDoNothing();
  // The open analysis (what openRegistrationReview writes, with a stable id).
  await tx
    .insert(registrationReviews)
    .values({
      id: ids.pendingBuyerReview,
      subjectKind: "BUYER",
      buyerId: ids.pendingBuyer,
      submittedByUserId: people.chamberAccount,
      submittedAt: completedAt,
      dueAt: registrationAnalysisDueAt(completedAt),
    })
    .onConflictDoNothing();

  // A company that started its registration: data and address filled, no representative yet,
  // four of the seven declarations accepted.
  await tx
    .insert(suppliers)
    .values({
      id: ids.partialSupplier,
      userId: people.supplier4,
      registrationStatus: "IN_PROGRESS",
      credentialKind: "LEGAL_PERSON",
      documentNumber: "58392047000128",
      corporateName: "Prates Serviços de Limpeza Ltda",
      tradeName: "Prates Limpeza",
      isSmallBusiness: true,
      email: "fornecedor4@demo.com.br",
      phoneNumber: "1140041234",
      postalCode: "01310100",
      street: "Avenida Paulista",
      number: "1000",
      district: "Bela Vista",
      city: "São Paulo",
      state: "SP",
      ibgeCode: "3550308",
    })
    .onConflictDoNothing();
  const declared = [1, 2, 3, 4];
  await tx
    .insert(supplierDeclarations)
    .values(
      declared.map((declarationId) => ({
        supplierId: ids.partialSupplier,
        declarationId,
        acceptedAt: new Date(now - 86_400_000 + declarationId * 60_000),
        acceptedByUserId: people.supplier4,
        textSha256: sha256Text(declarationId),
      })),
    )
    .onConflictDoNothing();
}

/** The SHA-256 of the exact declaration text accepted (domain SUPPLIER_DECLARATIONS). */
function sha256Text(declarationId: number) {
  const text = SUPPLIER_DECLARATIONS.find((d) => d.id === declarationId)?.text ?? "";
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** Writes the demo body's term into `storage` when its row exists and the storage lacks it. */
export async function ensureDemoRegistrationFiles(db: Db | Tx, storage: FileStorage) {
  const [row] = await db
    .select({ key: storedFiles.storageKey })
    .from(storedFiles)
    .where(eq(storedFiles.id, DEMO_REGISTRATION_IDS.pendingBuyerTermsFile));
  if (!row || (await storage.exists(row.key))) return;
  await storage.write(row.key, await renderDemoChamberTerms());
}
