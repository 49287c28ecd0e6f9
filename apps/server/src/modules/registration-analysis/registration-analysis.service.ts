import {
  REGISTRATION_ANALYSIS_DECIDED_MESSAGE,
  REGISTRATION_ANALYSIS_NOT_FOUND_MESSAGE,
  type RegistrationAnalysisListInput,
  type RegistrationDecision,
  registrationAnalysisOverdue,
  SUPPLIER_DECLARATIONS,
} from "@certame/domain";
import { type Clock, systemClock } from "../../clock/clock";
import type { Db } from "../../db/client";
import type { membershipSignatures } from "../../db/schema";
import { conflict, notFound } from "../../http/errors";
import type { Mailer } from "../../integrations/mail/mailer";
import { renderMail } from "../../integrations/mail/templates";
import type { SessionUser } from "../auth/auth.service";
import * as repo from "./registration-analysis.repository";

/** The console's download of a registration file (served only to platform staff). */
export const registrationFileUrl = (fileId: string) => `/api/app/registrationAnalysis/file/${fileId}`;

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

function subjectOf(row: repo.ReviewRow) {
  if (row.subjectKind === "BUYER")
    return { name: row.buyerName ?? "", document: row.buyerCnpj ?? "", documentKind: "CNPJ" as const };
  return {
    name: row.supplierCorporateName ?? row.supplierName ?? row.supplierTradeName ?? "",
    document: row.supplierDocument ?? "",
    documentKind: row.supplierCredentialKind === "INDIVIDUAL" ? ("CPF" as const) : ("CNPJ" as const),
  };
}

export interface AnalysisServiceOptions {
  clock?: Clock;
  mailer: Mailer;
  publicUrl: string;
  /** Where a mail failure after the commit is written (the decision stands). */
  log: (message: string, error: unknown) => void;
}

/**
 * The platform staff's analysis of completed registrations (notices-and-accounts §4 "Buyer
 * registration", §9 "Registration analysis"; issue 13 item 4): the queue with the 24-business-hour
 * due time, the registration with its documents, and the decision — which sets the body's or the
 * supplier's status in the same transaction and e-mails the user after the commit.
 */
export class RegistrationAnalysisService {
  private readonly clock: Clock;

  constructor(
    private readonly db: Db,
    private readonly options: AnalysisServiceOptions,
  ) {
    this.clock = options.clock ?? systemClock;
  }

  private summary(row: repo.ReviewRow, now: Date) {
    const subject = subjectOf(row);
    return {
      id: row.id,
      subjectKind: row.subjectKind,
      subject: {
        id: row.buyerId ?? row.supplierId,
        name: subject.name,
        document: subject.document,
        documentKind: subject.documentKind,
      },
      submittedAt: row.submittedAt.toISOString(),
      dueAt: row.dueAt.toISOString(),
      overdue: row.decision === null && registrationAnalysisOverdue(row.dueAt, now),
      submittedBy: row.submittedByName ? { name: row.submittedByName, email: row.submittedByEmail } : null,
      previousRejections: row.previousRejections,
      decision: row.decision,
      reason: row.reason,
      decidedAt: iso(row.decidedAt),
      decidedBy: row.decidedByName ? { name: row.decidedByName } : null,
    };
  }

  async list(input: RegistrationAnalysisListInput) {
    const now = this.clock();
    const { rows, total } = await repo.listReviews(
      this.db,
      input.status === "PENDING",
      input.page,
      input.limit,
    );
    return { analyses: rows.map((r) => this.summary(r, now)), total, page: input.page, limit: input.limit };
  }

  async read(id: string) {
    const row = await repo.findReview(this.db, id);
    if (!row) throw notFound(REGISTRATION_ANALYSIS_NOT_FOUND_MESSAGE);
    const history = await repo.reviewHistory(this.db, row);
    const registration =
      row.subjectKind === "BUYER" && row.buyerId
        ? { buyer: await this.buyer(row.buyerId) }
        : { supplier: await this.supplier(row.supplierId ?? "") };
    return {
      ...this.summary(row, this.clock()),
      ...registration,
      history: history.map((h) => ({
        id: h.id,
        submittedAt: h.submittedAt.toISOString(),
        decision: h.decision,
        reason: h.reason,
        decidedAt: iso(h.decidedAt),
        decidedBy: h.decidedByName ? { name: h.decidedByName } : null,
      })),
    };
  }

  private signatureView(sig: typeof membershipSignatures.$inferSelect | undefined) {
    return sig
      ? {
          provider: sig.provider,
          status: sig.status,
          requestedAt: sig.requestedAt.toISOString(),
          termsSha256: sig.termsSha256,
          signedSha256: sig.signedSha256,
          hasDigitalSignature: sig.hasDigitalSignature,
          signedAt: iso(sig.signedAt),
          url: sig.signedFileId ? registrationFileUrl(sig.signedFileId) : null,
        }
      : null;
  }

  private documentView(d: {
    id: string;
    name: string;
    kind: string;
    fileId: string;
    sha256: string;
    mimeType: string;
    sizeBytes: number;
    createdDate: Date;
  }) {
    return {
      id: d.id,
      name: d.name,
      kind: d.kind,
      sha256: d.sha256,
      mimeType: d.mimeType,
      size: d.sizeBytes,
      createdDate: d.createdDate.toISOString(),
      url: registrationFileUrl(d.fileId),
    };
  }

  private async buyer(buyerId: string) {
    const r = await repo.buyerRegistration(this.db, buyerId);
    if (!r) throw notFound(REGISTRATION_ANALYSIS_NOT_FOUND_MESSAGE);
    const b = r.buyer;
    return {
      id: b.id,
      corporateName: b.corporateName,
      cnpj: b.cnpj,
      website: b.website,
      phoneNumber: b.phoneNumber,
      registrationStatus: b.registrationStatus,
      address: {
        postalCode: b.postalCode,
        street: b.street,
        number: b.number,
        complement: b.complement,
        district: b.district,
        city: b.city,
        state: b.state,
        ibgeCode: b.ibgeCode,
      },
      account: r.accountEmail ? { name: r.accountName, email: r.accountEmail } : null,
      competentAuthority: {
        name: r.authorityName ?? b.competentAuthorityName,
        email: r.authorityEmail,
        cpf: r.authorityCpf,
        cnpj: b.competentAuthorityCnpj,
      },
      secretaryOffices: r.offices,
      staff: r.staff,
      documents: r.documents.map((d) => this.documentView(d)),
      membershipSignature: this.signatureView(r.signature),
    };
  }

  private async supplier(supplierId: string) {
    const r = await repo.supplierRegistration(this.db, supplierId);
    if (!r) throw notFound(REGISTRATION_ANALYSIS_NOT_FOUND_MESSAGE);
    const s = r.supplier;
    const accepted = new Map(r.declarations.map((d) => [d.declarationId, d.acceptedAt]));
    return {
      id: s.id,
      credentialKind: s.credentialKind,
      documentNumber: s.documentNumber,
      name: s.name,
      corporateName: s.corporateName,
      tradeName: s.tradeName,
      email: s.email,
      phoneNumber: s.phoneNumber,
      cellphoneNumber: s.cellphoneNumber,
      isSmallBusiness: s.isSmallBusiness,
      registrationStatus: s.registrationStatus,
      address: {
        postalCode: s.postalCode,
        street: s.street,
        number: s.number,
        complement: s.complement,
        district: s.district,
        city: s.city,
        state: s.state,
        ibgeCode: s.ibgeCode,
      },
      account: r.accountEmail ? { name: r.accountName, email: r.accountEmail } : null,
      representative: s.tradeRepresentativeName
        ? { name: s.tradeRepresentativeName, cpf: s.tradeRepresentativeCpf }
        : null,
      // All seven, each with when it was accepted (null: not accepted).
      declarations: SUPPLIER_DECLARATIONS.map((d) => ({
        id: d.id,
        text: d.text,
        acceptedAt: iso(accepted.get(d.id)),
      })),
      documents: r.documents.map((d) => this.documentView(d)),
      membershipSignature: this.signatureView(r.signature),
    };
  }

  approve(staff: SessionUser, id: string) {
    return this.decide(staff, id, "APPROVED", null);
  }

  reject(staff: SessionUser, id: string, reason: string) {
    return this.decide(staff, id, "REJECTED", reason);
  }

  private async decide(
    staff: SessionUser,
    id: string,
    decision: RegistrationDecision,
    reason: string | null,
  ) {
    const decidedAt = this.clock();
    const decided = await this.db.transaction(async (tx) => {
      const row = await repo.decideReview(tx, id, { decision, reason, decidedByUserId: staff.id, decidedAt });
      if (!row) {
        if (await repo.reviewExists(tx, id)) throw conflict(REGISTRATION_ANALYSIS_DECIDED_MESSAGE);
        throw notFound(REGISTRATION_ANALYSIS_NOT_FOUND_MESSAGE);
      }
      const changed = row.buyerId
        ? await repo.setBuyerStatus(tx, row.buyerId, decision, decidedAt)
        : row.supplierId
          ? await repo.setSupplierStatus(tx, row.supplierId, decision, decidedAt)
          : false;
      // An open analysis always has a PENDING subject; anything else is refused, nothing written.
      if (!changed) throw conflict(REGISTRATION_ANALYSIS_DECIDED_MESSAGE);
      return row;
    });
    const mailed = await this.notify(decided, decision, reason);
    const summary = await repo.findReview(this.db, id);
    return { ...(summary ? this.summary(summary, decidedAt) : { id, decision }), mailed };
  }

  /** After the commit: the e-mail of §4 ("Approved: the user is informed by e-mail"; "Rejected: ... the reason"). */
  private async notify(
    review: {
      id: string;
      buyerId: string | null;
      supplierId: string | null;
      submittedByUserId: string | null;
    },
    decision: RegistrationDecision,
    reason: string | null,
  ): Promise<boolean> {
    try {
      const to = await repo.recipientOf(this.db, review);
      const found = await repo.findReview(this.db, review.id);
      if (!to || !found) return false;
      const kind = review.buyerId ? ("BUYER" as const) : ("SUPPLIER" as const);
      const entityName = subjectOf(found).name;
      const mail =
        decision === "APPROVED"
          ? renderMail("registrationApproved", { name: to.name, kind, entityName }, this.options.publicUrl)
          : renderMail(
              "registrationRejected",
              { name: to.name, kind, entityName, reason: reason ?? "" },
              this.options.publicUrl,
            );
      await this.options.mailer.send({ to: to.email, ...mail });
      return true;
    } catch (error) {
      this.options.log(`e-mail da análise de cadastro ${review.id} não enviado`, error);
      return false;
    }
  }

  /** The file of a registration (never any other stored file), for the console's download. */
  async file(fileId: string) {
    if (!/^[0-9a-f-]{36}$/i.test(fileId)) throw notFound("Arquivo não encontrado.");
    const row = await repo.registrationFile(this.db, fileId);
    if (!row) throw notFound("Arquivo não encontrado.");
    return row;
  }
}
