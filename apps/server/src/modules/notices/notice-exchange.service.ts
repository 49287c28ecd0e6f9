import {
  isSubModalityAllowed,
  NOTICE_FILE_FORMAT,
  NOTICE_FILE_VERSION,
  type NoticeFile,
  type NoticeFileInput,
  noticeFileSchema,
  type StaffRole,
  SUB_MODALITIES_BY_MODALITY,
  type SubModality,
} from "@certame/domain";
import { type Clock, systemClock } from "../../clock/clock";
import type { Db } from "../../db/client";
import { appendEvent } from "../../events/event-log.repository";
import { badRequest, VALIDATION_MESSAGE, zodToProperties } from "../../http/errors";
import { safeFileName } from "../../http/send-file";
import { assertOwnNotice, type NoticeEditor } from "./notice.policy";
import * as repo from "./notice.repository";
import {
  applyPayloadRules,
  defaultFields,
  definedFields,
  type NoticeFields,
  toProperties,
} from "./notice-fields";
import { insertPendingNotice } from "./notice-lifecycle.service";

const fold = (s: string | undefined) =>
  (s ?? "")
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .trim()
    .toLowerCase();

/**
 * Notice import (app/aspec/import) and export (app/auction/export) in the platform's own JSON
 * format, documented in docs/api-notice-import.md. The export of a notice imports back into an
 * equal PENDING notice of the importing body.
 */
export class NoticeExchangeService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  async export(buyerId: string, id: string): Promise<{ fileName: string; json: string }> {
    const found = await repo.findNotice(this.db, id);
    assertOwnNotice(found && { buyerId: found.buyer.id, status: found.notice.status }, buyerId);
    if (!found) throw new Error("unreachable");
    const n = found.notice;
    const [people, classes, batches] = await Promise.all([
      repo.findNoticePeople(this.db, id),
      repo.findNoticeDocumentClasses(this.db, id),
      repo.findBatches(this.db, id),
    ]);
    const legislation = n.legislationId
      ? await repo.findLegislationById(this.db, n.legislationId)
      : undefined;
    const lawClause = n.lawClauseId ? await repo.findLawClauseById(this.db, n.lawClauseId) : undefined;
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    const staff = (a: "AUCTIONEER" | "SUPPORT_STAFF") =>
      people.staff.filter((s) => s.assignment === a).map((s) => ({ id: s.id, name: s.userName }));
    const file: NoticeFileInput = {
      format: NOTICE_FILE_FORMAT,
      version: NOTICE_FILE_VERSION,
      exportedAt: this.clock().toISOString(),
      notice: {
        modality: n.modality,
        subModality: n.subModality,
        noticeNumber: n.noticeNumber,
        processNumber: n.processNumber,
        objectOfInterest: n.objectOfInterest,
        purchaseYear: n.purchaseYear,
        agreementNumber: n.agreementNumber ?? "",
        canPublishOnPncp: n.canPublishOnPncp,
        daysDue: n.daysDue,
        auctionLicensePhase: n.auctionLicensePhase,
        isBidsAutomaticStart: n.isBidsAutomaticStart,
        amountBidsAutomaticStart: n.amountBidsAutomaticStart,
        canApplyRegionalPreference: n.canApplyRegionalPreference,
        isTechnicalDataSheetAttachmentRequired: n.isTechnicalDataSheetAttachmentRequired,
        dispensationForm: n.dispensationForm,
        shouldDiscloseReferencePrice: n.shouldDiscloseReferencePrice,
        isSrp: n.isSrp,
        closingKind: n.closingKind,
        processParticipation: n.processParticipation,
        isInitialProposalsRequired: n.isInitialProposalsRequired,
        canApplyTiebreaker: n.canApplyTiebreaker,
        offerKind: n.offerKind,
        legislation: legislation ? { code: legislation.code, name: legislation.name } : null,
        lawClause:
          lawClause && found.lawClause?.name ? { code: lawClause.code, name: found.lawClause.name } : null,
        canShowProcessResult: n.canShowProcessResult,
        isAllowedChangeQuantity: n.isAllowedChangeQuantity,
        bidDuration: n.bidDuration,
        canIndicateQualificationDocument: n.canIndicateQualificationDocument,
        isProposalGuaranteeRequired: n.isProposalGuaranteeRequired,
        qualificationDocumentRequired: n.qualificationDocumentRequired,
        othersDocumentsClassesRequired: classes.map((c) => ({ className: c.className })),
        disputeInterestManifestationMinimumDuration: n.disputeInterestManifestationMinimumDuration,
        reasonOfInPersonModality: n.reasonOfInPersonModality ?? "",
        hasPreQualification: false,
        isAllowedParticipantNonPreQualification: false,
        variationKind: n.variationKind,
        secretaryOffice: people.offices.map((o) => ({ id: o.id, name: o.name })),
        auctioneers: staff("AUCTIONEER"),
        supportingStaff: staff("SUPPORT_STAFF"),
        startDateTime: iso(n.startDateTime),
        proposalsStartDateTime: iso(n.proposalsStartDateTime),
        proposalsEndDateTime: iso(n.proposalsEndDateTime),
        processEndingDateTime: iso(n.processEndingDateTime),
        clarificationEndDateTime: iso(n.clarificationEndDateTime),
        dispensationAcknowledgmentRequestedDate: iso(n.dispensationAcknowledgmentRequestedDate),
      },
      lots: batches.map(({ batch, product }) => ({
        number: batch.number,
        item: batch.item,
        product: product?.id ? { code: product.code, name: product.name } : null,
        quantity: Number(batch.quantity),
        measurementUnit: batch.measurementUnitCode ? { code: batch.measurementUnitCode } : null,
        referencePrice: batch.referencePrice,
        minimumVariation: batch.minimumVariation,
        percentMinimumVariation: Number(batch.percentMinimumVariation),
        isProductBrandRequired: batch.isProductBrandRequired,
        isSubcontractingIndicator: batch.isSubcontractingIndicator,
        decimalsNumber: batch.decimalsNumber === 4 ? 4 : 2,
        batchItemParticipation: batch.batchItemParticipation as "WIDE_PARTICIPATION",
        wideParticipationBatch: batch.wideParticipationBatch,
      })),
    };
    return {
      fileName: safeFileName(`edital-${n.noticeNumber}.json`),
      json: `${JSON.stringify(file, null, 2)}\n`,
    };
  }

  /**
   * Creates a PENDING notice (and its lots) of the importing body from a notice file. People and
   * units are matched by id, else by name, within the body; legislation and law clause by code;
   * other document classes by name (created when missing). Whatever cannot be matched is left out
   * and named in `warnings`. The notice then passes every rule of app/auction/create.
   */
  async import(editor: NoticeEditor, bytes: Buffer) {
    let raw: unknown;
    try {
      raw = JSON.parse(bytes.toString("utf8").replace(/^\uFEFF/, ""));
    } catch {
      throw badRequest("O arquivo não é um JSON válido.", [
        { property: "file", errorMessages: ["O arquivo deve ser um JSON no formato certame.notice"] },
      ]);
    }
    const parsed = noticeFileSchema.safeParse(raw);
    if (!parsed.success) throw badRequest(VALIDATION_MESSAGE, zodToProperties(parsed.error));
    const file: NoticeFile = parsed.data;
    const warnings: string[] = [];
    const { notice, lots } = file;

    const { offices, staff } = await repo.listBuyerPeople(this.db, editor.buyerId);
    const match = <T extends { id: string; name: string }>(
      pool: T[],
      refs: { id?: string; name?: string }[],
      what: string,
    ) =>
      refs.flatMap((ref) => {
        const hit = pool.find((p) => p.id === ref.id) ?? pool.find((p) => fold(p.name) === fold(ref.name));
        if (!hit) warnings.push(`${what} não encontrado(a) no órgão: ${ref.name ?? ref.id}`);
        return hit ? [hit.id] : [];
      });
    const withRole = (role: StaffRole) => staff.filter((s) => s.roles.includes(role));

    const legislation = notice.legislation
      ? await repo.findLegislationByCode(this.db, notice.legislation.code)
      : undefined;
    if (notice.legislation && !legislation)
      warnings.push(`Legislação desconhecida: ${notice.legislation.code}`);
    const lawClause = notice.lawClause
      ? await repo.findLawClauseByCode(this.db, notice.lawClause.code)
      : undefined;
    if (notice.lawClause && !lawClause)
      warnings.push(`Enquadramento legal desconhecido: ${notice.lawClause.code}`);

    const productCodes = lots.flatMap((l) => (l.product ? [l.product.code] : []));
    const productIds = new Map(
      (await repo.findProductsByCode(this.db, editor.buyerId, productCodes)).map((p) => [p.code, p.id]),
    );
    const unitCodes = new Set(
      (
        await repo.listMeasurementUnitCodes(
          this.db,
          lots.flatMap((l) => (l.measurementUnit ? [l.measurementUnit.code] : [])),
        )
      ).map((u) => u.code),
    );
    const lotErrors = lots.flatMap((l, i) => [
      ...(l.product && !productIds.has(l.product.code)
        ? [{ property: `lots.${i}.product.code`, message: "Produto não encontrado no catálogo" }]
        : []),
      ...(l.measurementUnit && !unitCodes.has(l.measurementUnit.code)
        ? [{ property: `lots.${i}.measurementUnit.code`, message: "Unidade de medida desconhecida" }]
        : []),
    ]);
    const keys = lots.map((l) => `${l.number}/${l.item}`);
    keys.forEach((k, i) => {
      if (keys.indexOf(k) !== i)
        lotErrors.push({ property: `lots.${i}.item`, message: "Lote e item repetidos no arquivo" });
    });
    if (lotErrors.length) throw badRequest(VALIDATION_MESSAGE, toProperties(lotErrors));

    const sub = isSubModalityAllowed(notice.modality, notice.subModality)
      ? notice.subModality
      : (SUB_MODALITIES_BY_MODALITY[notice.modality][0] as SubModality);
    const {
      legislation: _l,
      lawClause: _c,
      secretaryOffice,
      auctioneers,
      supportingStaff,
      othersDocumentsClassesRequired,
      ...plain
    } = notice;

    return this.db.transaction(async (tx) => {
      const classIds: string[] = [];
      const existing = await repo.listDocumentClasses(tx, editor.buyerId);
      for (const { className } of othersDocumentsClassesRequired) {
        const hit = existing.find((c) => fold(c.className) === fold(className));
        classIds.push(hit ? hit.id : (await repo.insertDocumentClass(tx, editor.buyerId, className)).id);
      }
      const fields: NoticeFields = applyPayloadRules({
        ...defaultFields(notice.modality, sub),
        ...(definedFields(plain) as Partial<NoticeFields>),
        legislation: legislation ? { id: legislation.id } : null,
        lawClause: lawClause ? { id: lawClause.id } : null,
        secretaryOffice: match(offices, secretaryOffice, "Unidade compradora"),
        auctioneers: match(withRole("AUCTIONEER"), auctioneers, "Responsável"),
        supportingStaff: match(withRole("SUPPORT_STAFF"), supportingStaff, "Equipe de apoio"),
        othersDocumentsClassesRequired: [...new Set(classIds)].map((id) => ({ id })),
        hasPreQualification: false,
        preQualification: null,
      });
      const id = await insertPendingNotice(tx, editor, fields);
      await repo.insertBatches(
        tx,
        lots.map((l) => ({
          auctionNoticeId: id,
          number: l.number,
          item: l.item,
          productId: l.product ? (productIds.get(l.product.code) ?? null) : null,
          quantity: String(l.quantity),
          measurementUnitCode: l.measurementUnit?.code ?? null,
          referencePrice: l.referencePrice,
          minimumVariation: l.minimumVariation,
          percentMinimumVariation: l.percentMinimumVariation.toFixed(2),
          isProductBrandRequired: l.isProductBrandRequired,
          isSubcontractingIndicator: l.isSubcontractingIndicator,
          decimalsNumber: l.decimalsNumber,
          batchItemParticipation: l.batchItemParticipation,
          wideParticipationBatch: l.wideParticipationBatch,
          totalAmount: Math.round(l.referencePrice * l.quantity),
        })),
      );
      await appendEvent(tx, {
        auctionNoticeId: id,
        eventType: "NOTICE_CREATED",
        actorUserId: editor.user.id,
        payload: { imported: true, noticeNumber: fields.noticeNumber, lots: lots.length, warnings },
      });
      return { id, lots: lots.length, warnings };
    });
  }
}
