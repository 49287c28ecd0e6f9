import { describe, expect, it } from "vitest";
import { parseCsvRows, pncpDocumentFormat, pncpPdfNameOf } from "./pncp-documents";

// Manual de Integração PNCP v2.3.7 §5.16 "Envio de arquivos pelas APIs de Documento".
describe("the files the portal accepts (manual §5.16)", () => {
  it("sends PDF and the listed formats as they are, a CSV as a PDF, and keeps out what it refuses", () => {
    expect(pncpDocumentFormat("edital.pdf", 1000)).toEqual({ kind: "AS_IS" });
    expect(pncpDocumentFormat("planilha.XLSX", 1000)).toEqual({ kind: "AS_IS" });
    expect(pncpDocumentFormat("precos.csv", 1000)).toEqual({ kind: "CSV_AS_PDF" });
    const png = pncpDocumentFormat("foto.png", 1000);
    expect(png.kind).toBe("KEPT_OUT");
    expect(png.kind === "KEPT_OUT" && png.reason).toContain(".png");
  });

  it("keeps out a file over 30 MB", () => {
    expect(pncpDocumentFormat("edital.pdf", 30 * 1024 * 1024).kind).toBe("AS_IS");
    expect(pncpDocumentFormat("edital.pdf", 30 * 1024 * 1024 + 1).kind).toBe("KEPT_OUT");
  });

  it("names the PDF of a CSV after it", () => {
    expect(pncpPdfNameOf("Planilha de preços.CSV")).toBe("Planilha de preços.pdf");
  });
});

describe("CSV rows (RFC 4180)", () => {
  it("reads ';' or ',' separated rows with quoted cells, a BOM and CRLF", () => {
    expect(parseCsvRows('\uFEFFItem;Descrição\r\n1;"Cadeira; giratória"\r\n\r\n2;"Mesa ""L"""\r\n')).toEqual([
      ["Item", "Descrição"],
      ["1", "Cadeira; giratória"],
      ["2", 'Mesa "L"'],
    ]);
    expect(parseCsvRows("a,b\n1,2")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });
});
