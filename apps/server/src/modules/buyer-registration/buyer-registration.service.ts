import { randomBytes, randomUUID } from "node:crypto";
import {
  type BuyerPersonInput,
  type BuyerRegistrationInput,
  type BuyerStaffInput,
  canCompleteRegistration,
  formatCep,
  type SecretaryOfficeInput,
  type StaffRole,
} from "@certame/domain";
import type { Clock } from "../../clock/clock";
import type { Db, DbOrTx } from "../../db/client";
import { foreignKeyViolation, uniqueViolation } from "../../db/errors";
import type { FileStorage } from "../../files/file-storage";
import { badRequest, conflict, forbidden, notFound, type PropertyError } from "../../http/errors";
import type { Mailer } from "../../integrations/mail/mailer";
import { renderMail } from "../../integrations/mail/templates";
import { issueAccountToken } from "../accounts/account-tokens";
import type { SessionUser } from "../auth/auth.service";
import { hashPassword } from "../auth/password";
import { BuyerService } from "../buyers/buyer.service";
import {
  MEMBERSHIP_TERMS_FILE_NAMES,
  type MembershipParty,
  renderMembershipTerms,
} from "../registration/membership-terms";
import { openRegistrationReview } from "../registration/registration-review.repository";
import {
  defaultSignatureProvider,
  type SignatureProvider,
  sha256Hex,
} from "../registration/signature-provider";
import {
  assertPlannerGrant,
  assertStaffGrant,
  PLANNER_STAFF_MESSAGE,
  requireBuyerKind,
  requirePeopleEditor,
  requireRegistrationEditor,
} from "./buyer-registration.policy";
import * as repo from "./buyer-registration.repository";

export const CNPJ_TAKEN_MESSAGE = "CNPJ já cadastrado";
export const CNPJ_LOCKED_MESSAGE =
  "O CNPJ não pode ser alterado depois que o cadastro do órgão foi finalizado.";
export const ALREADY_REGISTERED_MESSAGE =
  "Seu usuário já está vinculado a um órgão. Altere o cadastro existente em 'Renovação de cadastro'.";
export const SECRETARY_OFFICE_NOT_FOUND = "Secretaria não encontrada.";
export const STAFF_NOT_FOUND = "Usuário da equipe não encontrado.";
export const DOCUMENT_NOT_FOUND = "Documento não encontrado.";
export const IN_USE_BY_PROCESSES_MESSAGE =
  "Não é possível excluir: a secretaria ou a pessoa está indicada no planejamento de processos do órgão (áreas requisitantes ou responsáveis).";
export const LAST_AUCTIONEER_MESSAGE =
  "O órgão deve manter ao menos um usuário com o perfil Pregoeiro / Agente de contratação.";
export const AUCTIONEER_REQUIRED_MESSAGE =
  "Cadastre ao menos um usuário com o perfil Pregoeiro / Agente de contratação.";
export const TERMS_REQUIRED_MESSAGE = "Para prosseguir você deve anexar o Termo de Adesão";
export const AUTHORITY_REQUIRED_MESSAGE = "Informe a autoridade competente do órgão.";
export const INCOMPLETE_MESSAGE = "Complete o cadastro antes de finalizar.";
export const PENDING_MESSAGE = "O cadastro já foi finalizado e está em análise pela equipe da plataforma.";
export const APPROVED_MESSAGE = "O cadastro do órgão já foi aprovado.";
export const TERMS_LOCKED_MESSAGE =
  "O termo de adesão e os documentos só podem ser alterados enquanto o cadastro não foi finalizado ou quando ele foi devolvido para correção.";
export const TERMS_PDF_MESSAGE = "O termo de adesão assinado deve ser um arquivo PDF de até 30 MB.";

const USER_IN_OTHER_BODY = "Usuário já vinculado a outro órgão.";
export const USER_HAS_ACCOUNT =
  "Este e-mail já pertence a uma conta ativa do Certame e não pode ser vinculado ao órgão por outra pessoa.";
export const AUTHORITY_CHANGE_MESSAGE =
  "Só a conta do órgão ou a sua autoridade competente podem trocar a autoridade competente.";
export const GRANT_MESSAGE =
  "Só a conta do órgão ou a sua autoridade competente podem alterar o próprio perfil ou conceder perfis que você não tem.";
const USER_NOT_BUYER = "Este e-mail pertence a um usuário que não é de órgão público.";
const CPF_OF_OTHER_USER = "CPF já cadastrado para outro usuário.";
const CPF_OTHER_EMAIL = "CPF já cadastrado com outro e-mail.";
const CPF_MISMATCH = "CPF diferente do cadastrado para este e-mail.";
const ALREADY_STAFF = "Usuário já cadastrado na equipe do órgão.";

const field = (property: string, message: string) =>
  badRequest(message, [{ property, errorMessages: [message] }]);

/** A staff invitation to send once the transaction has committed. */
interface Invitation {
  email: string;
  name: string;
  token: string;
  validForMs: number;
}

/** A person of the body resolved to a user row (found or created). */
interface ResolvedPerson {
  userId: string;
  /** The user has never set a password (created now, or invited earlier and not yet in). */
  pending: boolean;
}

export interface BuyerRegistrationDeps {
  db: Db;
  storage: FileStorage;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  log: (error: unknown, message: string) => void;
  signatureProvider?: SignatureProvider;
}

export interface ReceivedTerm {
  filename: string;
  bytes: Buffer;
}

/**
 * The public body's accreditation (notices-and-accounts §2.11, §4 "Buyer registration", §5, §7
 * "Buyers, secretariats and staff"): the body and its competent authority, its secretariats and
 * staff (invited by e-mail to set a password), the adhesion term and its signature, and the
 * completion that hands the registration to the platform staff. One transaction per change, with
 * the body row locked; e-mails leave after the commit.
 */
export class BuyerRegistrationService {
  private readonly db: Db;
  private readonly reader: BuyerService;
  private readonly signatures: SignatureProvider;

  constructor(private readonly deps: BuyerRegistrationDeps) {
    this.db = deps.db;
    this.reader = new BuyerService(deps.db);
    this.signatures = deps.signatureProvider ?? defaultSignatureProvider();
  }

  // ---- The body and its competent authority (section 1, 'Preenchimento Órgãos').

  /** app/buyer/saveRegistration: a BUYER user without a body creates it (IN_PROGRESS). */
  async save(user: SessionUser, input: BuyerRegistrationInput) {
    requireBuyerKind(user);
    if (user.buyer) throw conflict(ALREADY_REGISTERED_MESSAGE);
    const invitations: Invitation[] = [];
    const buyerId = await this.transaction(async (tx) => {
      await repo.lockUser(tx, user.id);
      if ((await repo.bodiesOfUser(tx, user.id)).size > 0) throw conflict(ALREADY_REGISTERED_MESSAGE);
      if (await repo.findBuyerByCnpj(tx, input.cnpj)) throw field("cnpj", CNPJ_TAKEN_MESSAGE);
      const authority = await this.resolvePerson(
        tx,
        null,
        input.competentAuthority.user,
        "competentAuthority.user",
        user.id,
      );
      const buyer = await repo.insertBuyer(tx, {
        ...this.bodyColumns(input),
        userId: user.id,
        competentAuthorityUserId: authority.userId,
        registrationStatus: "IN_PROGRESS",
      });
      if (authority.pending && authority.userId !== user.id)
        invitations.push(await this.invitation(tx, authority.userId));
      return buyer.id;
    });
    await this.sendInvitations(buyerId, invitations);
    return this.reader.view(buyerId);
  }

  /**
   * app/buyer/updateRegistration: the same data for the user's own body, in any status (the renewal
   * edits an approved body, whose status stays). The CNPJ is the body's identity once it has been
   * completed (analysed) at least once.
   */
  async update(user: SessionUser, input: BuyerRegistrationInput) {
    const { buyerId } = requireRegistrationEditor(user);
    const invitations: Invitation[] = [];
    await this.transaction(async (tx) => {
      const buyer = await this.lock(tx, buyerId);
      // What is under analysis is what the staff approves: no change until it is decided.
      if (buyer.registrationStatus === "PENDING") throw conflict(PENDING_MESSAGE);
      if (input.cnpj !== buyer.cnpj) {
        if (await repo.wasEverCompleted(tx, buyerId)) throw field("cnpj", CNPJ_LOCKED_MESSAGE);
        if (await repo.cnpjTakenByOther(tx, input.cnpj, buyerId)) throw field("cnpj", CNPJ_TAKEN_MESSAGE);
      }
      const authority = await this.resolvePerson(
        tx,
        buyerId,
        input.competentAuthority.user,
        "competentAuthority.user",
        user.id,
      );
      const newlyLinked = authority.userId !== buyer.competentAuthorityUserId;
      if (newlyLinked && !user.buyer?.isBuyerAccount && !user.buyer?.isCompetentAuthority)
        throw forbidden(AUTHORITY_CHANGE_MESSAGE);
      await repo.updateBuyer(tx, buyerId, {
        ...this.bodyColumns(input),
        competentAuthorityUserId: authority.userId,
      });
      // The signed term names the body and its authority: a change of either, before approval,
      // retires it, and a new one is signed and attached before completing.
      const renamed = input.cnpj !== buyer.cnpj || input.corporateName !== buyer.corporateName;
      if ((renamed || newlyLinked) && buyer.registrationStatus !== "APPROVED")
        await repo.deleteMembershipTerms(tx, buyerId);
      if (newlyLinked && authority.pending && authority.userId !== user.id)
        invitations.push(await this.invitation(tx, authority.userId));
    });
    await this.sendInvitations(buyerId, invitations);
    return this.reader.view(buyerId);
  }

  /**
   * app/buyer/completeRegistration ('Salvar e finalizar cadastro'): IN_PROGRESS or REJECTED only.
   * Required: the competent authority; at least one staff user with the AUCTIONEER profile — our
   * reading of §2.11/§6: the body exists on the platform to run processes, and the pregoeiro /
   * contracting agent is the one profile that runs them (the supporting profiles cannot); and the
   * signed adhesion term attached ('Para prosseguir você deve anexar o Termo de Adesão'). The status
   * becomes PENDING and the staff analysis opens (24 business hours, §9) in the same transaction.
   */
  async complete(user: SessionUser) {
    const { buyerId } = requireRegistrationEditor(user);
    const now = this.deps.clock();
    return this.transaction(async (tx) => {
      const buyer = await this.lock(tx, buyerId);
      if (buyer.registrationStatus === "PENDING") throw conflict(PENDING_MESSAGE);
      if (buyer.registrationStatus === "APPROVED") throw conflict(APPROVED_MESSAGE);
      const missing: PropertyError[] = [];
      if (!buyer.competentAuthorityUserId)
        missing.push({ property: "competentAuthority", errorMessages: [AUTHORITY_REQUIRED_MESSAGE] });
      if ((await repo.auctioneerIds(tx, buyerId)).length === 0)
        missing.push({ property: "staffMembers", errorMessages: [AUCTIONEER_REQUIRED_MESSAGE] });
      if ((await repo.countMembershipTerms(tx, buyerId)) === 0)
        missing.push({ property: "documents", errorMessages: [TERMS_REQUIRED_MESSAGE] });
      if (missing.length > 0)
        throw badRequest(
          missing.length === 1 ? (missing[0]?.errorMessages[0] as string) : INCOMPLETE_MESSAGE,
          missing,
        );
      await repo.updateBuyer(tx, buyerId, { registrationStatus: "PENDING" });
      const review = await openRegistrationReview(tx, {
        subjectKind: "BUYER",
        buyerId,
        submittedByUserId: user.id,
        submittedAt: now,
      });
      return { registrationStatus: "PENDING" as const, analysisDueAt: review.dueAt.toISOString() };
    });
  }

  // ---- Secretariats (section 2, 'Demais usuários'). Their responsible secretary is a contact
  // record (a BUYER user row, found or created) and gets no invitation: access to the platform is
  // given by adding the person as a staff user with a profile (SECRETARY_MEMBER among them).

  async createSecretaryOffices(user: SessionUser, rows: SecretaryOfficeInput[]) {
    const { buyerId } = requirePeopleEditor(user);
    const ids = await this.transaction(async (tx) => {
      await this.lock(tx, buyerId);
      const created: string[] = [];
      for (const [i, row] of rows.entries()) {
        const person = await this.resolvePerson(
          tx,
          buyerId,
          row.user,
          `buyerSecretaryOfficeData.${i}.user`,
          user.id,
        );
        created.push(
          await repo.insertSecretaryOffice(tx, {
            buyerId,
            name: row.name,
            cnpj: row.cnpj,
            kind: row.kind,
            userId: person.userId,
          }),
        );
      }
      return created;
    });
    return { ids };
  }

  async editSecretaryOffices(user: SessionUser, rows: (SecretaryOfficeInput & { id: string })[]) {
    const { buyerId } = requirePeopleEditor(user);
    await this.transaction(async (tx) => {
      await this.lock(tx, buyerId);
      await this.assertOwn(
        repo.findSecretaryOffices(
          tx,
          buyerId,
          rows.map((r) => r.id),
        ),
        rows,
        SECRETARY_OFFICE_NOT_FOUND,
      );
      for (const [i, row] of rows.entries()) {
        const person = await this.resolvePerson(
          tx,
          buyerId,
          row.user,
          `buyerSecretaryOfficeData.${i}.user`,
          user.id,
        );
        await repo.updateSecretaryOffice(tx, row.id, {
          name: row.name,
          cnpj: row.cnpj,
          kind: row.kind,
          userId: person.userId,
        });
      }
    });
    return { ids: rows.map((r) => r.id) };
  }

  async deleteSecretaryOffices(user: SessionUser, ids: string[]) {
    const { buyerId } = requireRegistrationEditor(user);
    await this.transaction(async (tx) => {
      await this.lock(tx, buyerId);
      await this.assertOwn(repo.findSecretaryOffices(tx, buyerId, ids), ids, SECRETARY_OFFICE_NOT_FOUND);
      await repo.deleteSecretaryOffices(tx, buyerId, ids);
    });
    return { ids };
  }

  // ---- Staff users (section 2). A new person gets a user and an e-mail to set a password (the
  // staffInvitation template, /definir-senha); an existing BUYER user of no other body is linked.

  async createStaff(user: SessionUser, rows: BuyerStaffInput[]) {
    const { buyerId, plannerOnly } = requirePeopleEditor(user);
    const invitations: Invitation[] = [];
    const ids = await this.transaction(async (tx) => {
      await this.lock(tx, buyerId);
      await this.assertOfficesOwn(tx, buyerId, rows);
      const created: string[] = [];
      for (const [i, row] of rows.entries()) {
        const path = `buyerStaffData.${i}.user`;
        assertStaffGrant(user, plannerOnly, row.role, () => assertGrantable(user, row.role));
        const person = await this.resolvePerson(tx, buyerId, row.user, path, user.id);
        if (await repo.findStaffByUser(tx, buyerId, person.userId))
          throw field(`${path}.email`, ALREADY_STAFF);
        const id = await repo.insertStaff(tx, { buyerId, userId: person.userId, ...this.staffColumns(row) });
        await repo.setStaffSecretaryOffices(tx, id, row.secretariesOffice);
        if (person.pending && person.userId !== user.id)
          invitations.push(await this.invitation(tx, person.userId));
        created.push(id);
      }
      return created;
    });
    await this.sendInvitations(buyerId, invitations);
    return { ids, invited: invitations.map((i) => i.email) };
  }

  async updateStaff(user: SessionUser, rows: (BuyerStaffInput & { id: string })[]) {
    const { buyerId, plannerOnly } = requirePeopleEditor(user);
    const invitations: Invitation[] = [];
    await this.transaction(async (tx) => {
      const buyer = await this.lock(tx, buyerId);
      const found = await this.assertOwn(
        repo.findStaff(
          tx,
          buyerId,
          rows.map((r) => r.id),
        ),
        rows,
        STAFF_NOT_FOUND,
      );
      await this.assertOfficesOwn(tx, buyerId, rows);
      for (const [i, row] of rows.entries()) {
        const path = `buyerStaffData.${i}.user`;
        const current = found.find((s) => s.id === row.id);
        if (current?.userId === user.id && !user.buyer?.isBuyerAccount && !user.buyer?.isCompetentAuthority)
          throw forbidden(GRANT_MESSAGE);
        if (plannerOnly) {
          // A planner changes only the responsibles planning made: SECRETARY_MEMBER before and after.
          assertPlannerGrant(current?.roles ?? []);
          assertPlannerGrant(row.role);
        } else assertStaffGrant(user, plannerOnly, row.role, () => assertGrantable(user, row.role));
        const person = await this.resolvePerson(tx, buyerId, row.user, path, user.id);
        const changedUser = person.userId !== current?.userId;
        // Nor may a planner hand a colleague's record (and the processes naming it) to another person.
        if (plannerOnly && changedUser) throw forbidden(PLANNER_STAFF_MESSAGE);
        if (changedUser && (await repo.findStaffByUser(tx, buyerId, person.userId)))
          throw field(`${path}.email`, ALREADY_STAFF);
        await repo.updateStaff(tx, row.id, { userId: person.userId, ...this.staffColumns(row) });
        await repo.setStaffSecretaryOffices(tx, row.id, row.secretariesOffice);
        if (changedUser && person.pending && person.userId !== user.id)
          invitations.push(await this.invitation(tx, person.userId));
      }
      await this.assertAuctioneerKept(tx, buyer);
    });
    await this.sendInvitations(buyerId, invitations);
    return { ids: rows.map((r) => r.id), invited: invitations.map((i) => i.email) };
  }

  async deleteStaff(user: SessionUser, ids: string[]) {
    const { buyerId } = requireRegistrationEditor(user);
    await this.transaction(async (tx) => {
      const buyer = await this.lock(tx, buyerId);
      await this.assertOwn(repo.findStaff(tx, buyerId, ids), ids, STAFF_NOT_FOUND);
      await repo.deleteStaff(tx, buyerId, ids);
      await this.assertAuctioneerKept(tx, buyer);
    });
    return { ids };
  }

  /** app/user/check: whether an e-mail / CPF already belongs to a user (the staff forms ask before saving). */
  async checkUser(user: SessionUser, input: { email?: string; cpf?: string }) {
    requireBuyerKind(user);
    const [byEmail, byCpf] = await Promise.all([
      input.email ? repo.findUserByEmail(this.db, input.email) : undefined,
      input.cpf ? repo.findUserByCpf(this.db, input.cpf) : undefined,
    ]);
    return { email: { inUse: Boolean(byEmail) }, cpf: { inUse: Boolean(byCpf) } };
  }

  // ---- The adhesion term (sections 3 and 4).

  /** app/buyer/downloadMembershipTerms: the term with the body's data, as a PDF. */
  async downloadTerms(user: SessionUser) {
    const { buyerId } = requireRegistrationEditor(user);
    const pdf = await this.renderTerms(this.db, buyerId);
    return { pdf, fileName: MEMBERSHIP_TERMS_FILE_NAMES.BUYER };
  }

  /** app/buyer/requestMembershipTermsSignature: asks the signature provider (built-in: 'upload'). */
  async requestSignature(user: SessionUser) {
    const { buyerId } = requireRegistrationEditor(user);
    const termsPdf = await this.renderTerms(this.db, buyerId);
    const now = this.deps.clock();
    return this.transaction(async (tx) => {
      const buyer = await this.lock(tx, buyerId);
      if (!canCompleteRegistration(buyer.registrationStatus)) throw conflict(TERMS_LOCKED_MESSAGE);
      const result = await this.signatures.requestSignature(tx, {
        subject: { kind: "BUYER", id: buyerId },
        termsPdf,
        signer: { userId: user.id, name: user.name, email: user.email },
        requestedAt: now,
      });
      return {
        provider: result.provider,
        status: result.status,
        instructions: result.instructions,
        termsSha256: result.termsSha256,
      };
    });
  }

  /** Refuses an attachment before its bytes are read (the transaction checks again). */
  async assertCanAttach(user: SessionUser) {
    const { buyerId } = requireRegistrationEditor(user);
    const buyer = await repo.findBuyer(this.db, buyerId);
    if (!buyer) throw notFound("Órgão não encontrado.");
    if (!canCompleteRegistration(buyer.registrationStatus)) throw conflict(TERMS_LOCKED_MESSAGE);
  }

  /**
   * app/buyer/attachMembershipTerms: the signed PDF becomes a MEMBERSHIP_TERMS document of the body
   * and the signature is recorded as SIGNED (with its SHA-256 and whether it carries a digital
   * signature dictionary).
   */
  async attachTerms(user: SessionUser, term: ReceivedTerm) {
    const { buyerId } = requireRegistrationEditor(user);
    const now = this.deps.clock();
    const storageKey = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/${randomUUID()}.pdf`;
    let written = false;
    try {
      const result = await this.transaction(async (tx) => {
        const buyer = await this.lock(tx, buyerId);
        if (!canCompleteRegistration(buyer.registrationStatus)) throw conflict(TERMS_LOCKED_MESSAGE);
        await this.deps.storage.write(storageKey, term.bytes);
        written = true;
        const name = term.filename.toLowerCase().endsWith(".pdf") ? term.filename : `${term.filename}.pdf`;
        const fileId = await repo.insertStoredFile(tx, {
          storageKey,
          originalName: name,
          mimeType: "application/pdf",
          sizeBytes: term.bytes.length,
          sha256: sha256Hex(term.bytes),
          uploadedByUserId: user.id,
        });
        const documentId = await repo.insertDocument(tx, { buyerId, fileId, kind: "MEMBERSHIP_TERMS", name });
        const signed = await this.signatures.receiveSigned(tx, {
          subject: { kind: "BUYER", id: buyerId },
          signedPdf: term.bytes,
          signedFileId: fileId,
          signedAt: now,
          signer: { userId: user.id, name: user.name, email: user.email },
          currentTermsPdf: () => this.renderTerms(tx, buyerId),
        });
        return { documentId, name, signed };
      });
      return {
        id: result.documentId,
        name: result.name,
        kind: "MEMBERSHIP_TERMS" as const,
        url: `/api/app/buyer/document/${result.documentId}`,
        sha256: result.signed.signedSha256,
        signature: {
          provider: result.signed.provider,
          status: result.signed.status,
          hasDigitalSignature: result.signed.hasDigitalSignature,
        },
      };
    } catch (error) {
      if (written) await this.deps.storage.remove(storageKey).catch(() => {});
      throw error;
    }
  }

  /**
   * app/buyer/deleteDocument: only while the registration may still change (IN_PROGRESS or
   * REJECTED): under analysis the staff read these files, and once approved they are the record of
   * what was approved. The stored file stays (a signature row may point at it).
   */
  async deleteDocument(user: SessionUser, id: string) {
    const { buyerId } = requireRegistrationEditor(user);
    await this.transaction(async (tx) => {
      const buyer = await this.lock(tx, buyerId);
      const doc = await repo.findDocument(tx, id);
      if (!doc || doc.buyerId !== buyerId) throw notFound(DOCUMENT_NOT_FOUND);
      if (!canCompleteRegistration(buyer.registrationStatus)) throw conflict(TERMS_LOCKED_MESSAGE);
      await repo.deleteDocument(tx, id);
    });
    return { id };
  }

  /** GET app/buyer/document/:id: the body's own users and platform staff; anyone else 404. */
  async openDocument(user: SessionUser, id: string) {
    const doc = await repo.findDocument(this.db, id);
    if (!doc || (user.kind !== "ADMIN" && user.buyer?.id !== doc.buyerId)) throw notFound(DOCUMENT_NOT_FOUND);
    return { doc, stream: this.deps.storage.read(doc.storageKey) };
  }

  // ---- Helpers.

  private bodyColumns(input: BuyerRegistrationInput) {
    return {
      cnpj: input.cnpj,
      corporateName: input.corporateName,
      phoneNumber: input.phoneNumber,
      website: input.website,
      postalCode: input.address.postalCode,
      street: input.address.street,
      number: input.address.number,
      district: input.address.district,
      city: input.address.city,
      state: input.address.state,
      complement: input.address.complement,
      ibgeCode: input.address.ibgeCode,
      // §5 "Competent authority": name and CNPJ mirror the body's.
      competentAuthorityName: input.corporateName,
      competentAuthorityCnpj: input.cnpj,
    };
  }

  private staffColumns(row: BuyerStaffInput) {
    return {
      roles: row.role,
      kind: row.kind,
      department: row.department,
      internalPosition: row.internalPosition,
      registrationNumber: row.registrationNumber,
      appointmentOrderNumber: row.appointmentOrderNumber,
      appointmentOrderDate: row.appointmentOrderDate,
    };
  }

  private async lock(tx: DbOrTx, buyerId: string) {
    const buyer = await repo.lockBuyer(tx, buyerId);
    if (!buyer) throw notFound("Órgão não encontrado.");
    return buyer;
  }

  /** Every id named must be a row of this body; otherwise 404 and nothing is written. */
  private async assertOwn<T extends { id: string }>(
    found: Promise<T[]>,
    named: readonly (string | { id: string })[],
    message: string,
  ): Promise<T[]> {
    const rows = await found;
    const ids = new Set(named.map((n) => (typeof n === "string" ? n : n.id)));
    if (rows.length !== ids.size) throw notFound(message);
    return rows;
  }

  private async assertOfficesOwn(tx: DbOrTx, buyerId: string, rows: BuyerStaffInput[]) {
    const ids = [...new Set(rows.flatMap((r) => r.secretariesOffice))];
    if (ids.length === 0) return;
    const found = await repo.findSecretaryOffices(tx, buyerId, ids);
    if (found.length !== ids.length) throw notFound(SECRETARY_OFFICE_NOT_FOUND);
  }

  /**
   * A body that has been completed at least once (PENDING, APPROVED or REJECTED) keeps an
   * AUCTIONEER: without one it could not run its processes. While the first registration is being
   * filled (IN_PROGRESS) staff may come and go; the completion checks it then.
   */
  private async assertAuctioneerKept(tx: DbOrTx, buyer: repo.BuyerRow) {
    if (buyer.registrationStatus === "IN_PROGRESS") return;
    if ((await repo.auctioneerIds(tx, buyer.id)).length === 0) throw conflict(LAST_AUCTIONEER_MESSAGE);
  }

  /**
   * The user row of a person named in a form: the user with this e-mail when it is a BUYER user of
   * no other body (its CPF must match), else a new BUYER user with an unusable random password and
   * no confirmed e-mail, who gets in through the invitation link. A CPF that belongs to another user
   * is refused. An existing account keeps its own name once its owner has logged in.
   */
  private async resolvePerson(
    tx: DbOrTx,
    buyerId: string | null,
    person: BuyerPersonInput & { cellphoneNumber?: string },
    path: string,
    actingUserId: string,
  ): Promise<ResolvedPerson> {
    const [byEmail, byCpf] = await Promise.all([
      repo.findUserByEmail(tx, person.email),
      repo.findUserByCpf(tx, person.cpf),
    ]);
    if (byEmail && byCpf && byEmail.id !== byCpf.id) throw field(`${path}.cpf`, CPF_OF_OTHER_USER);
    if (!byEmail && byCpf) throw field(`${path}.cpf`, CPF_OTHER_EMAIL);
    if (byEmail) {
      if (byEmail.kind !== "BUYER") throw field(`${path}.email`, USER_NOT_BUYER);
      // Locked: two bodies naming the same person at once cannot both link it.
      await repo.lockUser(tx, byEmail.id);
      const bodies = await repo.bodiesOfUser(tx, byEmail.id);
      const ofThisBody = buyerId !== null && bodies.delete(buyerId);
      if (bodies.size > 0) throw field(`${path}.email`, USER_IN_OTHER_BODY);
      if (byEmail.cpf && byEmail.cpf !== person.cpf) throw field(`${path}.cpf`, CPF_MISMATCH);
      // An account someone already uses is theirs: a body links it only when it is the acting user
      // or already one of the body's people, never because a form named its e-mail and CPF.
      const inUse = Boolean(byEmail.emailConfirmedAt);
      if (inUse && byEmail.id !== actingUserId && !ofThisBody) throw field(`${path}.email`, USER_HAS_ACCOUNT);
      // An invitation nobody has taken up yet may be corrected; a used account keeps its own data.
      if (!inUse)
        await repo.updateUser(tx, byEmail.id, {
          cpf: person.cpf,
          name: person.name,
          phoneNumber: person.phoneNumber,
          ...(person.cellphoneNumber ? { cellphoneNumber: person.cellphoneNumber } : {}),
        });
      return { userId: byEmail.id, pending: !inUse };
    }
    const created = await repo.insertUser(tx, {
      kind: "BUYER",
      name: person.name,
      email: person.email,
      cpf: person.cpf,
      phoneNumber: person.phoneNumber,
      cellphoneNumber: person.cellphoneNumber ?? null,
      passwordHash: await hashPassword(randomBytes(32).toString("base64url")),
      emailConfirmedAt: null,
    });
    return { userId: created.id, pending: true };
  }

  private async invitation(tx: DbOrTx, userId: string): Promise<Invitation> {
    const invited = await repo.findUserById(tx, userId);
    if (!invited) throw new Error("invited user not found");
    const { token, validForMs } = await issueAccountToken(tx, {
      userId,
      purpose: "SET_PASSWORD",
      now: this.deps.clock(),
    });
    return { email: invited.email, name: invited.name, token, validForMs };
  }

  /** After the commit: one staffInvitation e-mail each; a mail failure is logged, the change stays. */
  private async sendInvitations(buyerId: string, invitations: Invitation[]) {
    if (invitations.length === 0) return;
    const buyer = await repo.findBuyer(this.db, buyerId);
    for (const invitation of invitations) {
      const mail = renderMail(
        "staffInvitation",
        {
          name: invitation.name,
          buyerName: buyer?.corporateName ?? "",
          token: invitation.token,
          validForMs: invitation.validForMs,
        },
        this.deps.publicUrl,
      );
      try {
        await this.deps.mailer.send({ to: invitation.email, ...mail });
      } catch (error) {
        this.deps.log(error, `convite para ${invitation.email} não enviado`);
      }
    }
  }

  /** The adhesion term with the body's data and its competent authority (membership-terms.ts). */
  private async renderTerms(db: DbOrTx, buyerId: string) {
    const buyer = await repo.findBuyer(db, buyerId);
    if (!buyer) throw notFound("Órgão não encontrado.");
    const authority = buyer.competentAuthorityUserId
      ? await repo.findUserById(db, buyer.competentAuthorityUserId)
      : undefined;
    const address = [
      [buyer.street, buyer.number].filter(Boolean).join(", "),
      buyer.complement,
      buyer.district,
      [buyer.city, buyer.state].filter(Boolean).join("/"),
      buyer.postalCode ? `CEP ${formatCep(buyer.postalCode)}` : null,
    ]
      .filter(Boolean)
      .join(" — ");
    const party: MembershipParty = {
      name: buyer.corporateName,
      document: buyer.cnpj,
      address: address || null,
      email: authority?.email ?? null,
      phoneNumber: buyer.phoneNumber,
      representative: authority
        ? { name: authority.name, cpf: authority.cpf, role: "Autoridade competente" }
        : null,
    };
    return renderMembershipTerms("BUYER", party, this.deps.clock());
  }

  /** A transaction whose unique-CNPJ race (two bodies saved at once) answers as the check does. */
  private async transaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(work);
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === "buyers_cnpj_key") throw field("cnpj", CNPJ_TAKEN_MESSAGE);
      if (constraint === "users_email_key" || constraint === "users_cpf_key")
        throw conflict("Outro cadastro usou este e-mail ou CPF ao mesmo tempo. Tente novamente.");
      // A secretariat or a person still named by a process's planning (areas, responsibles, risks).
      if (foreignKeyViolation(error) !== undefined) throw conflict(IN_USE_BY_PROCESSES_MESSAGE);
      throw error;
    }
  }
}

/**
 * No one grants more than they hold: the body's account and its competent authority give any
 * profile; another editor (an unrestricted staff member) only profiles it has itself.
 */
function assertGrantable(user: SessionUser, roles: readonly StaffRole[]) {
  const buyer = user.buyer;
  if (!buyer || buyer.isBuyerAccount || buyer.isCompetentAuthority) return;
  if (roles.some((role) => !buyer.staffRoles.includes(role))) throw forbidden(GRANT_MESSAGE);
}
