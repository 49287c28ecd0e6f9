// Payloads of the notice calls (notices-and-accounts §7 "Notices (auction)", "Notice payload rules";
// limits of §5 "Notice form" and §9 "Field limits"). Cross-field rules (per-modality options, required
// fields, date order) live in notice/notice-rules.ts and run on the whole notice.

import { CLOSING_KINDS, JUDGEMENT_CRITERIA, LICENSE_PHASES, OFFER_KINDS } from "../enums/judgement";
import { MODALITIES } from "../enums/modality";
import { PROCESS_PARTICIPATIONS } from "../enums/participation";
import {
  DOCUMENT_CLASS_NAME_MAX_LENGTH,
  QUALIFICATION_DOCUMENT_KINDS,
} from "../enums/qualification-document";
import { SUB_MODALITIES } from "../enums/sub-modality";
import { VARIATION_KINDS } from "../enums/variation";
import { AMOUNT_BIDS_AUTOMATIC_START_OPTIONS } from "../notice/notice-options";
import { NOTICE_LIMITS, UPDATE_STATUS_TARGETS } from "../notice/notice-rules";
import { z } from "./zod";

const uuid = z.uuid("Identificador inválido");

/** A boolean, or the 0/1 the server itself sends for some flags (§3). */
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => Boolean(v));

/** "Dates are sent as a combined date and time" (§7): an ISO 8601 instant with its offset. */
const instant = z.iso
  .datetime({ offset: true, message: "Data e hora inválidas" })
  .transform((s) => new Date(s))
  .nullable();

/** {id} or a bare id: the form wraps ids as objects (§7), lists elsewhere send them bare. */
const staffRef = z.union([uuid, z.object({ id: uuid })]).transform((v) => (typeof v === "string" ? v : v.id));
const intRef = z.object({ id: z.coerce.number().int().positive("Identificador inválido") }).nullable();

const text = (max: number) => z.string().trim().max(max, `Máximo de ${max} caracteres`);

/** purchaseYear: exactly 4 characters (§5), stored as an integer. */
const purchaseYear = z
  .union([z.number().int(), z.string().trim()])
  .refine((v) => /^\d{4}$/.test(String(v)), {
    message: `O ano deve ter exatamente ${NOTICE_LIMITS.purchaseYearLength} caracteres`,
  })
  .transform((v) => Number(v))
  .nullable();

/** agreementNumber: optional, 6 to 30 characters (§5); an empty text means none. */
const agreementNumber = z
  .string()
  .trim()
  .transform((s) => (s === "" ? null : s))
  .refine(
    (s) =>
      s === null ||
      (s.length >= NOTICE_LIMITS.agreementNumberMin && s.length <= NOTICE_LIMITS.agreementNumberMax),
    {
      message: `Deve ter entre ${NOTICE_LIMITS.agreementNumberMin} e ${NOTICE_LIMITS.agreementNumberMax} caracteres`,
    },
  )
  .nullable();

const optionalText = (max: number) =>
  text(max)
    .transform((s) => (s === "" ? null : s))
    .nullable();

/** qualificationDocumentRequired: a list of kinds; the server sends it as a JSON string, so both are read (§3). */
export const qualificationKindsSchema = z.preprocess(
  (v) => {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z
    .array(z.enum(QUALIFICATION_DOCUMENT_KINDS as [string, ...string[]], "Tipo de documento inválido"))
    .max(100)
    .transform((kinds) => [...new Set(kinds)]),
);

/** The notice fields of create and edit (§3, §7). Unknown keys (modalityCopy, time-only fields…) are dropped. */
export const noticeFieldsSchema = z.object({
  modality: z.enum(MODALITIES),
  subModality: z.enum(SUB_MODALITIES),
  noticeNumber: text(NOTICE_LIMITS.noticeNumberMax).min(1, "Campo obrigatório"),
  processNumber: text(NOTICE_LIMITS.processNumberMax).min(1, "Campo obrigatório"),
  objectOfInterest: text(NOTICE_LIMITS.objectOfInterestMax).min(1, "Campo obrigatório"),
  purchaseYear,
  agreementNumber,
  canPublishOnPncp: flag,
  /** Days (the form converts from months, §7). */
  daysDue: z.number().int().min(0).max(36_500).nullable(),
  auctionLicensePhase: z.enum(LICENSE_PHASES),
  isBidsAutomaticStart: flag,
  amountBidsAutomaticStart: z
    .number()
    .int()
    .refine((n) => n === 0 || (AMOUNT_BIDS_AUTOMATIC_START_OPTIONS as readonly number[]).includes(n), {
      message: `Valores aceitos: 0, ${AMOUNT_BIDS_AUTOMATIC_START_OPTIONS.join(", ")}`,
    }),
  canApplyRegionalPreference: flag,
  isTechnicalDataSheetAttachmentRequired: flag,
  dispensationForm: z.enum(JUDGEMENT_CRITERIA),
  shouldDiscloseReferencePrice: flag,
  isSrp: flag,
  closingKind: z.enum(CLOSING_KINDS),
  processParticipation: z.enum(PROCESS_PARTICIPATIONS),
  isInitialProposalsRequired: flag,
  canApplyTiebreaker: flag,
  offerKind: z.enum(OFFER_KINDS),
  legislation: intRef,
  lawClause: intRef,
  canShowProcessResult: flag,
  isAllowedChangeQuantity: flag,
  /** Minutes (the form converts from hours for the dispenser and the timed electronic auction, §7). */
  bidDuration: z
    .number()
    .int()
    .positive("Deve ser maior que zero")
    .max(60 * 24 * 30),
  canIndicateQualificationDocument: flag,
  isProposalGuaranteeRequired: flag,
  qualificationDocumentRequired: qualificationKindsSchema,
  othersDocumentsClassesRequired: z.array(z.object({ id: uuid })).max(100),
  disputeInterestManifestationMinimumDuration: z
    .number()
    .int()
    .min(0)
    .max(60 * 24)
    .nullable(),
  reasonOfInPersonModality: optionalText(NOTICE_LIMITS.reasonOfInPersonModalityMax),
  hasPreQualification: flag,
  preQualification: z.object({ id: uuid }).nullable(),
  isAllowedParticipantNonPreQualification: flag,
  variationKind: z.enum(VARIATION_KINDS),
  secretaryOffice: z.array(staffRef).max(100),
  auctioneers: z.array(staffRef).max(50),
  supportingStaff: z.array(staffRef).max(100),
  startDateTime: instant,
  proposalsStartDateTime: instant,
  proposalsEndDateTime: instant,
  processEndingDateTime: instant,
  clarificationEndDateTime: instant,
  dispensationAcknowledgmentRequestedDate: instant,
});
export type NoticeFields = z.output<typeof noticeFieldsSchema>;

/**
 * app/auction/create: modality, sub-modality, numbers and object are needed; every other field may
 * be left out and takes the defaults of the modality (newNoticeDefaults).
 */
export const noticeCreateSchema = noticeFieldsSchema.partial().required({
  modality: true,
  subModality: true,
  noticeNumber: true,
  processNumber: true,
  objectOfInterest: true,
});
export type NoticeCreateInput = z.output<typeof noticeCreateSchema>;

/** app/auction/edit: id plus the fields to change; fields left out keep their stored value. */
export const noticeEditSchema = noticeFieldsSchema.partial().extend({ id: uuid });
export type NoticeEditInput = z.output<typeof noticeEditSchema>;

/** app/auction/read: id and, for the edit form, canUpdateAuctionView. */
export const noticeReadSchema = z.object({
  id: uuid,
  canUpdateAuctionView: z.preprocess(
    (v) => (v === "true" ? true : v === "false" ? false : v),
    flag.optional(),
  ),
});

export const noticeDuplicateSchema = z.object({
  id: uuid,
  processNumber: text(NOTICE_LIMITS.processNumberMax).min(1, "Campo obrigatório").optional(),
  noticeNumber: text(NOTICE_LIMITS.noticeNumberMax).min(1, "Campo obrigatório").optional(),
});

export const noticeUpdateStatusSchema = z.object({ id: uuid, status: z.enum(UPDATE_STATUS_TARGETS) });

export const changeVariationKindSchema = z.object({ id: uuid, variationKind: z.enum(VARIATION_KINDS) });

/** app/auction/documentsRequired: only id reads; with any other field it updates (§2.10). */
export const documentsRequiredSchema = z.object({
  id: uuid,
  canIndicateQualificationDocument: flag.optional(),
  qualificationDocumentRequired: qualificationKindsSchema.optional(),
  othersDocumentsClassesRequired: z
    .array(z.object({ id: uuid }))
    .max(100)
    .optional(),
});

export const documentClassCreateSchema = z.object({
  className: z.string().trim().min(1, "Campo obrigatório").max(DOCUMENT_CLASS_NAME_MAX_LENGTH),
});

/** app/auction/downloadPublicationProofReport (§7). */
export const publicationProofSchema = z.object({ auctionNoticeId: uuid });

/** app/auction/export: the notice file the import reads back (docs/api-notice-import.md). */
export const noticeExportSchema = z.object({ id: uuid });
