import {
  anonymousBidderName,
  formatBRL,
  formatBrasiliaDateTime,
  formatCpfOrCnpj,
  formatPercent,
  MODALITY_LABELS,
  type Modality,
} from "@certame/domain";
import PDFDocument from "pdfkit";

export interface ReceiptLot {
  number: number;
  product: string;
  quantity: string;
  decimals: number;
  unitPrice: number;
  totalPrice: number;
  percentDiscount: number | null;
  brand: string | null;
  finalPrice: number | null;
  variationPrice: number | null;
  percentFinalDiscount: number | null;
  percentVariation: number | null;
}

export interface ReceiptData {
  notice: {
    noticeNumber: string;
    processNumber: string;
    modality: Modality;
    objectOfInterest: string;
    buyerName: string;
  };
  supplier: { name: string; documentNumber: string; anonymousNumber: number | null };
  issuedAt: Date;
  isRemoval: boolean;
  lots: ReceiptLot[];
  canApplyAutomaticBid: boolean;
  declarations: { label: string; value: boolean }[];
  documents: { kind: string; name: string }[];
  creditUsed: boolean;
  event: { seq: number; hash: string };
}

const M = 50;

/**
 * The receipt of a save ('comprovante', trading-room §7: the save answers with a file): what was
 * registered, when, and the event-log entry (seq and chained hash) that records it, so the supplier
 * can prove its proposal against the notice's log.
 */
export function renderInitialBidsReceipt(data: ReceiptData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: M,
    info: {
      Title: `Comprovante de lances iniciais — ${data.notice.noticeNumber}`,
      Author: "Certame",
      CreationDate: data.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = doc.page.width - 2 * M;
  const section = (title: string) => {
    if (doc.y > doc.page.height - M - 80) doc.addPage();
    doc.moveDown(0.8).font("Helvetica-Bold").fontSize(11).text(title, M, doc.y, { width });
    doc.moveDown(0.3).font("Helvetica").fontSize(9.5);
  };
  const line = (label: string, value: string) =>
    doc.font("Helvetica-Bold").text(`${label}: `, { continued: true }).font("Helvetica").text(value);

  doc.font("Helvetica-Bold").fontSize(15).text("Comprovante de lances iniciais", { align: "center" });
  doc
    .moveDown(0.3)
    .font("Helvetica")
    .fontSize(9)
    .text(`Emitido em ${formatBrasiliaDateTime(data.issuedAt)} (horário de Brasília)`, {
      align: "center",
    });

  section("Processo");
  line("Edital", data.notice.noticeNumber);
  line("Processo", data.notice.processNumber);
  line("Modalidade", MODALITY_LABELS[data.notice.modality] ?? data.notice.modality);
  line("Órgão", data.notice.buyerName);
  line("Objeto", data.notice.objectOfInterest);

  section("Licitante");
  line("Nome", data.supplier.name);
  line("CPF/CNPJ", formatCpfOrCnpj(data.supplier.documentNumber));
  if (data.supplier.anonymousNumber !== null)
    line("Identificação na sala", anonymousBidderName(data.supplier.anonymousNumber));

  section(data.isRemoval ? "Proposta removida" : "Lances iniciais registrados");
  if (data.isRemoval || data.lots.length === 0) {
    doc.text(
      "Todos os lances foram informados com valor zero: a proposta anterior, se havia, foi removida e o licitante não participa da disputa deste processo.",
      { width },
    );
  } else {
    for (const lot of data.lots) {
      if (doc.y > doc.page.height - M - 70) doc.addPage();
      const discount = lot.percentDiscount !== null;
      doc.font("Helvetica-Bold").text(`Lote ${lot.number} — ${lot.product.slice(0, 150)}`, { width });
      doc.font("Helvetica");
      const parts = [
        `Quantidade: ${lot.quantity.replace(".", ",")}`,
        discount
          ? `Lance inicial: ${formatPercent(lot.percentDiscount ?? 0, 2)} de desconto (${formatBRL(lot.unitPrice, lot.decimals)})`
          : `Lance inicial: ${formatBRL(lot.unitPrice, lot.decimals)}`,
        `Valor total: ${formatBRL(lot.totalPrice, lot.decimals)}`,
      ];
      if (lot.brand) parts.push(`Marca/Modelo: ${lot.brand}`);
      doc.text(parts.join("   ·   "), { width });
      if (data.canApplyAutomaticBid && (lot.finalPrice !== null || lot.percentFinalDiscount !== null)) {
        doc.text(
          discount
            ? `Lances automáticos: lance final ${formatPercent(lot.percentFinalDiscount ?? 0, 2)}, variação ${formatPercent(lot.percentVariation ?? 0, 2)}`
            : `Lances automáticos: lance final ${formatBRL(lot.finalPrice ?? 0, lot.decimals)}, variação ${formatBRL(lot.variationPrice ?? 0, lot.decimals)}`,
          { width },
        );
      }
      doc.moveDown(0.4);
    }
  }

  section("Declarações e escolhas");
  line("Ferramenta de lances automáticos", data.canApplyAutomaticBid ? "Sim" : "Não");
  for (const d of data.declarations) line(d.label, d.value ? "Sim" : "Não");
  if (data.creditUsed) doc.text("Um crédito de participação única foi utilizado neste processo.", { width });

  if (data.documents.length > 0) {
    section("Documentos associados");
    for (const d of data.documents) doc.text(`${d.kind} — ${d.name}`, { width });
  }

  section("Registro");
  doc.text(
    `Registro nº ${data.event.seq} do histórico do processo. Hash encadeado (SHA-256): ${data.event.hash}`,
    { width },
  );
  doc.end();
  return done;
}
