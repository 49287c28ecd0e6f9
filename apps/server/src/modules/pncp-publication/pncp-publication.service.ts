import {
  type BatchItemParticipation,
  finalRanking,
  isPncpInPerson,
  isPncpPermanentFailure,
  type LotPhase,
  PNCP_CLAIM_LEASE_MS,
  PNCP_CRITERIO_JULGAMENTO,
  PNCP_JOB_KIND_LABELS,
  PNCP_JOB_STATUS_LABELS,
  PNCP_MAX_ATTEMPTS,
  PNCP_MODALIDADE_BY_MODALITY,
  PNCP_RESULT_PHASES,
  PNCP_SHORT_TEXT_MAX,
  PNCP_SITUACAO_ITEM,
  type PncpListInput,
  type PncpUnitInput,
  pncpAmparoLegalId,
  pncpCap,
  pncpConformityProblems,
  pncpControlNumber,
  pncpDateTime,
  pncpDocumentFormat,
  pncpInstrumentoConvocatorioId,
  pncpItemCategoriaId,
  pncpLeilaoFlags,
  pncpMaterialOuServico,
  pncpModoDisputaId,
  pncpMoney,
  pncpNumeroCompra,
  pncpObjetoCompra,
  pncpPdfNameOf,
  pncpPercentualDesconto,
  pncpPorteFornecedorId,
  pncpRetryDelayMs,
  pncpRoomItemResults,
  pncpSituacaoCompraId,
  pncpSituacaoItemId,
  pncpTipoBeneficioId,
  pncpTipoDocumentoId,
} from "@certame/domain";
import type { Clock } from "../../clock/clock";
import type { Db, Tx } from "../../db/client";
import type { FileStorage } from "../../files/file-storage";
import { toBuffer } from "../../files/multipart";
import { badRequest, conflict, notFound } from "../../http/errors";
import {
  type PncpCompra,
  type PncpCompraItem,
  type PncpDocument,
  PncpPublishError,
  type PncpPublisher,
  type PncpPurchaseKey,
  type PncpResultado,
} from "../../integrations/pncp/pncp-publisher";
import { auctionBidOf } from "../../room/engine/auction-views";
import { PncpConformityCache } from "./pncp-conformity-cache";
import { csvAsPdf } from "./pncp-csv-pdf";
import * as repo from "./pncp-publication.repository";

type NoticeForPortal = NonNullable<Awaited<ReturnType<typeof repo.noticeForPortal>>>;

const PNCP_NOT_CONFORMING = "O edital não pode ser publicado no PNCP como está configurado:";

const PNCP_UNIT_MISSING =
  "O órgão não tem a unidade compradora do PNCP cadastrada: informe-a em 'Publicações no PNCP'.";

/** The queue's answer for a job that cannot run yet or at all (not a portal failure). */
class NotReady extends Error {}

/**
 * Publication of notices to the national portal (Lei 14.133 arts. 54 and 94; issue 19 item 5): the
 * notice's lifecycle queues jobs in its own transaction (onPublished, onFinished), the worker runs
 * them (runOne) against the publisher and records the outcome; the buyer lists them and retries.
 */
export class PncpPublicationService {
  constructor(
    private readonly db: Db,
    private readonly publisher: PncpPublisher,
    private readonly storage: FileStorage,
    private readonly clock: Clock,
    private readonly options: { publicUrl: string; log?: (message: string) => void },
    private readonly tables: PncpConformityCache = new PncpConformityCache(publisher, clock, options.log),
  ) {}

  /**
   * In the transaction that publishes (or republishes) the notice: only a notice with
   * canPublishOnPncp goes; the first publication sends the contracting with its items and main file,
   * then its other files and any recorded results; a later one sends a rectification.
   */
  async onPublished(tx: Tx, noticeId: string) {
    const found = await repo.noticeForPortal(tx, noticeId);
    if (!found?.notice.canPublishOnPncp) return;
    const now = this.clock();
    // §5.18, §5.19, §5.22: codes the portal would refuse are not queued; the publication is refused
    // with the reasons, which the wizard shows before (app/auction/pncp/check).
    const problems = await this.conformity(tx, found);
    if (problems.length > 0) throw conflict(`${PNCP_NOT_CONFORMING} ${problems.join(" ")}`);
    if (await repo.hasJob(tx, noticeId, "PURCHASE")) {
      await repo.enqueue(tx, noticeId, "RECTIFICATION", now);
      // Lots added or changed in the edit (6.3.10 / 6.3.11), read against what the portal holds.
      await repo.enqueue(tx, noticeId, "ITEMS", now);
    } else {
      // Without the body's PNCP unit every call would be refused: the contracting is HELD (not sent,
      // not failing), /publicacoes-pncp asks for the unit, and recording it releases the job.
      await repo.enqueue(tx, noticeId, "PURCHASE", now, null, found.unitCode ? "PENDING" : "HELD");
    }
    await this.queueNewDocuments(tx, noticeId, now);
    await this.queueNewResults(tx, noticeId, now);
  }

  /** When the process is finished: the results recorded since. */
  async onFinished(tx: Tx, noticeId: string) {
    if (!(await this.wentToPortal(tx, noticeId))) return;
    await this.queueNewResults(tx, noticeId, this.clock());
  }

  /** A file attached to a notice already sent goes after it (6.3.6). */
  async onDocumentAttached(tx: Tx, noticeId: string) {
    if (!(await this.wentToPortal(tx, noticeId))) return;
    await this.queueNewDocuments(tx, noticeId, this.clock());
  }

  /**
   * Suspended, revoked or annulled after it went to the portal (the notice's lifecycle or the room's
   * control): a rectification carries the new situation (manual §5.5: 4 suspensa, 2 revogada, 3
   * anulada), read when the job runs.
   */
  async onWithdrawn(tx: Tx, noticeId: string) {
    if (!(await this.wentToPortal(tx, noticeId))) return;
    await repo.enqueue(tx, noticeId, "RECTIFICATION", this.clock());
  }

  /**
   * Lots of the room that reached HOMOLOGATION or CLOSING with a winner (Lei 14.133 art. 71 IV), in
   * the transaction of the move: a RESULT job per item row not queued yet (or given up). The values
   * are the room's, read when the job runs (6.3.15).
   */
  async onLotsDecided(tx: Tx, noticeId: string, headIds: readonly string[]) {
    if (!(await this.wentToPortal(tx, noticeId))) return;
    const queued = new Set((await repo.liveJobTargets(tx, noticeId, "RESULT")).map((t) => t?.batchId));
    const now = this.clock();
    for (const row of await repo.roomLotRows(tx, noticeId)) {
      const decided = headIds.includes(row.head.id) && row.head.negotiatingSupplierId !== null;
      if (decided && PNCP_RESULT_PHASES.includes(row.head.phase) && !queued.has(row.id))
        await repo.enqueue(tx, noticeId, "RESULT", now, { batchId: row.id });
    }
  }

  /**
   * Lots that ended without a winner (deserted, failed, annulled) or were resumed from such an end:
   * an ITEM_SITUATION job per item row; the §5.6 situation is read from the lot when the job runs.
   */
  async onLotsEnded(tx: Tx, noticeId: string, headIds: readonly string[]) {
    if (!(await this.wentToPortal(tx, noticeId))) return;
    const now = this.clock();
    for (const row of await repo.roomLotRows(tx, noticeId))
      if (headIds.includes(row.head.id))
        await repo.enqueue(tx, noticeId, "ITEM_SITUATION", now, { batchId: row.id });
  }

  /**
   * The items' fields changed after the contracting went without a republication — the room's
   * disclosure of the reference price turns orcamentoSigiloso off (art. 24): an ITEMS job sends
   * the changed items again (6.3.11).
   */
  async onItemsChanged(tx: Tx, noticeId: string) {
    if (!(await this.wentToPortal(tx, noticeId))) return;
    await repo.enqueue(tx, noticeId, "ITEMS", this.clock());
  }

  /** Reads the portal's conformity tables now (the worker at start; the cache refreshes them daily). */
  refreshTables() {
    return this.tables.refresh();
  }

  /**
   * app/auction/pncp/check: why the portal would refuse the notice as configured (its codes against
   * the conformity tables), for the wizard before publication. Empty when it conforms, or when the
   * notice does not go to the portal.
   */
  async check(buyerId: string, noticeId: string) {
    const found = await repo.noticeForPortal(this.db, noticeId);
    if (!found || found.notice.buyerId !== buyerId || found.notice.isDeleted)
      throw notFound("Edital não encontrado.");
    if (!found.notice.canPublishOnPncp) return { canPublishOnPncp: false, problems: [] };
    return { canPublishOnPncp: true, problems: await this.conformity(this.db, found) };
  }

  private async conformity(db: Db | Tx, { notice, lawClauseCode }: NoticeForPortal) {
    const items = await repo.itemsForPortal(db, notice.id);
    const instrument = pncpInstrumentoConvocatorioId(notice.modality);
    return pncpConformityProblems(this.tables.current(), {
      tipoInstrumentoConvocatorioId: instrument,
      modalidadeId: PNCP_MODALIDADE_BY_MODALITY[notice.modality],
      modoDisputaId: pncpModoDisputaId(notice.modality, notice.closingKind),
      amparoLegalId: pncpAmparoLegalId(notice.modality, lawClauseCode),
      criterios: (items.length > 0 ? items.map((i) => i.batch.dispensationForm) : [null]).map(
        (form) => PNCP_CRITERIO_JULGAMENTO[form ?? notice.dispensationForm],
      ),
    });
  }

  /** Whether the notice goes to the portal and its contracting was queued (what follows goes after it). */
  private async wentToPortal(tx: Tx, noticeId: string) {
    const found = await repo.noticeForPortal(tx, noticeId);
    return Boolean(found?.notice.canPublishOnPncp) && (await repo.hasJob(tx, noticeId, "PURCHASE"));
  }

  private async queueNewDocuments(tx: Tx, noticeId: string, now: Date) {
    const sent = new Set((await repo.jobTargets(tx, noticeId, "DOCUMENT")).map((t) => t?.documentId));
    const documents = await repo.documentsForPortal(tx, noticeId);
    // The first file of the main notice goes with the contracting itself (6.3.1).
    const main = documents.find((d) => d.kind === "AUCTION_NOTICE");
    for (const d of documents) {
      if (d.id === main?.id || sent.has(d.id)) continue;
      await repo.enqueue(tx, noticeId, "DOCUMENT", now, { documentId: d.id });
    }
  }

  private async queueNewResults(tx: Tx, noticeId: string, now: Date) {
    const sent = new Set((await repo.jobTargets(tx, noticeId, "RESULT")).map((t) => t?.batchId));
    const winners = await repo.winnersForPortal(tx, noticeId);
    for (const batchId of new Set(winners.map((w) => w.batchId))) {
      if (!sent.has(batchId)) await repo.enqueue(tx, noticeId, "RESULT", now, { batchId });
    }
  }

  /** Runs the next due job; false when none is due. A failure is recorded, never thrown. */
  async runOne(): Promise<boolean> {
    const job = await repo.claimDue(this.db, this.clock(), PNCP_CLAIM_LEASE_MS);
    if (!job) return false;
    try {
      await this.run(job);
    } catch (error) {
      const message = (error as Error).message || String(error);
      const permanent =
        error instanceof NotReady ||
        (error instanceof PncpPublishError && isPncpPermanentFailure(error.status));
      const retryAt =
        permanent || job.attempts >= PNCP_MAX_ATTEMPTS
          ? null
          : new Date(this.clock().getTime() + pncpRetryDelayMs(job.attempts));
      await repo.markFailed(this.db, job.id, message.slice(0, 2000), retryAt);
      this.options.log?.(`PNCP: ${job.kind} do edital ${job.auctionNoticeId}: ${message}`);
    }
    return true;
  }

  private async run(job: repo.PncpJob) {
    const found = await repo.noticeForPortal(this.db, job.auctionNoticeId);
    if (!found) throw new NotReady("Edital não encontrado.");
    const now = () => this.clock();
    if (job.kind === "PURCHASE") {
      const documents = await repo.documentsForPortal(this.db, job.auctionNoticeId);
      const main = documents.find((d) => d.kind === "AUCTION_NOTICE");
      if (!main) throw new NotReady("O edital não tem o arquivo principal para enviar ao PNCP.");
      const compra = await this.compra(found);
      const cnpj = digits(found.cnpj);
      // The first send of the notice: the unit and the platform's authorisation, by the portal's own
      // endpoints (6.2.6, 6.1.3); a refusal fails the job with its reason, sending nothing.
      await this.publisher.checkUnit(cnpj, compra.codigoUnidadeCompradora);
      const answer = await this.publisher.createPurchase(cnpj, compra, await this.document(found, main));
      await this.db.transaction(async (tx) => {
        await repo.setControlNumber(tx, job.auctionNoticeId, {
          pncpControlNumber: pncpControlNumber(cnpj, answer.year, answer.sequential),
          pncpYear: answer.year,
          pncpSequential: answer.sequential,
        });
        await repo.markDone(tx, job.id, now(), answer.uri, compra.itensCompra);
      });
      return;
    }
    const key = purchaseKey(found);
    if (job.kind === "ITEMS") {
      await this.sendChangedItems(job, found, key);
      return;
    }
    if (job.kind === "RECTIFICATION") {
      const {
        itensCompra: _items,
        anoCompra: _year,
        codigoUnidadeCompradora: _unit,
        ...compra
      } = await this.compra(found);
      const answer = await this.publisher.rectifyPurchase(key, {
        ...compra,
        objetoCompra: pncpObjetoCompra(found.notice.objectOfInterest, "rectify"),
        situacaoCompraId: pncpSituacaoCompraId(found.notice.status),
        justificativa: rectificationReason(found.notice.status),
      });
      await repo.markDone(this.db, job.id, now(), answer.uri);
      return;
    }
    if (job.kind === "DOCUMENT") {
      const documents = await repo.documentsForPortal(this.db, job.auctionNoticeId);
      const document = documents.find((d) => d.id === job.target?.documentId);
      if (!document) throw new NotReady("O documento foi excluído do edital.");
      const answer = await this.publisher.addDocument(key, await this.document(found, document));
      await repo.markDone(this.db, job.id, now(), answer.uri);
      return;
    }
    // RESULT and ITEM_SITUATION: one item row; numeroItem is its position (as in itensCompra).
    const rows = await repo.roomLotRows(this.db, job.auctionNoticeId);
    const position = rows.findIndex((r) => r.id === job.target?.batchId);
    const row = rows[position];
    if (!row) throw new NotReady("O item foi excluído do edital.");
    if (job.kind === "ITEM_SITUATION") {
      const answer = await this.publisher.updateItem(key, position + 1, {
        situacaoCompraItemId: pncpSituacaoItemId(row.head.phase),
        justificativa: itemSituationReason(row.head.phase),
      });
      await repo.markDone(this.db, job.id, now(), answer.uri);
      return;
    }
    const roomDecided =
      PNCP_RESULT_PHASES.includes(row.head.phase) && row.head.negotiatingSupplierId !== null;
    const result = roomDecided
      ? await this.roomResult(found, row, rows)
      : await this.recordedResult(found, row);
    const answer = await this.publisher.addItemResult(key, position + 1, result);
    await repo.markDone(this.db, job.id, now(), answer.uri);
  }

  /**
   * 6.3.15 from the room: the lot's winner (negotiatingSupplierId, as the award and the minutes read
   * it) with its final bid in the final ranking, split over the lot's items by the domain's rule
   * (its re-specified values of that bid, else in proportion to the references).
   */
  private async roomResult(
    { notice }: NoticeForPortal,
    row: repo.RoomLotRow,
    rows: repo.RoomLotRow[],
  ): Promise<PncpResultado> {
    const head = row.head;
    const winnerId = head.negotiatingSupplierId as string;
    const criterion = head.dispensationForm ?? notice.dispensationForm;
    const bids = await repo.headBids(this.db, head.id);
    const best = finalRanking(
      bids.map((b) => auctionBidOf(b, criterion)),
      criterion,
    ).find((b) => String(b.supplierId) === winnerId);
    const bid = bids.find((b) => b.id === best?.id);
    const supplier = await repo.supplierForPortal(this.db, winnerId);
    if (!bid || !supplier) throw new NotReady("O lance vencedor do lote não foi encontrado.");
    const split = (await repo.respecifiedValues(this.db, head.id)).filter(
      (v) => v.bidId === bid.id && v.supplierId === winnerId,
    );
    const award = pncpRoomItemResults({
      criterion,
      offerKind: notice.offerKind,
      bid: { unitPrice: bid.unitPrice, percentDiscount: bid.percentDiscount },
      items: rows.filter((r) => r.number === row.number),
      respecified: new Map(split.map((v) => [v.itemBatchId, v.unitPrice])),
    }).find((a) => a.batchId === row.id);
    if (!award) throw new NotReady("O item não pertence ao lote.");
    const { batchId: _item, ...values } = award;
    return {
      ...values,
      percentualDesconto:
        values.percentualDesconto ??
        pncpPercentualDesconto(criterion, estimatedUnit(row), values.valorUnitarioHomologado),
      ...this.supplierFields(supplier),
      ...(notice.isSrp ? { ordemClassificacaoSrp: 1 } : {}),
      ...this.itemFields(row),
      // The day the lot reached its homologated phase (Brasília).
      dataResultado: pncpDateTime(head.phaseStartDateTime ?? this.clock()).slice(0, 10),
    };
  }

  /** 6.3.15 from the winners step: the first winner recorded for the item row. */
  private async recordedResult(found: NoticeForPortal, row: repo.RoomLotRow): Promise<PncpResultado> {
    const winner = (await repo.winnersForPortal(this.db, found.notice.id)).find((w) => w.batchId === row.id);
    if (!winner) throw new NotReady("O vencedor do item não está mais registrado.");
    const unit = pncpMoney(winner.unitPrice, row.decimalsNumber);
    return {
      quantidadeHomologada: Number(winner.quantity),
      // The winners step stores prices at their lot's scale (rescaled with it).
      valorUnitarioHomologado: unit,
      valorTotalHomologado: pncpMoney(winner.totalPrice, row.decimalsNumber),
      // The winners step records a price (after the discount under BIGGEST_DISCOUNT): its discount.
      percentualDesconto: pncpPercentualDesconto(
        row.head.dispensationForm ?? found.notice.dispensationForm,
        estimatedUnit(row),
        unit,
      ),
      ...this.supplierFields(winner),
      ...this.itemFields(row),
      dataResultado: pncpDateTime(winner.createdDate).slice(0, 10),
    };
  }

  private supplierFields(s: {
    credentialKind: string;
    documentNumber: string;
    name: string | null;
    corporateName: string | null;
  }) {
    const document = digits(s.documentNumber);
    return {
      tipoPessoaId: s.credentialKind === "INDIVIDUAL" ? ("PF" as const) : ("PJ" as const),
      niFornecedor: document,
      nomeRazaoSocialFornecedor: (s.corporateName ?? s.name ?? document).slice(0, 100),
      porteFornecedorId: pncpPorteFornecedorId(null),
      codigoPais: "BRA",
    };
  }

  private itemFields(row: repo.RoomLotRow) {
    return {
      indicadorSubcontratacao: row.isSubcontractingIndicator,
      aplicacaoMargemPreferencia: false,
      aplicacaoBeneficioMeEpp: (row.batchItemParticipation ?? "WIDE_PARTICIPATION") !== "WIDE_PARTICIPATION",
      aplicacaoCriterioDesempate: false,
    };
  }

  /** The `compra` of 6.3.1 from the notice and its lots (mapping in packages/domain/src/pncp). */
  private async compra({ notice, lawClauseCode, unitCode }: NoticeForPortal): Promise<PncpCompra> {
    const items = await repo.itemsForPortal(this.db, notice.id);
    if (items.length === 0) throw new NotReady("O edital não tem itens para enviar ao PNCP.");
    if (!unitCode) throw new NotReady(PNCP_UNIT_MISSING);
    const instrument = pncpInstrumentoConvocatorioId(notice.modality);
    // 6.3.1 items 13, 18.4, 18.11: a leilão sends these false whatever the notice says.
    const leilao = pncpLeilaoFlags(notice.modality, {
      srp: true,
      incentivoProdutivoBasico: true,
      orcamentoSigiloso: true,
    });
    const year =
      notice.purchaseYear ?? Number(pncpDateTime(notice.publishedDate ?? this.clock()).slice(0, 4));
    return {
      codigoUnidadeCompradora: unitCode,
      tipoInstrumentoConvocatorioId: instrument,
      modalidadeId: PNCP_MODALIDADE_BY_MODALITY[notice.modality],
      modoDisputaId: pncpModoDisputaId(notice.modality, notice.closingKind),
      numeroCompra: pncpNumeroCompra(notice.noticeNumber),
      anoCompra: year,
      numeroProcesso: notice.processNumber.slice(0, 50),
      objetoCompra: pncpObjetoCompra(notice.objectOfInterest, "insert"),
      srp: leilao.srp && notice.isSrp,
      ...(instrument !== 3 && notice.proposalsStartDateTime && notice.proposalsEndDateTime
        ? {
            dataAberturaProposta: pncpDateTime(notice.proposalsStartDateTime),
            dataEncerramentoProposta: pncpDateTime(notice.proposalsEndDateTime),
          }
        : {}),
      amparoLegalId: pncpAmparoLegalId(notice.modality, lawClauseCode),
      linkSistemaOrigem: `${this.options.publicUrl.replace(/\/+$/, "")}/editais/${notice.id}`,
      ...(isPncpInPerson(notice.modality)
        ? {
            justificativaPresencial: pncpCap(
              notice.reasonOfInPersonModality || "Processo presencial.",
              PNCP_SHORT_TEXT_MAX,
            ),
          }
        : {}),
      itensCompra: items.map((i, index) => {
        const quantity = Number(i.batch.quantity);
        // The unit reference as entered (older rows: referencePrice, a unit under the unit offer).
        const unitScaled = i.batch.unitReferencePrice ?? (quantity > 0 ? i.batch.referencePrice : 0);
        const judgement = i.batch.dispensationForm ?? notice.dispensationForm;
        return {
          numeroItem: index + 1,
          materialOuServico: pncpMaterialOuServico(notice.modality, notice.subModality),
          tipoBeneficioId: pncpTipoBeneficioId(
            notice.modality,
            notice.processParticipation,
            i.batch.batchItemParticipation as BatchItemParticipation | null,
          ),
          incentivoProdutivoBasico:
            leilao.incentivoProdutivoBasico && (i.isBasicProductiveIncentive ?? false),
          descricao: (i.productName ?? `Lote ${i.batch.number}, item ${i.batch.item}`).slice(0, 2048),
          quantidade: quantity,
          unidadeMedida: (i.unit ?? i.batch.measurementUnitCode ?? "Unidade").slice(0, 30),
          // A secret reference price (art. 24) goes as orcamentoSigiloso, still informed to the portal.
          valorUnitarioEstimado: pncpMoney(unitScaled, i.batch.decimalsNumber),
          valorTotal: pncpMoney(i.batch.totalAmount, i.batch.decimalsNumber),
          criterioJulgamentoId: PNCP_CRITERIO_JULGAMENTO[judgement],
          orcamentoSigiloso: leilao.orcamentoSigiloso && !notice.shouldDiscloseReferencePrice,
          itemCategoriaId: pncpItemCategoriaId(notice.modality),
          aplicabilidadeMargemPreferenciaNormal: false,
          aplicabilidadeMargemPreferenciaAdicional: false,
          percentualMargemPreferenciaNormal: null,
          percentualMargemPreferenciaAdicional: null,
          ...(i.productDescription ? { informacaoComplementar: i.productDescription.slice(0, 4096) } : {}),
        };
      }),
    };
  }

  private async document(
    { notice }: NoticeForPortal,
    d: Awaited<ReturnType<typeof repo.documentsForPortal>>[number],
  ): Promise<PncpDocument> {
    const main = d.kind === "AUCTION_NOTICE";
    const title = (d.label || d.description || d.name).slice(0, 255);
    const bytes = await toBuffer(this.storage.read(d.storageKey));
    const typeId = pncpTipoDocumentoId(notice.modality, main);
    // Manual §5.16: only its extensions, up to 30 MB; a CSV goes as a PDF table of its rows.
    const format = pncpDocumentFormat(d.name, bytes.length);
    if (format.kind === "KEPT_OUT") throw new NotReady(format.reason);
    if (format.kind === "CSV_AS_PDF")
      return {
        title,
        typeId,
        fileName: pncpPdfNameOf(d.name),
        mimeType: "application/pdf",
        bytes: await csvAsPdf(title, bytes, this.clock()),
      };
    return { title, typeId, fileName: d.name, mimeType: d.mimeType, bytes };
  }

  /**
   * 6.3.10 / 6.3.11 (v2.6): the items as they are now against the items the portal holds (the last
   * DONE PURCHASE or ITEMS job's, this job's own progress first): new numbers are added, changed ones
   * rectified whole with their §5.6 situation, numbers no longer in the notice cancelled (6.3.12,
   * situação 3). Each accepted call is recorded at once, so a retry does not send it twice.
   */
  private async sendChangedItems(job: repo.PncpJob, found: NoticeForPortal, key: PncpPurchaseKey) {
    const current = (await this.compra(found)).itensCompra;
    const rows = await repo.roomLotRows(this.db, job.auctionNoticeId);
    let held: PncpCompraItem[] =
      (job.sentItems as PncpCompraItem[] | null) ??
      ((await repo.lastSentItems(this.db, job.auctionNoticeId)) as PncpCompraItem[] | null) ??
      current; // sent before the portal's items were kept: taken as sent
    const record = async (next: PncpCompraItem[]) => {
      held = next;
      await repo.setSentItems(this.db, job.id, held);
    };
    const heldNumbers = new Set(held.map((i) => i.numeroItem));
    const added = current.filter((i) => !heldNumbers.has(i.numeroItem));
    if (added.length > 0) {
      await this.publisher.addItems(key, added);
      await record([...held, ...added]);
    }
    for (const item of current) {
      const before = held.find((i) => i.numeroItem === item.numeroItem);
      if (!before || sameItem(before, item)) continue;
      const row = rows[item.numeroItem - 1];
      await this.publisher.rectifyItem(key, item.numeroItem, {
        ...item,
        situacaoCompraItemId: row ? pncpSituacaoItemId(row.head.phase) : 1,
        justificativa: "Item alterado pelo órgão após a publicação.",
      });
      await record(held.map((i) => (i.numeroItem === item.numeroItem ? item : i)));
    }
    const numbers = new Set(current.map((i) => i.numeroItem));
    for (const gone of held.filter((i) => !numbers.has(i.numeroItem))) {
      await this.publisher.updateItem(key, gone.numeroItem, {
        situacaoCompraItemId: PNCP_SITUACAO_ITEM.ANULADO_REVOGADO_CANCELADO,
        justificativa: "Item excluído do edital pelo órgão.",
      });
      await record(held.filter((i) => i.numeroItem !== gone.numeroItem));
    }
    await repo.markDone(this.db, job.id, this.clock(), `itens:${current.length}`, held);
  }

  /**
   * app/auction/pncp/unit: the body's unidade compradora, checked with the portal (6.2.6, and the
   * platform's authorisation for the CNPJ, 6.1.3) and recorded with the portal's name for it; the
   * contractings HELD for the want of it are released in the same transaction.
   */
  async saveUnit(buyerId: string, input: PncpUnitInput) {
    const body = await repo.buyerUnit(this.db, buyerId);
    if (!body) throw notFound("Órgão não encontrado.");
    let name: string;
    try {
      name = (await this.publisher.checkUnit(digits(body.cnpj), input.code)).name ?? input.name;
    } catch (error) {
      if (!(error instanceof PncpPublishError)) throw error;
      if (error.status === 403 || error.status === 404)
        throw badRequest(error.message, [{ property: "code", errorMessages: [error.message] }]);
      throw conflict(`Não foi possível consultar o PNCP agora; tente novamente. ${error.message}`);
    }
    return this.db.transaction(async (tx) => {
      await repo.setBuyerUnit(tx, buyerId, input.code, name);
      const queuedNotices = await repo.releaseHeld(tx, buyerId, this.clock());
      return { code: input.code, name, queuedNotices };
    });
  }

  /** app/auction/pncp/list. */
  async list(buyerId: string, input: PncpListInput) {
    const { rows, total } = await repo.listJobs(this.db, buyerId, input);
    const unit = await repo.buyerUnit(this.db, buyerId);
    return {
      target: this.publisher.target,
      // The body's PNCP unit; while missing, nothing is sent and the page asks for it.
      unit: unit?.code ? { code: unit.code, name: unit.name } : null,
      waitingNotices: (await repo.noticesAwaitingUnit(this.db, buyerId)).map((n) => n.noticeNumber),
      limitResult: input.limit,
      total,
      publications: rows.map((r) => ({
        id: r.job.id,
        kind: r.job.kind,
        kindLabel: PNCP_JOB_KIND_LABELS[r.job.kind],
        status: r.job.status,
        statusLabel: PNCP_JOB_STATUS_LABELS[r.job.status],
        attempts: r.job.attempts,
        lastError: r.job.lastError,
        nextAttemptAt: r.job.status === "PENDING" ? r.job.nextAttemptAt.toISOString() : null,
        doneAt: r.job.doneAt?.toISOString() ?? null,
        createdDate: r.job.createdDate.toISOString(),
        canRetry: r.job.status !== "DONE" && r.job.lastError !== null,
        auctionNotice: {
          id: r.noticeId,
          noticeNumber: r.noticeNumber,
          modality: r.modality,
          objectOfInterest: r.objectOfInterest,
          pncpControlNumber: r.pncpControlNumber,
        },
      })),
    };
  }

  /** 'Reenviar': a failed (or retrying) job of the body is due now. */
  async retry(buyerId: string, id: string) {
    const status = await repo.retryNow(this.db, id, buyerId, this.clock());
    if (status === null) throw notFound("Publicação não encontrada.");
    if (status === "DONE") throw conflict("Esta publicação já foi aceita pelo PNCP.");
    return { id, status: "PENDING" as const };
  }

  /** What the outbox recorded for the body (the default publisher). */
  async outbox(buyerId: string) {
    const cnpj = await repo.buyerCnpj(this.db, buyerId);
    const rows = cnpj ? await repo.listOutbox(this.db, digits(cnpj), 100) : [];
    return rows.map((r) => ({ ...r, createdDate: r.createdDate.toISOString(), updatedDate: undefined }));
  }
}

const digits = (text: string) => text.replace(/\D/g, "");

/** Whether two items carry the same fields (key order aside). */
function sameItem(a: PncpCompraItem, b: PncpCompraItem): boolean {
  const canonical = (i: PncpCompraItem) =>
    JSON.stringify(Object.fromEntries(Object.entries(i).sort(([x], [y]) => x.localeCompare(y))));
  return canonical(a) === canonical(b);
}

/** The item's estimated unit value in reais (the unit reference as entered; older rows: referencePrice). */
function estimatedUnit(row: repo.RoomLotRow): number {
  return pncpMoney(row.unitReferencePrice ?? row.referencePrice, row.decimalsNumber);
}

function purchaseKey({ notice, cnpj }: NoticeForPortal): PncpPurchaseKey {
  if (notice.pncpYear === null || notice.pncpSequential === null)
    throw new NotReady("A contratação ainda não foi aceita pelo PNCP.");
  return { cnpj: digits(cnpj), year: notice.pncpYear, sequential: notice.pncpSequential };
}

/** Why the contracting is rectified (manual 6.3.2 item 20, up to 255 characters). */
function rectificationReason(status: string): string {
  if (status === "CANCELLED") return "Processo anulado pelo órgão.";
  if (status === "REVOKED") return "Processo revogado pelo órgão.";
  if (status === "SUSPENDED" || status === "SUSPENDED_INDEFINITELY")
    return "Processo suspenso pelo órgão por prazo indeterminado.";
  return "Edital alterado e republicado pelo órgão.";
}

/** Why an item's situation changes (6.3.12 item 15, up to 255 characters). */
function itemSituationReason(phase: LotPhase): string {
  switch (phase) {
    case "DESERTED":
      return "Item deserto: nenhuma proposta recebida.";
    case "FAILED":
      return "Item fracassado: nenhuma proposta classificada e habilitada.";
    case "CANCELED":
    case "REVOKED":
      return "Item anulado pelo órgão.";
    default:
      return "Item retomado pelo órgão.";
  }
}
