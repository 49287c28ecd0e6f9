import {
  buildEtpDocument,
  ETP_DISPENSED_STEP_MESSAGE,
  ETP_DOCUMENT_NOT_FOUND_MESSAGE,
  ETP_FOREIGN_FILE_MESSAGE,
  ETP_TEXT_STEPS,
  type EtpSaveInput,
  type EtpStatus,
  etpStepStatus,
  isEtpTextStep,
  needsServiceKind,
  processFileName,
} from "@certame/domain";
import type { Clock } from "../../clock/clock";
import type { Db, DbOrTx } from "../../db/client";
import { type IssuedDocument, processDocumentId } from "../../files/document-file";
import { badRequest, conflict, notFound } from "../../http/errors";
import { buyerName } from "../buyers/buyer.repository";
import {
  assertOwnPeople,
  lockWritableProcess,
  type Planner,
  readableProcess,
} from "../processes/process.policy";
import {
  appendProcessEvent,
  responsiblesOf,
  secretariesOf,
  setProcessResponsibles,
  setProcessSecretaries,
} from "../processes/process.repository";
import { filesOfBody } from "../uploads/upload.repository";
import type { StudyRow, StudyValues } from "./preliminary-technical-study.repository";
import * as repo from "./preliminary-technical-study.repository";

/** The study's own columns that a read returns (§3 "Preliminary technical study"). */
const STUDY_FIELDS = [
  "number",
  "isRejectedFromTheProcess",
  "exemptionJustification",
  "description",
  "modality",
  "subModality",
  "serviceKind",
  "descriptionHiringRequirements",
  "marketResearch",
  "solutionDescription",
  "quantityEstimates",
  "estimateContractValue",
  "justification",
  "hiring",
  "contractingAndPlanningAlignment",
  "intendedResults",
  "measuresToTake",
  "environmentalImpacts",
  "feasibilityJustification",
  "vulnerabilityStatementKind",
] as const satisfies readonly (keyof StudyRow)[];

type StudyField = (typeof STUDY_FIELDS)[number];

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** The columns one step's save writes (the description step writes the text of its branch). */
function valuesOfStep(input: EtpSaveInput): StudyValues {
  switch (input.step) {
    case "DESCRIPTION": {
      const dispensed = input.isRejectedFromTheProcess;
      return {
        number: input.number,
        isRejectedFromTheProcess: dispensed,
        modality: input.modality,
        subModality: input.subModality,
        serviceKind: needsServiceKind(input.subModality) ? (input.serviceKind ?? null) : null,
        // §2.6: either the need description or the exemption justification. Switching to dispensed
        // keeps the need description (and the other texts); a study that is not dispensed has none.
        ...(dispensed
          ? { exemptionJustification: input.exemptionJustification }
          : { description: input.description, exemptionJustification: null }),
      };
    }
    case "FEASIBILITY_DESCRIPTION":
      return {
        vulnerabilityStatementKind: input.vulnerabilityStatementKind,
        feasibilityJustification: input.feasibilityJustification,
      };
    default: {
      if (!isEtpTextStep(input.step)) return {};
      const field = ETP_TEXT_STEPS[input.step].field;
      return { [field]: (input as unknown as Record<string, string | null>)[field] ?? null };
    }
  }
}

/** A referenced file must have been uploaded by the body (the caller, its account or its staff). */
async function assertBodyFiles(db: DbOrTx, planner: Planner, fileIds: string[]) {
  const found = new Set(await filesOfBody(db, planner.buyerId, planner.user.id, fileIds));
  const foreign = fileIds.findIndex((id) => !found.has(id));
  if (foreign >= 0)
    throw badRequest(ETP_FOREIGN_FILE_MESSAGE, [
      { property: `documents.${foreign}.fileId`, errorMessages: [ETP_FOREIGN_FILE_MESSAGE] },
    ]);
}

/**
 * The Preliminary Technical Study of a process (planning §2.6, §3, §4 "ETP dispensation", §5, §7):
 * one row per process, created on its first save and saved step by step; the requesting areas and
 * responsibles are the process's own (shared with the DFD). Only the body's planners read or save
 * it; a deleted process is read-only; every save is a line of the process's log, in its transaction.
 */
export class PreliminaryTechnicalStudyService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** §7 app/preliminaryTechnicalStudy/read: the study's fields (null when never saved) and the people. */
  async read(planner: Planner, processId: string) {
    const process = await readableProcess(this.db, planner, processId);
    return this.view(this.db, process);
  }

  /** §7 app/preliminaryTechnicalStudy/save: one step's fields plus process {id, secretaries?, responsible?}. */
  async save(planner: Planner, input: EtpSaveInput) {
    const now = this.clock();
    const people = {
      secretaries: input.process.secretaries?.map((s) => s.id),
      responsible: input.process.responsible?.map((r) => r.id),
    };

    const process = await this.db.transaction(async (tx) => {
      const process = await lockWritableProcess(tx, planner, input.process.id);
      // The ownership checks read under the lock, in the transaction (as the DFD and risk saves).
      const own = await assertOwnPeople(tx, planner.buyerId, people);
      if (input.step === "DOCUMENTS")
        await assertBodyFiles(
          tx,
          planner,
          input.documents.map((d) => d.fileId),
        );
      const before = await repo.findStudy(tx, process.id);
      if (before?.isRejectedFromTheProcess && input.step !== "DESCRIPTION")
        throw conflict(ETP_DISPENSED_STEP_MESSAGE);
      const values = valuesOfStep(input);
      const row = await repo.upsertStudy(tx, process.id, values, now);
      const changed: string[] = STUDY_FIELDS.filter(
        (f: StudyField) => f in values && (before?.[f] ?? null) !== (row[f] ?? null),
      );

      if (people.secretaries) {
        const current = (await secretariesOf(tx, process.id)).map((s) => s.id);
        if (!sameIds(current, own.secretaries)) {
          await setProcessSecretaries(tx, process.id, own.secretaries);
          changed.push("secretaries");
        }
      }
      if (people.responsible) {
        const current = (await responsiblesOf(tx, process.id)).map((r) => r.id);
        if (!sameIds(current, own.responsible)) {
          await setProcessResponsibles(tx, process.id, own.responsible);
          changed.push("responsible");
        }
      }
      if (input.step === "DOCUMENTS") {
        const current = await repo.documentsOf(tx, row.id);
        const key = (d: { fileId: string; description: string | null }) =>
          `${d.fileId}:${d.description ?? ""}`;
        if (current.map(key).join() !== input.documents.map(key).join()) {
          await repo.replaceDocuments(tx, row.id, input.documents, now);
          changed.push("documents");
        }
      }

      await appendProcessEvent(tx, {
        processId: process.id,
        eventType: "ETP_SAVED",
        actorUserId: planner.user.id,
        payload: { step: input.step, fields: changed, created: !before },
        occurredAt: now,
      });
      return process;
    });
    return this.view(this.db, process);
  }

  /** GET app/preliminaryTechnicalStudy/{pdf,docx}/:processId: the ETP as the body's document. */
  async documentModel(
    planner: Planner,
    processId: string,
    options: { asNoticeAnnex?: boolean } = {},
  ): Promise<IssuedDocument> {
    const process = await readableProcess(this.db, planner, processId);
    const view = await this.view(this.db, process);
    return {
      model: buildEtpDocument({
        buyerName: await buyerName(this.db, planner.buyerId),
        processNumber: process.processNumber,
        study: view,
        asNoticeAnnex: options.asNoticeAnnex,
      }),
      // Versioned (issue 35 item 3), but for the notice's annex (another document, issued as filed).
      ...(options.asNoticeAnnex
        ? { issuedAt: this.clock() }
        : {
            issuedAt: process.createdDate,
            documentId: processDocumentId(process.id, "PRELIMINARY_TECHNICAL_STUDY"),
          }),
      fileName: (format) => processFileName("etp", process.processNumber, format),
    };
  }

  /** An attachment of the ETP, for the body's planners (the uploader's own route serves only the uploader). */
  async document(planner: Planner, processId: string, fileId: string) {
    await readableProcess(this.db, planner, processId);
    const file = await repo.attachedFile(this.db, processId, fileId);
    if (!file) throw notFound(ETP_DOCUMENT_NOT_FOUND_MESSAGE);
    return file;
  }

  private async view(db: DbOrTx, process: { id: string; processNumber: string; isDeleted: boolean }) {
    const [row, secretaries, responsible] = await Promise.all([
      repo.findStudy(db, process.id),
      secretariesOf(db, process.id),
      responsiblesOf(db, process.id),
    ]);
    const documents = row ? await repo.documentsOf(db, row.id) : [];
    const fields = Object.fromEntries(STUDY_FIELDS.map((f) => [f, row?.[f] ?? null])) as {
      [F in StudyField]: StudyRow[F] | null;
    };
    return {
      id: row?.id ?? null,
      ...fields,
      documents: documents.map((d) => ({
        id: d.id,
        fileId: d.fileId,
        name: d.name,
        description: d.description,
        url: `/api/app/preliminaryTechnicalStudy/document/${process.id}/${d.fileId}`,
      })),
      status: etpStepStatus(row ? { ...row, secretaries, responsible } : null),
      updatedDate: row?.updatedDate.toISOString() ?? null,
      process: {
        id: process.id,
        processNumber: process.processNumber,
        isDeleted: process.isDeleted,
        secretaries,
        responsible,
      },
    };
  }
}

export type EtpView = Awaited<ReturnType<PreliminaryTechnicalStudyService["read"]>>;

/** The ETP line of the administration page (the lead wires it): its status and last change. */
export async function etpStepSummary(
  db: DbOrTx,
  processId: string,
): Promise<{ status: EtpStatus; updatedDate: string | null }> {
  const row = await repo.findStudy(db, processId);
  if (!row) return { status: "PENDING", updatedDate: null };
  const [secretaries, responsible] = await Promise.all([
    secretariesOf(db, processId),
    responsiblesOf(db, processId),
  ]);
  return {
    status: etpStepStatus({ ...row, secretaries, responsible }),
    updatedDate: row.updatedDate.toISOString(),
  };
}
