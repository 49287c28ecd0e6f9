import {
  type ProductData,
  type ProductListInput,
  productDataSchema,
  type productEditSchema,
  type z,
} from "@certame/domain";
import ExcelJS from "exceljs";
import type { Db } from "../../db/client";
import { addHeaderSheet, addListValidation, readXlsx, sheetRows } from "../../files/spreadsheet";
import {
  badRequest,
  forbidden,
  notFound,
  type PropertyError,
  VALIDATION_MESSAGE,
  zodToProperties,
} from "../../http/errors";
import * as repo from "./product.repository";

const iso = (d: Date) => d.toISOString();

export function toProduct(p: repo.ProductRow) {
  return {
    id: p.id,
    code: p.code,
    name: p.name,
    technicalDescription: p.technicalDescription,
    isBasicProductiveIncentive: p.isBasicProductiveIncentive,
    /** The shared platform catalogue, read-only for buyers. */
    isShared: p.buyerId === null,
    createdDate: iso(p.createdDate),
  };
}

/** Columns of the product import template (§2.14), in order. */
export const PRODUCT_TEMPLATE_COLUMNS = [
  { header: "Nome do produto/serviço", width: 50, note: "Obrigatório, até 1000 caracteres." },
  { header: "Descrição técnica", width: 80, note: "Obrigatória, até 5000 caracteres." },
  {
    header: "Incentivo fiscal PPB (Processo Produtivo Básico)",
    width: 30,
    note: "Sim ou Não (vazio = Não).",
  },
] as const;
const [NAME, DESCRIPTION, PPB] = PRODUCT_TEMPLATE_COLUMNS.map((c) => c.header) as [string, string, string];
export const PRODUCT_TEMPLATE_FILE_NAME = "modelo-catalogo-de-produtos.xlsx";
const MAX_IMPORT_ROWS = 5000;

/** 'Sim'/'Não' cells (also S/N, yes/no, 1/0, true/false); empty is false; anything else null. */
export function parseYesNo(text: string): boolean | null {
  const v = text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .trim()
    .toLowerCase();
  if (["", "nao", "n", "no", "false", "0"].includes(v)) return false;
  if (["sim", "s", "yes", "true", "1"].includes(v)) return true;
  return null;
}

export class ProductService {
  constructor(private readonly db: Db) {}

  async list(buyerId: string, input: ProductListInput) {
    const { rows, total, totalIsLowerBound } = await repo.listProducts(this.db, buyerId, input);
    return { products: rows.map(toProduct), limitResult: input.limit, total, totalIsLowerBound };
  }

  /** Near-duplicate names of the catalogue the buyer sees (shown before adding a product). */
  async similar(buyerId: string, name: string) {
    const rows = await repo.findSimilarByName(this.db, buyerId, name);
    return {
      products: rows.map((r) => ({ ...r, similarity: Math.round(Number(r.similarity) * 100) / 100 })),
    };
  }

  async read(buyerId: string, id: string) {
    const [row] = await repo.findVisibleProducts(this.db, buyerId, [id]);
    if (!row) throw notFound("Produto não encontrado.");
    return toProduct(row);
  }

  async create(buyerId: string, data: readonly ProductData[]) {
    const rows = await this.db.transaction((tx) =>
      repo.insertProducts(
        tx,
        data.map((d) => ({ ...d, buyerId })),
      ),
    );
    return rows.map(toProduct);
  }

  /** Own products only: the shared catalogue is read-only (403), another body's is not found (404). */
  private async ownProducts(buyerId: string, ids: readonly string[]) {
    const found = await repo.findProducts(this.db, ids);
    for (const id of ids) {
      const row = found.find((p) => p.id === id);
      if (!row || (row.buyerId !== null && row.buyerId !== buyerId))
        throw notFound("Produto não encontrado.");
      if (row.buyerId === null)
        throw forbidden("Produtos do catálogo compartilhado não podem ser alterados.");
    }
  }

  async edit(buyerId: string, data: z.infer<typeof productEditSchema>["productsData"]) {
    await this.ownProducts(
      buyerId,
      data.map((d) => d.id),
    );
    return this.db.transaction(async (tx) => {
      const out = [];
      for (const { id, ...values } of data) {
        const row = await repo.updateProduct(tx, id, values);
        if (row) out.push(toProduct(row));
      }
      return out;
    });
  }

  async delete(buyerId: string, ids: readonly string[]) {
    await this.ownProducts(buyerId, ids);
    await this.db.transaction((tx) => repo.softDeleteProducts(tx, ids));
    return { deleted: ids.length };
  }

  /** app/product/import: every row of the template's first sheet, all or nothing. */
  async import(buyerId: string, bytes: Buffer) {
    const workbook = await readXlsx(bytes);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const rows = sheetRows(sheet, [NAME, DESCRIPTION, PPB]);
    if (rows.length === 0)
      throw badRequest("A planilha não tem produtos.", [
        { property: "file", errorMessages: ["Planilha vazia"] },
      ]);
    if (rows.length > MAX_IMPORT_ROWS)
      throw badRequest(`A planilha pode ter no máximo ${MAX_IMPORT_ROWS} produtos.`, [
        { property: "file", errorMessages: ["Linhas demais"] },
      ]);
    const properties: PropertyError[] = [];
    const data: ProductData[] = [];
    for (const { rowNumber, cells } of rows) {
      const ppb = parseYesNo(cells[PPB] ?? "");
      if (ppb === null)
        properties.push({
          property: `linha ${rowNumber}.isBasicProductiveIncentive`,
          errorMessages: ["Use Sim ou Não"],
        });
      const parsed = productDataSchema.safeParse({
        name: cells[NAME],
        technicalDescription: cells[DESCRIPTION],
        isBasicProductiveIncentive: ppb ?? false,
      });
      if (!parsed.success) {
        for (const p of zodToProperties(parsed.error))
          properties.push({ property: `linha ${rowNumber}.${p.property}`, errorMessages: p.errorMessages });
      } else data.push(parsed.data);
    }
    if (properties.length) throw badRequest(VALIDATION_MESSAGE, properties);
    const products = await this.create(buyerId, data);
    return { products, total: products.length };
  }

  template() {
    const workbook = new ExcelJS.Workbook();
    workbook.creator = "Certame";
    const sheet = addHeaderSheet(workbook, "Produtos", PRODUCT_TEMPLATE_COLUMNS);
    addListValidation(sheet, "C2:C5000", ["Sim", "Não"]);
    return workbook;
  }
}
