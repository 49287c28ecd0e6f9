import { createHash, randomUUID } from "node:crypto";
import {
  canCompleteRegistration,
  changedAnalysedFields,
  DECLARATIONS_MISSING_MESSAGE,
  documentClassOf,
  formatCep,
  MEMBERSHIP_TERMS_MISSING_MESSAGE,
  MEMBERSHIP_TERMS_PDF_MESSAGE,
  SUPPLIER_DECLARATIONS,
  SUPPLIER_TERM_FIELDS,
  type SupplierDeclarationsInput,
  type SupplierStartRegistrationInput,
  supplierReadSchema,
  supplierRegistrationDataSchema,
} from "@certame/domain";
import { type Clock, systemClock } from "../../clock/clock";
import type { Db, Tx } from "../../db/client";
import { uniqueViolation } from "../../db/errors";
import { storedFiles } from "../../db/schema";
import type { FileStorage } from "../../files/file-storage";
import { sniff } from "../../files/sniff";
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  type PropertyError,
  parseBody,
  VALIDATION_MESSAGE,
  zodToProperties,
} from "../../http/errors";
import { safeFileName } from "../../http/send-file";
import type { SessionUser } from "../auth/auth.service";
import {
  MEMBERSHIP_TERMS_FILE_NAMES,
  type MembershipParty,
  type MembershipTermsKind,
  renderMembershipTerms,
} from "../registration/membership-terms";
import { openRegistrationReview } from "../registration/registration-review.repository";
import {
  defaultSignatureProvider,
  latestMembershipSignature,
  type SignatureProvider,
  type SignatureSigner,
} from "../registration/signature-provider";
import * as repo from "./supplier-registration.repository";

export const SUPPLIER_ONLY_MESSAGE = "Ação disponível apenas para fornecedores.";
export const NOT_STARTED_MESSAGE = "Cadastro de fornecedor ainda não iniciado.";
export const ALREADY_STARTED_MESSAGE = "Esta conta já tem um cadastro de fornecedor.";
export const CNPJ_TAKEN_MESSAGE = "CNPJ já cadastrado";
export const CPF_TAKEN_MESSAGE = "CPF já cadastrado";
/** The loser of two parallel claims of the same buyer-registered bidder. */
export const DOCUMENT_TAKEN_MESSAGE = "Documento já cadastrado";
export const CPF_NOT_OWN_MESSAGE = "O CPF deve ser o do titular desta conta.";
export const DOCUMENT_IMMUTABLE_MESSAGE = "O CPF/CNPJ do cadastro não pode ser alterado.";
export const UNDER_ANALYSIS_MESSAGE =
  "O cadastro está em análise pela equipe da plataforma e não pode ser alterado agora.";
export const ALREADY_APPROVED_MESSAGE = "O cadastro já está aprovado.";
export const ALREADY_SUBMITTED_MESSAGE = "O cadastro já foi enviado para análise.";
export const INCOMPLETE_MESSAGE = "Complete o cadastro antes de finalizá-lo.";
export const SUPPLIER_NOT_FOUND_MESSAGE = "Fornecedor não encontrado.";
export const DATA_BEFORE_TERMS_MESSAGE =
  "Complete e salve os dados do cadastro antes de assinar o termo de adesão: o termo traz esses dados.";

export const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

const TEXT_SHA256 = new Map(SUPPLIER_DECLARATIONS.map((d) => [d.id, sha256(d.text)]));

/** A user may act on a registration of its own only with a SUPPLIER account (sign-up chose it). */
export function requireSupplierAccount(user: SessionUser) {
  if (user.kind !== "SUPPLIER") throw forbidden(SUPPLIER_ONLY_MESSAGE);
}

const isUniqueViolation = (error: unknown): boolean => uniqueViolation(error) !== undefined;

/** The registration data as updateRegistration takes it, read back from the row (completeness check). */
function dataOf(row: repo.SupplierRow) {
  const common = {
    tradeName: row.tradeName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    cellphoneNumber: row.cellphoneNumber,
    address: {
      postalCode: row.postalCode,
      street: row.street,
      number: row.number,
      district: row.district,
      city: row.city,
      state: row.state,
      complement: row.complement,
      ibgeCode: row.ibgeCode,
    },
  };
  return row.credentialKind === "INDIVIDUAL"
    ? { name: row.name, ...common }
    : {
        corporateName: row.corporateName,
        isSmallBusiness: row.isSmallBusiness,
        tradeRepresentativeName: row.tradeRepresentativeName,
        tradeRepresentativeCpf: row.tradeRepresentativeCpf,
        ...common,
      };
}

export const termsKindOf = (row: repo.SupplierRow): MembershipTermsKind =>
  row.credentialKind === "INDIVIDUAL" ? "SUPPLIER_INDIVIDUAL" : "SUPPLIER_LEGAL_PERSON";

/** The party the membership term names (membership-terms.ts). */
export function partyOf(row: repo.SupplierRow): MembershipParty {
  const place = [row.city, row.state].filter(Boolean).join("/");
  const address = [
    [row.street, row.number].filter(Boolean).join(", "),
    row.complement,
    row.district,
    place,
    row.postalCode ? `CEP ${formatCep(row.postalCode)}` : null,
  ]
    .filter(Boolean)
    .join(" — ");
  return {
    name: (row.credentialKind === "INDIVIDUAL" ? row.name : row.corporateName) ?? "",
    document: row.documentNumber,
    address: address || null,
    email: row.email,
    phoneNumber: row.phoneNumber,
    representative:
      row.credentialKind === "INDIVIDUAL" || !row.tradeRepresentativeName
        ? null
        : { name: row.tradeRepresentativeName, cpf: row.tradeRepresentativeCpf, role: "Representante legal" },
  };
}

/**
 * A supplier's own registration (notices-and-accounts §2.12, §4 "Supplier registration"): start →
 * update / save the declarations → sign and attach the membership term → complete, which opens the
 * staff analysis (PENDING). Each state change is one transaction on the locked supplier row.
 */
export class SupplierRegistrationService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly clock: Clock = systemClock,
    private readonly signatures: SignatureProvider = defaultSignatureProvider(),
  ) {}

  /**
   * startRegistration: the document is the supplier's for good. A bidder a buyer registered with the
   * same document ('Cadastro de licitante': no login, NONE) is claimed — the same row gets this user —
   * so the company never has two rows; a document another account holds is refused.
   */
  async start(user: SessionUser, input: SupplierStartRegistrationInput) {
    requireSupplierAccount(user);
    const account = await repo.findUser(this.db, user.id);
    if (input.credentialKind === "INDIVIDUAL" && account?.cpf && account.cpf !== input.documentNumber)
      throw badRequest(VALIDATION_MESSAGE, [
        { property: "documentNumber", errorMessages: [CPF_NOT_OWN_MESSAGE] },
      ]);
    const taken = (message: string) =>
      badRequest(message, [{ property: "documentNumber", errorMessages: [message] }]);
    const takenMessage = input.credentialKind === "INDIVIDUAL" ? CPF_TAKEN_MESSAGE : CNPJ_TAKEN_MESSAGE;
    try {
      const row = await this.db.transaction(async (tx) => {
        if (await repo.findSupplierByUser(tx, user.id)) throw conflict(ALREADY_STARTED_MESSAGE);
        const now = this.clock();
        const existing = await repo.findSupplierByDocument(tx, input.documentNumber);
        if (existing) {
          if (existing.userId !== null || existing.registrationStatus !== "NONE") throw taken(takenMessage);
          const claimed = await repo.claimBidder(tx, existing.id, {
            userId: user.id,
            registrationStatus: "IN_PROGRESS",
            name: input.name ?? existing.name,
            corporateName: input.corporateName ?? existing.corporateName,
            isSmallBusiness: input.isSmallBusiness ?? existing.isSmallBusiness,
            updatedDate: now,
          });
          if (!claimed) throw taken(DOCUMENT_TAKEN_MESSAGE);
          return claimed;
        }
        const inserted = await repo.insertSupplier(tx, {
          userId: user.id,
          credentialKind: input.credentialKind,
          documentNumber: input.documentNumber,
          name: input.name,
          corporateName: input.corporateName,
          isSmallBusiness: input.isSmallBusiness ?? false,
          registrationStatus: "IN_PROGRESS",
          createdDate: now,
          updatedDate: now,
        });
        // A parallel start took the document (or this user started twice at once).
        if (!inserted) {
          if (await repo.findSupplierByUser(tx, user.id)) throw conflict(ALREADY_STARTED_MESSAGE);
          throw taken(takenMessage);
        }
        return inserted;
      });
      return this.view(row);
    } catch (error) {
      // The same user claiming two bidders at once: the second hits suppliers_user_key.
      if (isUniqueViolation(error)) throw conflict(ALREADY_STARTED_MESSAGE);
      throw error;
    }
  }

  /**
   * updateRegistration: the company or individual data. The document never changes. Allowed while
   * IN_PROGRESS or REJECTED, and on an APPROVED registration as its renewal: contact data, trade
   * name and address change at once; a change of name, size (ME/EPP) or legal representative sends
   * it back to IN_PROGRESS for a new analysis (domain SUPPLIER_ANALYSED_FIELDS). A change of name or
   * representative retires the signed term, which names the old party.
   */
  async update(user: SessionUser, body: unknown) {
    requireSupplierAccount(user);
    const own = await repo.findSupplierByUser(this.db, user.id);
    if (!own) throw notFound(NOT_STARTED_MESSAGE);
    const sent = (body ?? {}) as { documentNumber?: unknown; credentialKind?: unknown };
    const digits =
      typeof sent.documentNumber === "string" ? sent.documentNumber.replace(/[\s.\-/]/g, "") : null;
    if (
      (sent.documentNumber !== undefined && digits?.toUpperCase() !== own.documentNumber) ||
      (sent.credentialKind !== undefined && sent.credentialKind !== own.credentialKind)
    )
      throw badRequest(VALIDATION_MESSAGE, [
        {
          property: sent.documentNumber !== undefined ? "documentNumber" : "credentialKind",
          errorMessages: [DOCUMENT_IMMUTABLE_MESSAGE],
        },
      ]);
    const data = parseBody(supplierRegistrationDataSchema(own.credentialKind), body);
    const { address, ...rest } = data;
    const values = { ...rest, ...address };
    const row = await this.db.transaction(async (tx) => {
      const row = await this.lockOwn(tx, user);
      if (row.registrationStatus === "PENDING") throw conflict(UNDER_ANALYSIS_MESSAGE);
      const now = this.clock();
      const changed = changedAnalysedFields(row, values);
      if (changed.some((f) => SUPPLIER_TERM_FIELDS.includes(f)))
        await repo.retireMembershipTerms(tx, row.id, now);
      const backToAnalysis = row.registrationStatus === "APPROVED" && changed.length > 0;
      return repo.updateSupplier(tx, row.id, {
        ...values,
        ...(backToAnalysis ? { registrationStatus: "IN_PROGRESS" as const } : {}),
        updatedDate: now,
      });
    });
    return this.view(row);
  }

  /**
   * saveRegistrationInformation: the declarations of §2.12, one row each with when, by whom and the
   * SHA-256 of the exact text accepted; accepting again keeps the first acceptance of the same text.
   */
  async saveInformation(user: SessionUser, input: SupplierDeclarationsInput) {
    requireSupplierAccount(user);
    const row = await this.db.transaction(async (tx) => {
      const row = await this.lockOwn(tx, user);
      if (row.registrationStatus === "PENDING") throw conflict(UNDER_ANALYSIS_MESSAGE);
      const now = this.clock();
      for (const id of new Set(input.declarations.map((d) => d.id))) {
        await repo.acceptDeclaration(tx, {
          supplierId: row.id,
          declarationId: id,
          acceptedAt: now,
          acceptedByUserId: user.id,
          textSha256: TEXT_SHA256.get(id) as string,
        });
      }
      return row;
    });
    return this.view(row);
  }

  /** read: the supplier's own registration; platform staff read any (supplierId). */
  async read(user: SessionUser, body: unknown) {
    const { supplierId } = parseBody(supplierReadSchema, body);
    if (user.kind === "ADMIN") {
      if (!supplierId)
        throw badRequest(VALIDATION_MESSAGE, [
          { property: "supplierId", errorMessages: ["Campo obrigatório"] },
        ]);
      const row = await repo.findSupplier(this.db, supplierId);
      if (!row) throw notFound(SUPPLIER_NOT_FOUND_MESSAGE);
      return this.view(row);
    }
    requireSupplierAccount(user);
    const row = await repo.findSupplierByUser(this.db, user.id);
    if (!row) throw notFound(NOT_STARTED_MESSAGE);
    // Another supplier's id answers as an unknown one: nothing tells that it exists.
    if (supplierId && supplierId !== row.id) throw notFound(SUPPLIER_NOT_FOUND_MESSAGE);
    return this.view(row);
  }

  /** downloadMembershipTerms: the term of a company or of an individual with the registration's data. */
  async membershipTerms(user: SessionUser) {
    requireSupplierAccount(user);
    const row = await repo.findSupplierByUser(this.db, user.id);
    if (!row) throw notFound(NOT_STARTED_MESSAGE);
    const kind = termsKindOf(row);
    return {
      fileName: MEMBERSHIP_TERMS_FILE_NAMES[kind],
      pdf: await renderMembershipTerms(kind, partyOf(row), this.clock()),
      row,
    };
  }

  /**
   * requestMembershipTermsSignature: the term with the registration's data goes to the signature
   * provider (the built-in 'upload' records the request and the SHA-256 of the term issued).
   */
  async requestSignature(user: SessionUser) {
    requireSupplierAccount(user);
    const signer = await this.signerOf(user);
    return this.db.transaction(async (tx) => {
      const row = await this.lockOwn(tx, user);
      this.assertTermsMayBeSigned(row);
      const now = this.clock();
      return this.signatures.requestSignature(tx, {
        subject: { kind: "SUPPLIER", id: row.id },
        termsPdf: await renderMembershipTerms(termsKindOf(row), partyOf(row), now),
        signer,
        requestedAt: now,
      });
    });
  }

  /** Before an upload is read: the registration exists and its term may be (re)signed now. */
  async assertMayAttach(user: SessionUser) {
    requireSupplierAccount(user);
    const row = await repo.findSupplierByUser(this.db, user.id);
    if (!row) throw notFound(NOT_STARTED_MESSAGE);
    this.assertTermsMayBeSigned(row);
  }

  /**
   * attachMembershipTerms: the signed term (a PDF, recognised by its bytes) is stored as the
   * supplier's MEMBERSHIP_TERMS document — never offered by the qualification picker, which leaves
   * that kind out — replacing an earlier one, and the provider records it SIGNED with its SHA-256.
   */
  async attachTerms(user: SessionUser, upload: { filename: string; bytes: Buffer }) {
    requireSupplierAccount(user);
    const kind = sniff(upload.bytes.subarray(0, 16));
    if (kind?.mimeType !== "application/pdf")
      throw badRequest(MEMBERSHIP_TERMS_PDF_MESSAGE, [
        { property: "file", errorMessages: [MEMBERSHIP_TERMS_PDF_MESSAGE] },
      ]);
    const signer = await this.signerOf(user);
    const now = this.clock();
    const storageKey = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/${randomUUID()}.pdf`;
    await this.storage.write(storageKey, upload.bytes);
    try {
      const row = await this.db.transaction(async (tx) => {
        const row = await this.lockOwn(tx, user);
        this.assertTermsMayBeSigned(row);
        const [file] = await tx
          .insert(storedFiles)
          .values({
            storageKey,
            originalName: safeFileName(upload.filename || "termo-de-adesao-assinado.pdf", 255),
            mimeType: "application/pdf",
            sizeBytes: upload.bytes.length,
            sha256: sha256(upload.bytes),
            uploadedByUserId: user.id,
          })
          .returning();
        if (!file) throw new Error("stored file not inserted");
        await repo.retireMembershipTerms(tx, row.id, now);
        await repo.insertMembershipTermsDocument(tx, {
          supplierId: row.id,
          fileId: file.id,
          name: file.originalName,
          kind: "MEMBERSHIP_TERMS",
          documentClass: documentClassOf("MEMBERSHIP_TERMS"),
          createdDate: now,
          updatedDate: now,
        });
        await this.signatures.receiveSigned(tx, {
          subject: { kind: "SUPPLIER", id: row.id },
          signedPdf: upload.bytes,
          signedFileId: file.id,
          signedAt: now,
          signer,
          currentTermsPdf: () => renderMembershipTerms(termsKindOf(row), partyOf(row), now),
        });
        return row;
      });
      return this.view(row);
    } catch (error) {
      await this.storage.remove(storageKey);
      throw error;
    }
  }

  private assertTermsMayBeSigned(row: repo.SupplierRow) {
    if (!canCompleteRegistration(row.registrationStatus))
      throw conflict(
        row.registrationStatus === "APPROVED" ? ALREADY_APPROVED_MESSAGE : UNDER_ANALYSIS_MESSAGE,
      );
    const data = supplierRegistrationDataSchema(row.credentialKind).safeParse(dataOf(row));
    if (!data.success) throw badRequest(DATA_BEFORE_TERMS_MESSAGE, zodToProperties(data.error));
  }

  private async signerOf(user: SessionUser): Promise<SignatureSigner> {
    const account = await repo.findUser(this.db, user.id);
    return { userId: user.id, name: user.name, email: user.email, cpf: account?.cpf ?? null };
  }

  /**
   * completeRegistration: the data complete, the seven declarations accepted (their current texts)
   * and a signed membership term attached; then PENDING and the staff analysis opened, together.
   */
  async complete(user: SessionUser) {
    requireSupplierAccount(user);
    return this.db.transaction(async (tx) => {
      const row = await this.lockOwn(tx, user);
      if (!canCompleteRegistration(row.registrationStatus))
        throw conflict(
          row.registrationStatus === "APPROVED" ? ALREADY_APPROVED_MESSAGE : ALREADY_SUBMITTED_MESSAGE,
        );
      const problems = await this.completionProblems(tx, row);
      if (problems.length) throw badRequest(INCOMPLETE_MESSAGE, problems);
      const now = this.clock();
      await repo.updateSupplier(tx, row.id, { registrationStatus: "PENDING", updatedDate: now });
      const review = await openRegistrationReview(tx, {
        subjectKind: "SUPPLIER",
        supplierId: row.id,
        submittedByUserId: user.id,
        submittedAt: now,
      });
      return { registrationStatus: "PENDING" as const, analysisDueAt: review.dueAt.toISOString() };
    });
  }

  /** The user's supplier row, locked; 404 before startRegistration. */
  async lockOwn(tx: Tx, user: SessionUser) {
    const row = await repo.lockSupplierOfUser(tx, user.id);
    if (!row) throw notFound(NOT_STARTED_MESSAGE);
    return row;
  }

  /** What is still missing before completion, as the 400 properties. */
  async completionProblems(db: Db | Tx, row: repo.SupplierRow): Promise<PropertyError[]> {
    const problems: PropertyError[] = [];
    const data = supplierRegistrationDataSchema(row.credentialKind).safeParse(dataOf(row));
    if (!data.success) problems.push(...zodToProperties(data.error));
    const accepted = await repo.listDeclarations(db, row.id);
    const current = accepted.filter((d) => TEXT_SHA256.get(d.declarationId) === d.textSha256);
    if (current.length < SUPPLIER_DECLARATIONS.length)
      problems.push({ property: "declarations", errorMessages: [DECLARATIONS_MISSING_MESSAGE] });
    if ((await repo.listMembershipTerms(db, row.id)).length === 0)
      problems.push({ property: "membershipTerms", errorMessages: [MEMBERSHIP_TERMS_MISSING_MESSAGE] });
    return problems;
  }

  /** The supplier as read (§3 "Supplier" plus the registration: address, declarations, term, analysis). */
  async view(row: repo.SupplierRow) {
    const [declarations, terms, signature, reviews, problems] = await Promise.all([
      repo.listDeclarations(this.db, row.id),
      repo.listMembershipTerms(this.db, row.id),
      latestMembershipSignature(this.db, { kind: "SUPPLIER", id: row.id }),
      repo.reviewsOf(this.db, row.id),
      this.completionProblems(this.db, row),
    ]);
    return {
      id: row.id,
      code: row.code,
      createdDate: row.createdDate.toISOString(),
      credentialKind: row.credentialKind,
      documentNumber: row.documentNumber,
      name: row.name,
      corporateName: row.corporateName,
      tradeName: row.tradeName,
      isSmallBusiness: row.isSmallBusiness,
      email: row.email,
      phoneNumber: row.phoneNumber,
      cellphoneNumber: row.cellphoneNumber,
      tradeRepresentativeName: row.tradeRepresentativeName,
      tradeRepresentativeCpf: row.tradeRepresentativeCpf,
      subscriptionEndDate: row.subscriptionEndDate?.toISOString() ?? null,
      address: {
        postalCode: row.postalCode,
        street: row.street,
        number: row.number,
        district: row.district,
        city: row.city,
        state: row.state,
        complement: row.complement,
        ibgeCode: row.ibgeCode,
      },
      registrationStatus: row.registrationStatus,
      declarations: SUPPLIER_DECLARATIONS.map((d) => {
        const found = declarations.find(
          (a) => a.declarationId === d.id && a.textSha256 === TEXT_SHA256.get(d.id),
        );
        return {
          id: d.id,
          text: d.text,
          accepted: Boolean(found),
          acceptedAt: found?.acceptedAt.toISOString() ?? null,
        };
      }),
      documents: terms.map((t) => ({
        id: t.id,
        name: t.name,
        kind: t.kind,
        url: `/api/app/file/${t.fileId}`,
        mimeType: t.mimeType,
        size: t.sizeBytes,
        sha256: t.sha256,
        createdDate: t.createdDate.toISOString(),
      })),
      membershipSignature: signature
        ? {
            provider: signature.provider,
            status: signature.status,
            requestedAt: signature.requestedAt.toISOString(),
            signedAt: signature.signedAt?.toISOString() ?? null,
            hasDigitalSignature: signature.hasDigitalSignature,
          }
        : null,
      rejectionReason: reviews.rejected?.reason ?? null,
      rejectedAt: reviews.rejected?.decidedAt?.toISOString() ?? null,
      analysisDueAt: reviews.open?.dueAt.toISOString() ?? null,
      /** The properties completeRegistration would refuse now (empty when it can complete). */
      pendingRequirements: problems,
    };
  }
}
export type SupplierRegistrationView = Awaited<ReturnType<SupplierRegistrationService["view"]>>;
