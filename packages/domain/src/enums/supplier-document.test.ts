import { describe, expect, it } from "vitest";
import {
  supplierDocumentAttachSchema,
  supplierDocumentListSchema,
} from "../schemas/supplier-documents.schema";
import {
  documentClassName,
  documentClassOf,
  isSupplierDocumentKind,
  supplierDocumentKindName,
} from "./supplier-document";

describe("supplier document kinds and classes (notices-and-accounts §3; trading-room §3 'Document')", () => {
  it("files a fixed kind under its class and everything else under OTHERS_DOCUMENTS", () => {
    expect(documentClassOf("FGTS_CLEARANCE")).toBe("FISCAL_SOCIAL_LABOR");
    expect(documentClassOf("BALANCE_SHEET")).toBe("ECONOMIC_FINANCIAL");
    expect(documentClassOf("OTHER")).toBe("OTHERS_DOCUMENTS");
    expect(documentClassOf("TECHNICAL_DATA_SHEET")).toBe("OTHERS_DOCUMENTS");
    expect(documentClassName("LEGAL")).toBe("Habilitação jurídica");
    expect(documentClassName("OTHERS_DOCUMENTS")).toBe("Outros documentos");
  });

  it("names kinds by their class's document name or the system label", () => {
    expect(supplierDocumentKindName("LABOR_DEBT_CLEARANCE")).toBe(
      "Certidão Negativa de Débitos Trabalhistas (CNDT)",
    );
    expect(supplierDocumentKindName("OTHER")).toBe("Outros documentos");
    expect(supplierDocumentKindName("TECHNICAL_DATA_SHEET")).toBe("Ficha técnica");
  });

  it("accepts qualification and process kinds, never the platform's own", () => {
    expect(isSupplierDocumentKind("OTHER")).toBe(true);
    expect(isSupplierDocumentKind("INITIAL_PROPOSAL")).toBe(true);
    expect(isSupplierDocumentKind("PAYMENT_PROOF")).toBe(false);
    expect(isSupplierDocumentKind("AUCTION_NOTICE")).toBe(false);
  });
});

describe("library payloads (§7 'Suppliers')", () => {
  it("defaults the list to every file, newest first", () => {
    expect(supplierDocumentListSchema.parse(undefined)).toEqual({
      period: "ALL",
      orderByColumn: "createdDate",
      sortOrder: "DESC",
    });
  });

  it("defaults an attachment to OTHER with an empty description and caps it at 400", () => {
    const parsed = supplierDocumentAttachSchema.parse({ documents: [{ url: "/api/app/file/x" }] });
    expect(parsed.documents[0]).toMatchObject({ kind: "OTHER", description: "", name: "" });
    const long = supplierDocumentAttachSchema.safeParse({
      documents: [{ url: "u", description: "d".repeat(401) }],
    });
    expect(long.success).toBe(false);
  });
});
