import { type RegistrationSubjectKind, registrationAnalysisDueAt } from "@certame/domain";
import type { DbOrTx } from "../../db/client";
import { registrationReviews } from "../../db/schema";

/**
 * Opens the staff analysis of a registration just completed (notices-and-accounts §4): the due time is
 * 24 business hours (domain registrationAnalysisDueAt). Call it in the completion's transaction, after
 * setting the subject's status to PENDING; the partial unique index refuses a second open analysis.
 */
export async function openRegistrationReview(
  tx: DbOrTx,
  review: {
    subjectKind: RegistrationSubjectKind;
    buyerId?: string;
    supplierId?: string;
    submittedByUserId: string;
    submittedAt: Date;
  },
) {
  const [row] = await tx
    .insert(registrationReviews)
    .values({
      subjectKind: review.subjectKind,
      buyerId: review.buyerId ?? null,
      supplierId: review.supplierId ?? null,
      submittedByUserId: review.submittedByUserId,
      submittedAt: review.submittedAt,
      dueAt: registrationAnalysisDueAt(review.submittedAt),
    })
    .returning();
  if (!row) throw new Error("registration review not inserted");
  return row;
}
