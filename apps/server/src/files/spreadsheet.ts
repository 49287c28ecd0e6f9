import ExcelJS from "exceljs";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError, badRequest } from "../http/errors";
import { receiveUpload, toBuffer } from "./multipart";
import { sniff } from "./sniff";

export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const SPREADSHEET_ERROR_MESSAGE =
  "Verifique se o seu arquivo é válido e tente novamente: envie a planilha .xlsx do modelo, com no máximo 30 MB.";

export interface ReceivedFile {
  filename: string;
  bytes: Buffer;
  fields: Record<string, string>;
}

/** Reads one multipart `file` (and the plain fields sent with it) into memory, up to 30 MB. */
export async function receiveMultipartFile(request: FastifyRequest): Promise<ReceivedFile> {
  const {
    filename,
    file: bytes,
    fields,
  } = await receiveUpload(request, {
    message: SPREADSHEET_ERROR_MESSAGE,
    read: toBuffer,
  });
  if (bytes.length === 0)
    throw badRequest("Nenhum arquivo enviado.", [{ property: "file", errorMessages: ["Obrigatório"] }]);
  return { filename, bytes, fields };
}

/**
 * An .xlsx is a ZIP (first bytes PK\x03\x04) whose content parses as a workbook with a worksheet;
 * anything else is refused with 415, whatever its name.
 */
export async function readXlsx(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const kind = sniff(new Uint8Array(bytes.subarray(0, 16)));
  if (kind?.mimeType !== "application/zip") throw new AppError(415, SPREADSHEET_ERROR_MESSAGE);
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's Buffer type predates @types/node's generic Buffer.
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw new AppError(415, SPREADSHEET_ERROR_MESSAGE);
  }
  if (workbook.worksheets.length === 0) throw new AppError(415, SPREADSHEET_ERROR_MESSAGE);
  return workbook;
}

/** The text of a cell whatever its type (rich text, formula result, hyperlink, number, date). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") {
    if ("richText" in value)
      return value.richText
        .map((r) => r.text)
        .join("")
        .trim();
    if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
    if ("text" in value && typeof value.text === "string") return value.text.trim();
    if ("error" in value) return "";
  }
  return String(value).trim();
}

/** The data rows (after the header row) of a sheet by header (text and typed values); empty rows dropped. */
export function sheetRows(
  sheet: ExcelJS.Worksheet,
  headers: readonly string[],
): { rowNumber: number; cells: Record<string, string>; values: Record<string, ExcelJS.CellValue> }[] {
  const header = sheet.getRow(1);
  const columnOf = new Map<string, number>();
  header.eachCell((cell, col) => columnOf.set(fold(cellText(cell.value)), col));
  const missing = headers.filter((h) => !columnOf.has(fold(h)));
  if (missing.length)
    throw badRequest(`A planilha não segue o modelo: faltam as colunas ${missing.join(", ")}.`, [
      { property: "file", errorMessages: missing.map((m) => `Coluna ausente: ${m}`) },
    ]);
  const rows: {
    rowNumber: number;
    cells: Record<string, string>;
    values: Record<string, ExcelJS.CellValue>;
  }[] = [];
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells: Record<string, string> = {};
    const values: Record<string, ExcelJS.CellValue> = {};
    for (const h of headers) {
      values[h] = row.getCell(columnOf.get(fold(h)) as number).value;
      cells[h] = cellText(values[h] ?? null);
    }
    if (Object.values(cells).some((v) => v !== "")) rows.push({ rowNumber, cells, values });
  });
  return rows;
}

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();

/** A workbook sent as a download: name in x-suggested-filename (DESIGN §2). */
export async function sendWorkbook(reply: FastifyReply, workbook: ExcelJS.Workbook, fileName: string) {
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  reply.header("content-type", XLSX_MIME);
  reply.header("x-suggested-filename", encodeURIComponent(fileName));
  reply.header("access-control-expose-headers", "x-suggested-filename");
  reply.header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  return reply.send(buffer);
}

/** A header row in bold with widths, frozen below. */
export function addHeaderSheet(
  workbook: ExcelJS.Workbook,
  name: string,
  columns: readonly { header: string; width: number; note?: string }[],
): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  const row = sheet.getRow(1);
  row.font = { bold: true };
  columns.forEach((c, i) => {
    if (c.note) row.getCell(i + 1).note = c.note;
  });
  return sheet;
}

/**
 * A list validation over a column range (e.g. "C2:C1000") without creating the rows, so the sheet
 * stays empty below the header. exceljs supports range validations but does not type them.
 */
export function addListValidation(sheet: ExcelJS.Worksheet, range: string, options: readonly string[]) {
  (
    sheet as unknown as { dataValidations: { add(address: string, v: ExcelJS.DataValidation): void } }
  ).dataValidations.add(range, { type: "list", allowBlank: true, formulae: [`"${options.join(",")}"`] });
}
