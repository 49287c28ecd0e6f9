// The notice form's values and their conversion to and from the server (notices-and-accounts §2.5,
// §3, §4, §7). Rules come from @certame/domain; this file only maps form fields to payload fields.
import {
  allowedClosingKinds,
  bidDurationError,
  bidDurationFromServer,
  bidDurationToServer,
  brasiliaParts,
  type ClosingKind,
  combineBrasiliaDateTime,
  daysDueFromServer,
  daysDueToServer,
  defaultNoticeDates,
  formatBrasiliaDate,
  formatBrasiliaTime,
  isBidDurationInHours,
  isRoomModality,
  type JudgementCriterion,
  type LicensePhase,
  lawClauseApplies,
  lockedNoticeFields,
  type Modality,
  minimumProposalBusinessDays,
  modalityGroup,
  type NoticeDateField,
  type NoticeFlags,
  type NoticeLockableField,
  newNoticeDefaults,
  noticeDateErrors,
  noticeDatesMustBeFuture,
  type OfferKind,
  type ProcessParticipation,
  requiredNoticeFields,
  type SubModality,
  sentCanShowProcessResult,
  sentShouldDiscloseReferencePrice,
  validateDateBR,
  validateTimeBR,
} from "@certame/domain";
import type { Notice } from "./api";

export interface NoticeForm extends NoticeFlags {
  modality: Modality;
  subModality: SubModality;
  noticeNumber: string;
  processNumber: string;
  objectOfInterest: string;
  purchaseYear: string;
  agreementNumber: string;
  secretaryOffice: string[];
  auctioneers: string[];
  supportingStaff: string[];
  /** Months (days for ELECTRONIC_AUCTION), as shown. */
  daysDue: number | null;
  /** Hours where the domain says so, minutes elsewhere, as shown. */
  bidDuration: number | null;
  auctionLicensePhase: LicensePhase;
  dispensationForm: JudgementCriterion;
  closingKind: ClosingKind;
  offerKind: OfferKind;
  processParticipation: ProcessParticipation;
  legislationId: string | null;
  lawClauseId: string | null;
  amountBidsAutomaticStart: number;
  disputeInterestManifestationMinimumDuration: number | null;
  reasonOfInPersonModality: string;
  preQualificationId: string | null;
  startDate: string;
  startTime: string;
  proposalsStartDate: string;
  proposalsStartTime: string;
  proposalsEndDate: string;
  proposalsEndTime: string;
  clarificationEndDate: string;
  clarificationEndTime: string;
}

export type NoticeFormField = keyof NoticeForm;

const FLAG_KEYS: (keyof NoticeFlags)[] = [
  "shouldDiscloseReferencePrice",
  "canApplyTiebreaker",
  "canPublishOnPncp",
  "isInitialProposalsRequired",
  "isTechnicalDataSheetAttachmentRequired",
  "isBidsAutomaticStart",
  "isSrp",
  "canIndicateQualificationDocument",
  "canApplyRegionalPreference",
  "canShowProcessResult",
  "isAllowedChangeQuantity",
  "isProposalGuaranteeRequired",
  "hasPreQualification",
  "isAllowedParticipantNonPreQualification",
];

/**
 * The values a new notice of this modality starts with: the domain defaults and valid dates
 * (defaultNoticeDates: proposals from tomorrow, the session after the modality's legal minimum).
 */
export function newNoticeForm(
  modality: Modality,
  subModality: SubModality | undefined,
  now: Date,
): NoticeForm {
  const d = newNoticeDefaults(modality, subModality);
  const dates = defaultNoticeDates(modality, d.subModality, now, d.dispensationForm);
  const flags = Object.fromEntries(FLAG_KEYS.map((k) => [k, d[k]])) as unknown as NoticeFlags;
  return {
    ...flags,
    modality,
    subModality: d.subModality,
    noticeNumber: "",
    processNumber: "",
    objectOfInterest: "",
    purchaseYear: String(brasiliaParts(now).year),
    agreementNumber: "",
    secretaryOffice: [],
    auctioneers: [],
    supportingStaff: [],
    daysDue: daysDueFromServer(modality, d.daysDue),
    bidDuration: bidDurationFromServer(modality, d.closingKind, d.bidDuration),
    auctionLicensePhase: d.auctionLicensePhase,
    dispensationForm: d.dispensationForm,
    closingKind: d.closingKind,
    offerKind: d.offerKind,
    processParticipation: d.processParticipation,
    legislationId: null,
    lawClauseId: null,
    amountBidsAutomaticStart: d.amountBidsAutomaticStart,
    disputeInterestManifestationMinimumDuration: null,
    reasonOfInPersonModality: "",
    preQualificationId: null,
    startDate: formatBrasiliaDate(dates.startDateTime),
    startTime: d.startTime ?? formatBrasiliaTime(dates.startDateTime),
    proposalsStartDate: formatBrasiliaDate(dates.proposalsStartDateTime),
    proposalsStartTime: formatBrasiliaTime(dates.proposalsStartDateTime),
    proposalsEndDate: formatBrasiliaDate(dates.proposalsEndDateTime),
    proposalsEndTime: formatBrasiliaTime(dates.proposalsEndDateTime),
    clarificationEndDate: "",
    clarificationEndTime: "",
  };
}

const DATE_FIELDS = [
  "startDate",
  "startTime",
  "proposalsStartDate",
  "proposalsStartTime",
  "proposalsEndDate",
  "proposalsEndTime",
  "clarificationEndDate",
  "clarificationEndTime",
] as const;

/**
 * A change of modality or sub-modality in the form: the option fields take the new modality's
 * defaults; what the user typed (numbers, object, people, dates) stays. Dates still at the old
 * modality's defaults take the new one's (its legal minimum term may differ).
 */
export function changeModality(
  form: NoticeForm,
  modality: Modality,
  subModality?: SubModality,
  now: Date = new Date(),
): NoticeForm {
  const fresh = newNoticeForm(modality, subModality, now);
  const previousDefaults = newNoticeForm(form.modality, form.subModality, now);
  const datesUntouched = DATE_FIELDS.every((k) => form[k] === previousDefaults[k]);
  const kept: Partial<NoticeForm> = datesUntouched
    ? {}
    : {
        startDate: form.startDate,
        startTime: modality === "ELECTRONIC_DISPENSER" ? fresh.startTime : form.startTime,
        proposalsStartDate: form.proposalsStartDate,
        proposalsStartTime: form.proposalsStartTime,
        proposalsEndDate: form.proposalsEndDate,
        proposalsEndTime: form.proposalsEndTime,
        clarificationEndDate: form.clarificationEndDate,
        clarificationEndTime: form.clarificationEndTime,
      };
  return {
    ...fresh,
    noticeNumber: form.noticeNumber,
    processNumber: form.processNumber,
    objectOfInterest: form.objectOfInterest,
    purchaseYear: form.purchaseYear,
    agreementNumber: form.agreementNumber,
    secretaryOffice: form.secretaryOffice,
    auctioneers: form.auctioneers,
    supportingStaff: form.supportingStaff,
    ...kept,
  };
}

const datePart = (iso: string | null) => (iso ? formatBrasiliaDate(iso) : "");
const timePart = (iso: string | null) => (iso ? formatBrasiliaTime(iso) : "");

/** The edit form's values from app/auction/read. */
export function noticeToForm(n: Notice): NoticeForm {
  const flags = Object.fromEntries(FLAG_KEYS.map((k) => [k, Boolean(n[k])])) as unknown as NoticeFlags;
  return {
    ...flags,
    modality: n.modality,
    subModality: n.subModality,
    noticeNumber: n.noticeNumber ?? "",
    processNumber: n.processNumber ?? "",
    objectOfInterest: n.objectOfInterest ?? "",
    purchaseYear: n.purchaseYear ? String(n.purchaseYear) : "",
    agreementNumber: n.agreementNumber ?? "",
    secretaryOffice: n.secretaryOffice.map((s) => String(s.id)),
    auctioneers: n.auctioneers.map((s) => String(s.id)),
    supportingStaff: n.supportingStaff.map((s) => String(s.id)),
    daysDue: n.daysDue === null ? null : daysDueFromServer(n.modality, n.daysDue),
    bidDuration: bidDurationFromServer(n.modality, n.closingKind, n.bidDuration),
    auctionLicensePhase: n.auctionLicensePhase,
    dispensationForm: n.dispensationForm,
    closingKind: n.closingKind,
    offerKind: n.offerKind,
    processParticipation: n.processParticipation,
    legislationId: n.legislation ? String(n.legislation.id) : null,
    lawClauseId: n.lawClause ? String(n.lawClause.id) : null,
    amountBidsAutomaticStart: n.amountBidsAutomaticStart ?? 0,
    disputeInterestManifestationMinimumDuration: n.disputeInterestManifestationMinimumDuration,
    reasonOfInPersonModality: n.reasonOfInPersonModality ?? "",
    preQualificationId: n.preQualification ? String(n.preQualification.id) : null,
    startDate: datePart(n.startDateTime),
    startTime: timePart(n.startDateTime),
    proposalsStartDate: datePart(n.proposalsStartDateTime),
    proposalsStartTime: timePart(n.proposalsStartDateTime),
    proposalsEndDate: datePart(n.proposalsEndDateTime),
    proposalsEndTime: timePart(n.proposalsEndDateTime),
    clarificationEndDate: datePart(n.clarificationEndDateTime),
    clarificationEndTime: timePart(n.clarificationEndDateTime),
  };
}

// ---- Which fields the modality shows -----------------------------------------------------------

/** Fields shown for a modality (the spec does not list them, §2.5); derived from the domain's groups and tables. */
export function visibleFields(
  form: Pick<
    NoticeForm,
    "modality" | "subModality" | "dispensationForm" | "hasPreQualification" | "isBidsAutomaticStart"
  >,
): Set<NoticeFormField> {
  const { modality } = form;
  const group = modalityGroup(modality);
  const shown = new Set<NoticeFormField>([
    "modality",
    "subModality",
    "noticeNumber",
    "processNumber",
    "objectOfInterest",
    "purchaseYear",
    "agreementNumber",
    "secretaryOffice",
    "startDate",
    "startTime",
    "dispensationForm",
    "offerKind",
    "processParticipation",
    "legislationId",
    "daysDue",
    "canPublishOnPncp",
    "shouldDiscloseReferencePrice",
    "isSrp",
  ]);
  const add = (...fields: NoticeFormField[]) => {
    for (const f of fields) shown.add(f);
  };
  if (group !== "FORMALIZATION")
    add("auctioneers", "supportingStaff", "auctionLicensePhase", "canApplyTiebreaker");
  if (group === "BIDDING" || group === "DIRECT")
    add(
      "proposalsStartDate",
      "proposalsStartTime",
      "proposalsEndDate",
      "proposalsEndTime",
      "clarificationEndDate",
      "clarificationEndTime",
      "isTechnicalDataSheetAttachmentRequired",
      "isProposalGuaranteeRequired",
      "canApplyRegionalPreference",
    );
  if (group === "BIDDING") add("isInitialProposalsRequired", "hasPreQualification");
  if (group === "BIDDING" && form.hasPreQualification)
    add("preQualificationId", "isAllowedParticipantNonPreQualification");
  if (group === "DIRECT") add("canShowProcessResult", "isAllowedChangeQuantity");
  if (group === "IN_PERSON") add("reasonOfInPersonModality");
  if (
    allowedClosingKinds(modality, { subModality: form.subModality, criterion: form.dispensationForm })
      .length > 0
  )
    add("closingKind");
  if (lawClauseApplies(modality)) add("lawClauseId");
  if (isRoomModality(modality)) add("isBidsAutomaticStart", "disputeInterestManifestationMinimumDuration");
  if (isRoomModality(modality) && form.isBidsAutomaticStart) add("amountBidsAutomaticStart");
  return shown;
}

export function isBidDurationShown(form: Pick<NoticeForm, "modality" | "closingKind">): boolean {
  return isBidDurationInHours(form.modality, form.closingKind);
}

/** The form fields of each required payload field (domain requiredNoticeFields). */
const REQUIRED_FORM_FIELDS: Record<string, NoticeFormField[]> = {
  noticeNumber: ["noticeNumber"],
  processNumber: ["processNumber"],
  objectOfInterest: ["objectOfInterest"],
  purchaseYear: ["purchaseYear"],
  startDateTime: ["startDate", "startTime"],
  proposalsStartDateTime: ["proposalsStartDate", "proposalsStartTime"],
  proposalsEndDateTime: ["proposalsEndDate", "proposalsEndTime"],
  secretaryOffice: ["secretaryOffice"],
  auctioneers: ["auctioneers"],
  lawClause: ["lawClauseId"],
};

export function requiredFormFields(modality: Modality): Set<NoticeFormField> {
  const out = new Set<NoticeFormField>();
  for (const f of requiredNoticeFields(modality)) for (const k of REQUIRED_FORM_FIELDS[f] ?? []) out.add(k);
  return out;
}

const isBlank = (v: unknown) =>
  v === null ||
  v === undefined ||
  (typeof v === "string" && v.trim() === "") ||
  (Array.isArray(v) && v.length === 0);

/** §2.5: 'Avançar' is disabled while any required visible field is empty. */
export function missingRequired(form: NoticeForm): NoticeFormField[] {
  const shown = visibleFields(form);
  return [...requiredFormFields(form.modality)].filter((f) => shown.has(f) && isBlank(form[f]));
}

/** The date and time fields of each payload date. */
const DATE_TIME_FIELDS: Record<NoticeDateField, [NoticeFormField, NoticeFormField]> = {
  proposalsStartDateTime: ["proposalsStartDate", "proposalsStartTime"],
  proposalsEndDateTime: ["proposalsEndDate", "proposalsEndTime"],
  startDateTime: ["startDate", "startTime"],
  clarificationEndDateTime: ["clarificationEndDate", "clarificationEndTime"],
};

export interface FormErrorContext {
  now?: Date;
  /** The stored notice's values when editing: a past date is refused only where it changed. */
  stored?: NoticeForm | null;
  /** Read-only fields: not checked against now. */
  locked?: Set<NoticeFormField>;
}

/** A visible date field's instant, when its date and time are complete and valid. */
function dateOf(form: NoticeForm, field: NoticeDateField, shown: Set<NoticeFormField>): Date | null {
  const [date, time] = DATE_TIME_FIELDS[field];
  if (!shown.has(date)) return null;
  const timeText = (form[time] as string) || (field === "clarificationEndDateTime" ? "23:59" : "");
  const iso = combineBrasiliaDateTime(form[date] as string, timeText);
  return iso ? new Date(iso) : null;
}

/**
 * The date rules on the date fields (domain noticeDateErrors): the order the server enforces, and
 * no past date where the user sets one (a new notice, or a changed, unlocked date of a stored one)
 * in the modalities whose dates lie ahead (domain noticeDatesMustBeFuture).
 */
export function dateErrors(
  form: NoticeForm,
  { now = new Date(), stored = null, locked = new Set() }: FormErrorContext = {},
): Partial<Record<NoticeFormField, string>> {
  const shown = visibleFields(form);
  const fields = Object.keys(DATE_TIME_FIELDS) as NoticeDateField[];
  const dates = Object.fromEntries(fields.map((f) => [f, dateOf(form, f, shown)])) as Record<
    NoticeDateField,
    Date | null
  >;
  const checkPast = new Set(
    fields.filter((f) => {
      if (!noticeDatesMustBeFuture(form.modality)) return false;
      const [date, time] = DATE_TIME_FIELDS[f];
      if (locked.has(date)) return false;
      return !stored || stored[date] !== form[date] || stored[time] !== form[time];
    }),
  );
  const out: Partial<Record<NoticeFormField, string>> = {};
  for (const [field, message] of Object.entries(noticeDateErrors(dates, now, checkPast))) {
    out[DATE_TIME_FIELDS[field as NoticeDateField][0]] = message;
  }
  return out;
}

/** The legal minimum term shown under the session date (domain minimumProposalBusinessDays). */
export function legalMinimumHint(form: NoticeForm): string | undefined {
  const days = minimumProposalBusinessDays(form.modality, form.subModality, form.dispensationForm);
  return days > 0 ? `Prazo legal mínimo: ${days} dias úteis após a publicação do edital` : undefined;
}

/** Errors found before sending: dates (format and rules), times, year, agreement number and bid duration. */
export function formErrors(
  form: NoticeForm,
  context: FormErrorContext = {},
): Partial<Record<NoticeFormField, string>> {
  const errors: Partial<Record<NoticeFormField, string>> = dateErrors(form, context);
  const shown = visibleFields(form);
  for (const key of [
    "startDate",
    "proposalsStartDate",
    "proposalsEndDate",
    "clarificationEndDate",
  ] as const) {
    const e = shown.has(key) ? validateDateBR(form[key]) : null;
    if (e) errors[key] = e;
  }
  for (const key of [
    "startTime",
    "proposalsStartTime",
    "proposalsEndTime",
    "clarificationEndTime",
  ] as const) {
    const e = shown.has(key) ? validateTimeBR(form[key]) : null;
    if (e) errors[key] = e;
  }
  if (form.purchaseYear && !/^\d{4}$/.test(form.purchaseYear))
    errors.purchaseYear = "O ano deve ter exatamente 4 caracteres";
  const agreement = form.agreementNumber.trim();
  if (agreement && (agreement.length < 6 || agreement.length > 30))
    errors.agreementNumber = "Deve ter entre 6 e 30 caracteres";
  if (isBidDurationShown(form)) {
    const e = bidDurationError(form.modality, form.closingKind, form.bidDuration ?? Number.NaN);
    if (e) errors.bidDuration = e;
  }
  return errors;
}

// ---- Locking (§4) ----------------------------------------------------------------------------

const LOCK_TO_FORM: Partial<Record<NoticeLockableField, NoticeFormField[]>> = {
  proposalsStartDateTime: ["proposalsStartDate", "proposalsStartTime"],
  proposalsEndDateTime: ["proposalsEndDate", "proposalsEndTime"],
  startDateTime: ["startDate", "startTime"],
  lawClause: ["lawClauseId"],
};

/** The form fields the edit form shows read-only, from the domain's lockedNoticeFields. */
export function lockedFormFields(n: Notice | null, now: Date): Set<NoticeFormField> {
  if (!n) return new Set();
  const toDate = (s: string | null) => (s ? new Date(s) : null);
  const locked = lockedNoticeFields(
    {
      status: n.status,
      startDateTime: toDate(n.startDateTime),
      proposalsStartDateTime: toDate(n.proposalsStartDateTime),
      proposalsEndDateTime: toDate(n.proposalsEndDateTime),
    },
    now,
  );
  const out = new Set<NoticeFormField>();
  for (const f of locked) for (const k of LOCK_TO_FORM[f] ?? [f as NoticeFormField]) out.add(k);
  return out;
}

// ---- Payload (§7 "Notice payload rules") -------------------------------------------------------

const orNull = (s: string) => (s.trim() === "" ? null : s.trim());

/** The create/edit payload: ids wrapped as objects, combined dates, unit conversions; locked and hidden fields left out. */
export function formToPayload(
  form: NoticeForm,
  locked: Set<NoticeFormField> = new Set(),
): Record<string, unknown> {
  const shown = visibleFields(form);
  const lawClause =
    lawClauseApplies(form.modality) && form.lawClauseId ? { id: Number(form.lawClauseId) } : null;
  const payload: Record<string, unknown> = {
    modality: form.modality,
    subModality: form.subModality,
    noticeNumber: form.noticeNumber.trim(),
    processNumber: form.processNumber.trim(),
    objectOfInterest: form.objectOfInterest.trim(),
    purchaseYear: form.purchaseYear.trim() === "" ? null : form.purchaseYear.trim(),
    agreementNumber: orNull(form.agreementNumber),
    secretaryOffice: form.secretaryOffice.map((id) => ({ id })),
    auctioneers: shown.has("auctioneers") ? form.auctioneers.map((id) => ({ id })) : [],
    supportingStaff: shown.has("supportingStaff") ? form.supportingStaff.map((id) => ({ id })) : [],
    legislation: form.legislationId ? { id: Number(form.legislationId) } : null,
    lawClause,
    preQualification:
      form.hasPreQualification && form.preQualificationId ? { id: form.preQualificationId } : null,
    daysDue: form.daysDue === null ? null : daysDueToServer(form.modality, form.daysDue),
    bidDuration:
      form.bidDuration === null
        ? undefined
        : bidDurationToServer(form.modality, form.closingKind, form.bidDuration),
    auctionLicensePhase: form.auctionLicensePhase,
    dispensationForm: form.dispensationForm,
    closingKind: form.closingKind,
    offerKind: form.offerKind,
    processParticipation: form.processParticipation,
    amountBidsAutomaticStart: form.isBidsAutomaticStart ? form.amountBidsAutomaticStart : 0,
    disputeInterestManifestationMinimumDuration: form.disputeInterestManifestationMinimumDuration,
    reasonOfInPersonModality: shown.has("reasonOfInPersonModality")
      ? orNull(form.reasonOfInPersonModality)
      : null,
    startDateTime: combineBrasiliaDateTime(form.startDate, form.startTime),
    proposalsStartDateTime: shown.has("proposalsStartDate")
      ? combineBrasiliaDateTime(form.proposalsStartDate, form.proposalsStartTime)
      : null,
    proposalsEndDateTime: shown.has("proposalsEndDate")
      ? combineBrasiliaDateTime(form.proposalsEndDate, form.proposalsEndTime)
      : null,
    clarificationEndDateTime: shown.has("clarificationEndDate")
      ? combineBrasiliaDateTime(form.clarificationEndDate, form.clarificationEndTime || "23:59")
      : null,
  };
  for (const key of FLAG_KEYS) payload[key] = form[key];
  payload.shouldDiscloseReferencePrice = sentShouldDiscloseReferencePrice(
    form.modality,
    form.dispensationForm,
    form.shouldDiscloseReferencePrice,
  );
  payload.canShowProcessResult = sentCanShowProcessResult(form.modality, form.canShowProcessResult);
  if (payload.bidDuration === undefined) delete payload.bidDuration;
  // Locked fields keep their stored value: they are not sent.
  const lockedPayload = new Set<string>();
  for (const f of locked) {
    if (f === "startDate") lockedPayload.add("startDateTime");
    else if (f === "proposalsStartDate") lockedPayload.add("proposalsStartDateTime");
    else if (f === "proposalsEndDate") lockedPayload.add("proposalsEndDateTime");
    else if (f === "lawClauseId") lockedPayload.add("lawClause");
    else lockedPayload.add(f);
  }
  for (const key of lockedPayload) delete payload[key];
  return payload;
}

/** Server property paths (HTTP 400) → the form field that shows the message. */
export function propertyToField(property: string): NoticeFormField | null {
  const root = property.split(/[.[]/)[0] ?? property;
  const map: Record<string, NoticeFormField> = {
    startDateTime: "startDate",
    proposalsStartDateTime: "proposalsStartDate",
    proposalsEndDateTime: "proposalsEndDate",
    clarificationEndDateTime: "clarificationEndDate",
    lawClause: "lawClauseId",
    legislation: "legislationId",
    preQualification: "preQualificationId",
  };
  if (map[root]) return map[root];
  return root as NoticeFormField;
}
