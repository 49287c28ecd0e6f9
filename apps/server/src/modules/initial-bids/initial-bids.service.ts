import {
  aggregateLotHead,
  asksSmallCompanyDeclaration,
  can,
  consumesCredit,
  DOCUMENT_BLOCKERS,
  DOCUMENT_KIND_LABELS,
  type DocumentKind,
  effectiveNoticeStatus,
  hiddenByBigCompanyFilter,
  INITIAL_BIDS_MODALITIES,
  INITIAL_BIDS_TEXTS,
  type InitialBidLot,
  type InitialBidRowInput,
  isDiscountMode,
  isEnabledForInitialBids,
  isNewModality,
  isReferencePricePublic,
  type LotPhase,
  type NormalizedInitialBid,
  needsPreQualification,
  QUALIFICATION_DOCUMENT_KINDS,
  regionalPreference,
  SAVE_BLOCKER_MESSAGES,
  type SaveInitialBidsInput,
  SUPPLIER_NOT_APPROVED_MESSAGE,
  saveBlockers,
  validateInitialBids,
} from "@certame/domain";
import { type Clock, systemClock } from "../../clock/clock";
import type { Db, Tx } from "../../db/client";
import type { DocumentAssociationKind } from "../../db/schema";
import { appendEvent } from "../../events/event-log.repository";
import { AppError, badRequest, forbidden, notFound } from "../../http/errors";
import { safeFileName } from "../../http/send-file";
import { ensureParticipant } from "../../room/state/room.service";
import type { SessionUser } from "../auth/auth.service";
import * as creditRepo from "../payments/credits.repository";
import * as repo from "./initial-bids.repository";
import { type ReceiptLot, renderInitialBidsReceipt } from "./initial-bids-receipt";
import { buildTemplate, readBidSheet, type SheetLot } from "./initial-bids-spreadsheet";

const REMOVAL_REASON = "Proposta removida pelo licitante antes da sessão pública.";
const OUT_OF_PERIOD =
  "O prazo de envio de propostas deste processo não está aberto: os lances iniciais só podem ser cadastrados enquanto os lotes estão abertos para propostas.";

type Supplier = NonNullable<SessionUser["supplier"]>;

/** A head row of the screen with everything the rules, the list and the receipt read. */
interface ScreenLot {
  rule: InitialBidLot;
  head: repo.LotRow["batch"];
  items: repo.LotRow[];
  productName: string;
  technicalDescription: string | null;
}

/** The document fields of the save, their library kind and their association (§3 "Document association"). */
const DOCUMENT_SLOTS = [
  { field: "qualificationDocuments", kind: null, association: "QUALIFICATION_DOCUMENT" },
  { field: "technicalDataSheet", kind: "TECHNICAL_DATA_SHEET", association: "TECHNICAL_DATA_SHEET" },
  { field: "initialProposal", kind: "INITIAL_PROPOSAL", association: "PROPOSAL_DOCUMENT" },
  { field: "proposalGuarantee", kind: "PROPOSAL_GUARANTEE", association: "PROPOSAL_DOCUMENT" },
  { field: "technicalProposal", kind: "TECHNICAL_PROPOSAL", association: "TECHNICAL_PROPOSAL_DOCUMENT" },
] as const satisfies readonly {
  field: keyof SaveInitialBidsInput;
  kind: string | null;
  association: DocumentAssociationKind;
}[];
const PROCESS_KINDS = [
  "TECHNICAL_DATA_SHEET",
  "INITIAL_PROPOSAL",
  "PROPOSAL_GUARANTEE",
  "TECHNICAL_PROPOSAL",
];

const documentView = (d: repo.DocumentRow) => ({
  id: d.id,
  name: d.name,
  url: `/api/app/file/${d.fileId}`,
  description: d.description,
  kind: d.kind,
  documentClass: d.documentClass,
  createdDate: d.createdDate.toISOString(),
  sentDatetime: d.sentDatetime?.toISOString() ?? null,
});

export interface FileAnswer {
  data: Buffer;
  fileName: string;
  contentType: string;
}

/**
 * The supplier's initial bids (trading-room §2.8, §5, §7 "Initial bids screen"): the notice and its
 * lots as the screen reads them, the access checks, and the save — bids, participant number,
 * declarations, credit and event-log entry in one transaction — answered with a PDF receipt.
 */
export class InitialBidsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  private supplierOf(user: SessionUser): Supplier {
    if (user.kind !== "SUPPLIER" || !user.supplier)
      throw forbidden("Somente licitantes podem cadastrar lances iniciais.");
    return user.supplier;
  }

  private async notice(noticeId: string) {
    const found = await repo.findNotice(this.db, noticeId);
    if (!found || found.notice.status === "PENDING") throw notFound("Edital não encontrado.");
    if (!INITIAL_BIDS_MODALITIES.includes(found.notice.modality))
      throw forbidden("Esta modalidade não possui cadastro de lances iniciais.");
    return found;
  }

  /** Head rows with the multi-item aggregation of §3 (the values the room compares on). */
  private screenLots(notice: repo.NoticeRow, rows: repo.LotRow[]): ScreenLot[] {
    const byNumber = new Map<number, repo.LotRow[]>();
    for (const r of rows) byNumber.set(r.batch.number, [...(byNumber.get(r.batch.number) ?? []), r]);
    const out: ScreenLot[] = [];
    for (const [number, items] of byNumber) {
      const headRow = items.find((i) => i.batch.item === 1);
      if (!headRow) continue;
      const head = headRow.batch;
      const agg = aggregateLotHead(
        items.map((i) => ({
          number,
          item: i.batch.item,
          referencePrice: i.batch.referencePrice,
          minimumVariation: i.batch.minimumVariation,
          decimalsNumber: i.batch.decimalsNumber,
        })),
      );
      const many = items.length > 1;
      out.push({
        head,
        items,
        productName: many ? INITIAL_BIDS_TEXTS.multiItemProduct(number) : (headRow.productName ?? ""),
        technicalDescription: many ? null : headRow.technicalDescription,
        rule: {
          id: head.id,
          number,
          item: 1,
          quantity: head.quantity,
          referencePrice: agg.referencePrice,
          minimumVariation: agg.minimumVariation,
          percentMinimumVariation: Number(head.percentMinimumVariation),
          decimalsNumber: agg.decimalsNumber,
          storedDecimals: head.decimalsNumber,
          isProductBrandRequired: many ? false : head.isProductBrandRequired,
          batchItemParticipation: head.batchItemParticipation,
          criterion: head.dispensationForm ?? notice.dispensationForm,
          hasManyItems: many,
        },
      });
    }
    return out.sort((a, b) => a.rule.number - b.rule.number);
  }

  /** §5 access: enabled (plan, credit or an earlier proposal) and pre-qualified where required. */
  private async access(notice: repo.NoticeRow, supplier: Supplier) {
    const [row, proposal, credits] = await Promise.all([
      repo.findSupplier(this.db, supplier.id),
      repo.findProposal(this.db, notice.id, supplier.id),
      creditRepo.availableCredits(this.db, supplier.id),
    ]);
    const hasEarlierProposal = Boolean(proposal && (proposal.hasProposal || proposal.creditId));
    // Issue 13: a supplier whose registration is not approved is not enabled, whatever its plan.
    const isEnabledSupplier =
      row?.registrationStatus === "APPROVED" &&
      isEnabledForInitialBids({
        subscriptionEndDate: row?.subscriptionEndDate ?? null,
        availableCredits: credits,
        hasEarlierProposal,
        now: this.clock(),
      });
    const isPreQualifiedSupplier = !needsPreQualification(notice)
      ? true
      : notice.preQualificationId
        ? await repo.isWinnerOf(this.db, notice.preQualificationId, supplier.id)
        : false;
    return {
      supplier: row,
      proposal,
      credits,
      isEnabledSupplier,
      isPreQualifiedSupplier,
      hasEarlierProposal,
    };
  }

  async isEnabledSupplier(user: SessionUser, noticeId: string): Promise<boolean> {
    const supplier = this.supplierOf(user);
    const { notice } = await this.notice(noticeId);
    return (await this.access(notice, supplier)).isEnabledSupplier;
  }

  async isPreQualifiedSupplier(user: SessionUser, noticeId: string): Promise<boolean> {
    const supplier = this.supplierOf(user);
    const { notice } = await this.notice(noticeId);
    return (await this.access(notice, supplier)).isPreQualifiedSupplier;
  }

  /** Whether proposals are taken now: §6 SEND_INITIAL_BIDS on every lot (OPEN_FOR_OFFERS) and the dates. */
  private sendWindowOpen(notice: repo.NoticeRow, phases: readonly LotPhase[]): boolean {
    const now = this.clock();
    if (!["PUBLISHED", "ONGOING"].includes(notice.status)) return false;
    if (notice.proposalsStartDateTime && now < notice.proposalsStartDateTime) return false;
    if (notice.proposalsEndDateTime && now >= notice.proposalsEndDateTime) return false;
    const status = effectiveNoticeStatus(notice.status, phases);
    return (
      phases.length > 0 &&
      phases.every((phase) =>
        can("ENABLED_SUPPLIER", "SEND_INITIAL_BIDS", {
          modality: notice.modality,
          status,
          phase,
          now,
        }),
      )
    );
  }

  /** The notice as the screen reads it, with the supplier's own proposal state (never another's). */
  async read(user: SessionUser, noticeId: string) {
    const supplier = this.supplierOf(user);
    const { notice: n, buyerName } = await this.notice(noticeId);
    const [access, rows, participant] = await Promise.all([
      this.access(n, supplier),
      repo.lotRows(this.db, noticeId),
      repo.findParticipant(this.db, noticeId, supplier.id),
    ]);
    const heads = rows.filter((r) => r.batch.item === 1);
    const p = access.proposal;
    return {
      auctionNotice: {
        id: n.id,
        noticeNumber: n.noticeNumber,
        processNumber: n.processNumber,
        objectOfInterest: n.objectOfInterest,
        buyer: { id: n.buyerId, corporateName: buyerName },
        modality: n.modality,
        subModality: n.subModality,
        status: n.status,
        startDateTime: n.startDateTime?.toISOString() ?? null,
        closingKind: n.closingKind,
        dispensationForm: n.dispensationForm,
        offerKind: n.offerKind,
        auctionLicensePhase: n.auctionLicensePhase,
        shouldDiscloseReferencePrice: n.shouldDiscloseReferencePrice,
        isProposalGuaranteeRequired: n.isProposalGuaranteeRequired,
        isTechnicalDataSheetAttachmentRequired: n.isTechnicalDataSheetAttachmentRequired ? 1 : 0,
        isInitialProposalsRequired: n.isInitialProposalsRequired,
        canApplyRegionalPreference: n.canApplyRegionalPreference,
        hasPreQualification: n.hasPreQualification,
        isAllowedParticipantNonPreQualification: n.isAllowedParticipantNonPreQualification,
        isBidsAutomaticStart: n.isBidsAutomaticStart,
        proposalsStartDateTime: n.proposalsStartDateTime?.toISOString() ?? null,
        proposalsEndDateTime: n.proposalsEndDateTime?.toISOString() ?? null,
        canIndicateQualificationDocument: n.canIndicateQualificationDocument,
        qualificationDocumentRequired: n.qualificationDocumentRequired,
        // Only the supplier's own declarations (the others' are not its business).
        smallCompanyDeclarations: participant?.hasSmallCompanyDeclaration ? [supplier.id] : [],
        regionalPreferenceDeclarations: p?.hasRegionalPreferenceDeclaration ? [{ id: supplier.id }] : [],
      },
      supplier: {
        id: supplier.id,
        isSmallBusiness: access.supplier?.isSmallBusiness ?? false,
        subscriptionEndDate: access.supplier?.subscriptionEndDate?.toISOString() ?? null,
        availableCredits: access.credits,
        // The screen tells a supplier waiting for approval why it is not enabled (issue 13).
        registrationStatus: access.supplier?.registrationStatus ?? "NONE",
      },
      proposal: {
        hasProposal: p?.hasProposal ?? false,
        canApplyAutomaticBid: p?.canApplyAutomaticBid ?? false,
        hasRegionalPreferenceDeclaration: p?.hasRegionalPreferenceDeclaration ?? false,
        hasBigCompanyAutomaticBidDeclaration: p?.hasBigCompanyAutomaticBidDeclaration ?? false,
        hasSecretPhaseDeclaration: p?.hasSecretPhaseDeclaration ?? false,
        termsAcceptedAt: p?.termsAcceptedAt?.toISOString() ?? null,
        creditUsedAt: p?.creditUsedAt?.toISOString() ?? null,
      },
      isEnabledSupplier: access.isEnabledSupplier,
      isPreQualifiedSupplier: access.isPreQualifiedSupplier,
      canSendInitialBids: this.sendWindowOpen(
        n,
        heads.map((h) => h.batch.phase),
      ),
    };
  }

  /** {isInitial, hasPagination:false, hasBigCompanyFilter} → auctionBatches[] with the supplier's own bids only. */
  async batches(user: SessionUser, input: { auctionNoticeId: string; hasBigCompanyFilter: boolean }) {
    const supplier = this.supplierOf(user);
    const { notice } = await this.notice(input.auctionNoticeId);
    const [rows, own, supplierRow] = await Promise.all([
      repo.lotRows(this.db, notice.id),
      repo.liveInitialBids(this.db, notice.id, supplier.id),
      repo.findSupplier(this.db, supplier.id),
    ]);
    const isSmallBusiness = supplierRow?.isSmallBusiness ?? false;
    const ownByBatch = new Map(own.map((b) => [b.batchId, b]));
    const lots = this.screenLots(notice, rows).filter(
      (l) =>
        !input.hasBigCompanyFilter ||
        !hiddenByBigCompanyFilter({
          batchItemParticipation: l.rule.batchItemParticipation,
          modality: notice.modality,
          isSmallBusiness,
        }),
    );
    const disclose = isReferencePricePublic(notice);
    return {
      auctionBatches: lots.map((l) => {
        const bid = ownByBatch.get(l.head.id);
        return {
          id: l.head.id,
          number: l.rule.number,
          item: 1,
          product: { name: l.productName, technicalDescription: l.technicalDescription },
          productName: l.productName,
          quantity: Number(l.head.quantity),
          measurementUnit: l.head.measurementUnitCode,
          // The reference price goes to suppliers only where the notice discloses it (§2.8).
          referencePrice: disclose ? l.rule.referencePrice : null,
          minimumVariation: l.rule.minimumVariation,
          percentMinimumVariation: l.rule.percentMinimumVariation,
          decimalsNumber: l.rule.decimalsNumber,
          isProductBrandRequired: l.rule.isProductBrandRequired ? 1 : 0,
          batchItemParticipation: l.rule.batchItemParticipation,
          wideParticipationBatch: l.head.wideParticipationBatch,
          dispensationForm: l.rule.criterion,
          phase: l.head.phase,
          hasManyItems: l.rule.hasManyItems,
          items: l.items.map((i) => ({
            id: i.batch.id,
            item: i.batch.item,
            product: { name: i.productName ?? "", technicalDescription: i.technicalDescription },
            quantity: Number(i.batch.quantity),
            measurementUnit: i.batch.measurementUnitCode,
            referencePrice: disclose ? i.batch.referencePrice : null,
            decimalsNumber: i.batch.decimalsNumber,
          })),
          bids: bid ? [this.ownBidView(bid, l.rule)] : [],
        };
      }),
    };
  }

  /** The supplier's own bid, values back at the listed (aggregated) scale. */
  private ownBidView(bid: repo.BidRow, lot: InitialBidLot) {
    const up = (v: number | null) =>
      v === null ? null : v * 10 ** (lot.decimalsNumber - lot.storedDecimals);
    return {
      id: bid.id,
      batch: { id: bid.batchId },
      unitPrice: up(bid.unitPrice),
      totalPrice: bid.totalPrice,
      finalPrice: up(bid.finalPrice),
      variationPrice: up(bid.variationPrice),
      percentDiscount: bid.percentDiscount === null ? null : Number(bid.percentDiscount),
      percentFinalDiscount: bid.percentFinalDiscount === null ? null : Number(bid.percentFinalDiscount),
      percentVariation: bid.percentVariation === null ? null : Number(bid.percentVariation),
      quantity: bid.quantity === null ? null : Number(bid.quantity),
      brand: bid.brand,
      canApplyAutomaticBid: bid.canApplyAutomaticBid,
      createdDate: bid.createdDate.toISOString(),
    };
  }

  /**
   * The notice's qualification association (§7): the documents associated with the supplier's
   * proposal, and its process files (data sheet, proposal, guarantee, technical proposal) that the
   * library's qualification list leaves out (§3), for the screen's modals.
   */
  async documents(user: SessionUser, noticeId: string) {
    const supplier = this.supplierOf(user);
    await this.notice(noticeId);
    const [linked, processDocuments] = await Promise.all([
      repo.associations(this.db, noticeId, supplier.id),
      repo.documentsOfKinds(this.db, supplier.id, PROCESS_KINDS),
    ]);
    return {
      qualificationDocumentsAssociated: linked.map((l) => ({
        kindAssociation: l.kindAssociation,
        document: documentView(l),
      })),
      processDocuments: processDocuments.map(documentView),
    };
  }

  /**
   * The documents of a save (§5 "Documents", §5 "Save disabled"): own live library documents of
   * the slot's kind (qualification: the qualification kinds, only the required ones plus OTHER where
   * the notice indicates them); for a non-zero proposal the notice's required documents must be there.
   */
  private async documentLinks(
    tx: Tx,
    notice: repo.NoticeRow,
    supplierId: string,
    input: SaveInitialBidsInput,
    isRemoval: boolean,
    ctx: { lotCount: number },
  ) {
    const wanted = DOCUMENT_SLOTS.map((slot) => {
      const value = input[slot.field];
      const ids = value == null ? [] : Array.isArray(value) ? value : [value];
      return { slot, ids: [...new Set(ids as string[])] };
    });
    const rows = await repo.ownDocuments(
      tx,
      supplierId,
      wanted.flatMap((w) => w.ids),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const required = notice.canIndicateQualificationDocument ? notice.qualificationDocumentRequired : [];
    const links: { supplierDocumentId: string; kindAssociation: DocumentAssociationKind }[] = [];
    const documents: { kind: string; name: string }[] = [];
    for (const { slot, ids } of wanted) {
      for (const id of ids) {
        const doc = byId.get(id);
        if (!doc)
          throw badRequest("Documento não encontrado entre os seus documentos.", [
            { property: slot.field, errorMessages: ["Documento não encontrado"] },
          ]);
        const fits =
          slot.kind === null
            ? (QUALIFICATION_DOCUMENT_KINDS as readonly string[]).includes(doc.kind) &&
              (required.length === 0 || doc.kind === "OTHER" || required.includes(doc.kind))
            : doc.kind === slot.kind;
        if (!fits)
          throw badRequest(`O documento "${doc.name}" não é do tipo pedido neste campo.`, [
            { property: slot.field, errorMessages: ["Tipo de documento não permitido"] },
          ]);
        links.push({ supplierDocumentId: id, kindAssociation: slot.association });
        documents.push({
          kind: DOCUMENT_KIND_LABELS[doc.kind as DocumentKind] ?? "Documento de habilitação",
          name: doc.name,
        });
      }
    }
    if (isRemoval) return { links: [], documents: [] };
    const has = (field: string) => (wanted.find((w) => w.slot.field === field)?.ids.length ?? 0) > 0;
    const missing = saveBlockers({
      modality: notice.modality,
      licensePhase: notice.auctionLicensePhase,
      criterion: notice.dispensationForm,
      isInitialProposalsRequired: notice.isInitialProposalsRequired,
      isTechnicalDataSheetAttachmentRequired: notice.isTechnicalDataSheetAttachmentRequired,
      // The terms and declarations are checked elsewhere; here only the documents.
      termsAccepted: true,
      lotCount: ctx.lotCount,
      hasQualificationDocuments: has("qualificationDocuments"),
      hasInitialProposal: has("initialProposal"),
      hasTechnicalProposal: has("technicalProposal"),
      hasDataSheet: has("technicalDataSheet"),
      bigCompanyRequired: false,
      bigCompanyChecked: false,
      secretPhaseRequired: false,
      secretPhaseChecked: false,
    }).filter((b) => DOCUMENT_BLOCKERS.includes(b));
    if (missing[0]) throw badRequest(SAVE_BLOCKER_MESSAGES[missing[0]]);
    return { links, documents };
  }

  /** The bid spreadsheet template, prefilled with the supplier's live bids. */
  async template(user: SessionUser, noticeId: string, canApplyAutomaticBid: boolean) {
    const supplier = this.supplierOf(user);
    const { notice } = await this.notice(noticeId);
    const lots = await this.sheetLots(notice, supplier);
    const automatic =
      canApplyAutomaticBid && isNewModality(notice.modality) && notice.closingKind !== "CLOSED";
    return {
      workbook: buildTemplate(lots, { automatic, showReference: isReferencePricePublic(notice) }),
      fileName: safeFileName(`planilha-auxiliar-de-lances-${notice.noticeNumber}.xlsx`),
    };
  }

  private async sheetLots(notice: repo.NoticeRow, supplier: Supplier): Promise<SheetLot[]> {
    const [rows, own, supplierRow] = await Promise.all([
      repo.lotRows(this.db, notice.id),
      repo.liveInitialBids(this.db, notice.id, supplier.id),
      repo.findSupplier(this.db, supplier.id),
    ]);
    const ownByBatch = new Map(own.map((b) => [b.batchId, b]));
    return this.screenLots(notice, rows)
      .filter(
        (l) =>
          !hiddenByBigCompanyFilter({
            batchItemParticipation: l.rule.batchItemParticipation,
            modality: notice.modality,
            isSmallBusiness: supplierRow?.isSmallBusiness ?? false,
          }),
      )
      .map((l) => {
        const bid = ownByBatch.get(l.head.id);
        const view = bid ? this.ownBidView(bid, l.rule) : null;
        return {
          id: l.head.id,
          number: l.rule.number,
          productName: l.productName,
          quantity: l.head.quantity,
          unit: l.head.measurementUnitCode,
          referencePrice: isReferencePricePublic(notice) ? l.rule.referencePrice : null,
          decimals: l.rule.decimalsNumber,
          discount: isDiscountMode(l.rule.criterion),
          brandRequired: l.rule.isProductBrandRequired,
          own: view,
        };
      });
  }

  /** The import (§7): the sheet gives bidData, the other fields come as on the save. */
  async import(user: SessionUser, input: Omit<SaveInitialBidsInput, "bidData">, bytes: Buffer) {
    const supplier = this.supplierOf(user);
    const { notice } = await this.notice(input.auctionNoticeId);
    // Refused before the sheet is read (the save checks it again in its transaction).
    if ((await repo.findSupplier(this.db, supplier.id))?.registrationStatus !== "APPROVED")
      throw forbidden(SUPPLIER_NOT_APPROVED_MESSAGE);
    const lots = await this.sheetLots(notice, supplier);
    const automatic =
      Boolean(input.canApplyAutomaticBid) &&
      isNewModality(notice.modality) &&
      notice.closingKind !== "CLOSED";
    const bidData = await readBidSheet(bytes, lots, automatic);
    return this.save(user, { ...input, bidData });
  }

  /**
   * Saves the proposal (§5) in one transaction: the lot bids (one live INITIAL row per lot head
   * row, updated in place; a zero removes it), the anonymous number, the declarations, the credit of
   * the first proposal in the process, and the event-log entry. Answers the PDF receipt.
   */
  async save(user: SessionUser, input: SaveInitialBidsInput): Promise<FileAnswer> {
    const supplier = this.supplierOf(user);
    const { notice, buyerName } = await this.notice(input.auctionNoticeId);
    const modality = notice.modality;
    const result = await this.db.transaction(async (tx) => {
      const now = this.clock();
      const heads = await repo.shareLotHeads(tx, notice.id);
      const proposal = await repo.lockProposal(tx, notice.id, supplier.id);
      const supplierRow = await repo.findSupplier(tx, supplier.id);
      if (!supplierRow) throw forbidden("Licitante não encontrado.");
      // Issue 13: only an approved registration sends proposals (read here, not from the session).
      if (supplierRow.registrationStatus !== "APPROVED") throw forbidden(SUPPLIER_NOT_APPROVED_MESSAGE);
      const isSmallBusiness = supplierRow.isSmallBusiness;

      // §5 access, checked again inside the transaction.
      const credits = await creditRepo.availableCredits(tx, supplier.id);
      const hasEarlierProposal = proposal.hasProposal || Boolean(proposal.creditId);
      if (
        !isEnabledForInitialBids({
          subscriptionEndDate: supplierRow.subscriptionEndDate,
          availableCredits: credits,
          hasEarlierProposal,
          now,
        })
      )
        throw forbidden(INITIAL_BIDS_TEXTS.notEnabled);
      if (needsPreQualification(notice)) {
        const ok = notice.preQualificationId
          ? await repo.isWinnerOf(tx, notice.preQualificationId, supplier.id)
          : false;
        if (!ok) throw forbidden(INITIAL_BIDS_TEXTS.notPreQualified);
      }
      if (
        !this.sendWindowOpen(
          notice,
          heads.map((h) => h.phase),
        )
      )
        throw new AppError(409, OUT_OF_PERIOD);

      const rows = await repo.lotRows(tx, notice.id);
      const lots = this.screenLots(notice, rows);
      const ruleById = new Map<string, InitialBidLot>();
      for (const l of lots) {
        ruleById.set(l.rule.id, l.rule);
        for (const i of l.items)
          if (i.batch.item !== 1) ruleById.set(i.batch.id, { ...l.rule, id: i.batch.id, item: i.batch.item });
      }
      const smallAsked = asksSmallCompanyDeclaration(modality, isSmallBusiness);
      const smallCompanyAnswer = smallAsked
        ? (input.hasSmallCompanyDeclaration ?? null)
        : isNewModality(modality)
          ? false
          : isSmallBusiness;
      if (input.hasSmallCompanyDeclaration === true && !isSmallBusiness)
        throw badRequest("Somente licitantes enquadrados como ME/EPP podem fazer a declaração de ME/EPP.");
      const verdict = validateInitialBids(input.bidData as InitialBidRowInput[], {
        modality,
        closingKind: notice.closingKind,
        offerKind: notice.offerKind,
        isSmallBusiness,
        smallCompanyAnswer,
        canApplyAutomaticBid: Boolean(input.canApplyAutomaticBid),
        hasBigCompanyAutomaticBidDeclaration: Boolean(input.hasBigCompanyAutomaticBidDeclaration),
        hasSecretPhaseDeclaration: Boolean(input.hasSecretPhaseDeclaration),
        lots: ruleById,
      });
      if (!verdict.ok) {
        if (verdict.code === "UNKNOWN_LOT") throw notFound(verdict.message);
        throw badRequest(
          verdict.message,
          verdict.property ? [{ property: verdict.property, errorMessages: [verdict.message] }] : undefined,
        );
      }
      const isRemoval = verdict.isZeroProposal;
      const regional = regionalPreference({
        modality,
        canApplyRegionalPreference: notice.canApplyRegionalPreference,
        isSmallBusiness,
        smallCompanyAnswer,
      });
      if (input.hasRegionalPreferenceDeclaration && !isRemoval && !regional.enabled)
        throw badRequest("A declaração de preferência regional não está disponível para este licitante.");

      const docs = await this.documentLinks(tx, notice, supplier.id, input, isRemoval, {
        lotCount: lots.length,
      });

      // The bids: update the live row of each lot, insert where none, cancel where zero.
      const live = await repo.liveInitialBids(tx, notice.id, supplier.id);
      const liveByBatch = new Map(live.map((b) => [b.batchId, b]));
      const written: NormalizedInitialBid[] = [];
      for (const bid of verdict.bids) {
        const values = {
          unitPrice: bid.unitPrice,
          percentDiscount: bid.percentDiscount === null ? null : String(bid.percentDiscount),
          totalPrice: bid.totalPrice,
          quantity: bid.quantity,
          brand: bid.brand,
          canApplyAutomaticBid: bid.canApplyAutomaticBid,
          finalPrice: bid.finalPrice,
          variationPrice: bid.variationPrice,
          percentFinalDiscount: bid.percentFinalDiscount === null ? null : String(bid.percentFinalDiscount),
          percentVariation: bid.percentVariation === null ? null : String(bid.percentVariation),
          createdDate: now,
          createdByUserId: user.id,
        };
        const existing = liveByBatch.get(bid.batchId);
        if (existing) await repo.updateBid(tx, existing.id, values);
        else
          await repo.insertBid(tx, {
            ...values,
            auctionNoticeId: notice.id,
            batchId: bid.batchId,
            supplierId: supplier.id,
            kind: "INITIAL",
          });
        written.push(bid);
      }
      const removed: string[] = [];
      const kept = new Set(verdict.bids.map((b) => b.batchId));
      // A zero removes that lot's proposal; a zero proposal removes every lot's.
      for (const b of live) {
        if (kept.has(b.batchId)) continue;
        if (isRemoval || verdict.zeroBatchIds.includes(b.batchId)) {
          await repo.cancelBid(tx, b.id, user.id, now, REMOVAL_REASON);
          removed.push(b.batchId);
        }
      }
      const stillLive = live.filter((b) => !kept.has(b.batchId) && !removed.includes(b.batchId)).length;
      const hasProposal = written.length + stillLive > 0;

      // The participant number (first entry) and the ME/EPP declaration the engine reads.
      const anonymousNumber =
        hasProposal || (await repo.findParticipant(tx, notice.id, supplier.id))
          ? await ensureParticipant(tx, notice.id, supplier.id, user.id)
          : null;
      const smallDeclared = !isRemoval && smallCompanyAnswer === true && isSmallBusiness;
      if (anonymousNumber !== null)
        await repo.setSmallCompanyDeclaration(tx, notice.id, supplier.id, smallDeclared);

      // The credit of the first proposal in the process (notices-and-accounts §2.15).
      let creditId: string | null = proposal.creditId;
      let creditUsed = false;
      if (
        consumesCredit({
          isZeroProposal: isRemoval,
          creditAlreadyUsedInProcess: Boolean(proposal.creditId),
          subscriptionEndDate: supplierRow.subscriptionEndDate,
          now,
        })
      ) {
        const used = await creditRepo.consumeCredit(tx, supplier.id, notice.id);
        if (!used) throw forbidden(INITIAL_BIDS_TEXTS.notEnabled);
        creditId = used;
        creditUsed = true;
      }
      const automatic = written.some((b) => b.canApplyAutomaticBid);
      await repo.updateProposal(tx, proposal.id, {
        hasProposal,
        canApplyAutomaticBid: isRemoval ? false : automatic,
        hasRegionalPreferenceDeclaration: !isRemoval && Boolean(input.hasRegionalPreferenceDeclaration),
        hasBigCompanyAutomaticBidDeclaration:
          !isRemoval && Boolean(input.hasBigCompanyAutomaticBidDeclaration),
        hasSecretPhaseDeclaration: !isRemoval && Boolean(input.hasSecretPhaseDeclaration),
        termsAcceptedAt: proposal.termsAcceptedAt ?? now,
        ...(creditUsed ? { creditId, creditUsedAt: now } : {}),
      });

      await repo.replaceAssociations(tx, notice.id, supplier.id, docs.links, now);

      const event = await appendEvent(tx, {
        auctionNoticeId: notice.id,
        eventType: isRemoval ? "INITIAL_PROPOSAL_REMOVED" : "INITIAL_BIDS_SAVED",
        actorUserId: user.id,
        payload: {
          supplierId: supplier.id,
          bids: written.map((b) => ({
            batchId: b.batchId,
            unitPrice: b.unitPrice,
            percentDiscount: b.percentDiscount,
            canApplyAutomaticBid: b.canApplyAutomaticBid,
            finalPrice: b.finalPrice,
            variationPrice: b.variationPrice,
            percentFinalDiscount: b.percentFinalDiscount,
            percentVariation: b.percentVariation,
            brand: b.brand,
          })),
          removedBatchIds: removed,
          hasSmallCompanyDeclaration: smallDeclared,
          hasRegionalPreferenceDeclaration: !isRemoval && Boolean(input.hasRegionalPreferenceDeclaration),
          hasBigCompanyAutomaticBidDeclaration:
            !isRemoval && Boolean(input.hasBigCompanyAutomaticBidDeclaration),
          hasSecretPhaseDeclaration: !isRemoval && Boolean(input.hasSecretPhaseDeclaration),
          creditId: creditUsed ? creditId : null,
          documents: docs.links,
        },
      });

      const lotByNumber = new Map(lots.map((l) => [l.rule.number, l]));
      const receiptLots: ReceiptLot[] = written.map((b) => {
        const l = lotByNumber.get(b.number) as ScreenLot;
        return {
          number: b.number,
          product: l.productName,
          quantity: b.quantity,
          decimals: l.rule.storedDecimals,
          unitPrice: b.unitPrice,
          totalPrice: b.totalPrice,
          percentDiscount: b.percentDiscount,
          brand: b.brand,
          finalPrice: b.finalPrice,
          variationPrice: b.variationPrice,
          percentFinalDiscount: b.percentFinalDiscount,
          percentVariation: b.percentVariation,
        };
      });
      return {
        now,
        event,
        anonymousNumber,
        supplierRow,
        receiptLots,
        isRemoval,
        automatic,
        creditUsed,
        documents: docs.documents,
        declarations: [
          ...(smallAsked ? [{ label: "Declaração de ME/EPP (LC 123/2006)", value: smallDeclared }] : []),
          ...(regional.shown
            ? [
                {
                  label: "Preferência regional",
                  value: !isRemoval && Boolean(input.hasRegionalPreferenceDeclaration),
                },
              ]
            : []),
          ...(automatic
            ? [
                {
                  label: "Ciência sobre lances automáticos",
                  value: Boolean(input.hasBigCompanyAutomaticBidDeclaration),
                },
              ]
            : []),
          ...(automatic && notice.closingKind === "OPEN_AND_CLOSED"
            ? [{ label: "Ciência sobre a etapa fechada", value: Boolean(input.hasSecretPhaseDeclaration) }]
            : []),
        ],
      };
    });
    const s = result.supplierRow;
    const pdf = await renderInitialBidsReceipt({
      notice: {
        noticeNumber: notice.noticeNumber,
        processNumber: notice.processNumber,
        modality: notice.modality,
        objectOfInterest: notice.objectOfInterest,
        buyerName,
      },
      supplier: {
        name: s.corporateName ?? s.name ?? "",
        documentNumber: s.documentNumber,
        anonymousNumber: result.anonymousNumber,
      },
      issuedAt: result.now,
      isRemoval: result.isRemoval,
      lots: result.receiptLots,
      canApplyAutomaticBid: result.automatic,
      declarations: result.declarations,
      documents: result.documents,
      creditUsed: result.creditUsed,
      event: result.event,
    });
    return {
      data: pdf,
      fileName: safeFileName(`comprovante-lances-iniciais-${notice.noticeNumber}.pdf`),
      contentType: "application/pdf",
    };
  }
}
