import { UPLOAD_ACCEPTED_EXTENSIONS, UPLOAD_MAX_BYTES } from "@certame/domain";

/** Displayed file names are shortened to 40 characters, 35 on narrow screens (notices-and-accounts §2.13, §9). */
export const FILE_NAME_MAX = 40;
export const FILE_NAME_MAX_NARROW = 35;

/** Cuts a long name to `max` characters with '...', keeping its extension ('certidao-negat...pdf'). */
export function shortenFileName(name: string, max = FILE_NAME_MAX): string {
  if (name.length <= max) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 && name.length - dot <= 6 ? name.slice(dot + 1) : "";
  const keep = Math.max(1, max - 3 - extension.length);
  return `${name.slice(0, keep)}...${extension}`;
}

/** A file the upload would refuse by its name or size (the server judges the bytes too). */
export function isAcceptableUpload(file: File): boolean {
  const lower = file.name.toLowerCase();
  return (
    file.size > 0 &&
    file.size <= UPLOAD_MAX_BYTES &&
    UPLOAD_ACCEPTED_EXTENSIONS.some((extension) => lower.endsWith(extension))
  );
}

/** 'Salvar anexo' waits for a file and for its description or name (§2.13, §5). */
export function canSaveAttachment(file: File | null, description: string): boolean {
  return Boolean(file) && (description.trim().length > 0 || Boolean(file?.name.trim()));
}
