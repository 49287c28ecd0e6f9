import {
  DOCUMENT_PERIOD_DAYS,
  documentClassName,
  documentClassOf,
  isQualificationDocumentKind,
  LAST_REQUIRED_DOCUMENT_MESSAGE,
  OTHERS_DOCUMENTS_CLASS,
  OTHERS_DOCUMENTS_CLASS_NAME,
  QUALIFICATION_DOCUMENT_CLASSES,
  QUALIFICATION_DOCUMENT_KINDS,
  type SupplierDocumentAttachInput,
  type SupplierDocumentListInput,
  supplierDocumentKindName,
} from "@certame/domain";
import { type Clock, systemClock } from "../../clock/clock";
import type { Db } from "../../db/client";
import { UPLOAD_ALLOWED_MIME } from "../../files/sniff";
import type { PropertyError } from "../../http/errors";
import { badRequest, conflict, notFound, VALIDATION_MESSAGE } from "../../http/errors";
import type { SessionUser } from "../auth/auth.service";
import * as repo from "./supplier-document.repository";

export const SUPPLIER_DOCUMENT_NOT_FOUND = "Documento não encontrado.";
export const FILE_NOT_FOUND = "Arquivo não encontrado. Envie o arquivo novamente.";
export const DOCUMENT_CLASS_NOT_FOUND = "Classe de documentos não encontrada.";
export const SENT_DOCUMENT_MESSAGE = "Este documento já foi enviado em um processo e não pode ser excluído.";
export const NOTICE_NOT_FOUND = "Edital não encontrado.";

/** The upload call's `url` (/api/app/file/{id}, absolute or not) or the bare file id. */
const FILE_REFERENCE = [
  /^(?:https?:\/\/[^/]+)?\/api\/app\/file\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i,
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i,
];
const fileIdOf = (url: string) =>
  FILE_REFERENCE.map((r) => r.exec(url)?.[1])
    .find(Boolean)
    ?.toLowerCase();

export interface SupplierDocumentView {
  id: string;
  name: string;
  url: string;
  description: string;
  kind: string;
  kindName: string;
  documentClass: string;
  documentClassName: string;
  otherDocumentClass: { id: string; className: string } | null;
  createdDate: string;
  sentDatetime: string | null;
  mimeType: string;
  size: number;
  supplier: { id: string };
  canDelete: boolean;
}

export interface DocumentItemView {
  kind: string;
  kindName: string;
  isRequired: boolean;
  documents: SupplierDocumentView[];
}

export interface DocumentClassView {
  documentClass: string;
  className: string;
  otherDocumentClass: { id: string; className: string } | null;
  items: DocumentItemView[];
}

/** Identifies an item: a kind, or OTHER under a buyer class. */
const itemKey = (kind: string, otherDocumentClassId: string | null) =>
  `${kind}|${otherDocumentClassId ?? ""}`;

/**
 * The supplier's document library (notices-and-accounts §2.13; trading-room §3 "Document", §5
 * "Documents"). An item (a kind, or a buyer's class) is required while a running notice the
 * supplier takes part in requires it; its last file cannot be removed (§5).
 */
export const MEMBERSHIP_TERMS_DELETE_MESSAGE =
  "O termo de adesão assinado faz parte do cadastro: substitua-o anexando um novo termo no cadastro de fornecedor.";

export class SupplierDocumentService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  async list(supplierId: string, input: SupplierDocumentListInput) {
    let requirements: repo.Requirements;
    let listedKinds: readonly string[] = QUALIFICATION_DOCUMENT_KINDS;
    if (input.auctionNoticeId) {
      const found = await repo.requirementsOfNotice(this.db, input.auctionNoticeId);
      if (!found) throw notFound(NOTICE_NOT_FOUND);
      const indicated = found.notice.canIndicateQualificationDocument;
      requirements = indicated
        ? { kinds: found.notice.qualificationDocumentRequired, classes: found.classes }
        : { kinds: [], classes: [] };
      // trading-room §5: when the notice indicates required documents, only those kinds plus OTHER.
      if (indicated && requirements.kinds.length + requirements.classes.length > 0)
        listedKinds = QUALIFICATION_DOCUMENT_KINDS.filter(
          (k) => k === "OTHER" || requirements.kinds.includes(k),
        );
    } else {
      requirements = await repo.requirementsOfSupplier(this.db, supplierId);
    }
    // Deletability counts every live file of an item, whatever the period shown.
    const all = await repo.listDocuments(this.db, supplierId, {
      kinds: listedKinds,
      orderByColumn: input.orderByColumn,
      sortOrder: input.sortOrder,
    });
    const days = DOCUMENT_PERIOD_DAYS[input.period];
    const since = days === null ? null : new Date(this.clock().getTime() - days * 86_400_000);
    const views = this.present(all, requirements, await this.itemCounts(supplierId, requirements));
    const documents = since ? views.filter((d) => new Date(d.createdDate) >= since) : views;
    return {
      documents,
      classes: this.group(documents, listedKinds, requirements),
      total: documents.length,
    };
  }

  async attach(user: SessionUser, supplierId: string, input: SupplierDocumentAttachInput) {
    const errors: PropertyError[] = [];
    const rows: { index: number; values: Parameters<typeof repo.insertDocuments>[1][number] }[] = [];
    for (const [index, doc] of input.documents.entries()) {
      const fileId = fileIdOf(doc.url);
      const stored = fileId ? await repo.findStoredFile(this.db, fileId) : undefined;
      if (!stored || stored.uploadedByUserId !== user.id || !UPLOAD_ALLOWED_MIME.includes(stored.mimeType)) {
        errors.push({ property: `documents.${index}.url`, errorMessages: [FILE_NOT_FOUND] });
        continue;
      }
      let otherDocumentClassId: string | null = null;
      if (doc.documentClassId) {
        const found = await repo.findPublishedDocumentClass(this.db, doc.documentClassId);
        if (!found) {
          errors.push({
            property: `documents.${index}.documentClassId`,
            errorMessages: [DOCUMENT_CLASS_NOT_FOUND],
          });
          continue;
        }
        otherDocumentClassId = found.id;
      }
      rows.push({
        index,
        values: {
          supplierId,
          fileId: stored.id,
          name: doc.name || stored.originalName,
          description: doc.description,
          kind: doc.kind,
          documentClass: documentClassOf(doc.kind),
          otherDocumentClassId,
        },
      });
    }
    if (errors.length) throw badRequest(errors.length === 1 ? FILE_NOT_FOUND : VALIDATION_MESSAGE, errors);
    const inserted = await this.db.transaction(async (tx) => {
      await repo.lockSupplier(tx, supplierId);
      return repo.insertDocuments(
        tx,
        rows.map((r) => r.values),
      );
    });
    const ids = inserted.map((r) => r.id);
    const requirements = await repo.requirementsOfSupplier(this.db, supplierId);
    const created = await repo.listDocuments(this.db, supplierId, { ids });
    const views = this.present(created, requirements, await this.itemCounts(supplierId, requirements));
    // An array of the created documents, in the order sent (§7: "the first is used").
    return ids.map((id) => views.find((v) => v.id === id)).filter((v) => v !== undefined);
  }

  async delete(supplierId: string, id: string) {
    await this.db.transaction(async (tx) => {
      await repo.lockSupplier(tx, supplierId);
      const doc = await repo.findDocument(tx, id);
      if (!doc || doc.supplierId !== supplierId) throw notFound(SUPPLIER_DOCUMENT_NOT_FOUND);
      if (doc.sentDatetime) throw conflict(SENT_DOCUMENT_MESSAGE);
      // The signed membership term belongs to the registration: it changes only through
      // supplier/attachMembershipTerms (issue 13), never by deleting it from the library.
      if (doc.kind === "MEMBERSHIP_TERMS") throw conflict(MEMBERSHIP_TERMS_DELETE_MESSAGE);
      const requirements = await repo.requirementsOfSupplier(tx, supplierId);
      if (this.isRequired(doc.kind, doc.otherDocumentClassId, requirements)) {
        const left = await repo.countItemDocuments(tx, supplierId, doc.kind, doc.otherDocumentClassId);
        if (left <= 1) throw conflict(LAST_REQUIRED_DOCUMENT_MESSAGE);
      }
      await repo.softDeleteDocument(tx, id, this.clock());
    });
    return { id };
  }

  private isRequired(kind: string, otherDocumentClassId: string | null, r: repo.Requirements) {
    if (otherDocumentClassId) return r.classes.some((c) => c.id === otherDocumentClassId);
    return isQualificationDocumentKind(kind) && r.kinds.includes(kind);
  }

  /** Live files per required item, over the whole library. */
  private async itemCounts(supplierId: string, r: repo.Requirements) {
    const counts = new Map<string, number>();
    if (r.kinds.length + r.classes.length === 0) return counts;
    const docs = await repo.listDocuments(this.db, supplierId, { kinds: QUALIFICATION_DOCUMENT_KINDS });
    for (const d of docs) {
      const key = itemKey(d.kind, d.otherDocumentClassId);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  }

  private present(
    rows: repo.SupplierDocumentRow[],
    r: repo.Requirements,
    counts: Map<string, number>,
  ): SupplierDocumentView[] {
    return rows.map((d) => {
      const required = this.isRequired(d.kind, d.otherDocumentClassId, r);
      const lastOfRequired = required && (counts.get(itemKey(d.kind, d.otherDocumentClassId)) ?? 0) <= 1;
      return {
        id: d.id,
        name: d.name,
        url: `/api/app/file/${d.fileId}`,
        description: d.description,
        kind: d.kind,
        kindName: supplierDocumentKindName(d.kind),
        documentClass: d.documentClass,
        documentClassName: d.otherDocumentClassName ?? documentClassName(d.documentClass),
        otherDocumentClass:
          d.otherDocumentClassId && d.otherDocumentClassName
            ? { id: d.otherDocumentClassId, className: d.otherDocumentClassName }
            : null,
        createdDate: d.createdDate.toISOString(),
        sentDatetime: d.sentDatetime?.toISOString() ?? null,
        mimeType: d.mimeType,
        size: d.sizeBytes,
        supplier: { id: d.supplierId },
        canDelete: !d.sentDatetime && !lastOfRequired,
      };
    });
  }

  /**
   * Classes and their kinds, each with its documents (in the list's order): the fixed classes, then
   * OTHERS_DOCUMENTS, then the buyer classes required of the supplier or holding its files.
   */
  private group(
    documents: SupplierDocumentView[],
    listedKinds: readonly string[],
    r: repo.Requirements,
  ): DocumentClassView[] {
    const item = (kind: string, otherDocumentClassId: string | null): DocumentItemView => ({
      kind,
      kindName: supplierDocumentKindName(kind),
      isRequired: this.isRequired(kind, otherDocumentClassId, r),
      documents: documents.filter(
        (d) => d.kind === kind && (d.otherDocumentClass?.id ?? null) === otherDocumentClassId,
      ),
    });
    const fixed = QUALIFICATION_DOCUMENT_CLASSES.map((c) => ({
      documentClass: c.id as string,
      className: c.name as string,
      otherDocumentClass: null,
      items: c.kinds.filter((k) => listedKinds.includes(k.kind)).map((k) => item(k.kind, null)),
    })).filter((c) => c.items.length > 0);
    const others: DocumentClassView[] = listedKinds.includes("OTHER")
      ? [
          {
            documentClass: OTHERS_DOCUMENTS_CLASS,
            className: OTHERS_DOCUMENTS_CLASS_NAME,
            otherDocumentClass: null,
            items: [item("OTHER", null)],
          },
        ]
      : [];
    const buyerClasses = new Map<string, string>(r.classes.map((c) => [c.id, c.className]));
    for (const d of documents)
      if (d.otherDocumentClass) buyerClasses.set(d.otherDocumentClass.id, d.otherDocumentClass.className);
    const extra = [...buyerClasses]
      .sort(([, a], [, b]) => a.localeCompare(b, "pt-BR"))
      .map(([id, className]) => ({
        documentClass: OTHERS_DOCUMENTS_CLASS,
        className,
        otherDocumentClass: { id, className },
        items: [item("OTHER", id)],
      }));
    return [...fixed, ...others, ...extra];
  }
}
