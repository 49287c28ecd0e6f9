import { randomUUID } from "node:crypto";
import {
  buildReferenceTermDocument,
  chapterByCode,
  DEFAULT_REFERENCE_TERM_TEMPLATE,
  MODALITY_BY_OBJECT_FEATURE,
  MODALITY_LABELS,
  type Modality,
  multiplyByQuantity,
  needsServiceKind,
  nextChapterCode,
  PROCESS_NOT_PENDING_MESSAGE,
  REFERENCE_TERM_CHAPTER_CODES,
  REFERENCE_TERM_PDF_FILE_NAME,
  REFERENCE_TERM_WORD_FILE_NAME,
  type ReferenceTermBatch,
  type ReferenceTermChapterCode,
  type ReferenceTermContext,
  type ReferenceTermData,
  type ReferenceTermDocumentInput,
  RISK_LEVEL_LABELS,
  referenceTermDocumentModel,
  referenceTermProgress,
  riskPanel,
  SUB_MODALITY_LABELS,
  type SubModality,
  sanitizeReferenceTermChapter,
  subModalityAfterModalityChange,
  validateReferenceTermChapter,
} from "@certame/domain";
import type { Clock } from "../../clock/clock";
import type { Db, DbOrTx, Tx } from "../../db/client";
import type { ReferenceTermChapterState } from "../../db/schema";
import { renderDocumentDocx } from "../../files/document-docx";
import { type IssuedDocument, processDocumentId, renderDocument } from "../../files/document-file";
import { renderDocumentPdf } from "../../files/document-pdf";
import type { FileStorage } from "../../files/file-storage";
import { insertStoredPdf } from "../../files/stored-files.repository";
import { badRequest, conflict, notFound, VALIDATION_MESSAGE } from "../../http/errors";
import { referencePricesOf } from "../budget/budget.service";
import { buyerName } from "../buyers/buyer.repository";
import * as dfd from "../demand-formalization/demand-formalization.repository";
import * as etp from "../preliminary-technical-study/preliminary-technical-study.repository";
import { lockWritableProcess, type Planner, readableProcess } from "../processes/process.policy";
import { appendProcessEvent } from "../processes/process.repository";
import { pdfHasSignatureDictionary, sha256Hex } from "../registration/signature-provider";
import { findRiskManagement, selectedRisksOf } from "../risk-management/risk-management.repository";
import * as repo from "./reference-term.repository";

export const REFERENCE_TERM_LOT_NOT_FOUND_MESSAGE = "Lote/item não encontrado na formalização de demanda.";
export const REFERENCE_TERM_NOT_SIGNED_MESSAGE = "O termo de referência ainda não foi assinado.";
export const REFERENCE_TERM_INCOMPLETE_MESSAGE =
  "Conclua os dez capítulos do termo antes de enviar o documento assinado.";
export const REFERENCE_TERM_STEP_MISMATCH_MESSAGE = "O passo informado não é o capítulo seguinte a este.";
export const subModalityNotAllowedMessage = (modality: string, subModality: string) =>
  `A modalidade ${modality} não admite a submodalidade ${subModality} do estudo técnico preliminar; altere o estudo antes.`;

export type ReferenceTermChapterStatus = "PENDING" | "COMPLETED" | "SIGNED";
export type ReferenceTermStepStatus = "PENDING" | "IN_PROGRESS" | "COMPLETED" | "SIGNED";

type ProcessRow = {
  id: string;
  processNumber: string;
  processDate: string;
  isDeleted: boolean;
  createdDate: Date;
};
type Signature = NonNullable<Awaited<ReturnType<typeof repo.latestSignature>>>;

/** §4 "Step 1 bulk rules": the process participation decides every lot's, unless per lot. */
const PARTICIPATION_OF_PROCESS = new Map<unknown, "WIDE_PARTICIPATION" | "EXCLUSIVE">([
  ["BROAD", "WIDE_PARTICIPATION"],
  ["MICRO_BUSINESS_EXCLUSIVE", "EXCLUSIVE"],
]);

/** The modality an object feature leads to (§4), read only from the record's own keys. */
const modalityOfFeature = (feature: unknown): Modality | undefined =>
  typeof feature === "string" && Object.hasOwn(MODALITY_BY_OBJECT_FEATURE, feature)
    ? MODALITY_BY_OBJECT_FEATURE[feature as keyof typeof MODALITY_BY_OBJECT_FEATURE]
    : undefined;

type LotOptions = repo.BatchOptionValues;
type LotRow = Awaited<ReturnType<typeof repo.lotsOfProcess>>[number];

/** Whether a lot's stored options differ from those step 1 would write. */
function lotDiffers(lot: LotRow, next: LotOptions): boolean {
  const variation = (v: string | number | null | undefined) =>
    v === null || v === undefined ? null : Number(v);
  return (
    lot.isProductBrandRequired !== next.isProductBrandRequired ||
    (lot.decimalsNumber ?? null) !== (next.decimalsNumber ?? null) ||
    (lot.minimumVariationKind ?? null) !== (next.minimumVariationKind ?? null) ||
    variation(lot.minimumVariation) !== variation(next.minimumVariation) ||
    (lot.batchItemParticipation ?? null) !== (next.batchItemParticipation ?? null)
  );
}

const blank = (s: unknown) => typeof s !== "string" || s.trim() === "";

/** The trimmed, distinct, non-blank contents of a chapter's custom paragraphs. */
function paragraphContents(chapter: unknown): string[] {
  const list = (chapter as { customParagraphs?: { content?: unknown }[] } | null | undefined)
    ?.customParagraphs;
  if (!Array.isArray(list)) return [];
  const out = new Set<string>();
  for (const p of list) if (!blank(p?.content)) out.add((p.content as string).trim());
  return [...out];
}

/** A signature goes stale once a chapter changes after it (a chapter saved later than the signing). */
function isStale(signature: Signature, chapterStatus: Record<string, ReferenceTermChapterState>) {
  const signedAt = signature.signedAt.getTime();
  return Object.values(chapterStatus).some((c) => new Date(c.updatedAt).getTime() > signedAt);
}

const savedCount = (chapterStatus: Record<string, ReferenceTermChapterState>) =>
  REFERENCE_TERM_CHAPTER_CODES.filter((c) => chapterStatus[c]?.status === "COMPLETED").length;
const allSaved = (chapterStatus: Record<string, ReferenceTermChapterState>) =>
  savedCount(chapterStatus) === REFERENCE_TERM_CHAPTER_CODES.length;

/** The term reads as signed: a signature, every chapter saved, none changed after it. */
function isSigned(
  chapterStatus: Record<string, ReferenceTermChapterState>,
  signature: Signature | undefined,
): signature is Signature {
  return Boolean(signature) && allSaved(chapterStatus) && !isStale(signature as Signature, chapterStatus);
}

/** The administration page's REFERENCE_TERM status (§2.3): from the chapters saved and the signature. */
function stepStatus(
  chapterStatus: Record<string, ReferenceTermChapterState>,
  signature: Signature | undefined,
): ReferenceTermStepStatus {
  if (isSigned(chapterStatus, signature)) return "SIGNED";
  const saved = savedCount(chapterStatus);
  if (saved === 0) return "PENDING";
  return saved === REFERENCE_TERM_CHAPTER_CODES.length ? "COMPLETED" : "IN_PROGRESS";
}

/** The term's context (§3 "Context fields"): from the process's preliminary technical study. */
function contextOf(
  study:
    | { modality: Modality | null; subModality: SubModality | null; serviceKind: string | null }
    | undefined,
): ReferenceTermContext {
  const serviceKind = study?.serviceKind;
  return {
    modality: study?.modality ?? null,
    subModality: study?.subModality ?? null,
    serviceKind:
      serviceKind === "SERVICE_WITH_LABOR" || serviceKind === "SERVICE_WITHOUT_LABOR" ? serviceKind : null,
  };
}

const toNumber = (v: string | number | null) => (v === null ? null : Number(v));

/**
 * The Reference Term of a process (planning §2.10, §3, §4 "Reference term document", §5, §7; issue
 * 16 items 4–5): one per process, saved chapter by chapter after the domain's rules for the
 * process's sub-modality and service kind; custom paragraphs feed the body's history; step 1 updates
 * the DFD lots, description and the process modality; exported as .docx and PDF from one document
 * model; a signed PDF is stored with its SHA-256 and that of the PDF issued at that moment. Only the
 * body's planners reach it (another body's process answers 404, as the other planning documents).
 */
export class ReferenceTermService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly storage: FileStorage,
  ) {}

  /** §7 app/referenceTerm/read: the term (empty before its first save) with its header and lots. */
  async read(planner: Planner, processId: string) {
    const process = await readableProcess(this.db, planner, processId);
    return this.view(this.db, process, planner.buyerId);
  }

  /** §7 app/referenceTerm/save: one chapter's fields, validated for the process's context. */
  async save(
    planner: Planner,
    input: {
      process: { id: string };
      chapterCode: ReferenceTermChapterCode;
      step?: string | null;
      data: unknown;
    },
  ) {
    const now = this.clock();
    const code = input.chapterCode;
    const chapter = chapterByCode(code);
    // §4 'step' table: the step is the chapter's next one; the server derives it, a different one is refused.
    const step = nextChapterCode(code);
    if (input.step !== undefined && input.step !== null && input.step !== step)
      throw badRequest(VALIDATION_MESSAGE, [
        { property: "step", errorMessages: [REFERENCE_TERM_STEP_MISMATCH_MESSAGE] },
      ]);
    const process = await this.db.transaction(async (tx) => {
      const raw = isRecord(input.data) ? input.data : {};
      // Lots and items change only while the process is PROCESS_PENDING (§4), as the DFD's own routes.
      // (chapter 1 checks it once it knows whether the lots change).
      const process = await lockWritableProcess(tx, planner, input.process.id);
      const study = await etp.findStudy(tx, process.id);
      const errors = validateChapter(code, input.data, contextOf(study));
      if (errors.length) throw badRequest(VALIDATION_MESSAGE, errors);
      const normalized = sanitizeReferenceTermChapter(code, raw) as Record<string, unknown>;
      const before = await repo.findTerm(tx, process.id);
      const previous = (before?.data ?? {}) as Record<string, unknown>;

      const changes: string[] = [];
      let stored = normalized;
      if (code === "GENERAL_CONTRACTING_CONDITIONS") {
        // The lots are the DFD's (read back as `lots`); the term keeps the chapter's own fields.
        const { batchList, ...rest } = normalized;
        stored = rest;
        changes.push(
          ...(await this.applyGeneralConditions(
            tx,
            process.id,
            process.status === "PROCESS_PENDING",
            study,
            normalized,
            batchList,
            now,
          )),
        );
      }

      await repo.upsertTerm(
        tx,
        process.id,
        {
          data: { ...previous, [chapter.dataKey]: stored },
          chapterStatus: {
            ...(before?.chapterStatus ?? {}),
            [code]: { status: "COMPLETED", updatedAt: now.toISOString() },
          },
          step,
        },
        now,
      );

      // The body's paragraph history: a content this chapter did not hold yet counts one more use.
      const had = new Set(paragraphContents(previous[chapter.dataKey]));
      await repo.recordParagraphs(
        tx,
        planner.buyerId,
        code,
        paragraphContents(stored).map((content) => ({
          content,
          contentSha256: sha256Hex(Buffer.from(content, "utf8")),
          increment: had.has(content) ? 0 : 1,
        })),
        now,
      );

      await appendProcessEvent(tx, {
        processId: process.id,
        eventType: "REFERENCE_TERM_SAVED",
        actorUserId: planner.user.id,
        payload: { chapterCode: code, step, created: !before, changes },
        occurredAt: now,
      });
      return process;
    });
    return this.view(this.db, process, planner.buyerId);
  }

  /**
   * §4 "Step 1 side effects on submit" and "Step 1 bulk rules": the lots' options, the DFD
   * description when it had none, the modality from the object feature (the ETP keeps it; a
   * modality that does not allow the ETP's sub-modality is refused on objectFeature, since chapters
   * 2–10 were filled for that sub-modality). Returns what changed.
   */
  private async applyGeneralConditions(
    tx: Tx,
    processId: string,
    pending: boolean,
    study: Awaited<ReturnType<typeof etp.findStudy>>,
    data: Record<string, unknown>,
    batchList: unknown,
    now: Date,
  ): Promise<string[]> {
    const changes: string[] = [];
    const bulk = PARTICIPATION_OF_PROCESS.get(data.processParticipation);
    const lots = await repo.lotsOfProcess(tx, processId);
    const lotById = new Map(lots.map((l) => [l.id, l]));
    // Lots and items change only while the process is PROCESS_PENDING (§4), as the DFD's own routes;
    // a step 1 that leaves them as they are still saves.
    const updates: [string, LotOptions][] = [];
    if (Array.isArray(batchList) && batchList.length) {
      const own = new Set(lots.map((l) => l.id));
      const list = batchList as Partial<ReferenceTermBatch>[];
      const foreign = list.findIndex((b) => !b?.id || !own.has(b.id));
      if (foreign >= 0)
        throw badRequest(REFERENCE_TERM_LOT_NOT_FOUND_MESSAGE, [
          { property: "batchList", errorMessages: [REFERENCE_TERM_LOT_NOT_FOUND_MESSAGE] },
        ]);
      for (const b of list) {
        const decimals = b.decimalsNumber === 2 || b.decimalsNumber === 4 ? b.decimalsNumber : null;
        const kind =
          b.minimumVariationKind === "REAL" || b.minimumVariationKind === "PERCENTAGE"
            ? b.minimumVariationKind
            : null;
        const variation =
          typeof b.minimumVariation === "number" && Number.isFinite(b.minimumVariation)
            ? b.minimumVariation
            : null;
        const participation = bulk ?? b.batchItemParticipation ?? null;
        const options: LotOptions = {
          isProductBrandRequired: b.isProductBrandRequired === true,
          decimalsNumber: decimals,
          minimumVariationKind: kind,
          minimumVariation: variation === null ? null : String(variation),
          batchItemParticipation: participation,
        };
        if (lotDiffers(lotById.get(b.id as string) as LotRow, options))
          updates.push([b.id as string, options]);
      }
      if (updates.length && !pending) throw conflict(PROCESS_NOT_PENDING_MESSAGE);
      for (const [id, options] of updates) await repo.updateLotOptions(tx, id, options, now);
      if (updates.length) changes.push("lots");
    } else if (bulk && lots.some((l) => l.batchItemParticipation !== bulk)) {
      // No lot list sent: the process participation still decides every lot's (§4 "Step 1 bulk rules").
      if (!pending) throw conflict(PROCESS_NOT_PENDING_MESSAGE);
      await repo.setLotsParticipation(tx, processId, bulk, now);
      changes.push("lots");
    }

    const object = data.objectOfInterest;
    if (!blank(object)) {
      const doc = await dfd.ensureForProcess(tx, processId);
      if (blank(doc.description)) {
        await dfd.updateDocument(tx, doc.id, { description: (object as string).trim() }, now);
        changes.push("description");
      }
    }

    const modality = modalityOfFeature(data.objectFeature);
    if (modality && study?.modality !== modality) {
      const subModality = subModalityAfterModalityChange(modality, study?.subModality);
      // Chapters 2–10 follow the ETP's sub-modality: a modality that does not allow it is refused, not cleared.
      if (study?.subModality && subModality === null) {
        const label = SUB_MODALITY_LABELS[study.subModality] ?? study.subModality;
        const message = subModalityNotAllowedMessage(MODALITY_LABELS[modality] ?? modality, label);
        throw badRequest(message, [{ property: "objectFeature", errorMessages: [message] }]);
      }
      await etp.upsertStudy(
        tx,
        processId,
        {
          modality,
          subModality,
          serviceKind: needsServiceKind(subModality) ? (study?.serviceKind ?? null) : null,
        },
        now,
      );
      changes.push("modality");
    }
    return changes;
  }

  /** GET app/referenceTerm/template: the server's template (the domain's text). */
  template() {
    return { template: DEFAULT_REFERENCE_TERM_TEMPLATE };
  }

  /** §7 app/paragraphTemplate/byChapter: the body's history of a chapter, most used first. */
  async paragraphTemplates(planner: Planner, chapterCode: string) {
    const rows = await repo.paragraphTemplatesOf(this.db, planner.buyerId, chapterCode);
    return {
      list: rows.map((r) => ({
        content: r.content,
        usageCount: r.usageCount,
        createdDate: r.createdDate.toISOString(),
      })),
    };
  }

  /** 'Download Word': the document model as a .docx. */
  async word(planner: Planner, processId: string) {
    const process = await readableProcess(this.db, planner, processId);
    const { document, header } = await this.document(this.db, process, planner.buyerId);
    return renderDocumentDocx(referenceTermDocumentModel(document, header.buyerName ?? undefined));
  }

  /** 'Imprimir PDF': the document model as a PDF. */
  /** The term's PDF; `valueText` renders it as the notice's annex (no estimate, see the domain). */
  async pdf(planner: Planner, processId: string, options: { valueText?: string } = {}) {
    const process = await readableProcess(this.db, planner, processId);
    return this.issuePdf(this.db, process, planner.buyerId, options.valueText);
  }

  /**
   * The term as the body's document, versioned (issue 35 item 3: the same content gives the same PDF,
   * whatever the day, so a signature's SHA-256 tells whether it changed since).
   */
  async documentModel(planner: Planner, processId: string): Promise<IssuedDocument> {
    const process = await readableProcess(this.db, planner, processId);
    return this.issued(this.db, process, planner.buyerId);
  }

  private async issued(db: DbOrTx, process: ProcessRow, buyerId: string): Promise<IssuedDocument> {
    const { document, header } = await this.document(db, process, buyerId);
    return {
      model: referenceTermDocumentModel(document, header.buyerName ?? undefined),
      issuedAt: process.createdDate,
      documentId: processDocumentId(process.id, "REFERENCE_TERM"),
      fileName: (format) => (format === "pdf" ? REFERENCE_TERM_PDF_FILE_NAME : REFERENCE_TERM_WORD_FILE_NAME),
    };
  }

  private async issuePdf(db: DbOrTx, process: ProcessRow, buyerId: string, valueText?: string) {
    if (valueText === undefined) return renderDocument(await this.issued(db, process, buyerId), "pdf");
    // The notice's annex (no estimate) is another document, issued as filed.
    const { document, header } = await this.document(db, process, buyerId, valueText);
    return renderDocumentPdf(referenceTermDocumentModel(document, header.buyerName ?? undefined), {
      issuedAt: this.clock(),
    });
  }

  /**
   * The signed term (issue 16 item 5): the PDF is stored with the files, its SHA-256 and that of the
   * PDF the platform issues now are recorded (the registration's upload-signature pattern); the
   * chapters read SIGNED until one changes.
   */
  async sign(planner: Planner, processId: string, file: { filename: string; bytes: Buffer }) {
    const process = await readableProcess(this.db, planner, processId);
    const complete = async (db: DbOrTx) => {
      const term = await repo.findTerm(db, process.id);
      if (!allSaved(term?.chapterStatus ?? {})) throw conflict(REFERENCE_TERM_INCOMPLETE_MESSAGE);
    };
    await complete(this.db);
    const now = this.clock();
    const issued = await this.issuePdf(this.db, process, planner.buyerId);
    const storageKey = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/${randomUUID()}.pdf`;
    const name = file.filename.toLowerCase().endsWith(".pdf") ? file.filename : `${file.filename}.pdf`;
    const signedSha256 = sha256Hex(file.bytes);
    await this.storage.write(storageKey, file.bytes);
    try {
      await this.db.transaction(async (tx) => {
        await lockWritableProcess(tx, planner, process.id);
        await complete(tx);
        const fileId = await insertStoredPdf(tx, {
          storageKey,
          originalName: name,
          sizeBytes: file.bytes.length,
          sha256: signedSha256,
          userId: planner.user.id,
        });
        await repo.insertSignature(tx, {
          processId: process.id,
          fileId,
          signedSha256,
          issuedSha256: sha256Hex(issued),
          hasDigitalSignature: pdfHasSignatureDictionary(file.bytes),
          signedByUserId: planner.user.id,
          signedAt: now,
        });
        await appendProcessEvent(tx, {
          processId: process.id,
          eventType: "REFERENCE_TERM_SIGNED",
          actorUserId: planner.user.id,
          payload: { fileId, signedSha256 },
          occurredAt: now,
        });
      });
    } catch (error) {
      await this.storage.remove(storageKey).catch(() => {});
      throw error;
    }
    return this.view(this.db, process, planner.buyerId);
  }

  /** The signed PDF on record, for the body's planners. */
  async signedFile(planner: Planner, processId: string) {
    const process = await readableProcess(this.db, planner, processId);
    const signature = await repo.latestSignature(this.db, process.id);
    if (!signature) throw notFound(REFERENCE_TERM_NOT_SIGNED_MESSAGE);
    return {
      name: signature.fileName,
      mimeType: signature.mimeType,
      stream: this.storage.read(signature.storageKey),
    };
  }

  /** Header, lots, context and data: what the preview, the .docx and the PDF are built from. */
  private async input(db: DbOrTx, process: ProcessRow, buyerId: string) {
    const [term, study, lotRows, demand, body, agents, matrix] = await Promise.all([
      repo.findTerm(db, process.id),
      etp.findStudy(db, process.id),
      repo.lotsOfProcess(db, process.id),
      dfd.findByProcess(db, process.id),
      buyerName(db, buyerId),
      repo.processAgents(db, process.id),
      findRiskManagement(db, process.id),
    ]);
    const context = contextOf(study);
    const prices = await referencePricesOf(db, lotRows);
    // 'Valor Total do Processo': Σ reference price × quantity of the priced lots (§2.8, §3 totalAmount).
    let total: number | null = null;
    for (const lot of lotRows) {
      const cents = prices.get(lot.id)?.referenceCents ?? null;
      // Exact decimal arithmetic: cents (2 places) × the lot's numeric quantity, rounded to cents.
      if (cents !== null) total = (total ?? 0) + multiplyByQuantity(cents, 2, String(lot.quantity), 2);
    }
    const selected = matrix && !matrix.canDispenseRisk ? await selectedRisksOf(db, matrix.id) : [];
    const level = riskPanel(selected.map((s) => s.risk)).processLevel;
    const data = (term?.data ?? {}) as ReferenceTermData & Record<string, unknown>;
    const lots: ReferenceTermBatch[] = lotRows.map((l) => ({
      id: l.id,
      number: l.number,
      item: l.item,
      description: l.technicalDescription ? `${l.productName} — ${l.technicalDescription}` : l.productName,
      quantity: Number(l.quantity),
      isProductBrandRequired: l.isProductBrandRequired,
      decimalsNumber: l.decimalsNumber === 2 || l.decimalsNumber === 4 ? l.decimalsNumber : null,
      minimumVariationKind: l.minimumVariationKind,
      minimumVariation: toNumber(l.minimumVariation),
      batchItemParticipation: l.batchItemParticipation,
    }));
    const general = data.generalConditions as Record<string, unknown> | null | undefined;
    const header: ReferenceTermDocumentInput["header"] = {
      processNumber: process.processNumber,
      object: demand?.description ?? ((general?.objectOfInterest as string | undefined) || null),
      modalityLabel: study?.modality ? (MODALITY_LABELS[study.modality] ?? study.modality) : null,
      subModalityLabel: study?.subModality
        ? (SUB_MODALITY_LABELS[study.subModality] ?? study.subModality)
        : null,
      processDate: process.processDate,
      buyerName: body || null,
      agentName: agents.map((a) => a.name).join(", ") || null,
      totalValueCents: total,
      averageRisk: level ? RISK_LEVEL_LABELS[level] : null,
    };
    // The lots live in the DFD: step 1's batchList is always read from there.
    const withLots: ReferenceTermData = general
      ? { ...data, generalConditions: { ...general, batchList: lots } }
      : data;
    return { term, context, header, lots, data: withLots };
  }

  private async document(db: DbOrTx, process: ProcessRow, buyerId: string, valueText?: string) {
    const input = await this.input(db, process, buyerId);
    const document = buildReferenceTermDocument(DEFAULT_REFERENCE_TERM_TEMPLATE, {
      header: input.header,
      context: input.context,
      data: input.data,
      lots: input.lots,
      valueText,
    });
    return { document, header: input.header };
  }

  private async view(db: DbOrTx, process: ProcessRow, buyerId: string) {
    const [input, signature] = await Promise.all([
      this.input(db, process, buyerId),
      repo.latestSignature(db, process.id),
    ]);
    const chapterStatus = input.term?.chapterStatus ?? {};
    const stale = signature ? isStale(signature, chapterStatus) : false;
    const signed = isSigned(chapterStatus, signature);
    const chapters = REFERENCE_TERM_CHAPTER_CODES.map((code) => {
      const state = chapterStatus[code];
      const status: ReferenceTermChapterStatus = !state ? "PENDING" : signed ? "SIGNED" : "COMPLETED";
      return { code, status, updatedDate: state?.updatedAt ?? null };
    });
    return {
      process: { id: process.id, processNumber: process.processNumber, isDeleted: process.isDeleted },
      context: input.context,
      header: input.header,
      lots: input.lots,
      data: input.data,
      chapters,
      progress: referenceTermProgress(Object.fromEntries(chapters.map((c) => [c.code, c.status]))),
      step: input.term?.step ?? null,
      status: stepStatus(chapterStatus, signature),
      signature: signature
        ? {
            fileName: signature.fileName,
            signedSha256: signature.signedSha256,
            issuedSha256: signature.issuedSha256,
            hasDigitalSignature: signature.hasDigitalSignature,
            signedAt: signature.signedAt.toISOString(),
            signedBy: signature.signedBy,
            stale,
          }
        : null,
    };
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The domain's rules of a chapter (types, then §5); a body that is not an object is refused as a whole. */
function validateChapter(code: ReferenceTermChapterCode, data: unknown, context: ReferenceTermContext) {
  if (!isRecord(data)) return [{ property: "data", errorMessages: [VALIDATION_MESSAGE] }];
  return validateReferenceTermChapter(code, data as never, context);
}

/** The REFERENCE_TERM line of the administration page: its status and last change. */
export async function referenceTermStepSummary(
  db: DbOrTx,
  processId: string,
): Promise<{ status: ReferenceTermStepStatus; updatedDate: string | null }> {
  const [term, signature] = await Promise.all([
    repo.findTerm(db, processId),
    repo.latestSignature(db, processId),
  ]);
  const status = stepStatus(term?.chapterStatus ?? {}, signature);
  const dates = [term?.updatedDate, signature?.signedAt].filter((d): d is Date => Boolean(d));
  const latest = dates.length ? new Date(Math.max(...dates.map((d) => d.getTime()))) : null;
  return { status, updatedDate: status === "PENDING" ? null : (latest?.toISOString() ?? null) };
}
