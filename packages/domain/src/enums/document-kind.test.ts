import { describe, expect, it } from "vitest";
import {
  DOCUMENT_DESCRIPTION_MAX_LENGTH,
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  isQualificationPickerKind,
  KIND_ASSOCIATION_LABELS,
  KIND_ASSOCIATIONS,
  NON_QUALIFICATION_DOCUMENT_KINDS,
  NOTICE_DOCUMENT_KINDS,
  NOTICE_FILE_EXTENSIONS,
  SUPPLIER_TOGGLE_DOCUMENT_KINDS,
  UPLOAD_ACCEPTED_EXTENSIONS,
  UPLOAD_MAX_BYTES,
} from "./document-kind";
import { expectLabelsFor } from "./expect-labels";

const NOTICES_LIST = [
  "AUCTION_NOTICE",
  "OTHER",
  "TECHNICAL_DATA_SHEET",
  "READJUSTED_PROPOSAL",
  "DISPUTE",
  "DISPUTE_COUNTER_ARGUMENT",
  "ELECTRONIC_AUCTION_PAYMENT",
  "INITIAL_BID_PROOF",
  "INITIAL_PROPOSAL",
  "TECHNICAL_PROPOSAL",
  "PUBLICATION_PROOF",
  "PROPOSAL_GUARANTEE",
  "PRICE_OFFER",
  "DISQUALIFIED_REASON",
  "MEMBERSHIP_TERMS",
  "PAYMENT_PROOF",
  "PROOF_PRE_QUALIFICATION",
];

describe("document kinds (notices-and-accounts §3 'Supplier qualification document'; trading-room §3 'Document')", () => {
  it("holds every kind of both lists, INACTIVE_REASON and the platform's session minutes included", () => {
    for (const kind of NOTICES_LIST) expect(DOCUMENT_KINDS).toContain(kind);
    expect(DOCUMENT_KINDS).toContain("INACTIVE_REASON");
    expect(DOCUMENT_KIND_LABELS.SESSION_MINUTES).toBe("Ata da sessão pública");
    expect(DOCUMENT_KINDS).toHaveLength(NOTICES_LIST.length + 2);
  });

  it("labels every kind, with the publication proof as the spec names it", () => {
    expectLabelsFor(DOCUMENT_KINDS, DOCUMENT_KIND_LABELS);
    expect(DOCUMENT_KIND_LABELS.PUBLICATION_PROOF).toBe("Comprovante de publicação");
  });

  it("keeps every kind but OTHER out of the qualification picker", () => {
    expect(isQualificationPickerKind("OTHER")).toBe(true);
    expect(isQualificationPickerKind("AUCTION_NOTICE")).toBe(false);
    expect(isQualificationPickerKind("INACTIVE_REASON")).toBe(false);
    expect(isQualificationPickerKind("PAYMENT_PROOF")).toBe(false);
    expect(NON_QUALIFICATION_DOCUMENT_KINDS).toHaveLength(DOCUMENT_KINDS.length - 1);
  });

  it("lets a fixed-class qualification kind through the picker", () => {
    expect(isQualificationPickerKind("CERTIDAO_NEGATIVA_FGTS")).toBe(true);
  });

  it("files a notice's own documents as AUCTION_NOTICE or OTHER (§2.8)", () => {
    expect(NOTICE_DOCUMENT_KINDS).toEqual(["AUCTION_NOTICE", "OTHER"]);
  });

  it("attaches a disqualification or disabling file with its reason kind (trading-room §5 'Supplier toggle')", () => {
    expect(SUPPLIER_TOGGLE_DOCUMENT_KINDS).toEqual(["DISQUALIFIED_REASON", "INACTIVE_REASON"]);
  });
});

describe("document association kinds (trading-room §3 'kindAssociation')", () => {
  it("has the four associations, labelled", () => {
    expect(KIND_ASSOCIATIONS).toEqual([
      "TECHNICAL_DATA_SHEET",
      "QUALIFICATION_DOCUMENT",
      "PROPOSAL_DOCUMENT",
      "TECHNICAL_PROPOSAL_DOCUMENT",
    ]);
    expectLabelsFor(KIND_ASSOCIATIONS, KIND_ASSOCIATION_LABELS);
  });
});

describe("upload limits (notices-and-accounts §9 'Documents')", () => {
  it("accepts up to 30 MB of JPG, PNG or PDF, notice files as .pdf or .csv, descriptions up to 400", () => {
    expect(UPLOAD_MAX_BYTES).toBe(31_457_280);
    expect(UPLOAD_ACCEPTED_EXTENSIONS).toEqual([".jpg", ".jpeg", ".png", ".pdf"]);
    expect(NOTICE_FILE_EXTENSIONS).toEqual([".pdf", ".csv"]);
    expect(DOCUMENT_DESCRIPTION_MAX_LENGTH).toBe(400);
  });
});
