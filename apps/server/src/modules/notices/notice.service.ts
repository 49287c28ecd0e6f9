import {
  type AppNoticeListInput,
  canDeleteNoticeDocuments,
  hasOnlyRestrictedRoles,
  isNoticeEditable,
  lockedNoticeFields,
  maskReferencePrice,
  maySeeReferencePrice,
  type NoticeSortColumn,
  type NoticeStatus,
  noticeActions,
  PUBLIC_NOTICE_STATUSES,
  type PublicNoticeListInput,
  publicationProofApplies,
  requiredNoticeFields,
} from "@certame/domain";
import { type Clock, systemClock } from "../../clock/clock";
import type { Db } from "../../db/client";
import { conflict, forbidden, notFound } from "../../http/errors";
import type { SessionUser } from "../auth/auth.service";
import * as repo from "./notice.repository";

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

function toListItem(r: Awaited<ReturnType<typeof repo.listNotices>>["rows"][number]) {
  return {
    id: r.id,
    noticeNumber: r.noticeNumber,
    processNumber: r.processNumber,
    objectOfInterest: r.objectOfInterest,
    modality: r.modality,
    subModality: r.subModality,
    status: r.status,
    startDateTime: iso(r.startDateTime),
    proposalsEndDateTime: iso(r.proposalsEndDateTime),
    createdDate: iso(r.createdDate),
    buyer: { id: r.buyerId, corporateName: r.buyerCorporateName, city: r.buyerCity, state: r.buyerState },
    secretariesNames: r.secretariesNames,
    // The national portal's control number once the notice is published there (issue 19 item 5).
    pncpControlNumber: r.pncpControlNumber,
  };
}

/** Only the statuses a visitor may see survive a status filter on a public list. */
function publicStatuses(requested: readonly NoticeStatus[] | undefined): NoticeStatus[] {
  const allowed = PUBLIC_NOTICE_STATUSES;
  return requested?.length ? requested.filter((s) => allowed.includes(s)) : [...allowed];
}

export class NoticeService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  private async list(
    input: PublicNoticeListInput & Partial<AppNoticeListInput>,
    scope: { buyerId?: string; participantSupplierId?: string; statuses: readonly NoticeStatus[] },
    defaultSort: NoticeSortColumn,
  ) {
    const { rows, total, totalIsLowerBound } = await repo.listNotices(this.db, {
      ...input,
      buyerId: scope.buyerId,
      participantSupplierId: scope.participantSupplierId,
      statuses: scope.statuses,
      search: input.searchParameters,
      createdBefore: input.lastAuctionNoticeCreatedDate
        ? new Date(input.lastAuctionNoticeCreatedDate)
        : undefined,
      orderBy: input.orderByColumn ?? defaultSort,
      sortOrder: input.sortOrder ?? "DESC",
    });
    // Past LIST_COUNT_CAP the total is a lower bound: the pager says "mais de 10.000".
    return { auctionNotices: rows.map(toListItem), limitResult: input.limit, total, totalIsLowerBound };
  }

  /** public/auction/list: everything past the draft, newest session first. */
  publicList(input: PublicNoticeListInput) {
    const statuses = publicStatuses(input.statuses);
    if (statuses.length === 0)
      return { auctionNotices: [], limitResult: input.limit, total: 0, totalIsLowerBound: false };
    return this.list(input, { buyerId: input.buyerId, statuses }, "startDateTime");
  }

  /**
   * app/auction/list: a buyer sees every notice of its own body (drafts included) and never another
   * body's; other users see the published notices.
   */
  async appList(user: SessionUser, input: AppNoticeListInput) {
    if (user.kind === "BUYER") {
      if (!user.buyer) throw forbidden("Usuário sem órgão comprador vinculado.");
      if (input.buyerId && input.buyerId !== user.buyer.id) {
        throw forbidden("Você só pode consultar os processos do seu órgão.");
      }
      return this.list(input, { buyerId: user.buyer.id, statuses: input.statuses ?? [] }, "createdDate");
    }
    if (input.supplierId && input.supplierId !== user.supplier?.id) {
      throw forbidden("Você só pode consultar os seus próprios processos.");
    }
    const statuses = publicStatuses(input.statuses);
    if (statuses.length === 0)
      return { auctionNotices: [], limitResult: input.limit, total: 0, totalIsLowerBound: false };
    // supplierId (§7): the processes the supplier itself takes part in.
    return this.list(
      input,
      { buyerId: input.buyerId, participantSupplierId: input.supplierId, statuses },
      "startDateTime",
    );
  }

  /**
   * A notice with its people, lots and files. Drafts are visible only to their own body. The owner
   * also gets what the list and the edit form need: the actions of its status (§4), the fields locked
   * now (§4), the required fields of the modality and whether documents may be deleted. With
   * canUpdateAuctionView (the edit form opening) only an editor of the owning body in an editable
   * status is answered.
   */
  async read(id: string, user: SessionUser | null, options: { forEdit?: boolean } = {}) {
    const found = await repo.findNotice(this.db, id);
    const isOwner = user?.kind === "BUYER" && user.buyer?.id === found?.buyer.id;
    if (!found || (found.notice.status === "PENDING" && !isOwner)) throw notFound("Edital não encontrado.");
    const status = found.notice.status;
    const modality = found.notice.modality;
    if (options.forEdit) {
      if (!isOwner) throw forbidden("Você só pode alterar os processos do seu órgão.");
      if (hasOnlyRestrictedRoles(user?.buyer?.staffRoles ?? []))
        throw forbidden("Seu perfil de acesso não permite criar ou alterar processos.");
      if (!isNoticeEditable(status)) throw conflict("Este processo não pode ser editado no status atual.");
    }
    const [people, batches, documents, classes, preQualification] = await Promise.all([
      repo.findNoticePeople(this.db, id),
      repo.findBatches(this.db, id),
      repo.findDocuments(this.db, id),
      repo.findNoticeDocumentClasses(this.db, id),
      found.notice.preQualificationId
        ? repo.listPreQualificationNotices(this.db, found.buyer.id, found.notice.preQualificationId)
        : Promise.resolve([]),
    ]);
    const n = found.notice;
    const staffOf = (assignment: "AUCTIONEER" | "SUPPORT_STAFF") =>
      people.staff
        .filter((s) => s.assignment === assignment)
        .map((s) => ({ id: s.id, role: s.roles, user: { id: s.userId, name: s.userName } }));
    const {
      buyerId: _buyerId,
      createdByUserId: _createdBy,
      isDeleted: _deleted,
      processId: _process,
      processSyncedAt: _synced,
      ...fields
    } = n;
    const canDeleteDocuments = isOwner && canDeleteNoticeDocuments(status);
    const priceVisible = maySeeReferencePrice(n, isOwner);
    const ownerView = isOwner
      ? {
          actions: noticeActions(status, modality),
          lockedFields: lockedNoticeFields(n as typeof n & { status: NoticeStatus }, this.clock()),
          requiredFields: requiredNoticeFields(modality),
          canDeleteDocuments,
          publicationProof: publicationProofApplies(modality),
          // The planning process it was made from (issue 35): the form links back to it.
          process: found.process?.id ? found.process : null,
        }
      : {};
    return {
      ...fields,
      ...ownerView,
      isTechnicalDataSheetAttachmentRequired: n.isTechnicalDataSheetAttachmentRequired ? 1 : 0,
      qualificationDocumentRequired: JSON.stringify(n.qualificationDocumentRequired),
      othersDocumentsClassesRequired: classes,
      preQualification: preQualification[0] ?? null,
      startDateTime: iso(n.startDateTime),
      proposalsStartDateTime: iso(n.proposalsStartDateTime),
      proposalsEndDateTime: iso(n.proposalsEndDateTime),
      processEndingDateTime: iso(n.processEndingDateTime),
      clarificationEndDateTime: iso(n.clarificationEndDateTime),
      dispensationAcknowledgmentRequestedDate: iso(n.dispensationAcknowledgmentRequestedDate),
      publishedDate: iso(n.publishedDate),
      createdDate: iso(n.createdDate),
      updatedDate: iso(n.updatedDate),
      buyer: {
        id: found.buyer.id,
        corporateName: found.buyer.corporateName,
        cnpj: found.buyer.cnpj,
        city: found.buyer.city,
        state: found.buyer.state,
      },
      legislation: found.legislation?.id ? found.legislation : null,
      lawClause: found.lawClause?.id ? found.lawClause : null,
      secretaryOffice: people.offices.map((o) => ({ id: o.id, name: o.name })),
      secretariesNames: people.offices.map((o) => o.name).join(", "),
      auctioneers: staffOf("AUCTIONEER"),
      supportingStaff: staffOf("SUPPORT_STAFF"),
      batches: batches.map(({ batch, product, measurementUnit }) => ({
        // A secret reference price (Lei 14.133 art. 24) is the body's alone until it is disclosed.
        ...maskReferencePrice(withoutEngineState(batch), priceVisible),
        quantity: Number(batch.quantity),
        percentMinimumVariation: Number(batch.percentMinimumVariation),
        createdDate: iso(batch.createdDate),
        updatedDate: iso(batch.updatedDate),
        product: product?.id ? product : null,
        measurementUnit: measurementUnit?.code ? measurementUnit : null,
      })),
      documents: documents.map((d) => ({
        id: d.id,
        kind: d.kind,
        label: d.label,
        description: d.description,
        name: d.name,
        url: `/api/${isOwner ? "app" : "public"}/auction/documents/${d.id}`,
        canDelete: canDeleteDocuments,
        auctionNotice: { id },
        mimeType: d.mimeType,
        size: d.sizeBytes,
        createdDate: iso(d.createdDate),
      })),
    };
  }
}

/**
 * A lot row without the auction engine's state: supplier ids (finalists, tie calls, negotiation)
 * and the bidding deadline, which is the secret random-close instant in OPEN_AND_CLOSED. The room
 * gets the public part of that state from the engine's lot view (docs/live-room.md LotLive).
 */
function withoutEngineState<T extends Record<string, unknown>>(batch: T) {
  const {
    finalistSupplierIds: _finalists,
    tieCallOrder: _tieOrder,
    tieCallIndex: _tieIndex,
    tieCallDueDateTime: _tieDue,
    negotiatingSupplierId: _negotiating,
    biddingStage: _stage,
    biddingPhaseDueDateTime: _due,
    biddingPhaseStartDateTime: _start,
    biddingPhaseEndingDateTime: _ending,
    phaseStartDateTime: _phaseStart,
    phaseEndDateTime: _phaseEnd,
    phaseBeforeEnd: _before,
    ...rest
  } = batch;
  return rest;
}
