import {
  DIRECT_LIVE_ACTIONS,
  DIRECT_PROPOSAL_KIND_LABELS,
  DIRECT_PROPOSAL_STATUS_LABELS,
  type DirectProposalKind,
  type DirectProposalStatus,
  directDecisionRefusal,
  directProposalRefusal,
  isDirectModality,
  SUPPLIER_NOT_APPROVED_MESSAGE,
} from "@certame/domain";
import ExcelJS from "exceljs";
import { type Clock, systemClock } from "../../clock/clock";
import type { Db } from "../../db/client";
import { appendEvent } from "../../events/event-log.repository";
import { addHeaderSheet } from "../../files/spreadsheet";
import { badRequest, forbidden, notFound } from "../../http/errors";
import type { Mailer } from "../../integrations/mail/mailer";
import { renderMail } from "../../integrations/mail/templates";
import { commitAndPublish } from "../../room/bus/live-commit";
import type { LivePublisher } from "../../room/bus/live-notice";
import type { SessionUser } from "../auth/auth.service";
import { findSupplier } from "../initial-bids/initial-bids.repository";
import { findBatches, findNotice } from "../notices/notice.repository";
import { directLiveNotice } from "./direct-live";
import * as repo from "./direct-proposal.repository";

export const PROPOSAL_NOT_FOUND = "Proposta não encontrada.";
export const NOTICE_NOT_FOUND = "Processo não encontrado.";
const FILE_NOT_FOUND = "Arquivo não encontrado. Envie o arquivo novamente.";
const PDF = "application/pdf";

/** The upload call's `url` (/api/app/file/{id}, absolute or not) or the bare file id. */
const fileIdOf = (reference: string) =>
  (/^(?:https?:\/\/[^/]+)?\/api\/app\/file\/([0-9a-f-]{36})$/i.exec(reference) ??
    /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(reference))?.[1]?.toLowerCase();

const iso = (d: Date | null) => d?.toISOString() ?? null;

type Row = NonNullable<Awaited<ReturnType<typeof repo.findWithSupplier>>>;

/** A proposal as the body and its supplier read it. */
function toView(r: Row) {
  const p = r.proposal;
  return {
    id: p.id,
    auctionNoticeId: p.auctionNoticeId,
    kind: p.kind,
    kindLabel: DIRECT_PROPOSAL_KIND_LABELS[p.kind],
    status: p.status,
    statusLabel: DIRECT_PROPOSAL_STATUS_LABELS[p.status],
    fileName: p.fileName,
    description: p.description,
    sentAt: p.sentAt.toISOString(),
    reason: p.reason,
    decidedAt: iso(p.decidedAt),
    decidedByName: r.decidedByName,
    supplier: {
      id: r.supplier.id,
      name: r.supplier.corporateName ?? r.supplier.name ?? "",
      documentNumber: r.supplier.documentNumber,
      isSmallBusiness: r.supplier.isSmallBusiness,
    },
  };
}
export type DirectProposalView = ReturnType<typeof toView>;

export interface DirectProposalDeps {
  mailer: Mailer;
  publicUrl: string;
  /** The live channel: the body's approval page is told of a proposal sent and of a decision. */
  live: LivePublisher;
  clock?: Clock;
  log?: (message: string, error: unknown) => void;
}

/**
 * The proposals of the direct procedures (issue 19 item 2; domain direct-proposals.ts): the template
 * a supplier fills, the signed PDF it attaches, the body's approval or rejection with its reason
 * (e-mailed to the supplier), and the results — the approved proposals — for the suppliers.
 */
export class DirectProposalService {
  private readonly clock: Clock;

  constructor(
    private readonly db: Db,
    private readonly deps: DirectProposalDeps,
  ) {
    this.clock = deps.clock ?? systemClock;
  }

  /** A published direct procedure (drafts are not known to exist outside their body). */
  private async directNotice(noticeId: string) {
    const found = await findNotice(this.db, noticeId);
    if (!found || found.notice.status === "PENDING") throw notFound(NOTICE_NOT_FOUND);
    if (!isDirectModality(found.notice.modality))
      throw badRequest("Este processo não é um procedimento auxiliar com recebimento de propostas.");
    return found;
  }

  /** The body's own direct procedure: another body's is refused. */
  private async ownNotice(user: SessionUser, noticeId: string) {
    const found = await this.directNotice(noticeId);
    if (user.buyer?.id !== found.buyer.id)
      throw forbidden("Você só pode analisar as propostas do seu órgão.");
    return found;
  }

  /**
   * 'Baixar modelo de proposta' (app/auction/proposalTemplate/download): an .xlsx with the notice's
   * heading and one row per lot item — quantity and unit given, the unit price, the brand and the
   * total for the supplier to fill (the total is a formula). No reference price: the template asks
   * the supplier's own.
   */
  async template(noticeId: string) {
    const { notice, buyer } = await this.directNotice(noticeId);
    const batches = await findBatches(this.db, noticeId);
    const workbook = new ExcelJS.Workbook();
    workbook.creator = "Certame";
    const sheet = addHeaderSheet(workbook, "Proposta", [
      { header: "Lote", width: 8 },
      { header: "Item", width: 8 },
      { header: "Produto/Serviço", width: 44 },
      { header: "Unidade", width: 12 },
      { header: "Quantidade", width: 12 },
      { header: "Valor unitário (R$)", width: 20, note: "Preencha o seu preço unitário." },
      { header: "Marca/Modelo", width: 22 },
      { header: "Valor total (R$)", width: 20 },
    ]);
    for (const b of batches) {
      const row = sheet.addRow([
        b.batch.number,
        b.batch.item,
        b.product?.name ?? "",
        b.measurementUnit?.description ?? b.batch.measurementUnitCode ?? "",
        Number(b.batch.quantity),
        null,
        "",
        null,
      ]);
      row.getCell(8).value = { formula: `E${row.number}*F${row.number}` };
      row.getCell(6).numFmt = "#,##0.00";
      row.getCell(8).numFmt = "#,##0.00";
    }
    const info = workbook.addWorksheet("Processo");
    info.columns = [{ width: 28 }, { width: 80 }];
    info.addRows([
      ["Órgão", buyer.corporateName],
      ["Processo", notice.processNumber],
      ["Edital", notice.noticeNumber],
      ["Objeto", notice.objectOfInterest],
      ["Fornecedor (razão social)", ""],
      ["CNPJ/CPF", ""],
      ["Validade da proposta (dias)", ""],
      ["Local e data", ""],
      ["Assinatura do responsável", ""],
    ]);
    info.getColumn(1).font = { bold: true };
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    return { buffer, fileName: `modelo-de-proposta-${notice.noticeNumber}.xlsx` };
  }

  /**
   * A supplier attaches its signed proposal (or values, or pre-qualification files) as a PDF it
   * uploaded: one pending per kind, so a second sending before the analysis replaces the file.
   */
  async send(
    user: SessionUser,
    input: {
      auctionNoticeId: string;
      kind: DirectProposalKind;
      url: string;
      name?: string;
      description?: string;
    },
  ) {
    const supplierId = user.supplier?.id;
    if (user.kind !== "SUPPLIER" || !supplierId) throw forbidden("Ação disponível apenas para fornecedores.");
    const { notice } = await this.directNotice(input.auctionNoticeId);
    if ((await findSupplier(this.db, supplierId))?.registrationStatus !== "APPROVED")
      throw forbidden(SUPPLIER_NOT_APPROVED_MESSAGE);
    const fileId = fileIdOf(input.url.trim());
    const stored = fileId ? await repo.findStoredFile(this.db, fileId) : undefined;
    if (!stored || stored.uploadedByUserId !== user.id)
      throw badRequest("Arquivo inválido.", [{ property: "url", errorMessages: [FILE_NOT_FOUND] }]);
    if (stored.mimeType !== PDF)
      throw badRequest("Arquivo inválido.", [
        { property: "url", errorMessages: ["Envie a proposta assinada em PDF."] },
      ]);
    const now = this.clock();
    const hasApprovedInitial = await repo.hasApproved(this.db, notice.id, supplierId, "INITIAL_VALUES");
    const refusal = directProposalRefusal(notice, input.kind, now, { hasApprovedInitial });
    if (refusal) throw badRequest(refusal);
    const { result: id } = await commitAndPublish(this.db, this.deps.live, async (tx, outbox) => {
      const pending = await repo.findPending(tx, notice.id, supplierId, input.kind);
      const values = {
        fileId: stored.id,
        fileName: input.name?.trim() || stored.originalName,
        description: input.description?.trim() ?? "",
        sentByUserId: user.id,
        sentAt: now,
      };
      const row = pending
        ? await repo.updateProposal(tx, pending.id, values)
        : await repo.insertProposal(tx, {
            ...values,
            auctionNoticeId: notice.id,
            supplierId,
            kind: input.kind,
          });
      await appendEvent(tx, {
        auctionNoticeId: notice.id,
        eventType: pending ? "DIRECT_PROPOSAL_REPLACED" : "DIRECT_PROPOSAL_SENT",
        actorUserId: user.id,
        payload: { proposalId: row.id, supplierId, kind: input.kind, fileId: stored.id },
      });
      const action = pending ? DIRECT_LIVE_ACTIONS.proposalReplaced : DIRECT_LIVE_ACTIONS.proposalSent;
      outbox.push(directLiveNotice(notice.id, action, row.id));
      return row.id;
    });
    return toView((await repo.findWithSupplier(this.db, id)) as Row);
  }

  /** The supplier's own proposals in the notice. */
  async mine(user: SessionUser, noticeId: string) {
    const supplierId = user.supplier?.id;
    if (user.kind !== "SUPPLIER" || !supplierId) throw forbidden("Ação disponível apenas para fornecedores.");
    await this.directNotice(noticeId);
    return (await repo.listForSupplier(this.db, noticeId, supplierId)).map(toView);
  }

  /** The body's analysis list: every proposal of its direct procedure, with the supplier. */
  async list(user: SessionUser, noticeId: string) {
    const { notice } = await this.ownNotice(user, noticeId);
    const rows = await repo.listForNotice(this.db, noticeId);
    return {
      notice: {
        id: notice.id,
        noticeNumber: notice.noticeNumber,
        processNumber: notice.processNumber,
        objectOfInterest: notice.objectOfInterest,
        modality: notice.modality,
        status: notice.status,
      },
      proposals: rows.map(toView),
    };
  }

  /** Approve or reject (with the reason) a pending proposal of the body's own procedure. */
  async decide(
    user: SessionUser,
    input: { id: string; decision: Exclude<DirectProposalStatus, "PENDING">; reason?: string | null },
  ) {
    const found = await repo.findWithSupplier(this.db, input.id);
    if (!found) throw notFound(PROPOSAL_NOT_FOUND);
    const { notice, buyer } = await this.ownNotice(user, found.proposal.auctionNoticeId);
    const reason = input.reason?.trim() || null;
    await commitAndPublish(this.db, this.deps.live, async (tx, outbox) => {
      const locked = await repo.lockProposal(tx, input.id);
      if (!locked) throw notFound(PROPOSAL_NOT_FOUND);
      const refusal = directDecisionRefusal(locked, input.decision, reason);
      if (refusal)
        throw badRequest(refusal.message, [{ property: refusal.property, errorMessages: [refusal.message] }]);
      await repo.decide(tx, input.id, {
        status: input.decision,
        reason: input.decision === "REJECTED" ? reason : null,
        userId: user.id,
        at: this.clock(),
      });
      await appendEvent(tx, {
        auctionNoticeId: notice.id,
        eventType: input.decision === "APPROVED" ? "DIRECT_PROPOSAL_APPROVED" : "DIRECT_PROPOSAL_REJECTED",
        actorUserId: user.id,
        payload: { proposalId: input.id, supplierId: locked.supplierId, kind: locked.kind, reason },
      });
      outbox.push(
        directLiveNotice(notice.id, DIRECT_LIVE_ACTIONS.proposalDecided, input.id, locked.supplierId),
      );
    });
    const decided = (await repo.findWithSupplier(this.db, input.id)) as Row;
    await this.mailDecision(decided, notice.noticeNumber, buyer.corporateName);
    return toView(decided);
  }

  /** The supplier's user is told of the decision; a mail failure is logged, the decision stands. */
  private async mailDecision(r: Row, noticeNumber: string, buyerName: string) {
    try {
      const to = r.supplier.userId ? await repo.findUser(this.db, r.supplier.userId) : undefined;
      if (!to) return;
      const mail = renderMail(
        "directProposalDecided",
        {
          name: to.name,
          noticeNumber,
          buyerName,
          kindLabel: DIRECT_PROPOSAL_KIND_LABELS[r.proposal.kind],
          approved: r.proposal.status === "APPROVED",
          reason: r.proposal.reason,
          noticeId: r.proposal.auctionNoticeId,
        },
        this.deps.publicUrl,
      );
      await this.deps.mailer.send({ to: to.email, ...mail });
    } catch (error) {
      this.deps.log?.(`e-mail da decisão da proposta ${r.proposal.id} não enviado`, error);
    }
  }

  /**
   * The results (§2.3 'Resultado da análise' / 'Resultados e propostas aprovadas'): the approved
   * proposals — who and when, public once decided — and the caller's own proposals with their state.
   */
  async results(user: SessionUser, noticeId: string) {
    const { notice, buyer } = await this.directNotice(noticeId);
    const approved = await repo.listApproved(this.db, noticeId);
    const mine =
      user.kind === "SUPPLIER" && user.supplier
        ? (await repo.listForSupplier(this.db, noticeId, user.supplier.id)).map(toView)
        : [];
    return {
      notice: {
        id: notice.id,
        noticeNumber: notice.noticeNumber,
        processNumber: notice.processNumber,
        objectOfInterest: notice.objectOfInterest,
        modality: notice.modality,
        buyerName: buyer.corporateName,
      },
      approved: approved.map((r) => ({
        supplierName: r.supplier.corporateName ?? r.supplier.name ?? "",
        documentNumber: r.supplier.documentNumber,
        kind: r.proposal.kind,
        kindLabel: DIRECT_PROPOSAL_KIND_LABELS[r.proposal.kind],
        decidedAt: iso(r.proposal.decidedAt),
      })),
      mine,
    };
  }

  /** A proposal's PDF: for its body and for the supplier that sent it. */
  async file(user: SessionUser, id: string) {
    const found = await repo.findWithSupplier(this.db, id);
    if (!found) throw notFound(PROPOSAL_NOT_FOUND);
    const own = user.kind === "SUPPLIER" && user.supplier?.id === found.supplier.id;
    if (!own) await this.ownNotice(user, found.proposal.auctionNoticeId);
    const stored = await repo.findStoredFile(this.db, found.proposal.fileId);
    if (!stored) throw notFound(FILE_NOT_FOUND);
    return { name: found.proposal.fileName, mimeType: stored.mimeType, storageKey: stored.storageKey };
  }
}
