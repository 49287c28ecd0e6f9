import type { DisputeDocumentView, DisputeView } from "../features/trading-room/appeals/appeal-model";

// Appeal views shaped like the server's (docs/live-room.md "Appeals"), for the room's appeal tests.

export function dispute(id: string, overrides: Partial<DisputeView> = {}): DisputeView {
  return {
    id,
    anonymousSupplierIdentificationNumber: 2,
    supplier: null,
    reason: "A proposta vencedora não atende ao item 3.2.",
    batch: { id: "lot-1", number: 1 },
    batchId: "lot-1",
    auctionNoticeId: null,
    groupId: null,
    roundId: "round-1",
    status: "MANIFESTED",
    judgmentStatus: "NOT_ANALYZED",
    judgmentJustification: null,
    refusalReason: null,
    waiverReason: null,
    interestEndDateTime: "2026-03-10T12:10:00.000Z",
    disputeDocumentsAttachmentDueDateTime: null,
    counterArgumentDocumentsAttachmentDueDateTime: null,
    createdDate: "2026-03-10T12:01:00.000Z",
    judgedAt: null,
    ...overrides,
  };
}

export function disputeDocument(
  id: string,
  overrides: Partial<DisputeDocumentView> = {},
): DisputeDocumentView {
  return {
    id,
    kind: "DISPUTE",
    name: "recurso.pdf",
    url: `/api/app/dispute/document/${id}`,
    batchId: "lot-1",
    batch: { id: "lot-1", number: 1 },
    disputeId: "d-1",
    anonymousSupplierIdentificationNumber: 2,
    supplier: null,
    createdDate: "2026-03-10T12:05:00.000Z",
    ...overrides,
  };
}
