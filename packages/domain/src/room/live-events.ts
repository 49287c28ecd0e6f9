// The names of the events a client sends on the live channel (docs/live-room.md "Where the contract
// lives"): the core's and each feature's. Apart from their payload schemas (live-contract.ts,
// ./commands/*.ts) so that a client that only sends them — the web's room — loads no schema.

/** The core events: register, the chat, the bid path and the phase moves. */
export const LIVE_EVENTS = {
  register: "register",
  getChannelStatistics: "get_channel_statistics",
  newMessage: "new_message",
  newMessageAllBatches: "new_message_all_batches",
  placeNewBid: "place_new_bid",
  cancelBid: "cancel_bid",
  cancelBidBySupplier: "cancel_bid_by_supplier",
  goToNextPhase: "go_to_next_phase",
  regressPhase: "regress_phase",
} as const;

/** The process and lot control (trading-room §2.3 '+ Opções', §2.6, §7). */
export const CONTROL_EVENTS = {
  toggleProcessSuspendedStatus: "toggle_process_suspended_status",
  suspendIndefinitely: "suspend_indefinitely",
  scheduleRevokeProcess: "schedule_revoke_process",
  cancelBatch: "cancel_batch",
  failBatch: "fail_batch",
  failBatchDirectly: "fail_batch_directly",
  resumeBatch: "resume_batch",
  toggleSupplierStatus: "toggle_supplier_status",
  discloseReferencePrice: "disclose_reference_price",
} as const;
export type ControlEvent = (typeof CONTROL_EVENTS)[keyof typeof CONTROL_EVENTS];

/** Appeals (trading-room §2.6, §7): the broadcasts only confirm what an HTTP call committed. */
export const APPEAL_EVENTS = {
  manifestInterestInDispute: "manifest_interest_in_dispute",
  waiveInterestInDispute: "waive_interest_in_dispute",
  refuseDisputeManifestation: "refuse_dispute_manifestation",
  broadcastDisputeJudgment: "broadcast_dispute_judgment",
  broadcastDisputeDocumentAttached: "broadcast_dispute_document_attached",
  broadcastDisputeCounterArgumentDocumentAttached: "broadcast_dispute_counter_argument_document_attached",
} as const;
export type AppealEvent = (typeof APPEAL_EVENTS)[keyof typeof APPEAL_EVENTS];

/** The winner's documents (trading-room §2.3, §2.6, §7): the broadcasts only confirm an HTTP call's change. */
export const AWARD_EVENTS = {
  broadcastConfigureAttachingDocumentsDateTime: "broadcast_configure_attaching_documents_date_time",
  broadcastReadjustedProposalAttached: "broadcast_readjusted_proposal_attached",
  broadcastQualificationDocumentAttached: "broadcast_qualification_document_attached",
  broadcastProofPaymentAttached: "broadcast_proof_payment_attached",
  indicateWinnerBoardParticipation: "indicate_winner_board_participation",
  applyRegionalPreference: "apply_regional_preference",
  createBacklogBid: "create_backlog_bid",
} as const;
export type AwardEvent = (typeof AWARD_EVENTS)[keyof typeof AWARD_EVENTS];

/** 'Reespecificar valores dos itens' (trading-room §7). */
export const RESPECIFY_EVENTS = { broadcastBidsRespecified: "broadcast_bids_respecified" } as const;
export type RespecifyEvent = (typeof RESPECIFY_EVENTS)[keyof typeof RESPECIFY_EVENTS];

/** 'Atualizar relatórios' (trading-room §2.3 '+ Opções', §7). */
export const REPORT_EVENTS = { recreateReports: "recreate_reports" } as const;
export type ReportEvent = (typeof REPORT_EVENTS)[keyof typeof REPORT_EVENTS];

/**
 * What the direct procedures' pages are pushed (issue 19 item 2; docs/live-room.md "Direct
 * procedures"): server → client actions, apart from the room's. A proposal sent or replaced and a
 * decision go to the body's staff of the notice (a decision also to the supplier it concerns); a
 * forum message to everyone registered on the notice.
 */
export const DIRECT_LIVE_ACTIONS = {
  proposalSent: "DIRECT_PROPOSAL_SENT",
  proposalReplaced: "DIRECT_PROPOSAL_REPLACED",
  proposalDecided: "DIRECT_PROPOSAL_DECIDED",
  forumMessagePosted: "DIRECT_FORUM_MESSAGE_POSTED",
  /** An appeal filed, answered or judged (its `i` is the appeal). */
  appealUpdated: "DIRECT_APPEAL_UPDATED",
} as const;
export type DirectLiveAction = (typeof DIRECT_LIVE_ACTIONS)[keyof typeof DIRECT_LIVE_ACTIONS];

/** What a `register` listens to: the notice's room, or a direct procedure's pages (no room). */
export const LIVE_REGISTER_SCOPES = ["ROOM", "DIRECT_PROCEDURE"] as const;
export type LiveRegisterScope = (typeof LIVE_REGISTER_SCOPES)[number];
