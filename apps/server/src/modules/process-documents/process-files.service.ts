import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import {
  PRICE_SEARCH_REPORT_FILE_NAME,
  PROCESS_NOTICE_NOT_FOUND_MESSAGE,
  processFileName,
  REFERENCE_TERM_PDF_FILE_NAME,
} from "@certame/domain";
import type { Clock } from "../../clock/clock";
import type { Db } from "../../db/client";
import { type IssuedDocument, renderDocument } from "../../files/document-file";
import type { FileStorage } from "../../files/file-storage";
import { brasiliaStamp } from "../../files/pdf-layout";
import { uniqueEntryNames, zipStream } from "../../files/zip-stream";
import { notFound } from "../../http/errors";
import { safeFileName } from "../../http/send-file";
import { batchesOfProcess, budgetsOfBatches } from "../budget/budget.repository";
import { BudgetService } from "../budget/budget.service";
import { budgetPriceReport } from "../budget/price-report";
import { renderPriceSearchDocx } from "../budget/price-search-docx";
import { buyerName } from "../buyers/buyer.repository";
import { findByProcess as findDemandFormalization } from "../demand-formalization/demand-formalization.repository";
import { DemandFormalizationService } from "../demand-formalization/demand-formalization.service";
import { findStudy } from "../preliminary-technical-study/preliminary-technical-study.repository";
import { PreliminaryTechnicalStudyService } from "../preliminary-technical-study/preliminary-technical-study.service";
import { type Planner, readableProcess } from "../processes/process.policy";
import { findTerm, latestSignature } from "../reference-term/reference-term.repository";
import { ReferenceTermService } from "../reference-term/reference-term.service";
import { findRiskManagement } from "../risk-management/risk-management.repository";
import { RiskManagementService } from "../risk-management/risk-management.service";
import { issueProcessEdital } from "./edital";
import { noticeFiles, noticeIdOfProcess } from "./process-documents.repository";

export const README_FILE_NAME = "LEIA-ME.txt";

const NOTICE_FILE_TITLES = {
  AUCTION_NOTICE: "Edital (arquivo principal do edital)",
  OTHER: "Documento do edital",
  PUBLICATION_PROOF: "Comprovante de publicação do edital",
  SESSION_MINUTES: "Ata da sessão",
} as const;

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** One file of the archive: generated now (bytes) or stored (its key and recorded SHA-256). */
export type ArchiveFile = { name: string; title: string; sha256: string; mtime: Date } & (
  | { bytes: Buffer }
  | { storageKey: string }
);

/**
 * The process's documents (issue 35 item 2, step 9 'Baixar arquivos do processo'): the planning
 * documents as PDF and the edital from the same models as their downloads, the price research
 * report, the signed reference term, each signed document with its signature manifest and the signed
 * PDFs its signers sent (issue 35 item 3), and the linked notice's own files, with LEIA-ME.txt listing each
 * one's SHA-256 (as `sha256sum -c` reads it) and naming the documents that do not exist yet.
 */
export class ProcessFilesService {
  private readonly demand: DemandFormalizationService;
  private readonly study: PreliminaryTechnicalStudyService;
  private readonly risks: RiskManagementService;
  private readonly terms: ReferenceTermService;
  private readonly budget: BudgetService;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly storage: FileStorage,
    /** The signed documents with their manifests and the signed PDFs sent (issue 35 item 3). */
    private readonly signatures?: {
      archiveFiles(planner: Planner, process: { id: string; processNumber: string }): Promise<ArchiveFile[]>;
    },
  ) {
    this.demand = new DemandFormalizationService(db, clock);
    this.study = new PreliminaryTechnicalStudyService(db, clock);
    this.risks = new RiskManagementService(db, clock);
    this.terms = new ReferenceTermService(db, clock, storage);
    this.budget = new BudgetService(db, clock);
  }

  /** The edital of the process's notice (GET app/process/notice/{pdf,docx}/:processId). */
  async edital(planner: Planner, processId: string): Promise<IssuedDocument> {
    const process = await readableProcess(this.db, planner, processId);
    const noticeId = await noticeIdOfProcess(this.db, process.id);
    const edital = noticeId ? await issueProcessEdital(this.db, process.id, noticeId) : undefined;
    if (!edital) throw notFound(PROCESS_NOTICE_NOT_FOUND_MESSAGE);
    return edital;
  }

  /** GET app/process/files/:processId: the archive's name and its stream. */
  async archive(planner: Planner, processId: string) {
    const process = await readableProcess(this.db, planner, processId);
    const now = this.clock();
    const [dfd, etp, matrix, term, signature, lots, noticeId, body] = await Promise.all([
      findDemandFormalization(this.db, process.id),
      findStudy(this.db, process.id),
      findRiskManagement(this.db, process.id),
      findTerm(this.db, process.id),
      latestSignature(this.db, process.id),
      batchesOfProcess(this.db, process.id),
      noticeIdOfProcess(this.db, process.id),
      buyerName(this.db, planner.buyerId),
    ]);
    const quotes = await budgetsOfBatches(
      this.db,
      lots.map((l) => l.id),
    );
    const stored = noticeId ? await noticeFiles(this.db, noticeId) : [];
    const files: ArchiveFile[] = [];
    const absent: string[] = [];
    const generated = async (title: string, make: (() => Promise<[string, Buffer]>) | null) => {
      if (!make) {
        absent.push(title);
        return;
      }
      const [name, bytes] = await make();
      files.push({ name, title, bytes, sha256: sha256(bytes), mtime: now });
    };
    const pdf = (load: () => Promise<IssuedDocument>) => async (): Promise<[string, Buffer]> => {
      const doc = await load();
      return [doc.fileName("pdf"), await renderDocument(doc, "pdf")];
    };

    await generated(
      "Documento de Formalização de Demanda (DFD)",
      dfd ? pdf(() => this.demand.documentModel(planner, process.id)) : null,
    );
    await generated(
      "Estudo Técnico Preliminar (ETP)",
      etp ? pdf(() => this.study.documentModel(planner, process.id)) : null,
    );
    await generated(
      "Matriz de Riscos",
      matrix ? pdf(() => this.risks.documentModel(planner, process.id)) : null,
    );
    await generated(
      "Relatório de Pesquisa de Preços",
      quotes.length > 0
        ? async () => [
            PRICE_SEARCH_REPORT_FILE_NAME,
            await renderPriceSearchDocx(
              budgetPriceReport(
                await this.budget.read(planner, { processId: process.id, limitPerPage: 1000 }),
                {
                  bodyName: body,
                  issuedAt: now,
                },
              ),
            ),
          ]
        : null,
    );
    await generated(
      "Termo de Referência",
      term ? async () => [REFERENCE_TERM_PDF_FILE_NAME, await this.terms.pdf(planner, process.id)] : null,
    );
    if (signature)
      files.push({
        name: signature.fileName,
        title: "Termo de Referência assinado",
        storageKey: signature.storageKey,
        sha256: signature.signedSha256,
        mtime: signature.signedAt,
      });
    else absent.push("Termo de Referência assinado");
    if (this.signatures) files.push(...(await this.signatures.archiveFiles(planner, process)));
    // A notice's own main file is the edital on record; the edital is generated only while it has none.
    const edital = noticeId ? await issueProcessEdital(this.db, process.id, noticeId) : undefined;
    if (!stored.some((f) => f.kind === "AUCTION_NOTICE"))
      await generated("Edital", edital ? pdf(async () => edital) : null);
    for (const f of stored)
      files.push({
        name: `documentos-do-edital/${safeFileName(f.name, 200)}`,
        title: NOTICE_FILE_TITLES[f.kind],
        storageKey: f.storageKey,
        sha256: f.sha256,
        mtime: f.createdDate,
      });

    const names = uniqueEntryNames([README_FILE_NAME, ...files.map((f) => f.name)]);
    const readme = Buffer.from(
      readmeText({
        processNumber: process.processNumber,
        buyerName: body,
        issuedAt: now,
        files: files.map((f, i) => ({ ...f, name: names[i + 1] as string })),
        absent,
      }),
      "utf8",
    );
    const stream = zipStream([
      { name: README_FILE_NAME, mtime: now, open: () => Readable.from([readme]) },
      ...files.map((f, i) => ({
        name: names[i + 1] as string,
        mtime: f.mtime,
        open: () => ("bytes" in f ? Readable.from([f.bytes]) : this.storage.read(f.storageKey)),
      })),
    ]);
    return { fileName: processFileName("arquivos-do-processo", process.processNumber, "zip"), stream };
  }
}

/** LEIA-ME.txt: what the archive holds, each file's SHA-256 in `sha256sum` form, and what is missing. */
export function readmeText(input: {
  processNumber: string;
  buyerName: string;
  issuedAt: Date;
  files: { name: string; title: string; sha256: string }[];
  absent: string[];
}): string {
  const lines = [
    `Arquivos do processo ${input.processNumber}${input.buyerName ? ` — ${input.buyerName}` : ""}`,
    `Gerado pela plataforma Certame em ${brasiliaStamp(input.issuedAt)} (horário de Brasília).`,
    "",
    "Arquivos incluídos:",
    ...input.files.map((f) => `- ${f.name}: ${f.title}`),
    "",
    "Resumo SHA-256 de cada arquivo (confira com `sha256sum -c LEIA-ME.txt` na pasta extraída):",
    ...input.files.map((f) => `${f.sha256}  ${f.name}`),
    "",
    input.absent.length
      ? "Documentos ainda inexistentes, não incluídos:"
      : "Todos os documentos do processo estão incluídos.",
    ...input.absent.map((title) => `- ${title}`),
    "",
  ];
  return lines.join("\n");
}
