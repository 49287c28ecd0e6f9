import { bigint, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { users } from "./users";

/** Metadata of an uploaded file; the bytes live in file storage under DATA_DIR (DESIGN §3). */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: id(),
    storageKey: text("storage_key").notNull(),
    originalName: text("original_name").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    uploadedByUserId: uuid("uploaded_by_user_id").references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("stored_files_storage_key_key").on(t.storageKey),
    index("stored_files_sha256_idx").on(t.sha256),
  ],
);
