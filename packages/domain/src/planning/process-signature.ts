import { STAFF_ROLE_LABELS, type StaffRole } from "../enums/staff-role";
import { brasiliaParts } from "../format/dates";
import type { DocumentBlock, DocumentModel } from "../format/document-model";
import { formatCpf } from "../format/documents";
import { onlyDigits } from "../format/masks";
import { z } from "../schemas/zod";

// Signatures of a process's documents (planning §2.3 'Assinar o Documento', 'Imprimir pdf assinado',
// column 'Assinaturas'; issue 35 item 3; DESIGN §4a "Signatures"). A signature binds a signer to the
// SHA-256 of the document's PDF exactly as the platform renders it: the platform's own simple
// electronic signature (Lei 14.063/2020 art. 4 I), given after the signer re-enters the password, or a
// signed PDF of that same document sent by the signer. A document changed afterwards renders other
// bytes, so its earlier signatures read as stale ('desatualizada').

/** The steps whose 'Assinar o Documento' §2.3 shows (hidden for PRICES_SUBMISSION and CONTRACT). */
export const SIGNABLE_DOCUMENT_KINDS = [
  "DEMAND_FORMALIZATION",
  "PRELIMINARY_TECHNICAL_STUDY",
  "RISK_MANAGEMENT",
  "BUDGET",
  "REFERENCE_TERM",
  "AUCTION_NOTICE",
] as const;
export type SignableDocumentKind = (typeof SIGNABLE_DOCUMENT_KINDS)[number];

export const isSignableDocumentKind = (kind: string): kind is SignableDocumentKind =>
  (SIGNABLE_DOCUMENT_KINDS as readonly string[]).includes(kind);

export const SIGNATURE_METHODS = ["PLATFORM", "UPLOADED"] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];

/** The method as the manifest and the screens name it. */
export const SIGNATURE_METHOD_LABELS: Record<SignatureMethod, string> = {
  PLATFORM: "Assinatura eletrônica simples (Lei 14.063/2020)",
  UPLOADED: "PDF assinado enviado",
};

export const PROCESS_SIGNATURE_TEXTS = {
  stale: "desatualizada",
  current: "vigente",
  manifestTitle: "Manifesto de Assinaturas",
} as const;

// Messages (ours: the spec quotes none for signatures).
export const SIGNATURE_ALREADY_SIGNED_MESSAGE = "Você já assinou esta versão do documento: já assinado.";
export const SIGNATURE_STALE_VERSION_MESSAGE =
  "O documento mudou depois que você o abriu: esta versão está desatualizada. Confira a versão atual e assine novamente.";
export const SIGNATURE_WRONG_PASSWORD_MESSAGE = "Senha incorreta.";
export const SIGNATURE_EMPTY_DOCUMENT_MESSAGE =
  "O documento ainda não foi preenchido: não há o que assinar nesta etapa.";
export const SIGNATURE_NOT_SIGNED_MESSAGE = "O documento ainda não tem assinaturas.";
export const SIGNATURE_NOT_FOUND_MESSAGE = "Assinatura não encontrada.";
export const SIGNATURE_KIND_MESSAGE = "Esta etapa não tem documento a assinar.";
export const SIGNATURE_NO_DICTIONARY_MESSAGE =
  "O PDF enviado não contém uma assinatura digital (dicionário de assinatura com /ByteRange). Assine o PDF baixado desta etapa com o seu certificado e envie o arquivo assinado.";
export const SIGNATURE_OTHER_DOCUMENT_MESSAGE =
  "O PDF assinado não é a versão atual deste documento: baixe o PDF desta etapa, assine-o sem alterá-lo e envie o arquivo assinado.";
export const SIGNATURE_FILE_MESSAGE = "Envie o documento assinado em PDF, com até 10 MB.";
export const SIGNED_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

const SHA256 = /^[0-9a-f]{64}$/;
const sha256Field = z
  .string({ error: "Campo obrigatório" })
  .trim()
  .toLowerCase()
  .regex(SHA256, "Resumo SHA-256 inválido");

/** POST app/process/signature/sign: the platform's own signature of the version the signer saw. */
export const processSignSchema = z.object({
  processId: z.uuid("Identificador inválido"),
  kind: z.enum(SIGNABLE_DOCUMENT_KINDS, { error: SIGNATURE_KIND_MESSAGE }),
  documentSha256: sha256Field,
  password: z.string({ error: "Campo obrigatório" }).min(1, "Informe a sua senha.").max(200),
});
export type ProcessSignInput = z.infer<typeof processSignSchema>;

/** The multipart fields of POST app/process/signature/upload (the file apart). */
export const processSignUploadSchema = z.object({
  processId: z.uuid("Identificador inválido"),
  kind: z.enum(SIGNABLE_DOCUMENT_KINDS, { error: SIGNATURE_KIND_MESSAGE }),
  documentSha256: sha256Field.optional(),
});

/** POST app/process/signature/read: one document's current version and its signatures. */
export const processSignatureReadSchema = z.object({
  processId: z.uuid("Identificador inválido"),
  kind: z.enum(SIGNABLE_DOCUMENT_KINDS, { error: SIGNATURE_KIND_MESSAGE }),
});

/** POST public/auction/signatures/list: the signed documents of a published notice's process. */
export const publicSignaturesSchema = z.object({ auctionNoticeId: z.uuid("Identificador inválido") });

/** A signature is stale once the document renders other bytes than the ones signed. */
export const isSignatureStale = (signedSha256: string, currentSha256: string): boolean =>
  signedSha256 !== currentSha256;

export type SignRefusal = "STALE_VERSION" | "ALREADY_SIGNED";

/**
 * Whether a signer may sign the document now: the version the signer saw (when sent) must be the
 * current one, and a signer signs each version once; signing again after a change is allowed.
 */
export function signRefusal(input: {
  currentSha256: string;
  seenSha256?: string | null;
  signerUserId: string;
  signatures: readonly { signerUserId: string; documentSha256: string }[];
}): SignRefusal | null {
  if (input.seenSha256 && input.seenSha256 !== input.currentSha256) return "STALE_VERSION";
  const again = input.signatures.some(
    (s) => s.signerUserId === input.signerUserId && s.documentSha256 === input.currentSha256,
  );
  return again ? "ALREADY_SIGNED" : null;
}

/**
 * A CPF as a document that may be made public shows it (LGPD art. 6 III, necessity): the six middle
 * digits, the rest hidden, in the CPF's mask — '***.982.247-**', as federal transparency pages and
 * signature validators print it.
 */
export function maskCpfForPublic(raw: string | null | undefined): string {
  const digits = onlyDigits(raw ?? "");
  if (digits.length !== 11) return "-";
  const shown = formatCpf(digits);
  return `***${shown.slice(3, 12)}**`;
}

/** The signer's role as recorded: the staff profiles, or the body's own account. */
export function signerRoleLabel(member: {
  isBuyerAccount: boolean;
  isCompetentAuthority?: boolean;
  staffRoles: readonly StaffRole[];
}): string {
  const roles = member.staffRoles.map((r) => STAFF_ROLE_LABELS[r]);
  if (member.isCompetentAuthority) roles.unshift("Autoridade competente");
  if (roles.length === 0 && member.isBuyerAccount) roles.push("Conta do órgão");
  return roles.join(", ") || "-";
}

export interface ManifestSignature {
  signerName: string;
  signerCpf: string | null;
  signerRole: string;
  /** ISO instant. */
  signedAt: string;
  method: SignatureMethod;
  documentSha256: string;
  /** UPLOADED: the SHA-256 of the signed file sent, and whether it holds a signature dictionary. */
  signedFileSha256?: string | null;
  signedFileName?: string | null;
}

export interface SignatureManifestInput {
  documentTitle: string;
  processNumber: string;
  buyerName: string;
  /** The SHA-256 of the document's PDF as the platform renders it now. */
  currentSha256: string;
  signatures: readonly ManifestSignature[];
  /** ISO instant of the manifest. */
  issuedAt: string;
  /** A paragraph after the introduction (the public manifest says what it is the manifest of). */
  note?: string;
}

/**
 * The public notice page's manifest of a plan document (issue 35 item 5): the body's internal document
 * may carry a secret estimate (Lei 14.133/2021 art. 24) and its staff's e-mails, so only who signed it,
 * when and what (its SHA-256) is published — the annex the notice carries is the public version.
 */
export const PUBLIC_MANIFEST_NOTE =
  "Este manifesto registra as assinaturas do documento de planejamento do órgão. O documento assinado não é publicado por inteiro (pode conter a estimativa sigilosa do valor, Lei 14.133/2021 art. 24, e dados pessoais da equipe): o anexo do edital é a sua versão pública. O resumo SHA-256 identifica a versão assinada, guardada pelo órgão.";

const two = (n: number) => String(n).padStart(2, "0");
/** 'dd/mm/aaaa às HH:mm:ss (horário de Brasília)': a signature's instant, to the second. */
export function formatSignatureInstant(iso: string): string {
  const p = brasiliaParts(iso);
  return `${two(p.day)}/${two(p.month)}/${p.year} às ${two(p.hour)}:${two(p.minute)}:${two(p.second)} (horário de Brasília)`;
}

/**
 * The signature manifest printed after the document ('Imprimir pdf assinado'): the document, its
 * current SHA-256 and, per signature, the signer's name, masked CPF, role, instant (Brasília), method,
 * the SHA-256 of the version signed and whether that version is still the current one.
 */
export function buildSignatureManifest(input: SignatureManifestInput): DocumentModel {
  const stale = input.signatures.filter((s) => isSignatureStale(s.documentSha256, input.currentSha256));
  const blocks: DocumentBlock[] = [
    {
      kind: "fields",
      rows: [
        { label: "Documento", value: input.documentTitle },
        { label: "Processo", value: input.processNumber },
        { label: "Órgão", value: input.buyerName || "-" },
        { label: "SHA-256 da versão atual do documento", value: input.currentSha256 },
        { label: "Manifesto emitido em", value: formatSignatureInstant(input.issuedAt) },
      ],
    },
    {
      kind: "paragraph",
      text: "Cada assinatura vincula o signatário ao resumo SHA-256 do PDF do documento exatamente como a plataforma o emite. Uma assinatura cujo resumo difere do da versão atual é desatualizada: o documento mudou depois dela.",
    },
    ...(input.note ? [{ kind: "paragraph" as const, text: input.note }] : []),
  ];
  if (stale.length)
    blocks.push({
      kind: "paragraph",
      text: `Atenção: ${stale.length === 1 ? "1 assinatura está desatualizada" : `${stale.length} assinaturas estão desatualizadas`} — o documento foi alterado depois ${stale.length === 1 ? "dela" : "delas"}.`,
    });
  input.signatures.forEach((s, i) => {
    const isStale = isSignatureStale(s.documentSha256, input.currentSha256);
    blocks.push(
      { kind: "heading", level: 2, text: `Assinatura ${i + 1} — ${s.signerName}` },
      {
        kind: "fields",
        rows: [
          { label: "Signatário", value: s.signerName },
          { label: "CPF", value: maskCpfForPublic(s.signerCpf) },
          { label: "Perfil", value: s.signerRole || "-" },
          { label: "Data e hora", value: formatSignatureInstant(s.signedAt) },
          { label: "Forma", value: SIGNATURE_METHOD_LABELS[s.method] },
          { label: "SHA-256 do documento assinado", value: s.documentSha256 },
          ...(s.method === "UPLOADED" && s.signedFileSha256
            ? [
                {
                  label: "SHA-256 do PDF assinado enviado",
                  value: `${s.signedFileSha256}${s.signedFileName ? ` (${s.signedFileName})` : ""}`,
                },
              ]
            : []),
          {
            label: "Situação",
            value: isStale
              ? `${PROCESS_SIGNATURE_TEXTS.stale} (o documento mudou depois desta assinatura)`
              : `${PROCESS_SIGNATURE_TEXTS.current} (assinou a versão atual)`,
          },
        ],
      },
    );
  });
  return {
    title: PROCESS_SIGNATURE_TEXTS.manifestTitle,
    subtitle: `${input.documentTitle} — processo ${input.processNumber}`,
    blocks,
  };
}
