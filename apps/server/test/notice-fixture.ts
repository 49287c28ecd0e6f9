import { auctionNotices } from "../src/db/schema";
import { DEMO_IDS } from "../src/demo/demo-data";
import type { TestApp } from "./test-app";

export const BUYER = "pregoeiro@demo.gov.br";
export const OTHER_BUYER = "compras@vilanova.demo.gov.br";
export const SUPPLIER = "fornecedor1@demo.com.br";

/** Demo catalogue products (shared catalogue, buyer_id null). */
export const PRODUCT = (i: number) => `00000000-0000-4000-8000-${String(3001 + i).padStart(12, "0")}`;

let counter = 0;

/** A notice of the demo buyer (or another body) written straight to the database for lot/winner tests. */
export async function makeNotice(t: TestApp, values: Partial<typeof auctionNotices.$inferInsert> = {}) {
  counter += 1;
  const [row] = await t.db
    .insert(auctionNotices)
    .values({
      buyerId: DEMO_IDS.buyer,
      modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
      subModality: "GOODS_ACQUISITION",
      noticeNumber: `T ${counter}/2026`,
      processNumber: `PT ${counter}/2026`,
      objectOfInterest: "Objeto de teste",
      proposalsEndDateTime: new Date(Date.now() + 20 * 86_400_000),
      ...values,
    })
    .returning();
  if (!row) throw new Error("notice not inserted");
  return row;
}
