import { UPLOAD_MAX_BYTES } from "@certame/domain";
import { API_BASE, ApiError, type PropertyError } from "./client";

/** A PDF within the uploads' size limit, checked before sending (the server checks the bytes again). */
export const isPdfWithinLimit = (file: File) =>
  (file.type === "application/pdf" || /\.pdf$/i.test(file.name)) &&
  file.size > 0 &&
  file.size <= UPLOAD_MAX_BYTES;

async function failure(response: Response): Promise<ApiError> {
  let payload: { message?: unknown; properties?: unknown } = {};
  try {
    payload = JSON.parse(await response.text());
  } catch {
    // not JSON: keep the generic text
  }
  const message = typeof payload.message === "string" ? payload.message : undefined;
  const properties = Array.isArray(payload.properties) ? (payload.properties as PropertyError[]) : [];
  return new ApiError(response.status, message, properties);
}

const url = (path: string) => `${API_BASE}/${path.replace(/^\/+/, "")}`;

/** POST a multipart form with the file in `file` (and any text fields) to /api/{path}. */
export async function apiUpload<T>(
  path: string,
  file: File,
  fields: Record<string, string> = {},
): Promise<T> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("file", file);
  let response: Response;
  try {
    response = await fetch(url(path), { method: "POST", credentials: "include", body: form });
  } catch {
    throw new ApiError(0, undefined);
  }
  if (!response.ok) throw await failure(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface DownloadedFile {
  data: Blob;
  fileName: string;
}

/** The file name the server suggests (x-suggested-filename, URI-encoded), or the fallback. */
export function suggestedFileName(headers: Headers, fallback: string): string {
  const header = headers.get("x-suggested-filename");
  if (!header) return fallback;
  try {
    return decodeURIComponent(header);
  } catch {
    return header;
  }
}

/** POST a JSON body to /api/{path} and read the answer as a file named by x-suggested-filename. */
export async function apiDownload(
  path: string,
  body: unknown,
  fallbackName: string,
): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await fetch(url(path), {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    throw new ApiError(0, undefined);
  }
  if (!response.ok) throw await failure(response);
  return { data: await response.blob(), fileName: suggestedFileName(response.headers, fallbackName) };
}

/** Hands a downloaded file to the browser under its name. */
export function saveFile({ data, fileName }: DownloadedFile): void {
  const href = URL.createObjectURL(data);
  const link = document.createElement("a");
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
