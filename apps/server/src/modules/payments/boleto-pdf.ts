import {
  bankCodeCheckDigit,
  barcodeFromDigitableLine,
  formatBRL,
  formatCivilDateBR,
  formatCpfOrCnpj,
  formatDigitableLine,
  itfElements,
  parseCivilDateKey,
} from "@certame/domain";
import PDFDocument from "pdfkit";

export interface BoletoPdfData {
  bankCode: string;
  /**
   * The digit printed after the bank code ("001-9"). Optional: by default it is computed by
   * modulo 11, which some banks' assigned digits do not follow (see bankCodeCheckDigit).
   */
  bankCodeDigit?: string;
  bankName: string;
  /** 47 digits (dots and spaces allowed). */
  digitableLine: string;
  /** 44 digits. */
  barcode: string;
  beneficiary: { name: string; document: string /* CNPJ digits */ };
  payer: { name: string; document: string; address?: string | null };
  amountCents: number;
  /** 'YYYY-MM-DD'. */
  dueDate: string;
  /** 'YYYY-MM-DD'. */
  issueDate: string;
  documentNumber: string;
  ourNumber: string;
  description: string;
  instructions: string[];
}

const M = 28;
const RIGHT_COLUMN = 140;
const ROW = 22;
const LABEL_SIZE = 6;
const VALUE_SIZE = 8.5;
const MM = 72 / 25.4;
// ITF drawn with narrow = 1 unit and wide = 3 units, 13 mm high: 44 digits are 405 units, so a
// narrow bar of 0.254 mm (0.72 pt) gives the boleto's usual 103 mm symbol; quiet zones of 8 mm.
export const BOLETO_ITF_NARROW_PT = 0.72;
export const BOLETO_ITF_HEIGHT_PT = 13 * MM;
const QUIET_ZONE = 8 * MM;

function dateBR(key: string, what: string): string {
  const date = parseCivilDateKey(key);
  if (!date) throw new Error(`${what} inválida: "${key}" (AAAA-MM-DD)`);
  return formatCivilDateBR(date);
}

/**
 * A bank boleto in the usual FEBRABAN layout: the payer's receipt ("Recibo do Pagador") on top and,
 * below the cut line, the "Ficha de Compensação" with the digitable line and the ITF barcode. The
 * barcode's bars are separate filled rectangles with nothing else in their band, so tests (and any
 * checker) can measure them back.
 */
export function renderBoletoPdf(data: BoletoPdfData): Promise<Buffer> {
  // The bars and the printed line must say the same thing: a mismatch would be paid to the wrong charge.
  if (barcodeFromDigitableLine(data.digitableLine) !== data.barcode)
    throw new Error("Código de barras e linha digitável do boleto não conferem");
  const bankCode = `${data.bankCode}-${data.bankCodeDigit ?? bankCodeCheckDigit(data.bankCode)}`;
  const line = formatDigitableLine(data.digitableLine);
  const due = dateBR(data.dueDate, "Data de vencimento");
  const issued = dateBR(data.issueDate, "Data do documento");
  const amount = formatBRL(data.amountCents, 2);
  const beneficiary = `${data.beneficiary.name} — CNPJ ${formatCpfOrCnpj(data.beneficiary.document)}`;
  const payer = `${data.payer.name} — ${data.payer.document.replace(/\D/g, "").length > 11 ? "CNPJ" : "CPF"} ${formatCpfOrCnpj(data.payer.document)}`;

  const doc = new PDFDocument({
    size: "A4",
    margin: M,
    info: { Title: `Boleto — ${data.documentNumber}`, Author: "Certame" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = doc.page.width - 2 * M;
  const left = width - RIGHT_COLUMN;

  // Shortens text to one line of the given width (the layout has fixed boxes).
  const fitLine = (text: string, w: number) => {
    if (doc.widthOfString(text) <= w) return text;
    let cut = text;
    while (cut.length > 1 && doc.widthOfString(`${cut}…`) > w) cut = cut.slice(0, -1);
    return `${cut}…`;
  };
  const cell = (
    x: number,
    y: number,
    w: number,
    h: number,
    label: string,
    value = "",
    options: { bold?: boolean; align?: "left" | "right" } = {},
  ) => {
    doc.lineWidth(0.5).rect(x, y, w, h).stroke("black");
    doc
      .fillColor("black")
      .font("Helvetica")
      .fontSize(LABEL_SIZE)
      .text(label, x + 2, y + 2, { lineBreak: false });
    if (!value) return;
    doc.font(options.bold ? "Helvetica-Bold" : "Helvetica").fontSize(VALUE_SIZE);
    doc.text(fitLine(value, w - 6), x + 3, y + h - VALUE_SIZE - 3, {
      width: w - 6,
      align: options.align ?? "left",
      lineBreak: false,
    });
  };
  // Bank name | bank code-DV | right text, over a thick rule.
  const header = (y: number, right: string, rightSize: number) => {
    doc
      .fillColor("black")
      .font("Helvetica-Bold")
      .fontSize(11)
      .text(fitLine(data.bankName, 150), M, y + 8, { lineBreak: false });
    doc
      .lineWidth(1.5)
      .moveTo(M + 155, y + 2)
      .lineTo(M + 155, y + 24)
      .stroke();
    doc.fontSize(14).text(bankCode, M + 160, y + 6, { width: 50, align: "center", lineBreak: false });
    doc
      .moveTo(M + 215, y + 2)
      .lineTo(M + 215, y + 24)
      .stroke();
    doc.fontSize(rightSize).text(right, M + 220, y + 24 - rightSize - 2, {
      width: width - 220,
      align: "right",
      lineBreak: false,
    });
    doc
      .lineWidth(1.5)
      .moveTo(M, y + 25)
      .lineTo(M + width, y + 25)
      .stroke();
    return y + 26;
  };

  // Recibo do Pagador.
  let y = header(M, "Recibo do Pagador", 10);
  cell(M, y, left, ROW, "Beneficiário", beneficiary);
  cell(M + left, y, RIGHT_COLUMN, ROW, "Vencimento", due, { bold: true, align: "right" });
  y += ROW;
  cell(M, y, left, ROW, "Pagador", payer);
  cell(M + left, y, RIGHT_COLUMN, ROW, "Nosso número", data.ourNumber, { align: "right" });
  y += ROW;
  cell(M, y, left / 2, ROW, "Data do documento", issued);
  cell(M + left / 2, y, left / 2, ROW, "Nº do documento", data.documentNumber);
  cell(M + left, y, RIGHT_COLUMN, ROW, "(=) Valor do documento", amount, { bold: true, align: "right" });
  y += ROW;
  cell(M, y, width, ROW, "Descrição", data.description);
  y += ROW;
  doc
    .font("Helvetica")
    .fontSize(LABEL_SIZE)
    .text("Autenticação mecânica", M, y + 3, { width, align: "right" });

  // Cut line.
  y += 40;
  doc
    .lineWidth(0.5)
    .dash(3, { space: 3 })
    .moveTo(M, y)
    .lineTo(M + width, y)
    .stroke()
    .undash();
  doc.fontSize(LABEL_SIZE).text("Corte na linha pontilhada", M, y + 2, { width, align: "right" });

  // Ficha de Compensação.
  y = header(y + 20, line, 11);
  cell(M, y, left, ROW, "Local de pagamento", "Pagável em qualquer banco até o vencimento");
  cell(M + left, y, RIGHT_COLUMN, ROW, "Vencimento", due, { bold: true, align: "right" });
  y += ROW;
  cell(M, y, left, ROW, "Beneficiário", beneficiary);
  cell(M + left, y, RIGHT_COLUMN, ROW, "Agência/Código do beneficiário");
  y += ROW;
  const fifth = left / 5;
  cell(M, y, fifth, ROW, "Data do documento", issued);
  cell(M + fifth, y, fifth, ROW, "Nº do documento", data.documentNumber);
  cell(M + 2 * fifth, y, fifth, ROW, "Espécie doc.");
  cell(M + 3 * fifth, y, fifth, ROW, "Aceite", "N");
  cell(M + 4 * fifth, y, fifth, ROW, "Data processamento", issued);
  cell(M + left, y, RIGHT_COLUMN, ROW, "Nosso número", data.ourNumber, { align: "right" });
  y += ROW;
  cell(M, y, fifth, ROW, "Uso do banco");
  cell(M + fifth, y, fifth, ROW, "Carteira");
  cell(M + 2 * fifth, y, fifth, ROW, "Espécie", "R$");
  cell(M + 3 * fifth, y, fifth, ROW, "Quantidade");
  cell(M + 4 * fifth, y, fifth, ROW, "Valor");
  cell(M + left, y, RIGHT_COLUMN, ROW, "(=) Valor do documento", amount, { bold: true, align: "right" });
  y += ROW;
  const adjustments = [
    "(-) Desconto/Abatimento",
    "(-) Outras deduções",
    "(+) Mora/Multa",
    "(+) Outros acréscimos",
    "(=) Valor cobrado",
  ];
  cell(M, y, left, ROW * adjustments.length, "Instruções (texto de responsabilidade do beneficiário)");
  doc.font("Helvetica").fontSize(VALUE_SIZE);
  let textY = y + 11;
  for (const text of [data.description, ...data.instructions]) {
    if (textY > y + ROW * adjustments.length - VALUE_SIZE - 2) break;
    doc.text(fitLine(text, left - 8), M + 4, textY, { lineBreak: false });
    textY += VALUE_SIZE + 3;
  }
  adjustments.forEach((label, i) => {
    cell(M + left, y + i * ROW, RIGHT_COLUMN, ROW, label);
  });
  y += ROW * adjustments.length;
  doc.lineWidth(0.5).rect(M, y, width, 44).stroke();
  doc.fontSize(LABEL_SIZE).text("Pagador", M + 2, y + 2, { lineBreak: false });
  doc.fontSize(VALUE_SIZE).text(fitLine(payer, width - 8), M + 4, y + 10, { lineBreak: false });
  if (data.payer.address)
    doc.text(fitLine(data.payer.address, width - 8), M + 4, y + 21, { lineBreak: false });
  doc.fontSize(LABEL_SIZE).text("Sacador/Avalista", M + 2, y + 35, { lineBreak: false });
  y += 44;
  doc
    .fontSize(LABEL_SIZE)
    .text("Autenticação mecânica — Ficha de Compensação", M, y + 3, { width, align: "right" });

  // ITF barcode: each bar its own black rectangle, positions in whole units so widths stay exact.
  const barsY = y + 16;
  let units = 0;
  itfElements(data.barcode).forEach((element, i) => {
    const w = element === "w" ? 3 : 1;
    if (i % 2 === 0)
      doc
        .rect(
          M + QUIET_ZONE + units * BOLETO_ITF_NARROW_PT,
          barsY,
          w * BOLETO_ITF_NARROW_PT,
          BOLETO_ITF_HEIGHT_PT,
        )
        .fill("black");
    units += w;
  });

  doc.end();
  return done;
}
