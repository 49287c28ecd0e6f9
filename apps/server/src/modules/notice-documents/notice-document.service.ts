import {
  canAttachNoticeDocuments,
  canDeleteNoticeDocuments,
  DOCUMENT_KIND_LABELS,
  type NoticeDocumentAttachInput,
} from "@certame/domain";
import type { Db, Tx } from "../../db/client";
import { appendEvent } from "../../events/event-log.repository";
import type { FileStorage } from "../../files/file-storage";
import { conflict, notFound } from "../../http/errors";
import { assertOwnNotice, NOTICE_NOT_FOUND, type NoticeEditor } from "../notices/notice.policy";
import * as notices from "../notices/notice.repository";
import * as repo from "./notice-document.repository";

export const NOTICE_FILE_ERROR_MESSAGE =
  "Verifique se o seu arquivo é válido e tente novamente: o tamanho máximo é 30 MB e os formatos aceitos são PDF e CSV.";
export const DOCUMENT_NOT_FOUND = "Documento não encontrado.";

/** The main file's label for the two direct modalities that call it a request (§2.8). */
const REQUEST_MODALITIES = ["DIRECT_WAIVER_FORMALIZATION", "DIRECT_NONENFORCEMENT"];

export interface ReceivedNoticeFile {
  storageKey: string;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
  sha256: string;
}

/**
 * Who sees a notice's files: everyone once it is out of PENDING (downloads are public, §2.16, §6);
 * a PENDING notice's files only its own body (on the app/ prefix).
 */
export function canSeeNoticeFiles(notice: { buyerId: string; status: string }, viewerBuyerId: string | null) {
  return notice.status !== "PENDING" || notice.buyerId === viewerBuyerId;
}

function documentView(
  d: Awaited<ReturnType<typeof notices.findDocuments>>[number],
  noticeId: string,
  prefix: "app" | "public",
  canDelete: boolean,
) {
  return {
    id: d.id,
    kind: d.kind,
    label: d.label,
    description: d.description,
    name: d.name,
    url: `/api/${prefix}/auction/documents/${d.id}`,
    mimeType: d.mimeType,
    size: d.sizeBytes,
    createdDate: d.createdDate.toISOString(),
    auctionNotice: { id: noticeId },
    canDelete,
  };
}

/** The notice's own files: main notice (AUCTION_NOTICE) and others (OTHER), notices-and-accounts §2.8. */
export class NoticeDocumentService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    /** Other modules' work in the attach transaction (app.ts: the PNCP publication queues the file). */
    private readonly onAttached?: (tx: Tx, noticeId: string) => Promise<void>,
  ) {}

  /**
   * Records a received file as a document of an own notice, in one transaction with its event. The
   * bytes are already in storage; on any refusal they are removed.
   */
  async attach(editor: NoticeEditor, input: NoticeDocumentAttachInput, file: ReceivedNoticeFile) {
    try {
      return await this.db.transaction(async (tx) => {
        const notice = await notices.lockNotice(tx, input.auctionNoticeId);
        assertOwnNotice(notice, editor.buyerId);
        if (!notice || !canAttachNoticeDocuments(notice.status)) {
          throw conflict("Não é possível anexar arquivos a um processo encerrado, anulado ou revogado.");
        }
        const stored = await repo.insertStoredFile(tx, { ...file, uploadedByUserId: editor.user.id });
        const label =
          input.kind === "AUCTION_NOTICE" && REQUEST_MODALITIES.includes(notice.modality)
            ? "Solicitação de Materiais/Serviços"
            : DOCUMENT_KIND_LABELS[input.kind];
        const doc = await repo.insertNoticeDocument(tx, {
          auctionNoticeId: notice.id,
          fileId: stored.id,
          kind: input.kind,
          label,
          description: input.description,
        });
        await appendEvent(tx, {
          auctionNoticeId: notice.id,
          eventType: "NOTICE_DOCUMENT_ATTACHED",
          actorUserId: editor.user.id,
          payload: { documentId: doc.id, kind: input.kind, name: file.originalName, sha256: file.sha256 },
        });
        await this.onAttached?.(tx, notice.id);
        return documentView(
          {
            id: doc.id,
            kind: doc.kind,
            label: doc.label,
            description: doc.description,
            createdDate: doc.createdDate,
            fileId: stored.id,
            name: stored.originalName,
            mimeType: stored.mimeType,
            sizeBytes: stored.sizeBytes,
          },
          notice.id,
          "app",
          canDeleteNoticeDocuments(notice.status),
        );
      });
    } catch (error) {
      await this.storage.remove(file.storageKey);
      throw error;
    }
  }

  /** The 'Lista de arquivos' (§2.8) or the download modal's list (§2.16). */
  async list(noticeId: string, viewerBuyerId: string | null, prefix: "app" | "public") {
    const found = await notices.findNotice(this.db, noticeId);
    if (!found || !canSeeNoticeFiles({ buyerId: found.buyer.id, status: found.notice.status }, viewerBuyerId))
      throw notFound(NOTICE_NOT_FOUND);
    const isOwner = found.buyer.id === viewerBuyerId;
    const canDelete = isOwner && canDeleteNoticeDocuments(found.notice.status);
    const docs = await notices.findDocuments(this.db, noticeId);
    return {
      auctionNotice: { id: noticeId, noticeNumber: found.notice.noticeNumber, status: found.notice.status },
      canDelete,
      documents: docs.map((d) => documentView(d, noticeId, isOwner ? prefix : "public", canDelete)),
    };
  }

  /** Soft delete, only while the notice is PENDING or SUSPENDED_INDEFINITELY (§4 "Notice documents"). */
  async delete(editor: NoticeEditor, id: string) {
    return this.db.transaction(async (tx) => {
      const doc = await repo.findNoticeDocument(tx, id);
      if (!doc) throw notFound(DOCUMENT_NOT_FOUND);
      const notice = await notices.lockNotice(tx, doc.auctionNoticeId);
      assertOwnNotice(notice, editor.buyerId);
      if (!canDeleteNoticeDocuments(notice.status)) {
        throw conflict(
          "Os arquivos só podem ser excluídos com o processo pendente ou suspenso por prazo indeterminado.",
        );
      }
      await repo.softDeleteNoticeDocument(tx, id);
      await appendEvent(tx, {
        auctionNoticeId: doc.auctionNoticeId,
        eventType: "NOTICE_DOCUMENT_DELETED",
        actorUserId: editor.user.id,
        payload: { documentId: id, kind: doc.kind, name: doc.name },
      });
      return { id };
    });
  }

  /** One document for reading back, if the viewer may see its notice's files. */
  async open(id: string, viewerBuyerId: string | null) {
    const doc = await repo.findNoticeDocument(this.db, id);
    if (!doc || !canSeeNoticeFiles(doc, viewerBuyerId)) throw notFound(DOCUMENT_NOT_FOUND);
    return { doc, stream: this.storage.read(doc.storageKey) };
  }
}
