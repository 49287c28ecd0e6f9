import {
  buildRiskMatrixDocument,
  PROCESS_NOT_PENDING_MESSAGE,
  processFileName,
  RISK_FILE_NOT_ALLOWED_MESSAGE,
  RISK_LOCKED_MESSAGE,
  RISK_NOT_FOUND_MESSAGE,
  RISK_NOT_SELECTED_MESSAGE,
  RISK_SELECTED_ELSEWHERE_MESSAGE,
  type RiskListInput,
  type RiskManagementSaveInput,
  type RiskSaveInput,
  revisionHistory,
  riskLevel,
  riskManagementSaveKind,
  riskPanel,
} from "@certame/domain";
import type { Clock } from "../../clock/clock";
import type { Db, Tx } from "../../db/client";
import { type IssuedDocument, processDocumentId } from "../../files/document-file";
import { badRequest, conflict, notFound } from "../../http/errors";
import { buyerName } from "../buyers/buyer.repository";
import {
  assertOwnPeople,
  lockWritableProcess,
  type Planner,
  readableProcess,
} from "../processes/process.policy";
import { appendProcessEvent, staffOfBody } from "../processes/process.repository";
import { filesOfBody } from "../uploads/upload.repository";
import * as repo from "./risk-management.repository";

const riskNotFound = () => notFound(RISK_NOT_FOUND_MESSAGE);

/**
 * The Risk Matrix of a process (planning §2.7, §4 "Risk matrix", §5, §7 "Risk management"): the body's
 * own catalogue of risks, the process's selection with responsible people, the attachments, the
 * dispensation. Another body's process and risks answer 404; risks change only while the process is
 * pending (§4); every save is one line of the process's log, in its transaction.
 */
export class RiskManagementService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** §7 read: the matrix (blank before its first save), its selection, attachments, panel and history. */
  async read(planner: Planner, processId: string) {
    const process = await readableProcess(this.db, planner, processId);
    const matrix = await repo.findRiskManagement(this.db, processId);
    const selected = matrix ? await repo.selectedRisksOf(this.db, matrix.id) : [];
    const documents = matrix ? await repo.documentsOf(this.db, matrix.id) : [];
    const scored = selected.map((s) => s.risk);
    return {
      id: matrix?.id ?? null,
      number: matrix?.number ?? null,
      canDispenseRisk: matrix?.canDispenseRisk ?? false,
      justification: matrix?.justification ?? null,
      updatedDate: matrix?.updatedDate.toISOString() ?? null,
      documents,
      process: {
        id: process.id,
        processNumber: process.processNumber,
        status: process.status,
        isDeleted: process.isDeleted,
      },
      /** Whether the number, dispensation, justification and attachments may change (not deleted). */
      editable: !process.isDeleted,
      /** Whether risks may be added, edited, deleted, selected and given people (§4: pending, not deleted). */
      risksEditable: process.status === "PROCESS_PENDING" && !process.isDeleted,
      risks: selected,
      panel: riskPanel(scored),
      revisionHistory: revisionHistory(scored),
      staff: (await staffOfBody(this.db, planner.buyerId)).rows,
    };
  }

  /** 'Baixar PDF' / 'Baixar arquivo em Word': the risk map of the process as a document of the body. */
  async documentModel(planner: Planner, processId: string): Promise<IssuedDocument> {
    const matrix = await this.read(planner, processId);
    const process = await readableProcess(this.db, planner, processId);
    const processNumber = matrix.process.processNumber;
    return {
      model: buildRiskMatrixDocument({
        bodyName: await buyerName(this.db, planner.buyerId),
        processNumber,
        number: matrix.number,
        canDispenseRisk: matrix.canDispenseRisk,
        justification: matrix.justification,
        panel: matrix.panel,
        risks: matrix.risks,
      }),
      // Versioned (issue 35 item 3): the same content gives the same PDF, whatever the day.
      issuedAt: process.createdDate,
      documentId: processDocumentId(process.id, "RISK_MANAGEMENT"),
      fileName: (format) => processFileName("matriz-de-riscos", processNumber, format),
    };
  }

  /** §7 listOwnRisks: the body's catalogue, for the 'Risco da Contratação' table. */
  async listOwnRisks(planner: Planner, input: RiskListInput) {
    await readableProcess(this.db, planner, input.processId);
    const { rows, total } = await repo.listOwnRisks(this.db, planner.buyerId, input);
    return { risks: rows.map(repo.riskView), total, limitResult: input.limit };
  }

  /**
   * §7 saveRisk: creates a risk of the body, or edits one of its own; the level is the domain's. A risk
   * already in the matrix of a published or deleted process is frozen (§4): editing it answers 409.
   */
  async saveRisk(planner: Planner, input: RiskSaveInput) {
    const now = this.clock();
    const { id, processId, ...fields } = input;
    return this.db.transaction(async (tx) => {
      await lockWritableProcess(tx, planner, processId, { pendingOnly: true });
      const values = { ...fields, level: riskLevel(fields.probability, fields.impact) };
      let row: repo.RiskRow;
      if (id) {
        const current = await repo.lockRisk(tx, id);
        if (!current || current.buyerId !== planner.buyerId || current.isDeleted) throw riskNotFound();
        if (await repo.isRiskInClosedMatrix(tx, id)) throw conflict(RISK_LOCKED_MESSAGE);
        row = await repo.updateRisk(tx, id, { ...values, updatedDate: now });
      } else {
        row = await repo.insertRisk(tx, {
          ...values,
          buyerId: planner.buyerId,
          createdDate: now,
          updatedDate: now,
        });
      }
      await this.log(
        tx,
        planner,
        processId,
        id ? "RISK_EDITED" : "RISK_CREATED",
        {
          riskId: row.id,
          description: row.description,
          probability: row.probability,
          impact: row.impact,
          level: row.level,
        },
        now,
      );
      return repo.riskView(row);
    });
  }

  /**
   * §7 deleteRisk: soft-deletes the body's risk and drops it from this process's selection. A risk
   * another process selected is refused (409): that matrix could neither keep nor untick it (and a
   * published or deleted one may not change at all).
   */
  async deleteRisk(planner: Planner, input: { riskId: string; processId: string }) {
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      await lockWritableProcess(tx, planner, input.processId, { pendingOnly: true });
      const risk = await repo.lockRisk(tx, input.riskId);
      if (!risk || risk.buyerId !== planner.buyerId || risk.isDeleted) throw riskNotFound();
      // A published or deleted process's matrix can no longer be changed at all; a pending one's can.
      if (await repo.isRiskInClosedMatrix(tx, risk.id)) throw conflict(RISK_LOCKED_MESSAGE);
      if (await repo.isRiskSelectedElsewhere(tx, risk.id, input.processId))
        throw conflict(RISK_SELECTED_ELSEWHERE_MESSAGE);
      await repo.updateRisk(tx, risk.id, { isDeleted: true, updatedDate: now });
      const matrix = await repo.findRiskManagement(tx, input.processId);
      if (matrix) {
        await repo.unselectRisk(tx, matrix.id, risk.id);
        await repo.updateRiskManagement(tx, matrix.id, {}, now);
      }
      await this.log(
        tx,
        planner,
        input.processId,
        "RISK_DELETED",
        {
          riskId: risk.id,
          description: risk.description,
        },
        now,
      );
    });
    return { riskId: input.riskId };
  }

  /** §7 save: one of the five body shapes; the matrix is created on its first save. */
  async save(planner: Planner, input: RiskManagementSaveInput) {
    const now = this.clock();
    const kind = riskManagementSaveKind(input);
    const processId = input.process.id;
    await this.db.transaction(async (tx) => {
      const process = await lockWritableProcess(tx, planner, processId);
      // §4: selecting risks (and giving them people) is changing the process's risks.
      if ((kind === "SELECTION" || kind === "RESPONSIBLES") && process.status !== "PROCESS_PENDING")
        throw conflict(PROCESS_NOT_PENDING_MESSAGE);
      const matrix = await repo.ensureRiskManagement(tx, processId, now);
      let payload: object;
      switch (kind) {
        case "OPTIONS": {
          const values = {
            ...(input.number !== undefined ? { number: input.number || null } : {}),
            ...(input.canDispenseRisk !== undefined ? { canDispenseRisk: input.canDispenseRisk } : {}),
          };
          await repo.updateRiskManagement(tx, matrix.id, values, now);
          payload = values;
          break;
        }
        case "JUSTIFICATION": {
          await repo.updateRiskManagement(tx, matrix.id, { justification: input.justification }, now);
          payload = { justification: true };
          break;
        }
        case "SELECTION": {
          const riskIds = [...new Set((input.risks ?? []).flatMap((r) => (r.risk ? [r.risk.id] : [])))];
          // Locked FOR SHARE: a concurrent delete cannot leave a deleted risk selected.
          if ((await repo.lockOwnLiveRisks(tx, planner.buyerId, riskIds)) !== riskIds.length)
            throw badRequest(RISK_NOT_FOUND_MESSAGE, [
              { property: "risks", errorMessages: [RISK_NOT_FOUND_MESSAGE] },
            ]);
          await repo.setSelection(tx, matrix.id, riskIds, now);
          await repo.updateRiskManagement(tx, matrix.id, {}, now);
          payload = { riskIds };
          break;
        }
        case "RESPONSIBLES": {
          const items = (input.risks ?? []).map((r) => ({
            id: r.id as string,
            staffIds: [...new Set((r.responsible ?? []).map((p) => p.id))],
          }));
          const known = await repo.selectionIdsOf(tx, matrix.id, [...new Set(items.map((i) => i.id))]);
          if (items.some((i) => !known.includes(i.id)))
            throw badRequest(RISK_NOT_SELECTED_MESSAGE, [
              { property: "risks", errorMessages: [RISK_NOT_SELECTED_MESSAGE] },
            ]);
          const staffIds = [...new Set(items.flatMap((i) => i.staffIds))];
          await assertOwnPeople(tx, planner.buyerId, { responsible: staffIds });
          for (const item of items) await repo.setResponsibles(tx, item.id, item.staffIds, now);
          await repo.updateRiskManagement(tx, matrix.id, {}, now);
          payload = { risks: items.map((i) => ({ id: i.id, responsible: i.staffIds })) };
          break;
        }
        case "DOCUMENTS": {
          const documents = input.documents ?? [];
          const fileIds = [...new Set(documents.map((d) => d.fileId))];
          if ((await filesOfBody(tx, planner.buyerId, planner.user.id, fileIds)).length !== fileIds.length)
            throw badRequest(RISK_FILE_NOT_ALLOWED_MESSAGE, [
              { property: "documents", errorMessages: [RISK_FILE_NOT_ALLOWED_MESSAGE] },
            ]);
          await repo.setDocuments(tx, matrix.id, documents, now);
          await repo.updateRiskManagement(tx, matrix.id, {}, now);
          payload = { documents: documents.map((d) => ({ fileId: d.fileId, description: d.description })) };
          break;
        }
      }
      await this.log(tx, planner, processId, "RISK_MANAGEMENT_SAVED", { part: kind, ...payload }, now);
    });
    return this.read(planner, processId);
  }

  /** An attachment of the matrix, for a planner of the process's body (the uploader may be a colleague). */
  async document(planner: Planner, documentId: string) {
    const row = await repo.findDocument(this.db, documentId);
    if (!row) throw notFound("Arquivo não encontrado.");
    await readableProcess(this.db, planner, row.processId);
    return row.file;
  }

  private log(tx: Tx, planner: Planner, processId: string, eventType: string, payload: object, at: Date) {
    return appendProcessEvent(tx, {
      processId,
      eventType,
      actorUserId: planner.user.id,
      payload,
      occurredAt: at,
    });
  }
}
