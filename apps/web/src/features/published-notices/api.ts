import { apiPost } from "../../api/client";
import { apiDownload, type DownloadedFile } from "../../api/files";

export interface ProcessFile {
  id: string;
  kind: string;
  description: string | null;
  name: string;
  createdDate: string | null;
}

export type Prefix = "app" | "public";

export const listProcessFiles = (prefix: Prefix, auctionNoticeId: string) =>
  apiPost<{ documents: ProcessFile[] }>(`${prefix}/auction/documents/list`, { auctionNoticeId }).then(
    (r) => r.documents,
  );

/** One document: the file itself; more than one: the zip (§7 "Document downloads"); names from x-suggested-filename. */
export function downloadProcessFiles(
  prefix: Prefix,
  id: string,
  documents: string[],
): Promise<DownloadedFile> {
  const zip = documents.length > 1;
  return apiDownload(
    `${prefix}/auction/documents/download${zip ? "/zip" : ""}`,
    { id, documents },
    zip ? "arquivos.zip" : "arquivo",
  );
}
