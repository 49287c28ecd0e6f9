/** File kinds recognised by their first bytes (magic numbers), never by their name. */
export type SniffedKind = { mimeType: string; extension: string };

const startsWith = (head: Uint8Array, bytes: number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);

export function sniff(head: Uint8Array): SniffedKind | null {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d]))
    return { mimeType: "application/pdf", extension: "pdf" }; // %PDF-
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mimeType: "image/png", extension: "png" };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { mimeType: "image/jpeg", extension: "jpg" };
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return { mimeType: "application/zip", extension: "zip" };
  return null;
}

/** Upload rule (notices-and-accounts §9 "Documents"): JPG, PNG and PDF, up to 30 MB. */
export const UPLOAD_MAX_BYTES = 30 * 1024 * 1024;
export const UPLOAD_ALLOWED_MIME = ["application/pdf", "image/png", "image/jpeg"];
export const UPLOAD_ERROR_MESSAGE =
  "Verifique se o seu arquivo é válido e tente novamente: o tamanho máximo é 30 MB e os formatos aceitos são JPG, PNG e PDF.";
