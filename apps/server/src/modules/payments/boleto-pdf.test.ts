import {
  bancoDoBrasilFreeField,
  bancoDoBrasilOurNumber,
  barcodeFromDigitableLine,
  buildBoletoBarcode,
  digitableLineFromBarcode,
  formatDigitableLine,
} from "@certame/domain";
import { describe, expect, it } from "vitest";
import { readItfFromPdf } from "../../../test/itf-from-pdf";
import { pdfText } from "../../../test/pdf-text";
import { type BoletoPdfData, renderBoletoPdf } from "./boleto-pdf";

// A real Banco do Brasil case: agreement 1234567, charge 4321, wallet 17, R$ 1.500,00 due 2025-11-26.
const barcode = buildBoletoBarcode({
  bankCode: "001",
  dueDate: "2025-11-26",
  amountCents: 150000,
  freeField: bancoDoBrasilFreeField({ agreement: "1234567", sequence: 4321, wallet: "17" }),
});

const data: BoletoPdfData = {
  bankCode: "001",
  bankName: "Banco do Brasil S.A.",
  digitableLine: digitableLineFromBarcode(barcode),
  barcode,
  beneficiary: { name: "Certame Tecnologia Ltda", document: "12345678000195" },
  payer: { name: "Comercial Exemplo Ltda", document: "11222333000181", address: "Rua A, 100 — Brasília/DF" },
  amountCents: 150000,
  dueDate: "2025-11-26",
  issueDate: "2025-11-19",
  documentNumber: "ASS-2025-0042",
  ourNumber: bancoDoBrasilOurNumber("1234567", 4321),
  description: "Assinatura anual Certame",
  instructions: ["Não receber após o vencimento.", "Pagamento confirma a assinatura."],
};

describe("boleto PDF (Ficha de Compensação with ITF barcode)", () => {
  it("is a PDF whose drawn bars decode to exactly the barcode of the printed line", async () => {
    const pdf = await renderBoletoPdf(data);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(readItfFromPdf(pdf)).toBe(barcode);
    expect(barcodeFromDigitableLine(data.digitableLine)).toBe(barcode);
  });

  it("prints the formatted line, bank code with digit, beneficiary, due date and amount", async () => {
    const text = pdfText(await renderBoletoPdf(data));
    expect(text).toContain(formatDigitableLine(data.digitableLine));
    expect(text).toContain("001-9");
    expect(text).toContain("Certame Tecnologia Ltda");
    expect(text).toContain("12.345.678/0001-95");
    expect(text).toContain("Vencimento");
    expect(text).toContain("26/11/2025");
    expect(text).toContain("R$ 1.500,00");
    expect(text).toContain("Recibo do Pagador");
    expect(text).toContain("Pagável em qualquer banco até o vencimento");
    expect(text).toContain("Comercial Exemplo Ltda");
    expect(text).toContain("12345670000004321");
    expect(text).toContain("Não receber após o vencimento.");
  });

  it("names the document in the title metadata", async () => {
    const pdf = (await renderBoletoPdf(data)).toString("latin1");
    // pdfkit writes a non-ASCII Info string (the em dash) as a UTF-16BE literal with a byte-order mark.
    const title = Buffer.from("\ufeffBoleto — ASS-2025-0042", "utf16le").swap16().toString("latin1");
    expect(pdf).toContain(`(${title})`);
  });

  it("refuses a line that does not match the barcode", async () => {
    const other = buildBoletoBarcode({
      bankCode: "001",
      dueDate: "2025-11-27",
      amountCents: 150000,
      freeField: bancoDoBrasilFreeField({ agreement: "1234567", sequence: 4321, wallet: "17" }),
    });
    expect(() => renderBoletoPdf({ ...data, barcode: other })).toThrow(/não conferem/);
  });
});
