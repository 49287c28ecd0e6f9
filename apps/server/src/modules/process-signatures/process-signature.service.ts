import { randomUUID } from "node:crypto";
import {
  buildSignatureManifest,
  isSignatureStale,
  maskCpfForPublic,
  PROCESS_EDIT_NOT_ALLOWED_MESSAGE,
  PROCESS_STEP_KIND_LABELS,
  type ProcessSignInput,
  PUBLIC_MANIFEST_NOTE,
  processFileName,
  SIGNABLE_DOCUMENT_KINDS,
  SIGNATURE_ALREADY_SIGNED_MESSAGE,
  SIGNATURE_METHOD_LABELS,
  SIGNATURE_NO_DICTIONARY_MESSAGE,
  SIGNATURE_NOT_FOUND_MESSAGE,
  SIGNATURE_NOT_SIGNED_MESSAGE,
  SIGNATURE_OTHER_DOCUMENT_MESSAGE,
  SIGNATURE_STALE_VERSION_MESSAGE,
  SIGNATURE_WRONG_PASSWORD_MESSAGE,
  type SignableDocumentKind,
  type SignatureMethod,
  signerRoleLabel,
  signRefusal,
} from "@certame/domain";
import type { Clock } from "../../clock/clock";
import type { Db } from "../../db/client";
import { uniqueViolation } from "../../db/errors";
import { renderDocument } from "../../files/document-file";
import { renderDocumentPdf } from "../../files/document-pdf";
import type { FileStorage } from "../../files/file-storage";
import { insertStoredPdf } from "../../files/stored-files.repository";
import { badRequest, conflict, notFound } from "../../http/errors";
import { safeFileName } from "../../http/send-file";
import { findUserById } from "../auth/auth.repository";
import { buyerName } from "../buyers/buyer.repository";
import { findNotice } from "../notices/notice.repository";
import { lockWritableProcess, type Planner, readableProcess } from "../processes/process.policy";
import { appendProcessEvent, findProcess } from "../processes/process.repository";
import { pdfHasSignatureDictionary, sha256Hex } from "../registration/signature-provider";
import * as repo from "./process-signature.repository";
import { type CurrentDocument, SignableDocuments } from "./signable-documents";

/** What the password check needs of the auth module (AuthService.confirmPassword). */
export interface PasswordCheck {
  confirmPassword(userId: string, password: string, address: string): Promise<boolean>;
}

/** A signature as the screens show it: the CPF masked, stale when the document changed since. */
export interface SignatureView {
  id: string;
  kind: SignableDocumentKind;
  method: SignatureMethod;
  methodLabel: string;
  signerName: string;
  signerCpf: string;
  signerRole: string;
  signedAt: string;
  documentSha256: string;
  stale: boolean;
  /** UPLOADED: the signed PDF sent (GET url for the body's planners). */
  signedFile: { name: string; sha256: string; hasDigitalSignature: boolean; url: string } | null;
}

export const signedFileUrl = (signatureId: string) => `/api/app/process/signature/file/${signatureId}`;
export const publicSignedUrl = (noticeId: string, kind: SignableDocumentKind) =>
  `/api/public/auction/signatures/${noticeId}/${kind}`;

/** The public manifest's file name part per document. */
const PUBLIC_KIND_SLUGS: Record<SignableDocumentKind, string> = {
  DEMAND_FORMALIZATION: "dfd",
  PRELIMINARY_TECHNICAL_STUDY: "etp",
  RISK_MANAGEMENT: "matriz-de-riscos",
  BUDGET: "pesquisa-de-precos",
  REFERENCE_TERM: "termo-de-referencia",
  AUCTION_NOTICE: "edital",
};

/** 'dfd-pa-21-2026.pdf' → 'dfd-pa-21-2026-assinado.pdf'. */
export const signedPdfName = (fileName: string) => `${fileName.replace(/\.pdf$/i, "")}-assinado.pdf`;

function view(row: repo.SignatureRow, currentSha256: string): SignatureView {
  return {
    id: row.id,
    kind: row.documentKind,
    method: row.method,
    methodLabel: SIGNATURE_METHOD_LABELS[row.method],
    signerName: row.signerName,
    signerCpf: maskCpfForPublic(row.signerCpf),
    signerRole: row.signerRole,
    signedAt: row.signedAt.toISOString(),
    documentSha256: row.documentSha256,
    stale: isSignatureStale(row.documentSha256, currentSha256),
    signedFile:
      row.method === "UPLOADED" && row.fileName && row.signedFileSha256
        ? {
            name: row.fileName,
            sha256: row.signedFileSha256,
            hasDigitalSignature: row.hasDigitalSignature,
            url: signedFileUrl(row.id),
          }
        : null,
  };
}

/**
 * "Same document" for a signed PDF sent by its signer (docs/decisions.md "Signatures of a process's
 * documents"): either the file begins with the exact bytes of the PDF the platform issues now — an
 * incremental update (ISO 32000-1 §7.5.6), the way PAdES signers add a signature without touching
 * what was signed — or, for a signer's tool that rewrote the file, it still carries the platform's
 * document id and version that the issued PDF has in its Keywords (plain or as a hex string).
 */
export function isSameDocument(signed: Buffer, current: Pick<CurrentDocument, "pdf" | "keywords">): boolean {
  if (signed.length > current.pdf.length && signed.subarray(0, current.pdf.length).equals(current.pdf))
    return true;
  if (!current.keywords) return false;
  const text = signed.toString("latin1");
  if (text.includes(current.keywords)) return true;
  const hex = Buffer.from(current.keywords, "latin1").toString("hex");
  return text.toLowerCase().includes(hex);
}

/**
 * The signatures of a process's documents (planning §2.3 'Assinar o Documento', 'Imprimir pdf
 * assinado', column 'Assinaturas'; issue 35 item 3). A signature records the SHA-256 of the
 * document's PDF as its step issues it, the signer (name, CPF, profile), the server's instant and the
 * method: the platform's own simple electronic signature after the signer typed the password again
 * (Lei 14.063/2020 art. 4 I), or a signed PDF of that same document. Only the body's planners act
 * (route rows 'planning'; another body's process answers 404); each signature is one transaction,
 * taken under the process's lock, with its line in the process's log.
 */
export class ProcessSignatureService {
  readonly documents: SignableDocuments;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly storage: FileStorage,
    private readonly passwords: PasswordCheck,
  ) {
    this.documents = new SignableDocuments(db, clock, storage);
  }

  /** POST app/process/signature/read: the document's current SHA-256 and its signatures. */
  async read(planner: Planner, input: { processId: string; kind: SignableDocumentKind }) {
    const process = await readableProcess(this.db, planner, input.processId);
    const current = await this.documents.current(planner, process.id, input.kind);
    const rows = await repo.signaturesOf(this.db, process.id, input.kind);
    return {
      kind: input.kind,
      title: current.title,
      documentSha256: current.sha256,
      fileName: current.doc.fileName("pdf"),
      signatures: rows.map((r) => view(r, current.sha256)),
    };
  }

  /** POST app/process/signature/sign: the platform's signature of the version the signer saw. */
  async sign(planner: Planner, input: ProcessSignInput, address: string) {
    const process = await this.signable(planner, input.processId, input.kind);
    const current = await this.documents.current(planner, process.id, input.kind);
    // What refuses the signature anyway is said before the password is checked (and counted).
    await this.assertMaySign(planner, process.id, current, input.documentSha256);
    if (!(await this.passwords.confirmPassword(planner.user.id, input.password, address)))
      throw badRequest(SIGNATURE_WRONG_PASSWORD_MESSAGE, [
        { property: "password", errorMessages: [SIGNATURE_WRONG_PASSWORD_MESSAGE] },
      ]);
    await this.record(planner, process.id, current, null);
    return this.read(planner, { processId: process.id, kind: input.kind });
  }

  /** POST app/process/signature/upload: a signed PDF of the document's current version. */
  async upload(
    planner: Planner,
    input: { processId: string; kind: SignableDocumentKind; documentSha256?: string },
    file: { filename: string; bytes: Buffer },
  ) {
    const process = await this.signable(planner, input.processId, input.kind);
    const current = await this.documents.current(planner, process.id, input.kind);
    await this.assertMaySign(planner, process.id, current, input.documentSha256);
    if (!pdfHasSignatureDictionary(file.bytes))
      throw badRequest(SIGNATURE_NO_DICTIONARY_MESSAGE, [
        { property: "file", errorMessages: [SIGNATURE_NO_DICTIONARY_MESSAGE] },
      ]);
    if (!isSameDocument(file.bytes, current))
      throw badRequest(SIGNATURE_OTHER_DOCUMENT_MESSAGE, [
        { property: "file", errorMessages: [SIGNATURE_OTHER_DOCUMENT_MESSAGE] },
      ]);
    const now = this.clock();
    const storageKey = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/${randomUUID()}.pdf`;
    const name = file.filename.toLowerCase().endsWith(".pdf") ? file.filename : `${file.filename}.pdf`;
    await this.storage.write(storageKey, file.bytes);
    try {
      await this.record(planner, process.id, current, {
        storageKey,
        name,
        bytes: file.bytes,
      });
    } catch (error) {
      await this.storage.remove(storageKey).catch(() => {});
      throw error;
    }
    return this.read(planner, { processId: process.id, kind: input.kind });
  }

  /** GET app/process/signature/pdf/:kind/:processId ('Imprimir pdf assinado'): the PDF and its manifest. */
  async signedPdf(planner: Planner, processId: string, kind: SignableDocumentKind) {
    const process = await readableProcess(this.db, planner, processId);
    const rows = await repo.signaturesOf(this.db, process.id, kind);
    if (!rows.length) throw notFound(SIGNATURE_NOT_SIGNED_MESSAGE);
    const current = await this.documents.current(planner, process.id, kind);
    return {
      fileName: signedPdfName(current.doc.fileName("pdf")),
      bytes: await this.print(current, process.processNumber, planner.buyerId, rows),
    };
  }

  /** GET app/process/signature/file/:id: the signed PDF a signer sent, for the body's planners. */
  async signedFile(planner: Planner, signatureId: string) {
    const row = await repo.findSignature(this.db, signatureId);
    if (!row) throw notFound(SIGNATURE_NOT_FOUND_MESSAGE);
    await readableProcess(this.db, planner, row.processId);
    if (!row.storageKey || !row.fileName) throw notFound(SIGNATURE_NOT_FOUND_MESSAGE);
    return {
      name: row.fileName,
      mimeType: row.mimeType ?? "application/pdf",
      stream: this.storage.read(row.storageKey),
    };
  }

  /**
   * The 'Assinaturas' column of app/process/read: each document's signatures, stale against the
   * document as it renders now (only the documents that have signatures are rendered).
   */
  async stepSignatures(planner: Planner, processId: string) {
    const rows = await repo.signaturesOf(this.db, processId);
    const byKind = new Map<SignableDocumentKind, repo.SignatureRow[]>();
    for (const r of rows) byKind.set(r.documentKind, [...(byKind.get(r.documentKind) ?? []), r]);
    const out: Partial<Record<SignableDocumentKind, SignatureView[]>> = {};
    for (const [kind, list] of byKind) {
      const sha = await this.currentSha(planner, processId, kind);
      out[kind] = list.map((r) => view(r, sha));
    }
    return out;
  }

  /**
   * The process's .zip (issue 35 item 5 'Baixar arquivos do processo'): per signed document, its PDF
   * with the manifest, and every signed PDF sent by a signer.
   */
  async archiveFiles(planner: Planner, process: { id: string; processNumber: string }) {
    const rows = await repo.signaturesOf(this.db, process.id);
    const kinds = [...new Set(rows.map((r) => r.documentKind))];
    const files: ({ name: string; title: string; sha256: string; mtime: Date } & (
      | { bytes: Buffer }
      | { storageKey: string }
    ))[] = [];
    for (const kind of kinds) {
      const own = rows.filter((r) => r.documentKind === kind);
      const current = await this.documents.current(planner, process.id, kind).catch(() => undefined);
      if (current) {
        const bytes = await this.print(current, process.processNumber, planner.buyerId, own);
        files.push({
          name: `assinaturas/${signedPdfName(current.doc.fileName("pdf"))}`,
          title: `${current.title} com o manifesto de assinaturas`,
          bytes,
          sha256: sha256Hex(bytes),
          mtime: this.clock(),
        });
      }
      for (const r of own)
        if (r.method === "UPLOADED" && r.storageKey && r.signedFileSha256)
          files.push({
            name: `assinaturas/${safeFileName(r.fileName ?? "documento-assinado.pdf", 200)}`,
            title: `${current?.title ?? r.documentKind} — PDF assinado enviado por ${r.signerName}`,
            storageKey: r.storageKey,
            sha256: r.signedFileSha256,
            mtime: r.signedAt,
          });
    }
    return files;
  }

  /**
   * The public notice page's signed documents (issue 35 item 5): a published notice made from a
   * process lists each document of the process that has signatures — who signed, when, how, and
   * whether the document changed since — with its public file: the edital signed with its manifest
   * (the edital is public as a whole), the manifest alone for the plan's documents (their internal
   * version may hold the secret estimate and the staff's e-mails; the notice's annexes are their
   * public version). No CPF in the list; the manifest masks it.
   */
  async publicSignatures(noticeId: string) {
    const found = await this.publishedProcess(noticeId);
    if (!found) return { documents: [] };
    const rows = await repo.signaturesOf(this.db, found.process.id);
    const documents: {
      kind: SignableDocumentKind;
      title: string;
      withDocument: boolean;
      url: string;
      signatures: {
        signerName: string;
        signerRole: string;
        signedAt: string;
        methodLabel: string;
        stale: boolean;
      }[];
    }[] = [];
    for (const kind of SIGNABLE_DOCUMENT_KINDS) {
      const own = rows.filter((r) => r.documentKind === kind);
      if (!own.length) continue;
      const sha = await this.currentSha(found.reader, found.process.id, kind);
      documents.push({
        kind,
        title: PROCESS_STEP_KIND_LABELS[kind],
        withDocument: kind === "AUCTION_NOTICE",
        url: publicSignedUrl(noticeId, kind),
        signatures: own.map((r) => ({
          signerName: r.signerName,
          signerRole: r.signerRole,
          signedAt: r.signedAt.toISOString(),
          methodLabel: SIGNATURE_METHOD_LABELS[r.method],
          stale: isSignatureStale(r.documentSha256, sha),
        })),
      });
    }
    return { documents };
  }

  /** GET public/auction/signatures/:id/:kind: the signed edital with its manifest, or a plan document's manifest. */
  async publicSignedPdf(noticeId: string, kind: SignableDocumentKind) {
    const found = await this.publishedProcess(noticeId);
    const rows = found ? await repo.signaturesOf(this.db, found.process.id, kind) : [];
    if (!found || !rows.length) throw notFound(SIGNATURE_NOT_SIGNED_MESSAGE);
    const { process, reader } = found;
    const current = await this.documents.current(reader, process.id, kind).catch(() => undefined);
    if (kind === "AUCTION_NOTICE" && current)
      return {
        fileName: signedPdfName(current.doc.fileName("pdf")),
        bytes: await this.print(current, process.processNumber, process.buyerId, rows),
      };
    const manifest = buildSignatureManifest({
      ...(await this.manifestInput(process.processNumber, process.buyerId, rows)),
      documentTitle: PROCESS_STEP_KIND_LABELS[kind],
      currentSha256: current?.sha256 ?? "-",
      note: PUBLIC_MANIFEST_NOTE,
    });
    return {
      fileName: processFileName(`assinaturas-${PUBLIC_KIND_SLUGS[kind]}`, process.processNumber, "pdf"),
      bytes: await renderDocumentPdf(manifest, { issuedAt: this.clock() }),
    };
  }

  /** A published, live notice's planning process, and a reader of the body's documents for it. */
  private async publishedProcess(noticeId: string) {
    const found = await findNotice(this.db, noticeId);
    const notice = found?.notice;
    if (!notice || notice.isDeleted || notice.status === "PENDING" || !notice.processId) return undefined;
    const process = await findProcess(this.db, notice.processId);
    if (!process || process.isDeleted) return undefined;
    // The documents are read as the body's own (their services check the body, nothing else of the user).
    const reader: Planner = {
      user: { id: "", name: "", email: "", kind: "BUYER" },
      buyerId: process.buyerId,
    };
    return { process, reader };
  }

  private async currentSha(planner: Planner, processId: string, kind: SignableDocumentKind) {
    // A notice deleted after its edital was signed: no current edital, so its signatures are stale.
    return this.documents
      .current(planner, processId, kind)
      .then((c) => c.sha256)
      .catch(() => "");
  }

  private async print(
    current: CurrentDocument,
    processNumber: string,
    buyerId: string,
    rows: repo.SignatureRow[],
  ) {
    const manifest = buildSignatureManifest({
      ...(await this.manifestInput(processNumber, buyerId, rows)),
      documentTitle: current.title,
      currentSha256: current.sha256,
    });
    return renderDocument(current.doc, "pdf", { appendix: manifest });
  }

  private async manifestInput(processNumber: string, buyerId: string, rows: repo.SignatureRow[]) {
    return {
      processNumber,
      buyerName: await buyerName(this.db, buyerId),
      issuedAt: this.clock().toISOString(),
      signatures: rows.map((r) => ({
        signerName: r.signerName,
        signerCpf: r.signerCpf,
        signerRole: r.signerRole,
        signedAt: r.signedAt.toISOString(),
        method: r.method,
        documentSha256: r.documentSha256,
        signedFileSha256: r.signedFileSha256,
        signedFileName: r.fileName,
      })),
    };
  }

  /** The process (the planner's, not deleted) and a document that has something to sign. */
  private async signable(planner: Planner, processId: string, kind: SignableDocumentKind) {
    const process = await readableProcess(this.db, planner, processId);
    if (process.isDeleted) throw conflict(PROCESS_EDIT_NOT_ALLOWED_MESSAGE);
    await this.documents.assertFilled(process.id, kind);
    return process;
  }

  /** The version the signer read must be the current one, and not one the signer signed already. */
  private async assertMaySign(
    planner: Planner,
    processId: string,
    current: CurrentDocument,
    seenSha256: string | undefined,
  ) {
    const refusal = signRefusal({
      currentSha256: current.sha256,
      seenSha256,
      signerUserId: planner.user.id,
      signatures: await repo.signaturesOf(this.db, processId, current.kind),
    });
    if (refusal === "STALE_VERSION") throw conflict(SIGNATURE_STALE_VERSION_MESSAGE);
    if (refusal === "ALREADY_SIGNED") throw conflict(SIGNATURE_ALREADY_SIGNED_MESSAGE);
  }

  /**
   * Records one signature of `current`, the version the signer read and the server rendered (a save
   * committed meanwhile makes it stale at once, as any later one; it is still what was signed). One
   * transaction under the process's lock; a signer signs a version once (and the unique index).
   */
  private async record(
    planner: Planner,
    processId: string,
    current: CurrentDocument,
    upload: { storageKey: string; name: string; bytes: Buffer } | null,
  ) {
    const kind = current.kind;
    const now = this.clock();
    const user = await findUserById(this.db, planner.user.id);
    const member = planner.user.buyer;
    const signerRole = member
      ? signerRoleLabel({
          isBuyerAccount: member.isBuyerAccount,
          isCompetentAuthority: member.isCompetentAuthority,
          staffRoles: member.staffRoles,
        })
      : "-";
    try {
      await this.db.transaction(async (tx) => {
        await lockWritableProcess(tx, planner, processId);
        const refusal = signRefusal({
          currentSha256: current.sha256,
          signerUserId: planner.user.id,
          signatures: await repo.signaturesOf(tx, processId, kind),
        });
        if (refusal === "ALREADY_SIGNED") throw conflict(SIGNATURE_ALREADY_SIGNED_MESSAGE);
        const signedFileSha256 = upload ? sha256Hex(upload.bytes) : null;
        const fileId = upload
          ? await insertStoredPdf(tx, {
              storageKey: upload.storageKey,
              originalName: upload.name,
              sizeBytes: upload.bytes.length,
              sha256: signedFileSha256 as string,
              userId: planner.user.id,
            })
          : null;
        const method: SignatureMethod = upload ? "UPLOADED" : "PLATFORM";
        const id = await repo.insertSignature(tx, {
          processId,
          documentKind: kind,
          documentSha256: current.sha256,
          method,
          signerUserId: planner.user.id,
          signerName: user?.name ?? planner.user.name,
          signerCpf: user?.cpf ?? null,
          signerRole,
          signedAt: now,
          fileId,
          signedFileSha256,
          hasDigitalSignature: upload ? pdfHasSignatureDictionary(upload.bytes) : false,
        });
        await appendProcessEvent(tx, {
          processId,
          eventType: "DOCUMENT_SIGNED",
          actorUserId: planner.user.id,
          payload: { signatureId: id, kind, method, documentSha256: current.sha256, signedFileSha256 },
          occurredAt: now,
        });
      });
    } catch (error) {
      // Two signatures of one version by one signer at once: the unique index decides.
      if (uniqueViolation(error)) throw conflict(SIGNATURE_ALREADY_SIGNED_MESSAGE);
      throw error;
    }
  }
}
