import { describe, expect, it } from "vitest";
import {
  CREDENTIAL_KIND_LABELS,
  CREDENTIAL_KINDS,
  credentialKindFromPersonType,
  documentKindOf,
  SELECT_SUPPLIER_KIND_LABELS,
  SELECT_SUPPLIER_KINDS,
} from "./credential-kind";
import { expectLabelsFor } from "./expect-labels";

describe("credential kind (notices-and-accounts §3 'Supplier')", () => {
  it("is a legal person or an individual", () => {
    expectLabelsFor(CREDENTIAL_KINDS, CREDENTIAL_KIND_LABELS);
    expect(CREDENTIAL_KIND_LABELS.INDIVIDUAL).toBe("Pessoa física");
    expect(CREDENTIAL_KIND_LABELS.LEGAL_PERSON).toBe("Pessoa jurídica");
  });

  it("gives a CPF to an individual and a CNPJ to any other kind", () => {
    expect(documentKindOf("INDIVIDUAL")).toBe("CPF");
    expect(documentKindOf("LEGAL_PERSON")).toBe("CNPJ");
  });

  it("reads the national portal's person type 'PF' as an individual (planning §9 'Supplier classification')", () => {
    expect(credentialKindFromPersonType("PF")).toBe("INDIVIDUAL");
    expect(credentialKindFromPersonType("PJ")).toBe("LEGAL_PERSON");
    expect(credentialKindFromPersonType(null)).toBe("LEGAL_PERSON");
  });
});

describe("supplier picker scope (notices-and-accounts §2.9 'Indicar em:', §3 'selectSupplierKind')", () => {
  it("uses the radio labels verbatim", () => {
    expectLabelsFor(SELECT_SUPPLIER_KINDS, SELECT_SUPPLIER_KIND_LABELS);
    expect(SELECT_SUPPLIER_KIND_LABELS).toEqual({ SELECTED: "Lote Selecionado", ALL: "Todos os Lotes" });
  });
});
