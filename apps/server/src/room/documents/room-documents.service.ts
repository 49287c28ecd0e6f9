import { areIdentitiesHidden, can, supplierDocumentKindName } from "@certame/domain";
import { z } from "zod";
import { type Clock, systemClock } from "../../clock/clock";
import type { Db } from "../../db/client";
import type { DocumentAssociationKind } from "../../db/schema";
import { forbidden, notFound } from "../../http/errors";
import { safeFileName } from "../../http/send-file";
import type { SessionUser } from "../../modules/auth/auth.service";
import { findNotice } from "../../modules/notices/notice.repository";
import * as engineRepo from "../engine/auction.repository";
import type { BidView } from "../engine/auction-views";
import { permissionContext, scopeStatus } from "../engine/room-action";
import { anonymousSupplierName } from "../state/audience";
import type { RoomMember, RoomService } from "../state/room.service";
import { type ClassificationLot, renderClassificationSheet } from "./classification-sheet";
import { maySeeDocument, opensOthersDocuments } from "./document-visibility";
import * as repo from "./room-documents.repository";

export const NOTICE_NOT_FOUND = "Edital não encontrado.";
export const LOT_NOT_FOUND = "Lote/item não encontrado.";
export const SUPPLIER_NOT_FOUND = "Licitante não encontrado neste lote/item.";
export const DOCUMENT_NOT_FOUND = "Documento não encontrado.";
/** A 403 on a list is shown as the 'Alerta' warning (trading-room §2.7, §8 "Document lists"). */
export const DOCUMENTS_NOT_VISIBLE =
  "Os documentos deste licitante ainda não podem ser visualizados nesta fase do processo.";
export const SHEET_NOT_AVAILABLE =
  "A planilha de classificação fica disponível a partir da negociação (nenhum lote/item nesta fase).";

export const ASSOCIATION_KINDS = [
  "QUALIFICATION_DOCUMENT",
  "TECHNICAL_DATA_SHEET",
  "PROPOSAL_DOCUMENT",
  "TECHNICAL_PROPOSAL_DOCUMENT",
] as const satisfies readonly DocumentAssociationKind[];

/** The name of a download (one zip per modal). */
export const DOWNLOAD_TITLES: Record<DocumentAssociationKind, string> = {
  QUALIFICATION_DOCUMENT: "Documentos de habilitação",
  TECHNICAL_DATA_SHEET: "Ficha técnica",
  PROPOSAL_DOCUMENT: "Propostas",
  TECHNICAL_PROPOSAL_DOCUMENT: "Propostas técnicas",
};

// The spec's payloads name the notice and the lot either by id or as {id}; the supplier by id or by
// its anonymous number (the only thing the room knows of it in the confidential phases).
const ref = z.union([z.uuid(), z.object({ id: z.uuid() }).transform((o) => o.id)]);
const supplierRef = z.union([
  z.uuid(),
  z.number().int().positive(),
  z.object({ id: z.uuid() }).transform((o) => o.id),
]);

const querySchema = z
  .object({
    auctionNotice: ref.optional(),
    auctionNoticeId: z.uuid().optional(),
    batch: ref.nullish(),
    batchId: z.uuid().nullish(),
    kindAssociation: z.enum(ASSOCIATION_KINDS).optional(),
    supplier: supplierRef.nullish(),
    supplierId: z.uuid().nullish(),
    anonymousSupplierIdentificationNumber: z.number().int().positive().nullish(),
  })
  .superRefine((v, ctx) => {
    if (!v.auctionNotice && !v.auctionNoticeId)
      ctx.addIssue({ code: "custom", path: ["auctionNotice"], message: "Obrigatório" });
  });

export const listSchema = querySchema;
export const downloadSchema = querySchema.and(
  z.object({ qualificationDocuments: z.array(ref).min(1, "Selecione ao menos um documento").max(200) }),
);

export interface DocumentQuery {
  noticeId: string;
  batchId: string | null;
  kindAssociation: DocumentAssociationKind;
  supplier: string | number | null;
}

/** The query of a list or download payload; the call fixes the kind unless it takes one. */
export function queryOf(input: z.output<typeof querySchema>, kind?: DocumentAssociationKind): DocumentQuery {
  return {
    noticeId: (input.auctionNoticeId ?? input.auctionNotice) as string,
    batchId: input.batchId ?? input.batch ?? null,
    kindAssociation: kind ?? input.kindAssociation ?? "QUALIFICATION_DOCUMENT",
    supplier: input.supplierId ?? input.anonymousSupplierIdentificationNumber ?? input.supplier ?? null,
  };
}

/** A document the viewer may see, with the file behind it. */
export interface VisibleDocument {
  row: repo.AssociationRow;
  anonymousNumber: number | null;
  /** The corporate name, or null while names are hidden (areIdentitiesHidden; DESIGN §4 "Anonymity"). */
  supplierName: string | null;
}

export type LotBidsSource = (user: SessionUser, batchId: string) => Promise<{ bids: BidView[] }>;

/**
 * The documents of the room (trading-room §2.7, §4 "Visibility by phase", §6 viewing actions, §7
 * "Document lists" and "Document downloads"): the files the bidders associated with their initial
 * proposals, and the qualification documents a winner sent in the room for a lot, shown to whoever the permission matrix lets see them in the lot's phase. A supplier
 * always sees its own and, before the phase allows more, only its own; in the confidential phases
 * no list, label or file name carries a bidder's name, only its anonymous number.
 */
export class RoomDocumentsService {
  constructor(
    private readonly db: Db,
    private readonly room: RoomService,
    private readonly lotBids: LotBidsSource,
    private readonly clock: Clock = systemClock,
  ) {}

  private async scope(user: SessionUser, noticeId: string) {
    const notice = await engineRepo.findEngineNotice(this.db, noticeId);
    if (!notice || notice.status === "PENDING") throw notFound(NOTICE_NOT_FOUND);
    const ctx = await this.room.requireRoom(noticeId);
    const member = await this.room.member(user, ctx);
    const heads = await engineRepo.findLotHeads(this.db, noticeId);
    const status = scopeStatus(notice.status, heads);
    const permission = (lot: engineRepo.LotRow) =>
      permissionContext({ notice, heads, status }, lot, this.clock());
    // Names hidden in every lot while any lot is confidential (the numbers are per notice).
    const confidential = areIdentitiesHidden(
      notice.modality,
      notice.auctionLicensePhase,
      heads.map((h) => h.phase),
    );
    return { notice, member, heads, permission, confidential };
  }

  /**
   * The documents of one association kind the user may see in a lot (or in the whole notice), of
   * one bidder or of all. Another bidder's documents before the phase allows them: 403.
   */
  async visible(user: SessionUser, q: DocumentQuery) {
    const s = await this.scope(user, q.noticeId);
    let lots = s.heads;
    if (q.batchId) {
      const lot = s.heads.find((h) => h.id === q.batchId);
      if (!lot) throw notFound(LOT_NOT_FOUND);
      lots = [lot];
    }
    // trading-room §6 viewing actions, decided in one place (room/documents/document-visibility.ts).
    const opens = (lot: engineRepo.LotRow) =>
      opensOthersDocuments(s.member.role, q.kindAssociation, s.permission(lot));
    const bidRows = await repo.biddersOf(this.db, q.noticeId, q.batchId);
    const lotsOf = new Map<string, Set<string>>();
    for (const b of bidRows) lotsOf.set(b.supplierId, (lotsOf.get(b.supplierId) ?? new Set()).add(b.batchId));
    const participants = new Map(
      (await engineRepo.participants(this.db, q.noticeId)).map((p) => [p.supplierId, p]),
    );
    const own = (supplierId: string) => s.member.supplierId === supplierId;
    const seen = (supplierId: string) =>
      own(supplierId) || lots.some((l) => opens(l) && lotsOf.get(supplierId)?.has(l.id));

    let shown: string[];
    if (q.supplier !== null) {
      const target =
        typeof q.supplier === "number"
          ? [...participants.values()].find((p) => p.anonymousNumber === q.supplier)?.supplierId
          : participants.get(q.supplier)?.supplierId;
      if (!target || !lotsOf.has(target)) {
        // Its own documents, asked before it bid in this lot: simply none.
        if (target && own(target)) return this.answer(s, lots, q, []);
        throw notFound(SUPPLIER_NOT_FOUND);
      }
      if (!seen(target)) throw forbidden(DOCUMENTS_NOT_VISIBLE);
      shown = [target];
    } else {
      const isBidder = s.member.supplierId !== null && lotsOf.has(s.member.supplierId);
      if (!lots.some(opens) && !isBidder) throw forbidden(DOCUMENTS_NOT_VISIBLE);
      shown = [...lotsOf.keys()].filter(seen);
    }
    const lotById = new Map(lots.map((l) => [l.id, l]));
    const rows = [
      ...(await repo.associations(this.db, q.noticeId, q.kindAssociation, shown)),
      // What the winner sent in the room (QUALIFICATION), in the lots where it may be seen.
      ...(q.kindAssociation === "QUALIFICATION_DOCUMENT"
        ? (await repo.lotQualificationDocuments(this.db, q.noticeId, [...lotById.keys()], shown)).filter(
            (r) => {
              const lot = lotById.get(r.batchId as string);
              return maySeeDocument(
                s.member,
                { kind: "QUALIFICATION_DOCUMENT", supplierId: r.supplierId, sentAfterBidding: true },
                lot ? s.permission(lot) : null,
              );
            },
          )
        : []),
    ];
    return this.answer(
      s,
      lots,
      q,
      rows.map((row) => {
        const p = participants.get(row.supplierId);
        return {
          row,
          anonymousNumber: p?.anonymousNumber ?? null,
          supplierName: s.confidential ? null : (p?.corporateName ?? p?.name ?? null),
        };
      }),
    );
  }

  private answer(
    s: Awaited<ReturnType<RoomDocumentsService["scope"]>>,
    lots: readonly engineRepo.LotRow[],
    q: DocumentQuery,
    documents: VisibleDocument[],
  ) {
    const lot = q.batchId ? (lots[0] ?? null) : null;
    return { notice: s.notice, lot, member: s.member, documents };
  }

  /** The list calls of §7 "Document lists": {qualificationDocumentsAssociated}. */
  async list(user: SessionUser, q: DocumentQuery) {
    const { documents, member } = await this.visible(user, q);
    return {
      qualificationDocumentsAssociated: documents.map((d) => itemView(d, q, member)),
    };
  }

  /** listMyQualificationDocument: the supplier's own documents, in any phase. */
  async listMine(user: SessionUser, q: Omit<DocumentQuery, "supplier">) {
    if (!user.supplier) throw forbidden("Somente licitantes possuem documentos associados a propostas.");
    return this.list(user, { ...q, supplier: user.supplier.id });
  }

  /** The chosen documents of a download; any id outside what the user may see refuses the whole call. */
  async files(user: SessionUser, q: DocumentQuery, ids: readonly string[]) {
    const { documents, notice, lot } = await this.visible(user, q);
    const chosen = [...new Set(ids)].map((id) =>
      documents.find((d) => d.row.id === id || d.row.documentId === id),
    );
    if (chosen.length === 0 || chosen.some((d) => !d)) throw notFound(DOCUMENT_NOT_FOUND);
    return { notice, lot, documents: chosen as VisibleDocument[] };
  }

  /** 'Visualizar': one association's file, under the same rules as its list. */
  async view(user: SessionUser, id: string, batchId: string | null) {
    const found = await repo.associationById(this.db, id);
    if (!found) throw notFound(DOCUMENT_NOT_FOUND);
    const { documents } = await this.visible(user, {
      noticeId: found.auctionNoticeId,
      batchId: batchId ?? found.batchId,
      kindAssociation: found.kindAssociation,
      supplier: found.supplierId,
    });
    const doc = documents.find((d) => d.row.id === id);
    if (!doc) throw notFound(DOCUMENT_NOT_FOUND);
    return doc;
  }

  /**
   * 'Baixar planilha de classificação' (§2.4, §6 SHOW_CLASSIFICATION_SHEET_DOWNLOAD: NEGOTIATION
   * through CLOSING): each lot the user may see it for, its bidders ranked as §4 "Bid ordering"
   * ranks their best live bids, named as the user's room view names them.
   */
  async classificationSheet(user: SessionUser, noticeId: string) {
    const s = await this.scope(user, noticeId);
    const lots = s.heads.filter((l) =>
      can(s.member.role, "SHOW_CLASSIFICATION_SHEET_DOWNLOAD", s.permission(l)),
    );
    if (lots.length === 0) throw forbidden(SHEET_NOT_AVAILABLE);
    const sheetLots: ClassificationLot[] = [];
    for (const lot of lots) {
      const { bids } = await this.lotBids(user, lot.id);
      const ranked: BidView[] = [];
      const seen = new Set<number | null>();
      for (const b of bids) {
        // A reserve-register bid repeats a bidder already ranked by its own bids.
        if (b.isCancelled || b.isBacklog || seen.has(b.anonymousSupplierIdentificationNumber)) continue;
        seen.add(b.anonymousSupplierIdentificationNumber);
        ranked.push(b);
      }
      sheetLots.push({
        number: lot.number,
        phase: lot.phase,
        decimals: lot.decimalsNumber,
        discount: (lot.dispensationForm ?? s.notice.dispensationForm) === "BIGGEST_DISCOUNT",
        bids: ranked,
      });
    }
    const noticeNumber = (await findNotice(this.db, noticeId))?.notice.noticeNumber ?? "";
    return {
      data: await renderClassificationSheet(sheetLots),
      fileName: safeFileName(`Planilha de classificação - ${noticeNumber}.xlsx`),
    };
  }
}

/** One row of a document modal (trading-room §3 "Document association"; §2.7 row label). */
function itemView(d: VisibleDocument, q: DocumentQuery, member: RoomMember) {
  const who = d.supplierName ?? anonymousSupplierName(d.anonymousNumber);
  const bidder = d.supplierName ? `Licitante ${d.supplierName}` : who;
  const kindName = supplierDocumentKindName(d.row.kind);
  return {
    id: d.row.id,
    kindAssociation: d.row.kindAssociation,
    createdDate: d.row.createdDate.toISOString(),
    supplierName: d.supplierName,
    anonymousSupplierIdentificationNumber: d.anonymousNumber,
    isOwn: member.supplierId === d.row.supplierId,
    label: `${kindName} - ${bidder} - ${d.row.name}`,
    document: {
      id: d.row.documentId,
      name: d.row.name,
      url: `/api/app/auction/roomDocuments/${d.row.id}${q.batchId ? `?batchId=${q.batchId}` : ""}`,
      description: bidder,
      kind: d.row.kind,
      kindName,
      mimeType: d.row.mimeType,
      createdDate: d.row.documentCreatedDate.toISOString(),
      sentDatetime: d.row.sentDatetime?.toISOString() ?? null,
    },
  };
}
