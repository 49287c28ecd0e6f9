import { type ProcessStepKind, riskPanel } from "@certame/domain";
import type { DbOrTx } from "../../db/client";
import { demandStepSummary } from "../demand-formalization/demand-formalization.service";
import { findStudy } from "../preliminary-technical-study/preliminary-technical-study.repository";
import { etpStepSummary } from "../preliminary-technical-study/preliminary-technical-study.service";
import { referenceTermStepSummary } from "../reference-term/reference-term.service";
import {
  findRiskManagement,
  riskStepSummary,
  selectedRisksOf,
} from "../risk-management/risk-management.repository";

/** SIGNED only for the reference term (a signed PDF on record that no later chapter change outdates). */
export type PlanningStepStatus = "PENDING" | "IN_PROGRESS" | "COMPLETED" | "SIGNED";

export interface StepSummary {
  status: PlanningStepStatus;
  updatedDate: string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * What the planning documents tell the process administration page (§2.3): each built step's status
 * and last change, and the general data they fill — the object (DFD description), the modality and
 * sub-modality (ETP) and the process risk (the risk matrix's mean score level, §4 "Risk matrix").
 */
export async function planningOverview(db: DbOrTx, processId: string) {
  const [dfd, etp, risk, term, study, matrix] = await Promise.all([
    demandStepSummary(db, processId),
    etpStepSummary(db, processId),
    riskStepSummary(db, processId),
    referenceTermStepSummary(db, processId),
    findStudy(db, processId),
    findRiskManagement(db, processId),
  ]);
  const selected = matrix && !matrix.canDispenseRisk ? await selectedRisksOf(db, matrix.id) : [];
  const panel = riskPanel(selected.map((s) => s.risk));
  const steps: Partial<Record<ProcessStepKind, StepSummary>> = {
    DEMAND_FORMALIZATION: { status: dfd.status, updatedDate: iso(dfd.updatedDate) },
    PRELIMINARY_TECHNICAL_STUDY: { status: etp.status, updatedDate: iso(etp.updatedDate) },
    RISK_MANAGEMENT: { status: risk.status, updatedDate: iso(risk.updatedDate) },
    REFERENCE_TERM: term,
  };
  return {
    steps,
    description: dfd.description,
    modality: study?.modality ?? null,
    subModality: study?.subModality ?? null,
    processRisk: panel.processLevel,
  };
}
