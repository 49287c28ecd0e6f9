// Server-enforced rules of a notice: status transitions (notices-and-accounts §4 "Notice status",
// "Notice documents"), field locking when editing (§4 "Notice form field locking"), and the form
// rules of §5 "Notice form" / §7 "Notice payload rules" / §9 option tables, checked on a whole
// notice. The web form reads the same functions to disable fields and buttons.
import type { ClosingKind, JudgementCriterion, LicensePhase } from "../enums/judgement";
import { type Modality, modalityGroup } from "../enums/modality";
import type { NoticeStatus } from "../enums/notice-status";
import type { SubModality } from "../enums/sub-modality";
import type { VariationKind } from "../enums/variation";
import { noticeActions } from "./notice-actions";
import { bidDurationRange } from "./notice-conversions";
import {
  allowedClosingKinds,
  allowedJudgementCriteria,
  allowedLicensePhases,
  isSubModalityAllowed,
  lawClauseApplies,
} from "./notice-options";

// ---- Status rules ---------------------------------------------------------------------------

/** 'Editar' (§4): the edit form opens and saves only in these statuses. */
export const NOTICE_EDITABLE_STATUSES: readonly NoticeStatus[] = [
  "PENDING",
  "PUBLISHED",
  "ONGOING",
  "SUSPENDED",
  "SUSPENDED_INDEFINITELY",
];
export const isNoticeEditable = (status: NoticeStatus): boolean => NOTICE_EDITABLE_STATUSES.includes(status);

/** Notice documents may be deleted only in these statuses (§4 "Notice documents"). */
export const NOTICE_DOCUMENT_DELETABLE_STATUSES: readonly NoticeStatus[] = [
  "PENDING",
  "SUSPENDED_INDEFINITELY",
];
export const canDeleteNoticeDocuments = (status: NoticeStatus): boolean =>
  NOTICE_DOCUMENT_DELETABLE_STATUSES.includes(status);

/**
 * Files may be attached while the notice may be edited (an addendum to a published notice is
 * common); never to a finished, cancelled or revoked process. The spec shows no rule for attaching.
 */
export const canAttachNoticeDocuments = (status: NoticeStatus): boolean => isNoticeEditable(status);

/** 'Excluir' (§4): PENDING, or FINISHED in the formalization and direct groups. */
export const canDeleteNotice = (status: NoticeStatus, modality: Modality): boolean =>
  noticeActions(status, modality).includes("DELETE");

/** 'Publicar' (PENDING) and 'Republicar' (SUSPENDED_INDEFINITELY) both set PUBLISHED (§4). */
export function publishKind(status: NoticeStatus): "PUBLISH" | "REPUBLISH" | null {
  if (status === "PENDING") return "PUBLISH";
  if (status === "SUSPENDED_INDEFINITELY") return "REPUBLISH";
  return null;
}

/** 'Finalizar' (§4): ONGOING, in-person modalities only. */
export const canFinishNotice = (status: NoticeStatus, modality: Modality): boolean =>
  noticeActions(status, modality).includes("FINISH");

/** Reopen ('Confirmar Retomada', §4): a FINISHED formalization or direct process. */
export const canReopenNotice = (status: NoticeStatus, modality: Modality): boolean =>
  noticeActions(status, modality).includes("EDIT_FINISHED");

/**
 * A reopened process must be adjusted and republished ('sendo necessário ajustar o processo e
 * republicá-lo', §4), so it goes to SUSPENDED_INDEFINITELY: editable without locks, 'Republicar'.
 */
export const REOPENED_NOTICE_STATUS: NoticeStatus = "SUSPENDED_INDEFINITELY";

/** cancelProcess (§4 "Other notice transitions"): a published process not yet closed becomes CANCELLED. */
export const NOTICE_CANCELLABLE_STATUSES: readonly NoticeStatus[] = [
  "PUBLISHED",
  "ONGOING",
  "SUSPENDED",
  "SUSPENDED_INDEFINITELY",
];

/** The generic updateStatus call moves a notice to these statuses only (the others have their own calls). */
export const UPDATE_STATUS_TARGETS = ["PUBLISHED", "SUSPENDED_INDEFINITELY"] as const;
export type UpdateStatusTarget = (typeof UPDATE_STATUS_TARGETS)[number];

/** Suspending indefinitely applies to a notice that is out and not closed. */
export const NOTICE_SUSPENDABLE_STATUSES: readonly NoticeStatus[] = ["PUBLISHED", "ONGOING", "SUSPENDED"];

/** Lots (and so the variation kind) change only in these statuses (§4 "Lot editing"). */
export const areNoticeLotsEditable = (status: NoticeStatus): boolean =>
  status === "PENDING" || status === "SUSPENDED_INDEFINITELY";

// ---- Field locking --------------------------------------------------------------------------

export const NOTICE_LOCKABLE_FIELDS = [
  "modality",
  "subModality",
  "canPublishOnPncp",
  "reasonOfInPersonModality",
  "proposalsStartDateTime",
  "proposalsEndDateTime",
  "isInitialProposalsRequired",
  "startDateTime",
  "dispensationForm",
  "offerKind",
  "processParticipation",
  "canApplyTiebreaker",
  "objectOfInterest",
  "isTechnicalDataSheetAttachmentRequired",
  "shouldDiscloseReferencePrice",
  "closingKind",
  "lawClause",
  "agreementNumber",
  "bidDuration",
  "auctionLicensePhase",
  "isBidsAutomaticStart",
] as const;
export type NoticeLockableField = (typeof NOTICE_LOCKABLE_FIELDS)[number];

const LOCKED_AFTER_PROPOSALS_END: readonly NoticeLockableField[] = [
  "proposalsEndDateTime",
  "isInitialProposalsRequired",
  "dispensationForm",
  "offerKind",
  "processParticipation",
  "canApplyTiebreaker",
  "objectOfInterest",
  "isTechnicalDataSheetAttachmentRequired",
  "shouldDiscloseReferencePrice",
  "closingKind",
  "lawClause",
  "agreementNumber",
  "bidDuration",
  "auctionLicensePhase",
  "isBidsAutomaticStart",
];

const UNLOCKED_STATUSES: readonly NoticeStatus[] = ["PENDING", "PUBLISHED", "SUSPENDED_INDEFINITELY"];

export interface NoticeLockInput {
  status: NoticeStatus;
  startDateTime: Date | null;
  proposalsStartDateTime: Date | null;
  proposalsEndDateTime: Date | null;
}

const passed = (d: Date | null, now: Date) => d !== null && d.getTime() <= now.getTime();

/**
 * The fields the edit form shows read-only (§4): canPublishOnPncp and reasonOfInPersonModality unless
 * PENDING; nothing else in PENDING, PUBLISHED and SUSPENDED_INDEFINITELY; otherwise by time. The
 * modality and sub-modality are also fixed once the notice leaves PENDING (a published process does
 * not change its kind; the spec is silent).
 */
export function lockedNoticeFields(n: NoticeLockInput, now: Date): NoticeLockableField[] {
  const locked = new Set<NoticeLockableField>();
  if (n.status !== "PENDING") {
    locked.add("canPublishOnPncp");
    locked.add("reasonOfInPersonModality");
    locked.add("modality");
    locked.add("subModality");
  }
  if (!UNLOCKED_STATUSES.includes(n.status)) {
    if (passed(n.proposalsStartDateTime, now)) locked.add("proposalsStartDateTime");
    if (passed(n.startDateTime, now)) locked.add("startDateTime");
    if (passed(n.proposalsEndDateTime, now)) for (const f of LOCKED_AFTER_PROPOSALS_END) locked.add(f);
  }
  return NOTICE_LOCKABLE_FIELDS.filter((f) => locked.has(f));
}

// ---- Form rules on a whole notice -----------------------------------------------------------

/** §5 "Notice form" and §9 "Field limits". */
export const NOTICE_LIMITS = {
  purchaseYearLength: 4,
  agreementNumberMin: 6,
  agreementNumberMax: 30,
  reasonOfInPersonModalityMax: 5120,
  noticeNumberMax: 60,
  processNumberMax: 60,
  objectOfInterestMax: 5000,
} as const;

export interface NoticeRuleInput {
  modality: Modality;
  subModality: SubModality;
  dispensationForm: JudgementCriterion;
  closingKind: ClosingKind;
  auctionLicensePhase: LicensePhase;
  /** Minutes. */
  bidDuration: number;
  variationKind: VariationKind;
  noticeNumber: string | null;
  processNumber: string | null;
  objectOfInterest: string | null;
  purchaseYear: number | null;
  startDateTime: Date | null;
  proposalsStartDateTime: Date | null;
  proposalsEndDateTime: Date | null;
  processEndingDateTime: Date | null;
  clarificationEndDateTime: Date | null;
  lawClauseId: number | null;
  secretaryOfficeCount: number;
  auctioneerCount: number;
}

export interface NoticeRuleViolation {
  property: string;
  message: string;
}

const REQUIRED_MESSAGE = "Campo obrigatório";

/**
 * Fields each modality requires (§5: "Required fields depend on the modality; the exact list per
 * modality is not shown"). Every notice: numbers, object, purchase year, session date and at least
 * one buying unit. Processes that receive proposals (electronic and direct groups) also need the
 * proposal period; every group but the formalizations (results of finished processes) needs its
 * responsible person; the modalities that send a lawClause (§7) need it.
 */
export function requiredNoticeFields(modality: Modality): string[] {
  const group = modalityGroup(modality);
  const fields = [
    "noticeNumber",
    "processNumber",
    "objectOfInterest",
    "purchaseYear",
    "startDateTime",
    "secretaryOffice",
  ];
  if (group === "BIDDING" || group === "DIRECT")
    fields.push("proposalsStartDateTime", "proposalsEndDateTime");
  if (group !== "FORMALIZATION") fields.push("auctioneers");
  if (lawClauseApplies(modality)) fields.push("lawClause");
  return fields;
}

function isEmpty(n: NoticeRuleInput, field: string): boolean {
  switch (field) {
    case "secretaryOffice":
      return n.secretaryOfficeCount === 0;
    case "auctioneers":
      return n.auctioneerCount === 0;
    case "lawClause":
      return n.lawClauseId === null;
    default: {
      const v = (n as unknown as Record<string, unknown>)[field];
      return v === null || v === undefined || (typeof v === "string" && v.trim() === "");
    }
  }
}

/**
 * The bidDuration (minutes) to store: refused outside 1–10 h for ELECTRONIC_DISPENSER, clamped to
 * 3–6 h for ELECTRONIC_AUCTION with OPEN_TIMED (§5), kept elsewhere.
 */
export function normalizeBidDuration(
  modality: Modality,
  closingKind: ClosingKind,
  minutes: number,
): { minutes: number } | { error: string } {
  const range = bidDurationRange(modality, closingKind);
  if (!range) return { minutes };
  const min = range.minHours * 60;
  const max = range.maxHours * 60;
  if (range.clamp) return { minutes: Math.min(max, Math.max(min, minutes)) };
  if (minutes < min || minutes > max) {
    return { error: `A duração da disputa deve estar entre ${range.minHours} e ${range.maxHours} horas` };
  }
  return { minutes };
}

const notAfter = (a: Date | null, b: Date | null) => a === null || b === null || a.getTime() <= b.getTime();

/**
 * The order of a notice's dates (also checked on the web form's date fields): proposals start ≤
 * proposals end ≤ session start, clarification deadline ≤ session start.
 */
export function noticeDateOrderViolations(n: {
  proposalsStartDateTime: Date | null;
  proposalsEndDateTime: Date | null;
  startDateTime: Date | null;
  clarificationEndDateTime: Date | null;
}): NoticeRuleViolation[] {
  const out: NoticeRuleViolation[] = [];
  if (!notAfter(n.proposalsStartDateTime, n.proposalsEndDateTime)) {
    out.push({
      property: "proposalsEndDateTime",
      message: "O fim do recebimento de propostas deve ser posterior ao início",
    });
  }
  if (!notAfter(n.proposalsEndDateTime, n.startDateTime)) {
    out.push({
      property: "startDateTime",
      message: "A sessão deve começar depois do fim do recebimento de propostas",
    });
  }
  if (!notAfter(n.clarificationEndDateTime, n.startDateTime)) {
    out.push({
      property: "clarificationEndDateTime",
      message: "O prazo de esclarecimentos deve terminar antes da sessão",
    });
  }
  return out;
}

/** Violations of §5/§9 on a whole notice (after merging an edit into the stored notice). */
export function noticeRuleViolations(n: NoticeRuleInput): NoticeRuleViolation[] {
  const out: NoticeRuleViolation[] = [];
  for (const field of requiredNoticeFields(n.modality)) {
    if (isEmpty(n, field)) out.push({ property: field, message: REQUIRED_MESSAGE });
  }
  if (!isSubModalityAllowed(n.modality, n.subModality)) {
    out.push({ property: "subModality", message: "Submodalidade não disponível para a modalidade" });
  }
  const phases = allowedLicensePhases(n.modality, n.dispensationForm);
  if (!phases.includes(n.auctionLicensePhase)) {
    out.push({
      property: "auctionLicensePhase",
      message: "Fase de habilitação não disponível para a modalidade",
    });
  }
  if (!allowedJudgementCriteria(n.modality, n.auctionLicensePhase).includes(n.dispensationForm)) {
    out.push({
      property: "dispensationForm",
      message: "Critério de julgamento não disponível para a modalidade",
    });
  }
  const closings = allowedClosingKinds(n.modality, {
    subModality: n.subModality,
    criterion: n.dispensationForm,
  });
  if (closings.length > 0 && !closings.includes(n.closingKind)) {
    out.push({ property: "closingKind", message: "Modo de disputa não disponível para a modalidade" });
  }
  const duration = normalizeBidDuration(n.modality, n.closingKind, n.bidDuration);
  if ("error" in duration) out.push({ property: "bidDuration", message: duration.error });
  if (n.dispensationForm === "BIGGEST_DISCOUNT" && n.variationKind !== "PERCENTAGE") {
    out.push({
      property: "variationKind",
      message: "Editais de maior desconto admitem apenas variação em %",
    });
  }
  out.push(...noticeDateOrderViolations(n));
  if (!notAfter(n.startDateTime, n.processEndingDateTime)) {
    out.push({
      property: "processEndingDateTime",
      message: "O encerramento deve ser posterior ao início da sessão",
    });
  }
  return out;
}
