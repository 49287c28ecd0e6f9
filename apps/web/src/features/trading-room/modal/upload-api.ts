import { apiUpload } from "../../../api/files";

/** A room modal's file after /api/upload (30 MB, checked by its bytes there): its url goes in the call. */
export interface UploadedRoomFile {
  url: string;
  name: string;
}

export async function uploadRoomFile(file: File): Promise<UploadedRoomFile> {
  const uploaded = await apiUpload<{ url: string; id?: string }>("upload", file);
  return { url: uploaded.url, name: file.name };
}
