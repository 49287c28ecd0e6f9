import {
  type AuctionBatchPayload,
  auctionBatchPayloadSchema,
  BATCH_ITEM_PARTICIPATION_LABELS,
  BATCH_ITEM_PARTICIPATIONS,
  type BatchItemParticipation,
  parseBRL,
  toScaled,
} from "@certame/domain";
import ExcelJS from "exceljs";
import type { DbOrTx } from "../../db/client";
import { addHeaderSheet, addListValidation, cellText, sheetRows } from "../../files/spreadsheet";
import { badRequest, type PropertyError, VALIDATION_MESSAGE, zodToProperties } from "../../http/errors";
import { parseYesNo } from "../products/product.service";
import { resolveSheetProducts } from "../products/product-import";
import * as repo from "./lot.repository";

/**
 * The lots spreadsheet (notices-and-accounts §2.6 'Anexar Arquivo de Lotes/Itens' and 'Baixar
 * Planilha de Lotes/Itens'). The spec does not show the file, so this template defines it: one row
 * per lot item, the columns below, money in reais (pt-BR text or numbers).
 */
export const LOT_COLUMNS = [
  { key: "number", header: "Lote", width: 8, note: "Número do lote (1, 2, 3…)." },
  { key: "item", header: "Item", width: 8, note: "Número do item no lote; 1 é o item principal. Vazio = 1." },
  {
    key: "productCode",
    header: "Código do produto",
    width: 12,
    note: "Código do catálogo de produtos. Vazio: o produto é procurado pelo nome ou cadastrado no seu catálogo.",
  },
  {
    key: "productName",
    header: "Produto/Serviço",
    width: 40,
    note: "Nome do produto (até 1000 caracteres).",
  },
  {
    key: "technicalDescription",
    header: "Descrição técnica",
    width: 60,
    note: "Obrigatória quando o produto ainda não está no catálogo (até 5000 caracteres).",
  },
  { key: "quantity", header: "Quantidade", width: 12, note: "Maior que zero, até 4 casas decimais." },
  { key: "unit", header: "Unidade de medida", width: 14, note: "Código da aba Unidades (ex.: UN, CX, KG)." },
  {
    key: "referencePrice",
    header: "Preço de referência unitário (R$)",
    width: 18,
    note: "Valor unitário; o total (unitário × quantidade) é calculado pela plataforma.",
  },
  { key: "brand", header: "Exige marca", width: 12, note: "Sim ou Não (vazio = Não)." },
  { key: "decimals", header: "Casas decimais", width: 10, note: "2 ou 4 (vazio = 2)." },
  {
    key: "minimumVariation",
    header: "Variação mínima (R$)",
    width: 14,
    note: "Entre lances, em reais (vazio = R$ 1,00). Não se aplica a editais de maior desconto.",
  },
  {
    key: "percentMinimumVariation",
    header: "Variação mínima (%)",
    width: 14,
    note: "Para editais de maior desconto (vazio = 1,00 %; mínimo 0,01 %).",
  },
  {
    key: "participation",
    header: "Participação",
    width: 34,
    note: "Ampla participação, Exclusiva ME-EPP ou Cota Reservada para ME/EPP/COOP (Até 25%). Vazio = ampla.",
  },
  {
    key: "wideParticipationBatch",
    header: "Lote de ampla participação",
    width: 14,
    note: "Para a cota reservada: o número do lote de ampla participação a que ela se vincula.",
  },
] as const;
type Key = (typeof LOT_COLUMNS)[number]["key"];
const HEADER = Object.fromEntries(LOT_COLUMNS.map((c) => [c.key, c.header])) as Record<Key, string>;

export const LOT_TEMPLATE_FILE_NAME = "modelo-lotes-itens.xlsx";
export const LOT_IMPORT_MAX_ROWS = 2000;

/** §2.6 lists .erp, .txt and .imp too; their layouts are not shown anywhere, so they are refused. */
export const LEGACY_LOT_FORMATS_MESSAGE =
  "Formato de arquivo não suportado: envie a planilha .xlsx do modelo ('Baixar Planilha de Lotes/Itens'). Os formatos .erp, .txt e .imp de sistemas legados não são aceitos.";

export async function lotTemplate(db: DbOrTx) {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Certame";
  const sheet = addHeaderSheet(workbook, "Lotes", LOT_COLUMNS);
  const participationLabels = BATCH_ITEM_PARTICIPATIONS.map((p) => BATCH_ITEM_PARTICIPATION_LABELS[p]);
  const col = (key: Key) => LOT_COLUMNS.findIndex((c) => c.key === key) + 1;
  const letter = (key: Key) => String.fromCharCode(64 + col(key));
  addListValidation(sheet, `${letter("brand")}2:${letter("brand")}2000`, ["Sim", "Não"]);
  addListValidation(sheet, `${letter("decimals")}2:${letter("decimals")}2000`, ["2", "4"]);
  addListValidation(sheet, `${letter("participation")}2:${letter("participation")}2000`, participationLabels);
  await addUnitsAndInstructions(db, workbook, LOT_COLUMNS);
  return workbook;
}

/** The template's 'Unidades' sheet (the codes the unit column takes) and its 'Instruções' sheet. */
export async function addUnitsAndInstructions(
  db: DbOrTx,
  workbook: ExcelJS.Workbook,
  columns: readonly { header: string; note: string }[],
) {
  const units = workbook.addWorksheet("Unidades");
  units.columns = [
    { header: "Código", width: 12 },
    { header: "Descrição", width: 40 },
  ];
  units.getRow(1).font = { bold: true };
  for (const u of await repo.allUnits(db)) units.addRow([u.code, u.description]);
  const help = workbook.addWorksheet("Instruções");
  help.getColumn(1).width = 40;
  help.getColumn(2).width = 100;
  help.addRow(["Coluna", "Como preencher"]).font = { bold: true };
  for (const c of columns) help.addRow([c.header, c.note]);
}

interface ImportedRow {
  rowNumber: number;
  payload: Record<string, unknown>;
  productName: string;
  technicalDescription: string;
  productCode: number | null;
}

/** A money cell: a number, or pt-BR text ('R$ 1.234,56', '1234,5'); null when empty or unreadable. */
function moneyCell(value: ExcelJS.CellValue, decimals: number): number | null {
  if (typeof value === "number") return toScaled(value, decimals);
  const text = cellText(value);
  if (text === "") return null;
  return parseBRL(text, decimals) ?? (/^\d+(\.\d+)?$/.test(text) ? toScaled(text, decimals) : null);
}

function decimalCell(value: ExcelJS.CellValue): string | null {
  if (typeof value === "number") return String(value);
  const text = cellText(value);
  if (text === "") return null;
  // '1.234,5' (pt-BR) or '1234.5'
  return /,/.test(text) ? text.replaceAll(".", "").replace(",", ".") : text;
}

function participationCell(text: string): BatchItemParticipation | null {
  if (text === "") return "WIDE_PARTICIPATION";
  const folded = text.toLowerCase();
  for (const p of BATCH_ITEM_PARTICIPATIONS) {
    if (p.toLowerCase() === folded || BATCH_ITEM_PARTICIPATION_LABELS[p].toLowerCase() === folded) return p;
  }
  return null;
}

/**
 * Reads the template's first sheet into lot payloads (numbers shifted past the notice's last lot so
 * an import adds lots: 'Lotes adicionados'), resolving or creating the catalogue products.
 */
export async function readLotRows(
  tx: DbOrTx,
  workbook: ExcelJS.Workbook,
  buyerId: string,
  numberOffset: number,
): Promise<{ payloads: AuctionBatchPayload[]; rowNumbers: number[] }> {
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  const headers = LOT_COLUMNS.map((c) => c.header);
  const rawRows = sheetRows(sheet, headers).map((r) => ({ rowNumber: r.rowNumber, cells: r.values }));
  if (rawRows.length === 0)
    throw badRequest("A planilha não tem lotes.", [{ property: "file", errorMessages: ["Planilha vazia"] }]);
  if (rawRows.length > LOT_IMPORT_MAX_ROWS)
    throw badRequest(`A planilha pode ter no máximo ${LOT_IMPORT_MAX_ROWS} itens.`, [
      { property: "file", errorMessages: ["Linhas demais"] },
    ]);

  const properties: PropertyError[] = [];
  const fail = (rowNumber: number, field: string, message: string) =>
    properties.push({ property: `linha ${rowNumber}.${field}`, errorMessages: [message] });
  const imported: ImportedRow[] = [];
  for (const { rowNumber, cells } of rawRows) {
    const text = (k: Key) => cellText(cells[HEADER[k]] ?? null);
    const decimalsText = text("decimals");
    const decimals = decimalsText === "" ? 2 : decimalsText === "4" ? 4 : decimalsText === "2" ? 2 : null;
    if (decimals === null) fail(rowNumber, "decimalsNumber", "Use 2 ou 4");
    const d = decimals ?? 2;
    const brand = parseYesNo(text("brand"));
    if (brand === null) fail(rowNumber, "isProductBrandRequired", "Use Sim ou Não");
    const participation = participationCell(text("participation"));
    if (participation === null) fail(rowNumber, "batchItemParticipation", "Participação desconhecida");
    const referencePrice = moneyCell(cells[HEADER.referencePrice] ?? null, d);
    if (referencePrice === null) fail(rowNumber, "referencePrice", "Informe o preço de referência");
    const variationCell = cells[HEADER.minimumVariation] ?? null;
    const minimumVariation = cellText(variationCell) === "" ? undefined : moneyCell(variationCell, d);
    if (minimumVariation === null) fail(rowNumber, "minimumVariation", "Valor inválido");
    const percentText = decimalCell(cells[HEADER.percentMinimumVariation] ?? null);
    const percent = percentText === null ? undefined : Number(percentText.replace("%", "").trim());
    if (percent !== undefined && !Number.isFinite(percent))
      fail(rowNumber, "percentMinimumVariation", "Valor inválido");
    const codeText = text("productCode");
    const productCode = codeText === "" ? null : Number(codeText);
    if (productCode !== null && !Number.isInteger(productCode))
      fail(rowNumber, "product.code", "Código inválido");
    const number = Number(text("number"));
    const wide = text("wideParticipationBatch");
    imported.push({
      rowNumber,
      productCode,
      productName: text("productName"),
      technicalDescription: text("technicalDescription"),
      payload: {
        number: Number.isInteger(number) && number > 0 ? number + numberOffset : text("number"),
        item: text("item") === "" ? 1 : text("item"),
        quantity: decimalCell(cells[HEADER.quantity] ?? null) ?? undefined,
        measurementUnit: { code: text("unit").toUpperCase() },
        referencePrice: referencePrice ?? undefined,
        minimumVariation: minimumVariation ?? undefined,
        percentMinimumVariation: percent,
        isProductBrandRequired: brand ?? false,
        decimalsNumber: d,
        batchItemParticipation: participation ?? "WIDE_PARTICIPATION",
        wideParticipationBatch: wide === "" ? null : Number(wide) + numberOffset,
      },
    });
  }

  // Products: by catalogue code, else by name, else a new product of the buyer's catalogue.
  const sheetProducts = await resolveSheetProducts(tx, buyerId, imported);
  properties.push(...sheetProducts.errors);

  const payloads: AuctionBatchPayload[] = [];
  for (const r of imported) {
    const parsed = auctionBatchPayloadSchema.safeParse({
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
  return { payloads, rowNumbers: imported.map((r) => r.rowNumber) };
}
