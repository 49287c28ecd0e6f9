import type { DbOrTx } from "../../db/client";
import { latestMembershipSignature } from "../registration/signature-provider";
import * as repo from "./buyer-registration.repository";

/**
 * The registration part of app/buyer/read (issue 13): the latest rejection reason, the due time of
 * the open analysis, the body's documents and the state of its adhesion-term signature.
 */
export async function buyerRegistrationView(db: DbOrTx, buyerId: string) {
  const [open, decided, documents, signature] = await Promise.all([
    repo.openReview(db, buyerId),
    repo.latestDecidedReview(db, buyerId),
    repo.listDocuments(db, buyerId),
    latestMembershipSignature(db, { kind: "BUYER", id: buyerId }),
  ]);
  return {
    analysisDueAt: open?.dueAt.toISOString() ?? null,
    submittedAt: open?.submittedAt.toISOString() ?? null,
    rejection:
      decided?.decision === "REJECTED"
        ? { reason: decided.reason ?? "", decidedAt: decided.decidedAt?.toISOString() ?? null }
        : null,
    documents: documents.map((d) => ({
      id: d.id,
      name: d.name,
      kind: d.kind,
      url: `/api/app/buyer/document/${d.id}`,
      sha256: d.sha256,
      size: d.size,
      createdDate: d.createdDate.toISOString(),
    })),
    membershipSignature: signature
      ? {
          provider: signature.provider,
          status: signature.status,
          requestedAt: signature.requestedAt.toISOString(),
          termsSha256: signature.termsSha256,
          signedSha256: signature.signedSha256,
          hasDigitalSignature: signature.hasDigitalSignature,
          signedAt: signature.signedAt?.toISOString() ?? null,
        }
      : null,
  };
}
