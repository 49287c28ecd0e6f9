import { createHash } from "node:crypto";
import type { RegistrationSubjectKind } from "@certame/domain";
import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { membershipSignatures } from "../../db/schema";

/**
 * The signature of a membership (adhesion) term (notices-and-accounts §2.11 'Assinatura do Termo';
 * issue 13: the spec's "signature request" becomes a provider interface). A provider is asked to
 * have the term signed, then receives the signed PDF. The built-in provider 'upload' asks nothing of
 * an outside service: the user signs the PDF (ICP-Brasil certificate, or by hand and notarised) and
 * attaches it; the platform records the SHA-256 of the term it issued and of the signed file.
 * Used by the buyer accreditation and the supplier registration alike (subject BUYER or SUPPLIER).
 */

export interface SignatureSubject {
  kind: RegistrationSubjectKind;
  /** The body (kind BUYER) or the supplier (kind SUPPLIER) whose term it is. */
  id: string;
}

export interface SignatureSigner {
  userId: string;
  name: string;
  email: string;
  cpf?: string | null;
}

export interface SignatureRequestInput {
  subject: SignatureSubject;
  /** The term as the platform issued it (renderMembershipTerms). */
  termsPdf: Buffer;
  signer: SignatureSigner;
  requestedAt: Date;
}

export interface SignatureRequestResult {
  id: string;
  provider: string;
  status: "REQUESTED" | "SIGNED";
  termsSha256: string;
  /** What the user does next, in pt-BR. */
  instructions: string;
}

export interface SignedTermInput {
  subject: SignatureSubject;
  /** The signed PDF's bytes (to look for a signature) and its stored file. */
  signedPdf: Buffer;
  signedFileId: string;
  signedAt: Date;
  /** Who attached it. */
  signer: SignatureSigner;
  /** The term the platform issues now: recorded when the file arrives without an earlier request. */
  currentTermsPdf: () => Promise<Buffer>;
}

export interface SignedTermResult {
  id: string;
  provider: string;
  status: "SIGNED";
  signedSha256: string;
  hasDigitalSignature: boolean;
}

export interface SignatureProvider {
  readonly name: string;
  requestSignature(tx: DbOrTx, input: SignatureRequestInput): Promise<SignatureRequestResult>;
  receiveSigned(tx: DbOrTx, input: SignedTermInput): Promise<SignedTermResult>;
}

export const sha256Hex = (bytes: Buffer | Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * Whether a PDF holds a digital signature dictionary (ISO 32000-1 §12.8.1): a /ByteRange together
 * with /Type /Sig or a PKCS#7 / CAdES /SubFilter. Signature dictionaries are written as plain
 * objects of an incremental update (their /Contents is patched in place after hashing, so they are
 * never inside a compressed object stream), which is why scanning the bytes finds them. This says
 * the file claims a signature; validating the certificate chain is the analyst's job.
 */
export function pdfHasSignatureDictionary(pdf: Buffer): boolean {
  const text = pdf.toString("latin1");
  if (!/\/ByteRange\s*\[/.test(text)) return false;
  return /\/Type\s*\/Sig\b/.test(text) || /\/SubFilter\s*\/(adbe\.pkcs7\.|ETSI\.CAdES\.)/.test(text);
}

export const UPLOAD_SIGNATURE_INSTRUCTIONS =
  "Baixe o termo de adesão, assine-o com um certificado digital ICP-Brasil (e-CPF ou e-CNPJ) e anexe o PDF assinado em 'Anexar Termo de Adesão'.";

const subjectColumns = (subject: SignatureSubject) =>
  subject.kind === "BUYER"
    ? { subjectKind: subject.kind, buyerId: subject.id, supplierId: null }
    : { subjectKind: subject.kind, buyerId: null, supplierId: subject.id };

const subjectFilter = (subject: SignatureSubject) =>
  subject.kind === "BUYER"
    ? and(eq(membershipSignatures.subjectKind, "BUYER"), eq(membershipSignatures.buyerId, subject.id))
    : and(eq(membershipSignatures.subjectKind, "SUPPLIER"), eq(membershipSignatures.supplierId, subject.id));

/** The latest signature row of a subject (the state the screens show), or undefined. */
export async function latestMembershipSignature(db: DbOrTx, subject: SignatureSubject) {
  const [row] = await db
    .select()
    .from(membershipSignatures)
    .where(subjectFilter(subject))
    .orderBy(desc(membershipSignatures.requestedAt), desc(membershipSignatures.createdDate))
    .limit(1);
  return row;
}

/** The built-in provider: the signed PDF is uploaded by the user. */
export class UploadSignatureProvider implements SignatureProvider {
  readonly name = "upload";

  async requestSignature(tx: DbOrTx, input: SignatureRequestInput): Promise<SignatureRequestResult> {
    const termsSha256 = sha256Hex(input.termsPdf);
    const [row] = await tx
      .insert(membershipSignatures)
      .values({
        ...subjectColumns(input.subject),
        provider: this.name,
        status: "REQUESTED",
        requestedByUserId: input.signer.userId,
        requestedAt: input.requestedAt,
        termsSha256,
      })
      .returning({ id: membershipSignatures.id });
    if (!row) throw new Error("membership signature not inserted");
    return {
      id: row.id,
      provider: this.name,
      status: "REQUESTED",
      termsSha256,
      instructions: UPLOAD_SIGNATURE_INSTRUCTIONS,
    };
  }

  /**
   * Marks the open request SIGNED with the file; a file attached without a request (the notarised
   * path of §2.11) gets a row of its own, recording the term the platform issues at that moment.
   */
  async receiveSigned(tx: DbOrTx, input: SignedTermInput): Promise<SignedTermResult> {
    const signedSha256 = sha256Hex(input.signedPdf);
    const hasDigitalSignature = pdfHasSignatureDictionary(input.signedPdf);
    const signed = {
      status: "SIGNED" as const,
      signedFileId: input.signedFileId,
      signedSha256,
      hasDigitalSignature,
      signedAt: input.signedAt,
    };
    const latest = await latestMembershipSignature(tx, input.subject);
    let id: string;
    if (latest?.status === "REQUESTED" && latest.provider === this.name) {
      await tx.update(membershipSignatures).set(signed).where(eq(membershipSignatures.id, latest.id));
      id = latest.id;
    } else {
      const [row] = await tx
        .insert(membershipSignatures)
        .values({
          ...subjectColumns(input.subject),
          provider: this.name,
          requestedByUserId: input.signer.userId,
          requestedAt: input.signedAt,
          termsSha256: sha256Hex(await input.currentTermsPdf()),
          ...signed,
        })
        .returning({ id: membershipSignatures.id });
      if (!row) throw new Error("membership signature not inserted");
      id = row.id;
    }
    return { id, provider: this.name, status: "SIGNED", signedSha256, hasDigitalSignature };
  }
}

/** The providers the platform offers; 'upload' is the default. */
export const SIGNATURE_PROVIDERS: Record<string, SignatureProvider> = {
  upload: new UploadSignatureProvider(),
};
export const defaultSignatureProvider = (): SignatureProvider =>
  SIGNATURE_PROVIDERS.upload as SignatureProvider;
