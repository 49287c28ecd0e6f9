import { type DemandBatchPayload, demandBatchPayloadSchema } from "@certame/domain";
import ExcelJS from "exceljs";
import type { DbOrTx } from "../../db/client";
import { addHeaderSheet, cellText, sheetRows } from "../../files/spreadsheet";
import { badRequest, type PropertyError, VALIDATION_MESSAGE, zodToProperties } from "../../http/errors";
import { addUnitsAndInstructions, LOT_COLUMNS } from "../lots/lot-spreadsheet";
import { resolveSheetProducts } from "../products/product-import";

/**
 * The demand's lots/items spreadsheet (planning §2.5 'Anexar Arquivo de Lotes/Itens' and 'Baixar
 * Planilha de Lotes/Itens', §7 batch/getBatchTemplate and batch/import). The spec does not show the
 * file: the notice's template (its column texts) without prices, one row per item — the budget comes
 * later (§2.8).
 */
const DEMAND_KEYS = [
  "number",
  "item",
  "productCode",
  "productName",
  "technicalDescription",
  "quantity",
  "unit",
];
export const DEMAND_BATCH_COLUMNS = LOT_COLUMNS.filter((c) => DEMAND_KEYS.includes(c.key));
type Key = (typeof LOT_COLUMNS)[number]["key"];
const HEADER = Object.fromEntries(DEMAND_BATCH_COLUMNS.map((c) => [c.key, c.header])) as Record<Key, string>;

export const DEMAND_BATCH_TEMPLATE_FILE_NAME = "planilha-lotes-itens-dfd.xlsx";
export const DEMAND_BATCH_IMPORT_MAX_ROWS = 2000;

export async function demandBatchTemplate(db: DbOrTx) {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Certame";
  addHeaderSheet(workbook, "Lotes", DEMAND_BATCH_COLUMNS);
  await addUnitsAndInstructions(db, workbook, DEMAND_BATCH_COLUMNS);
  return workbook;
}

const decimalCell = (value: ExcelJS.CellValue): string | undefined => {
  if (typeof value === "number") return String(value);
  const text = cellText(value);
  if (text === "") return undefined;
  return /,/.test(text) ? text.replaceAll(".", "").replace(",", ".") : text;
};

/**
 * The sheet's rows as lot lines, their lot numbers shifted past the document's last lot ('Lotes
 * adicionados'), products resolved — or created, by who may register products. Every wrong cell is named ('linha N.campo') and nothing is
 * created unless the whole sheet is valid.
 */
export async function readDemandBatchRows(
  tx: DbOrTx,
  workbook: ExcelJS.Workbook,
  buyerId: string,
  numberOffset: number,
  mayCreateProducts: boolean,
): Promise<DemandBatchPayload[]> {
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  const rows = sheetRows(
    sheet,
    DEMAND_BATCH_COLUMNS.map((c) => c.header),
  );
  if (rows.length === 0)
    throw badRequest("A planilha não tem lotes.", [{ property: "file", errorMessages: ["Planilha vazia"] }]);
  if (rows.length > DEMAND_BATCH_IMPORT_MAX_ROWS)
    throw badRequest(`A planilha pode ter no máximo ${DEMAND_BATCH_IMPORT_MAX_ROWS} itens.`, [
      { property: "file", errorMessages: ["Linhas demais"] },
    ]);
  const properties: PropertyError[] = [];
  const read = rows.map(({ rowNumber, values }) => {
    const text = (k: Key) => cellText(values[HEADER[k]] ?? null);
    const codeText = text("productCode");
    const productCode = codeText === "" ? null : Number(codeText);
    if (productCode !== null && !Number.isInteger(productCode))
      properties.push({ property: `linha ${rowNumber}.product.code`, errorMessages: ["Código inválido"] });
    const number = Number(text("number"));
    return {
      rowNumber,
      productCode: productCode !== null && Number.isInteger(productCode) ? productCode : null,
      productName: text("productName"),
      technicalDescription: text("technicalDescription"),
      payload: {
        number: Number.isInteger(number) && number > 0 ? number + numberOffset : text("number"),
        item: text("item") === "" ? 1 : text("item"),
        quantity: decimalCell(values[HEADER.quantity] ?? null),
        measurementUnit: { code: text("unit").toUpperCase() },
      },
    };
  });
  const sheetProducts = await resolveSheetProducts(tx, buyerId, read, { mayCreate: mayCreateProducts });
  properties.push(...sheetProducts.errors);
  const payloads: DemandBatchPayload[] = [];
  for (const r of read) {
    const parsed = demandBatchPayloadSchema.safeParse({
      product: { id: "00000000-0000-4000-8000-000000000000" },
      ...r.payload,
    });
    if (!parsed.success)
      for (const p of zodToProperties(parsed.error))
        properties.push({ property: `linha ${r.rowNumber}.${p.property}`, errorMessages: p.errorMessages });
    else payloads.push(parsed.data);
  }
  if (properties.length) throw badRequest(VALIDATION_MESSAGE, properties);
  const productIds = await sheetProducts.commit();
  payloads.forEach((payload, i) => {
    payload.product = { id: productIds[i] as string };
  });
  return payloads;
}
