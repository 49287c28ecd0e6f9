import { type InitialBidRowInput, parseBRL, parsePercent, scaledToDecimalString } from "@certame/domain";
import ExcelJS from "exceljs";
import { addHeaderSheet, readXlsx, sheetRows } from "../../files/spreadsheet";
import { badRequest } from "../../http/errors";

/** A lot of the screen as the sheet needs it (head rows, aggregated values). */
export interface SheetLot {
  id: string;
  number: number;
  productName: string;
  quantity: string;
  unit: string | null;
  referencePrice: number | null;
  decimals: number;
  discount: boolean;
  brandRequired: boolean;
  /** The supplier's live bid, to prefill the sheet. */
  own: {
    unitPrice: number | null;
    percentDiscount: number | null;
    finalPrice: number | null;
    variationPrice: number | null;
    percentFinalDiscount: number | null;
    percentVariation: number | null;
    brand: string | null;
  } | null;
}

export const INITIAL_BIDS_TEMPLATE_FILE = (noticeNumber: string) =>
  `planilha-auxiliar-de-lances-${noticeNumber}.xlsx`;

const H = {
  lot: "Lote",
  product: "Produto/Serviço",
  quantity: "Quantidade",
  unit: "Unidade",
  reference: "Preço de referência (R$)",
  initial: "Lance inicial (R$)",
  initialPct: "Lance inicial (%)",
  final: "Lance final (R$)",
  finalPct: "Lance final (%)",
  variation: "Variação (R$)",
  variationPct: "Variação (%)",
  brand: "Marca/Modelo",
} as const;

/**
 * The bid spreadsheet ('Baixar planilha auxiliar de lances', trading-room §2.8). The spec does not
 * show the file, so this template defines it: one row per lot (its item-1 row), the lot number as
 * the key, the values in reais (or percent in BIGGEST_DISCOUNT) as pt-BR text or numbers; the
 * automatic-bid columns only when the tool was chosen; 'Marca/Modelo' when a lot asks for it.
 */
export function buildTemplate(
  lots: readonly SheetLot[],
  options: { automatic: boolean; showReference: boolean },
) {
  const discount = lots.some((l) => l.discount);
  const brand = lots.some((l) => l.brandRequired);
  const columns = [
    { header: H.lot, width: 8, note: "Número do lote. Não altere." },
    { header: H.product, width: 40 },
    { header: H.quantity, width: 12 },
    { header: H.unit, width: 10 },
    ...(options.showReference ? [{ header: H.reference, width: 18 }] : []),
    {
      header: discount ? H.initialPct : H.initial,
      width: 18,
      note: discount
        ? "Desconto sobre o preço de referência, em %. Zero ou vazio: sem proposta no lote."
        : "Zero ou vazio: sem proposta no lote.",
    },
    ...(options.automatic
      ? [
          {
            header: discount ? H.finalPct : H.final,
            width: 18,
            note: "Limite dos lances automáticos; não pode ser zero.",
          },
          {
            header: discount ? H.variationPct : H.variation,
            width: 16,
            note: "Diferença entre os lances automáticos; ao menos a variação mínima do lote.",
          },
        ]
      : []),
    ...(brand
      ? [{ header: H.brand, width: 22, note: "Até 20 caracteres; obrigatória nos lotes que exigem marca." }]
      : []),
  ];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Certame";
  const sheet = addHeaderSheet(workbook, "Lances", columns);
  const money = (v: number | null, decimals: number) =>
    v === null ? "" : Number(scaledToDecimalString(v, decimals));
  for (const lot of lots) {
    const o = lot.own;
    const values: (string | number)[] = [
      lot.number,
      lot.productName,
      Number(lot.quantity),
      lot.unit ?? "",
      ...(options.showReference
        ? [lot.referencePrice === null ? "" : money(lot.referencePrice, lot.decimals)]
        : []),
      discount ? (o?.percentDiscount ?? "") : money(o?.unitPrice ?? null, lot.decimals),
      ...(options.automatic
        ? discount
          ? [o?.percentFinalDiscount ?? "", o?.percentVariation ?? ""]
          : [money(o?.finalPrice ?? null, lot.decimals), money(o?.variationPrice ?? null, lot.decimals)]
        : []),
      ...(brand ? [o?.brand ?? ""] : []),
    ];
    sheet.addRow(values);
  }
  return workbook;
}

/** A cell as money scaled by 10^decimals: numbers as reais, text as pt-BR ('1.234,56'). */
function cellMoney(value: ExcelJS.CellValue, text: string, decimals: number): number | null {
  if (text === "") return 0;
  if (typeof value === "number")
    return Number.isFinite(value) && value >= 0 ? Math.round(value * 10 ** decimals) : null;
  const scaled = parseBRL(text, decimals);
  return scaled !== null && scaled >= 0 ? scaled : null;
}
function cellPercent(value: ExcelJS.CellValue, text: string): number | null {
  if (text === "") return 0;
  if (typeof value === "number") return value;
  return parsePercent(text.replace("%", "").trim());
}

/**
 * Reads an imported sheet into bidData (.xlsx only: the .erp layout is described nowhere, so it
 * gets the size/format refusal). Every lot of the notice is sent: a lot missing from the sheet or
 * left empty is a zero (no proposal there), as on the screen.
 */
export async function readBidSheet(
  bytes: Buffer,
  lots: readonly SheetLot[],
  automatic: boolean,
): Promise<InitialBidRowInput[]> {
  const workbook = await readXlsx(bytes);
  const sheet = workbook.getWorksheet("Lances") ?? workbook.worksheets[0];
  if (!sheet) throw badRequest("A planilha não possui a aba de lances.");
  const discount = lots.some((l) => l.discount);
  const initialH = discount ? H.initialPct : H.initial;
  const finalH = discount ? H.finalPct : H.final;
  const variationH = discount ? H.variationPct : H.variation;
  const header = sheet.getRow(1);
  const headers = new Set<string>();
  header.eachCell((c) => headers.add(String(c.value ?? "").trim()));
  const brand = headers.has(H.brand);
  const wanted = [H.lot, initialH, ...(automatic ? [finalH, variationH] : []), ...(brand ? [H.brand] : [])];
  const rows = sheetRows(sheet, wanted);
  const byNumber = new Map(lots.map((l) => [l.number, l]));
  const sent = new Map<number, InitialBidRowInput>();
  for (const r of rows) {
    const number = Number(r.cells[H.lot]);
    const lot = byNumber.get(number);
    if (!lot) throw badRequest(`Linha ${r.rowNumber}: o lote "${r.cells[H.lot]}" não existe neste edital.`);
    if (sent.has(number)) throw badRequest(`Linha ${r.rowNumber}: o lote ${number} aparece mais de uma vez.`);
    const bad = (column: string) => badRequest(`Linha ${r.rowNumber}: valor inválido em "${column}".`);
    const read = (column: string) => {
      const v = discount
        ? cellPercent(r.values[column] ?? null, r.cells[column] ?? "")
        : cellMoney(r.values[column] ?? null, r.cells[column] ?? "", lot.decimals);
      if (v === null) throw bad(column);
      return v;
    };
    const initial = read(initialH);
    const row: InitialBidRowInput = {
      batch: { id: lot.id },
      quantity: lot.quantity,
      brand: brand ? (r.cells[H.brand] ?? "") : null,
    };
    if (discount) row.percentDiscount = initial;
    else row.unitPrice = initial;
    if (automatic) {
      if (discount) {
        row.percentFinalDiscount = read(finalH);
        row.percentVariation = read(variationH);
      } else {
        row.finalPrice = read(finalH);
        row.variationPrice = read(variationH);
      }
    }
    sent.set(number, row);
  }
  return lots.map((l) => sent.get(l.number) ?? { batch: { id: l.id }, unitPrice: 0, percentDiscount: 0 });
}
