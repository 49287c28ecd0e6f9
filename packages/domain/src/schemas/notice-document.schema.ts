// Notice documents and their downloads (notices-and-accounts §2.8, §2.16, §7 "Winners and notice
// documents", "Document downloads"; limits of §9 "Documents").
import { DOCUMENT_DESCRIPTION_MAX_LENGTH, NOTICE_DOCUMENT_KINDS } from "../enums/document-kind";
import { z } from "./zod";

const uuid = z.uuid("Identificador inválido");

/** The text fields of the multipart attach call; the file travels as the part `file`. */
export const noticeDocumentAttachSchema = z.object({
  auctionNoticeId: uuid,
  kind: z.enum(NOTICE_DOCUMENT_KINDS),
  description: z
    .string()
    .trim()
    .max(DOCUMENT_DESCRIPTION_MAX_LENGTH, `Máximo de ${DOCUMENT_DESCRIPTION_MAX_LENGTH} caracteres`)
    .default(""),
});
export type NoticeDocumentAttachInput = z.output<typeof noticeDocumentAttachSchema>;

/** List a notice's documents: `auctionNoticeId`, or `id` as the download modal sends it. */
export const noticeDocumentListSchema = z
  .object({ auctionNoticeId: uuid.optional(), id: uuid.optional() })
  .refine((v) => v.auctionNoticeId ?? v.id, { message: "Campo obrigatório", path: ["auctionNoticeId"] })
  .transform((v) => ({ auctionNoticeId: (v.auctionNoticeId ?? v.id) as string }));

export const noticeDocumentDeleteSchema = z.object({ id: uuid });

/** Most files one download may bundle (a notice rarely has more than a few dozen). */
export const DOWNLOAD_MAX_DOCUMENTS = 200;

/**
 * {app|public}/auction/documents/download[/zip] {id, documents} (§7): the notice id and the chosen
 * document ids (or {id} objects, as the modal's selection holds them).
 */
export const documentsDownloadSchema = z.object({
  id: uuid,
  documents: z
    .array(z.union([uuid, z.object({ id: uuid })]).transform((v) => (typeof v === "string" ? v : v.id)))
    .min(1, "Selecione ao menos um documento")
    .max(DOWNLOAD_MAX_DOCUMENTS)
    .transform((ids) => [...new Set(ids)]),
});
export type DocumentsDownloadInput = z.output<typeof documentsDownloadSchema>;
