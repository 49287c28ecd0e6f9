import { and, eq } from "drizzle-orm";
import type { Tx } from "../db/client";
import { budgets, demandFormalizationBatches } from "../db/schema";

/**
 * Issue 16's demo: PA 21/2026's lot 1 item 1 (paper) with three quotes — two close ones (one from the
 * national portal) and one well above 125% of the median, flagged 'too high' (IN SEGES/ME 65/2021 art. 6) —
 * so the budget screen opens filled.
 */
export async function insertDemoBudget(tx: Tx, demandFormalizationId: string) {
  const [batch] = await tx
    .select({ id: demandFormalizationBatches.id })
    .from(demandFormalizationBatches)
    .where(
      and(
        eq(demandFormalizationBatches.demandFormalizationId, demandFormalizationId),
        eq(demandFormalizationBatches.number, 1),
        eq(demandFormalizationBatches.item, 1),
      ),
    );
  if (!batch) return;
  const base = { demandFormalizationBatchId: batch.id, supplierCredentialKind: "LEGAL_PERSON" as const };
  await tx.insert(budgets).values([
    {
      ...base,
      columnOrder: 1,
      priceCents: 2490,
      supplierDocument: "11222333000181",
      supplierName: "Papelaria Central Ltda",
      supplierIsSmallBusiness: true,
    },
    {
      ...base,
      columnOrder: 2,
      priceCents: 2650,
      pncpItemId: "12345678000190-1-000042/2025-1",
      supplierDocument: "12345678000195",
      supplierName: "Distribuidora Escolar S.A.",
      supplierIsSmallBusiness: false,
    },
    {
      ...base,
      columnOrder: 3,
      priceCents: 4990,
      supplierDocument: "11444777000161",
      supplierName: "Comercial Papel Nobre Ltda",
      supplierIsSmallBusiness: false,
    },
  ]);
}
