import { can, type RoomAction, type RoomPermissionContext, type RoomRole } from "@certame/domain";
import type { DocumentAssociationKind, LotDocumentKind } from "../../db/schema";
import { audienceOf } from "../state/audience";

/**
 * Who may see a bidder's document in the trading room — the one rule of the §2.7 modals
 * (room-documents.service.ts) and of the winner's documents (award.service.ts: app/award/documents,
 * proofPayments, /api/app/award/document/{id}).
 *
 * - Its author always sees it (a supplier keeps its own in any phase, §2.7 listMyQualificationDocument).
 * - Anyone else sees it when the §6 "Viewing actions" entry of its kind is allowed for their room role
 *   in the lot's phase. Those entries already carry §4 "Visibility by phase" (proposals and
 *   qualification documents hidden under BEFORE_BID until the lot passed qualification, the notice
 *   author excepted) and the confidential phases, and they open the documents to every viewer —
 *   Body, enabled suppliers and citizens alike: a losing bidder or a citizen sees the winner's
 *   qualification documents exactly when the qualification modal shows them.
 * - A document the winner sent after bidding (the lot's `lot_supplier_documents`) is also always
 *   seen by the Body: it is sent to the officials for them to judge (§6 ATTACH_READJUSTED_PROPOSAL_*,
 *   ATTACH_QUALIFICATION_DOCUMENT, ATTACH_PROOF_PAYMENT), whatever phase the lot is in later. The
 *   documents associated with the initial proposals are not: they stay sealed from the Body too until
 *   the §6 entry opens them.
 * - A kind without a viewing action — the proof of payment (SHOW_PROOF_PAYMENT is Body only) and any
 *   other — is seen by the Body and its author only.
 */

export type RoomDocumentKind = DocumentAssociationKind | LotDocumentKind;

/** The §6 viewing action(s) that open OTHER bidders' documents of each kind. */
export const VIEW_ACTIONS: Partial<Record<RoomDocumentKind, readonly RoomAction[]>> = {
  QUALIFICATION_DOCUMENT: [
    "SHOW_QUALIFICATION_DOCUMENT_OLD_MODALITIES",
    "SHOW_QUALIFICATION_DOCUMENT_NEW_MODALITIES",
  ],
  TECHNICAL_DATA_SHEET: ["SHOW_DATASHEET"],
  PROPOSAL_DOCUMENT: ["SHOW_PROPOSAL_DOCUMENT"],
  TECHNICAL_PROPOSAL_DOCUMENT: ["SHOW_TECHNICAL_PROPOSAL_DOCUMENT"],
  // The winner's readjusted proposal is its proposal (§2.3 'Propostas Ajustadas').
  READJUSTED_PROPOSAL: ["SHOW_PROPOSAL_DOCUMENT"],
};

export interface DocumentViewer {
  role: RoomRole;
  supplierId: string | null;
}

export interface RoomDocumentRef {
  kind: RoomDocumentKind;
  /** The bidder the document is of (its author). */
  supplierId: string;
  /** Sent by the winner after bidding (lot_supplier_documents), not associated with its initial proposal. */
  sentAfterBidding: boolean;
}

/** Whether the §6 viewing action of the kind opens other bidders' documents to this role in the lot. */
export function opensOthersDocuments(role: RoomRole, kind: RoomDocumentKind, ctx: RoomPermissionContext) {
  return (VIEW_ACTIONS[kind] ?? []).some((action) => can(role, action, ctx));
}

/** Whether the viewer may see the document; `ctx` is its lot's §6 context (null: the lot is unknown). */
export function maySeeDocument(
  viewer: DocumentViewer,
  doc: RoomDocumentRef,
  ctx: RoomPermissionContext | null,
): boolean {
  if (viewer.supplierId !== null && viewer.supplierId === doc.supplierId) return true;
  if (doc.sentAfterBidding && audienceOf(viewer.role) === "BODY") return true;
  return ctx !== null && opensOthersDocuments(viewer.role, doc.kind, ctx);
}
