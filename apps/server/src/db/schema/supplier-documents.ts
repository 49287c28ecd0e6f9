import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { id, timestamps, tstz } from "./columns";
import { storedFiles } from "./files";
import { documentClasses } from "./notices";
import { suppliers } from "./suppliers";

/**
 * The supplier's document library (notices-and-accounts §2.13, §3 "Supplier qualification document";
 * trading-room §3 "Document"): qualification documents grouped by class and kind, and the files the
 * supplier sends for one process (technical data sheet, proposals). Initial proposals and the room
 * link to `supplier_documents.id`; a deletion is soft, so those links keep their file.
 */
export const supplierDocuments = pgTable(
  "supplier_documents",
  {
    id: id(),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => suppliers.id),
    fileId: uuid("file_id")
      .notNull()
      .references(() => storedFiles.id),
    /** The name shown for the file (the upload's own name unless the supplier gave another). */
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** A qualification kind of the fixed classes, OTHER, or a process kind (SUPPLIER_PROCESS_DOCUMENT_KINDS). */
    kind: text("kind").notNull(),
    /** The kind's fixed class, or OTHERS_DOCUMENTS. */
    documentClass: text("document_class").notNull(),
    /** A buyer's 'other document class' an OTHER document is filed under. */
    otherDocumentClassId: uuid("other_document_class_id").references(() => documentClasses.id),
    /** When the document was first sent to a process (set by the calls that send it). */
    sentDatetime: tstz("sent_datetime"),
    isDeleted: boolean("is_deleted").notNull().default(false),
    deletedDate: tstz("deleted_date"),
    ...timestamps,
  },
  (t) => [
    index("supplier_documents_supplier_idx").on(t.supplierId, t.createdDate),
    check("supplier_documents_description_length", sql`char_length(${t.description}) <= 400`),
  ],
);
