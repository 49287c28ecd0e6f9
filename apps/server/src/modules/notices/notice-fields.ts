// From payload to stored notice and back: defaults of a new notice, merging an edit into the stored
// notice, the §7 payload rules the server applies itself, and the checks that need the database
// (the body's people, legislation and law clause of the modality, document classes, pre-qualification).
import {
  allowedClosingKinds,
  lawClauseApplies,
  lawClausesFor,
  legislationByIdentifier,
  legislationsFor,
  type Modality,
  type NoticeFields,
  type NoticeLockableField,
  type NoticeRuleViolation,
  newNoticeDefaults,
  normalizeBidDuration,
  noticeRuleViolations,
  REQUIRED_MESSAGE,
  type SubModality,
  sentCanShowProcessResult,
  sentShouldDiscloseReferencePrice,
} from "@certame/domain";
import type { DbOrTx } from "../../db/client";
import { badRequest, type PropertyError, VALIDATION_MESSAGE } from "../../http/errors";
import * as repo from "./notice.repository";

export type { NoticeFields };

/** Every field of a new notice of this modality (newNoticeDefaults, §3 and §9), nothing chosen yet. */
export function defaultFields(modality: Modality, subModality: SubModality): NoticeFields {
  const d = newNoticeDefaults(modality, subModality);
  return {
    modality,
    subModality,
    noticeNumber: "",
    processNumber: "",
    objectOfInterest: "",
    purchaseYear: null,
    agreementNumber: null,
    canPublishOnPncp: d.canPublishOnPncp,
    daysDue: d.daysDue,
    auctionLicensePhase: d.auctionLicensePhase,
    isBidsAutomaticStart: d.isBidsAutomaticStart,
    amountBidsAutomaticStart: d.amountBidsAutomaticStart,
    canApplyRegionalPreference: d.canApplyRegionalPreference,
    isTechnicalDataSheetAttachmentRequired: d.isTechnicalDataSheetAttachmentRequired,
    dispensationForm: d.dispensationForm,
    shouldDiscloseReferencePrice: d.shouldDiscloseReferencePrice,
    isSrp: d.isSrp,
    closingKind: d.closingKind,
    processParticipation: d.processParticipation,
    isInitialProposalsRequired: d.isInitialProposalsRequired,
    canApplyTiebreaker: d.canApplyTiebreaker,
    offerKind: d.offerKind,
    legislation: null,
    lawClause: null,
    canShowProcessResult: d.canShowProcessResult,
    isAllowedChangeQuantity: d.isAllowedChangeQuantity,
    bidDuration: d.bidDuration,
    canIndicateQualificationDocument: d.canIndicateQualificationDocument,
    isProposalGuaranteeRequired: d.isProposalGuaranteeRequired,
    qualificationDocumentRequired: [],
    othersDocumentsClassesRequired: [],
    disputeInterestManifestationMinimumDuration: null,
    reasonOfInPersonModality: null,
    hasPreQualification: d.hasPreQualification,
    preQualification: null,
    isAllowedParticipantNonPreQualification: d.isAllowedParticipantNonPreQualification,
    variationKind: "REAL",
    secretaryOffice: [],
    auctioneers: [],
    supportingStaff: [],
    startDateTime: null,
    proposalsStartDateTime: null,
    proposalsEndDateTime: null,
    processEndingDateTime: null,
    clarificationEndDateTime: null,
    dispensationAcknowledgmentRequestedDate: null,
  };
}

/** The stored notice in payload shape. */
export function rowToFields(
  row: repo.NoticeRow,
  people: repo.NoticePeople,
  classIds: readonly string[],
): NoticeFields {
  return {
    modality: row.modality,
    subModality: row.subModality,
    noticeNumber: row.noticeNumber,
    processNumber: row.processNumber,
    objectOfInterest: row.objectOfInterest,
    purchaseYear: row.purchaseYear,
    agreementNumber: row.agreementNumber,
    canPublishOnPncp: row.canPublishOnPncp,
    daysDue: row.daysDue,
    auctionLicensePhase: row.auctionLicensePhase,
    isBidsAutomaticStart: row.isBidsAutomaticStart,
    amountBidsAutomaticStart: row.amountBidsAutomaticStart,
    canApplyRegionalPreference: row.canApplyRegionalPreference,
    isTechnicalDataSheetAttachmentRequired: row.isTechnicalDataSheetAttachmentRequired,
    dispensationForm: row.dispensationForm,
    shouldDiscloseReferencePrice: row.shouldDiscloseReferencePrice,
    isSrp: row.isSrp,
    closingKind: row.closingKind,
    processParticipation: row.processParticipation,
    isInitialProposalsRequired: row.isInitialProposalsRequired,
    canApplyTiebreaker: row.canApplyTiebreaker,
    offerKind: row.offerKind,
    legislation: row.legislationId ? { id: row.legislationId } : null,
    lawClause: row.lawClauseId ? { id: row.lawClauseId } : null,
    canShowProcessResult: row.canShowProcessResult,
    isAllowedChangeQuantity: row.isAllowedChangeQuantity,
    bidDuration: row.bidDuration,
    canIndicateQualificationDocument: row.canIndicateQualificationDocument,
    isProposalGuaranteeRequired: row.isProposalGuaranteeRequired,
    qualificationDocumentRequired: row.qualificationDocumentRequired,
    othersDocumentsClassesRequired: classIds.map((id) => ({ id })),
    disputeInterestManifestationMinimumDuration: row.disputeInterestManifestationMinimumDuration,
    reasonOfInPersonModality: row.reasonOfInPersonModality,
    hasPreQualification: row.hasPreQualification,
    preQualification: row.preQualificationId ? { id: row.preQualificationId } : null,
    isAllowedParticipantNonPreQualification: row.isAllowedParticipantNonPreQualification,
    variationKind: row.variationKind,
    secretaryOffice: people.secretaryOffice,
    auctioneers: people.auctioneers,
    supportingStaff: people.supportingStaff,
    startDateTime: row.startDateTime,
    proposalsStartDateTime: row.proposalsStartDateTime,
    proposalsEndDateTime: row.proposalsEndDateTime,
    processEndingDateTime: row.processEndingDateTime,
    clarificationEndDateTime: row.clarificationEndDateTime,
    dispensationAcknowledgmentRequestedDate: row.dispensationAcknowledgmentRequestedDate,
  };
}

/** The fields an input sets (undefined means "not sent"). */
export function definedFields<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const comparable = (v: unknown): unknown => {
  if (v instanceof Date) return v.getTime();
  if (v === undefined) return null;
  if (Array.isArray(v)) return JSON.stringify([...v].map(comparable).sort());
  if (v && typeof v === "object" && "id" in v) return (v as { id: unknown }).id;
  return v;
};
export const sameValue = (a: unknown, b: unknown) => comparable(a) === comparable(b);

/** The names of the fields whose value differs between two notices. */
export function changedFields(before: NoticeFields, after: NoticeFields): string[] {
  return (Object.keys(after) as (keyof NoticeFields)[]).filter((k) => !sameValue(before[k], after[k]));
}

/** A locked field (§4) that the edit changes: refused, whatever else the edit sends. */
export function lockViolations(
  locked: readonly NoticeLockableField[],
  current: NoticeFields,
  input: Partial<NoticeFields>,
): NoticeRuleViolation[] {
  return locked
    .filter((f) => f in input && input[f] !== undefined && !sameValue(input[f], current[f]))
    .map((f) => ({ property: f, message: "Campo bloqueado para alteração no status atual do processo" }));
}

/**
 * §7 payload rules the server applies itself, so a hand-made call ends where the form would: no
 * closing kind where the modality has none (kept OPEN), no lawClause where the modality sends none,
 * the bid duration clamped for the timed electronic auction, a percent variation for BIGGEST_DISCOUNT,
 * shouldDiscloseReferencePrice and canShowProcessResult as the form sends them.
 */
export function applyPayloadRules(f: NoticeFields): NoticeFields {
  const out = { ...f };
  if (
    allowedClosingKinds(out.modality, { subModality: out.subModality, criterion: out.dispensationForm })
      .length === 0
  )
    out.closingKind = "OPEN";
  if (!lawClauseApplies(out.modality)) out.lawClause = null;
  const duration = normalizeBidDuration(out.modality, out.closingKind, out.bidDuration);
  if ("minutes" in duration) out.bidDuration = duration.minutes;
  if (out.dispensationForm === "BIGGEST_DISCOUNT") out.variationKind = "PERCENTAGE";
  out.shouldDiscloseReferencePrice = sentShouldDiscloseReferencePrice(
    out.modality,
    out.dispensationForm,
    out.shouldDiscloseReferencePrice,
  );
  out.canShowProcessResult = sentCanShowProcessResult(out.modality, out.canShowProcessResult);
  if (!out.hasPreQualification) {
    out.preQualification = null;
    out.isAllowedParticipantNonPreQualification = false;
  }
  out.secretaryOffice = [...new Set(out.secretaryOffice)];
  out.auctioneers = [...new Set(out.auctioneers)];
  out.supportingStaff = [...new Set(out.supportingStaff)];
  return out;
}

/** Checks that need the database: every reference must be the body's own, or offered for the modality. */
async function referenceViolations(
  db: DbOrTx,
  buyerId: string,
  f: NoticeFields,
): Promise<NoticeRuleViolation[]> {
  const out: NoticeRuleViolation[] = [];
  const offices = await repo.findBuyerOffices(db, buyerId, f.secretaryOffice);
  if (offices.length !== f.secretaryOffice.length)
    out.push({ property: "secretaryOffice", message: "Unidade compradora não pertence ao órgão" });

  const staff = await repo.findBuyerStaff(db, buyerId, [...f.auctioneers, ...f.supportingStaff]);
  const roles = new Map(staff.map((s) => [s.id, s.roles]));
  if (f.auctioneers.some((id) => !roles.get(id)?.includes("AUCTIONEER")))
    out.push({
      property: "auctioneers",
      message: "Responsável deve ser servidor do órgão com o perfil de pregoeiro",
    });
  if (f.supportingStaff.some((id) => !roles.get(id)?.includes("SUPPORT_STAFF")))
    out.push({
      property: "supportingStaff",
      message: "Equipe de apoio deve ter o perfil de equipe de apoio",
    });

  if (f.legislation) {
    const legislation = await repo.findLegislationById(db, f.legislation.id);
    const offered = legislationsFor(f.modality, f.subModality).map(
      (i) => legislationByIdentifier(i).code as string,
    );
    if (!legislation || !offered.includes(legislation.code))
      out.push({ property: "legislation", message: "Legislação não disponível para a modalidade" });
  }
  if (f.lawClause) {
    const clause = await repo.findLawClauseById(db, f.lawClause.id);
    const offered = lawClausesFor(f.modality, { subModality: f.subModality }).map((c) => c.code as string);
    if (!clause || !offered.includes(clause.code))
      out.push({ property: "lawClause", message: "Enquadramento legal não disponível para a modalidade" });
    else if (f.legislation && clause.legislationId !== f.legislation.id)
      out.push({ property: "lawClause", message: "Enquadramento legal não pertence à legislação escolhida" });
  }

  const classIds = f.othersDocumentsClassesRequired.map((c) => c.id);
  if (classIds.length) {
    const own = new Set((await repo.listDocumentClasses(db, buyerId)).map((c) => c.id));
    if (classIds.some((id) => !own.has(id)))
      out.push({
        property: "othersDocumentsClassesRequired",
        message: "Classe de documentos não encontrada",
      });
  }

  if (f.hasPreQualification) {
    if (!f.preQualification) out.push({ property: "preQualification", message: "Campo obrigatório" });
    else if ((await repo.listPreQualificationNotices(db, buyerId, f.preQualification.id)).length === 0)
      out.push({ property: "preQualification", message: "Pré-qualificação não encontrada" });
  }
  return out;
}

export function toProperties(violations: readonly NoticeRuleViolation[]): PropertyError[] {
  const byProperty = new Map<string, string[]>();
  for (const v of violations) {
    const list = byProperty.get(v.property) ?? [];
    if (!list.includes(v.message)) list.push(v.message);
    byProperty.set(v.property, list);
  }
  return [...byProperty].map(([property, errorMessages]) => ({ property, errorMessages }));
}

/**
 * Every rule on a whole notice: throws the 400 properties shape when any fails. `deferred` names
 * required fields a draft may still leave empty (a notice made from a process, whose form fills them
 * before it is saved or published).
 */
export async function assertValidNotice(
  db: DbOrTx,
  buyerId: string,
  f: NoticeFields,
  extra: NoticeRuleViolation[] = [],
  deferred: readonly string[] = [],
) {
  const violations = [
    ...extra,
    ...noticeRuleViolations({
      ...f,
      lawClauseId: f.lawClause?.id ?? null,
      secretaryOfficeCount: f.secretaryOffice.length,
      auctioneerCount: f.auctioneers.length,
    }).filter((v) => !(v.message === REQUIRED_MESSAGE && deferred.includes(v.property))),
    ...(await referenceViolations(db, buyerId, f)),
  ];
  if (violations.length) throw badRequest(VALIDATION_MESSAGE, toProperties(violations));
}

/** The row values of a notice's own columns (people and classes live in join tables). */
export function fieldsToRow(f: NoticeFields): Omit<repo.NoticeInsert, "buyerId"> {
  return {
    modality: f.modality,
    subModality: f.subModality,
    noticeNumber: f.noticeNumber,
    processNumber: f.processNumber,
    objectOfInterest: f.objectOfInterest,
    purchaseYear: f.purchaseYear,
    agreementNumber: f.agreementNumber,
    canPublishOnPncp: f.canPublishOnPncp,
    daysDue: f.daysDue,
    auctionLicensePhase: f.auctionLicensePhase,
    isBidsAutomaticStart: f.isBidsAutomaticStart,
    amountBidsAutomaticStart: f.amountBidsAutomaticStart,
    canApplyRegionalPreference: f.canApplyRegionalPreference,
    isTechnicalDataSheetAttachmentRequired: f.isTechnicalDataSheetAttachmentRequired,
    dispensationForm: f.dispensationForm,
    shouldDiscloseReferencePrice: f.shouldDiscloseReferencePrice,
    isSrp: f.isSrp,
    closingKind: f.closingKind,
    processParticipation: f.processParticipation,
    isInitialProposalsRequired: f.isInitialProposalsRequired,
    canApplyTiebreaker: f.canApplyTiebreaker,
    offerKind: f.offerKind,
    legislationId: f.legislation?.id ?? null,
    lawClauseId: f.lawClause?.id ?? null,
    canShowProcessResult: f.canShowProcessResult,
    isAllowedChangeQuantity: f.isAllowedChangeQuantity,
    bidDuration: f.bidDuration,
    canIndicateQualificationDocument: f.canIndicateQualificationDocument,
    isProposalGuaranteeRequired: f.isProposalGuaranteeRequired,
    qualificationDocumentRequired: f.qualificationDocumentRequired,
    disputeInterestManifestationMinimumDuration: f.disputeInterestManifestationMinimumDuration,
    reasonOfInPersonModality: f.reasonOfInPersonModality,
    hasPreQualification: f.hasPreQualification,
    preQualificationId: f.preQualification?.id ?? null,
    isAllowedParticipantNonPreQualification: f.isAllowedParticipantNonPreQualification,
    variationKind: f.variationKind,
    startDateTime: f.startDateTime,
    proposalsStartDateTime: f.proposalsStartDateTime,
    proposalsEndDateTime: f.proposalsEndDateTime,
    processEndingDateTime: f.processEndingDateTime,
    clarificationEndDateTime: f.clarificationEndDateTime,
    dispensationAcknowledgmentRequestedDate: f.dispensationAcknowledgmentRequestedDate,
  };
}

export const peopleOf = (f: NoticeFields): repo.NoticePeople => ({
  secretaryOffice: f.secretaryOffice,
  auctioneers: f.auctioneers,
  supportingStaff: f.supportingStaff,
});
