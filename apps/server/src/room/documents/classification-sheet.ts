import { formatBrasiliaDate, LOT_PHASE_LABELS, type LotPhase, scaledToDecimalString } from "@certame/domain";
import ExcelJS from "exceljs";
import type { BidView } from "../engine/auction-views";

export interface ClassificationLot {
  number: number;
  phase: LotPhase;
  decimals: number;
  /** BIGGEST_DISCOUNT: the value column is the discount in %. */
  discount: boolean;
  /** Each bidder's best live bid, already in the order of trading-room §4 "Bid ordering". */
  bids: readonly BidView[];
}

export const CLASSIFICATION_HEADERS = [
  "Lote",
  "Fase",
  "Posição",
  "Licitante",
  "ME/EPP",
  "Lance (R$)",
  "Lance (%)",
  "Data do lance",
  "Classificado",
  "Habilitado",
] as const;

const yesNo = (v: boolean | null | undefined) => (v === null || v === undefined ? "-" : v ? "Sim" : "Não");

/**
 * The classification sheet (.xlsx, exceljs as the bid template): one row per bidder and lot, in the
 * lot's ranking; names exactly as the user's room view gives them, so a confidential lot shows
 * only 'Licitante {n}'.
 */
export async function renderClassificationSheet(lots: readonly ClassificationLot[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Certame";
  const sheet = workbook.addWorksheet("Classificação");
  sheet.columns = CLASSIFICATION_HEADERS.map((header) => ({
    header,
    width: header === "Licitante" ? 44 : header === "Fase" ? 26 : 16,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  for (const lot of lots) {
    lot.bids.forEach((b, i) => {
      const small = b.supplier ? b.supplier.isSmallBusiness : null;
      sheet.addRow([
        lot.number,
        LOT_PHASE_LABELS[lot.phase] ?? lot.phase,
        i + 1,
        b.nameToScreen,
        yesNo(small),
        !lot.discount && b.unitPrice !== null ? Number(scaledToDecimalString(b.unitPrice, lot.decimals)) : "",
        lot.discount && b.percentDiscount !== null ? b.percentDiscount : "",
        formatBrasiliaDate(b.createdDate),
        yesNo(b.isQualified),
        yesNo(!b.isDisabled),
      ]);
    });
  }
  // exceljs's Buffer type predates @types/node's generic Buffer.
  return Buffer.from((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}
