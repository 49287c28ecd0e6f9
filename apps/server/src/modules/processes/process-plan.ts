import { createHash } from "node:crypto";
import { isEstimatedCostConfidential, type ReferenceTermData } from "@certame/domain";
import type { DbOrTx } from "../../db/client";
import { referencePricesOf } from "../budget/budget.service";
import { findByProcess } from "../demand-formalization/demand-formalization.repository";
import { findStudy } from "../preliminary-technical-study/preliminary-technical-study.repository";
import { findTerm, lotsOfProcess } from "../reference-term/reference-term.repository";

/**
 * What the plan gives its notice (issue 35, step 6): the object (DFD description), the ETP's modality
 * and sub-modality, the DFD's lots with the reference term's options and the budget's reference price
 * of each item (the figure the budget screen shows), and whether the term made the estimate secret.
 * Queries one after the other: it also runs inside a transaction's single client.
 */
export async function readPlan(db: DbOrTx, processId: string) {
  const doc = await findByProcess(db, processId);
  const study = await findStudy(db, processId);
  const rows = await lotsOfProcess(db, processId);
  const term = await findTerm(db, processId);
  const prices = await referencePricesOf(db, rows);
  return {
    description: doc?.description ?? null,
    modality: study?.modality ?? null,
    subModality: study?.subModality ?? null,
    /** Step 9 'Custo estimado sigiloso?' (Lei 14.133/2021 art. 24). */
    confidentialEstimate: isEstimatedCostConfidential(term?.data as ReferenceTermData | undefined),
    lots: rows.map((r) => {
      const price = prices.get(r.id);
      return {
        ...r,
        referenceCents: price?.referenceCents ?? null,
        quotes: price?.quotes ?? 0,
        quotesUpdatedDate: price?.updatedDate ?? null,
      };
    }),
  };
}
export type Plan = Awaited<ReturnType<typeof readPlan>>;

/**
 * The digest of what the notice carries from the plan (object, the estimate's secrecy, lots: line,
 * price, options). A
 * notice made or synced from a plan with another digest is out of date; a save that changes nothing
 * the notice carries (an ETP text, a quote that leaves the reference price) does not make it so.
 */
export function planSha256(plan: Plan): string {
  const canonical = {
    object: plan.description?.trim() ?? "",
    confidentialEstimate: plan.confidentialEstimate,
    lots: plan.lots.map((l) => [
      l.number,
      l.item,
      l.productId,
      Number(l.quantity),
      l.measurementUnitCode,
      l.referenceCents,
      l.isProductBrandRequired,
      l.decimalsNumber,
      l.minimumVariationKind,
      l.minimumVariation === null ? null : Number(l.minimumVariation),
      l.batchItemParticipation,
    ]),
  };
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}
