import { productDataSchema } from "@certame/domain";
import type { DbOrTx } from "../../db/client";
import { foldText } from "../../db/text-search";
import { type PropertyError, zodToProperties } from "../../http/errors";
import * as products from "./product.repository";

const PRODUCT_NOT_IN_CATALOGUE = "Produto não encontrado no catálogo";

/** A spreadsheet row's product: a catalogue code, or a name (with the description for a new one). */
export interface SheetProduct {
  rowNumber: number;
  productCode: number | null;
  productName: string;
  technicalDescription: string;
}

/**
 * The products of an imported lots sheet (the notice's and the demand formalization's): by catalogue
 * code, else by name (accents and case aside), else — `mayCreate` — a new product of the body's catalogue. `errors`
 * name the rows; `commit` creates the new products — call it only once the whole sheet is valid — and
 * answers each row's product id, in the rows' order.
 */
export async function resolveSheetProducts(
  tx: DbOrTx,
  buyerId: string,
  rows: readonly SheetProduct[],
  { mayCreate = true }: { mayCreate?: boolean } = {},
) {
  const errors: PropertyError[] = [];
  const byCode = new Map(
    (
      await products.findVisibleByCodes(
        tx,
        buyerId,
        rows.flatMap((r) => (r.productCode === null ? [] : [r.productCode])),
      )
    ).map((p) => [p.code, p.id]),
  );
  const key = (name: string) => foldText(name.trim());
  const named = rows.filter((r) => r.productCode === null);
  const byName = new Map<string, string>();
  for (const p of await products.findVisibleByNames(tx, buyerId, [
    ...new Set(named.map((r) => r.productName).filter(Boolean)),
  ]))
    byName.set(key(p.name), p.id);
  const toCreate = new Map<
    string,
    { name: string; technicalDescription: string; isBasicProductiveIncentive: boolean }
  >();
  for (const r of rows) {
    if (r.productCode !== null) {
      if (!byCode.has(r.productCode))
        errors.push({
          property: `linha ${r.rowNumber}.product.code`,
          errorMessages: [PRODUCT_NOT_IN_CATALOGUE],
        });
      continue;
    }
    if (byName.has(key(r.productName)) || toCreate.has(key(r.productName))) continue;
    // Who may not register products (the catalogue's 'editor' rule) names only known ones.
    if (!mayCreate) {
      errors.push({
        property: `linha ${r.rowNumber}.product.name`,
        errorMessages: [PRODUCT_NOT_IN_CATALOGUE],
      });
      continue;
    }
    const parsed = productDataSchema.safeParse({
      name: r.productName,
      technicalDescription: r.technicalDescription,
    });
    if (!parsed.success)
      for (const p of zodToProperties(parsed.error))
        errors.push({
          property: `linha ${r.rowNumber}.product.${p.property}`,
          errorMessages: p.errorMessages,
        });
    else toCreate.set(key(r.productName), parsed.data);
  }
  const commit = async (): Promise<string[]> => {
    const created = await products.insertProducts(
      tx,
      [...toCreate.values()].map((p) => ({ ...p, buyerId })),
    );
    for (const p of created) byName.set(key(p.name), p.id);
    return rows.map(
      (r) => (r.productCode === null ? byName.get(key(r.productName)) : byCode.get(r.productCode)) as string,
    );
  };
  return { errors, commit };
}
