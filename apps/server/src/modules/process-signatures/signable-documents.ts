import {
  PROCESS_NOTICE_NOT_FOUND_MESSAGE,
  PROCESS_STEP_KIND_LABELS,
  SIGNATURE_EMPTY_DOCUMENT_MESSAGE,
  type SignableDocumentKind,
} from "@certame/domain";
import type { Clock } from "../../clock/clock";
import type { Db } from "../../db/client";
import { type IssuedDocument, renderDocument, versionMarks } from "../../files/document-file";
import type { FileStorage } from "../../files/file-storage";
import { conflict, notFound } from "../../http/errors";
import { BudgetService } from "../budget/budget.service";
import { DemandFormalizationService } from "../demand-formalization/demand-formalization.service";
import { PreliminaryTechnicalStudyService } from "../preliminary-technical-study/preliminary-technical-study.service";
import { issueProcessEdital } from "../process-documents/edital";
import { noticeIdOfProcess } from "../process-documents/process-documents.repository";
import type { Planner } from "../processes/process.policy";
import { planningOverview } from "../processes/process-overview";
import { ReferenceTermService } from "../reference-term/reference-term.service";
import { sha256Hex } from "../registration/signature-provider";
import { RiskManagementService } from "../risk-management/risk-management.service";

/** A document as it is now: its model, its PDF's bytes and their SHA-256, and the id its PDF names. */
export interface CurrentDocument {
  kind: SignableDocumentKind;
  title: string;
  doc: IssuedDocument;
  pdf: Buffer;
  sha256: string;
  /** The Keywords its PDF carries (the platform's id and version: files/document-file.ts). */
  keywords: string;
}

/**
 * The documents a process's steps sign (issue 35 item 3), each issued by its own service exactly as
 * its step's PDF download issues it (versioned: files/document-file.ts), so that the SHA-256 of the
 * bytes signed is the SHA-256 of the file the planner downloads and reads.
 */
export class SignableDocuments {
  private readonly demand: DemandFormalizationService;
  private readonly study: PreliminaryTechnicalStudyService;
  private readonly risks: RiskManagementService;
  private readonly budget: BudgetService;
  private readonly terms: ReferenceTermService;

  constructor(
    private readonly db: Db,
    clock: Clock,
    storage: FileStorage,
  ) {
    this.demand = new DemandFormalizationService(db, clock);
    this.study = new PreliminaryTechnicalStudyService(db, clock);
    this.risks = new RiskManagementService(db, clock);
    this.budget = new BudgetService(db, clock);
    this.terms = new ReferenceTermService(db, clock, storage);
  }

  /** The document's model as its step's download issues it (404 when step 6 has no notice yet). */
  async issue(planner: Planner, processId: string, kind: SignableDocumentKind): Promise<IssuedDocument> {
    switch (kind) {
      case "DEMAND_FORMALIZATION":
        return this.demand.documentModel(planner, processId);
      case "PRELIMINARY_TECHNICAL_STUDY":
        return this.study.documentModel(planner, processId);
      case "RISK_MANAGEMENT":
        return this.risks.documentModel(planner, processId);
      case "BUDGET":
        return this.budget.documentModel(planner, processId);
      case "REFERENCE_TERM":
        return this.terms.documentModel(planner, processId);
      case "AUCTION_NOTICE": {
        const noticeId = await noticeIdOfProcess(this.db, processId);
        const edital = noticeId ? await issueProcessEdital(this.db, processId, noticeId) : undefined;
        if (!edital) throw notFound(PROCESS_NOTICE_NOT_FOUND_MESSAGE);
        return edital;
      }
    }
  }

  /** The document now, rendered to PDF (the caller has checked the process is the planner's). */
  async current(planner: Planner, processId: string, kind: SignableDocumentKind): Promise<CurrentDocument> {
    const doc = await this.issue(planner, processId, kind);
    const pdf = await renderDocument(doc, "pdf");
    return {
      kind,
      title: PROCESS_STEP_KIND_LABELS[kind],
      doc,
      pdf,
      sha256: sha256Hex(pdf),
      keywords: versionMarks(doc.documentId ?? "", doc.model).keywords,
    };
  }

  /** Refuses to sign a planning document nobody has filled yet (the step still PENDING). */
  async assertFilled(processId: string, kind: SignableDocumentKind) {
    if (kind === "AUCTION_NOTICE") return; // issue() answers 404 while there is no notice.
    const { steps } = await planningOverview(this.db, processId);
    if ((steps[kind]?.status ?? "PENDING") === "PENDING") throw conflict(SIGNATURE_EMPTY_DOCUMENT_MESSAGE);
  }
}
