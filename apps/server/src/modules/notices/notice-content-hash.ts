import { createHash } from "node:crypto";
import type { DbOrTx } from "../../db/client";
import * as repo from "./notice.repository";
import { rowToFields } from "./notice-fields";

/** JSON with sorted keys, dates as ISO instants: the same content always gives the same bytes. */
export function canonicalJson(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (value === null || value === undefined || typeof value !== "object")
    return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/**
 * SHA-256 of what a publication makes public: the notice fields, its people, its lots and the
 * SHA-256 of each of its files. Written into the publication's event-log entry and printed on the
 * publication proof, so anyone holding the proof can check the notice was not changed since.
 */
export async function noticeContentSha256(db: DbOrTx, row: repo.NoticeRow): Promise<string> {
  // Sequential: `db` may be a transaction, whose single client runs one query at a time.
  const people = await repo.findNoticePeopleIds(db, row.id);
  const classes = await repo.findNoticeDocumentClasses(db, row.id);
  const batches = await repo.findBatches(db, row.id);
  const documents = await repo.listDocumentHashes(db, row.id);
  const content = {
    id: row.id,
    buyerId: row.buyerId,
    fields: rowToFields(
      row,
      people,
      classes.map((c) => c.id),
    ),
    lots: batches.map(({ batch }) => ({
      number: batch.number,
      item: batch.item,
      productId: batch.productId,
      quantity: batch.quantity,
      measurementUnitCode: batch.measurementUnitCode,
      referencePrice: batch.referencePrice,
      minimumVariation: batch.minimumVariation,
      percentMinimumVariation: batch.percentMinimumVariation,
      decimalsNumber: batch.decimalsNumber,
      batchItemParticipation: batch.batchItemParticipation,
      wideParticipationBatch: batch.wideParticipationBatch,
      isProductBrandRequired: batch.isProductBrandRequired,
    })),
    documents,
  };
  return createHash("sha256").update(canonicalJson(content)).digest("hex");
}
