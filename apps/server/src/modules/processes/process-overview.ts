import {
  auctionNoticeStepStatus,
  budgetStepStatus,
  centsToReais,
  type ProcessStepKind,
  processTotalCents,
  publicationStepStatus,
  riskPanel,
  SUPPLIER_NOT_SENT_STATUS,
} from "@certame/domain";
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
import * as notices from "./process-notice.repository";
import { type Plan, planSha256, readPlan } from "./process-plan";

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
  const [dfd, etp, risk, term, study, matrix, plan] = await Promise.all([
    demandStepSummary(db, processId),
    etpStepSummary(db, processId),
    riskStepSummary(db, processId),
    referenceTermStepSummary(db, processId),
    findStudy(db, processId),
    findRiskManagement(db, processId),
    readPlan(db, processId),
  ]);
  const selected = matrix && !matrix.canDispenseRisk ? await selectedRisksOf(db, matrix.id) : [];
  const panel = riskPanel(selected.map((s) => s.risk));
  const steps: Partial<Record<ProcessStepKind, StepSummary>> = {
    DEMAND_FORMALIZATION: { status: dfd.status, updatedDate: iso(dfd.updatedDate) },
    PRELIMINARY_TECHNICAL_STUDY: { status: etp.status, updatedDate: iso(etp.updatedDate) },
    RISK_MANAGEMENT: { status: risk.status, updatedDate: iso(risk.updatedDate) },
    REFERENCE_TERM: term,
    BUDGET: budgetSummary(plan),
    // Step 7 'Tomada de Preços' is the budget's price research as the process's document.
    PRICES_SUBMISSION: budgetSummary(plan),
  };
  return {
    plan,
    steps,
    description: dfd.description,
    modality: study?.modality ?? null,
    subModality: study?.subModality ?? null,
    processRisk: panel.processLevel,
  };
}

/** Step 4 (and 7): from the quotes of the DFD's items and their reference prices. */
function budgetSummary(plan: Plan): StepSummary {
  const dates = plan.lots.flatMap((l) => (l.quotesUpdatedDate ? [l.quotesUpdatedDate.getTime()] : []));
  return {
    status: budgetStepStatus(plan.lots),
    updatedDate: dates.length ? new Date(Math.max(...dates)).toISOString() : null,
  };
}

/**
 * What the notice made from the process tells its administration page (issue 35 items 1, 5, 7): the
 * notice's link and state (outOfDate: the plan now carries other values than the notice last took,
 * while it is still a draft), its auctioneers, the total value of the plan, and the steps that follow
 * the notice — edital, publication and the suppliers of the homologated result (signatures and PNCP
 * sending, none sent yet).
 */
export async function noticeOverview(db: DbOrTx, processId: string, plan: Plan) {
  const total = processTotalCents(plan.lots);
  const notice = await notices.linkedNotice(db, processId);
  const [auctioneers, homologatedAt, winners, carried] = await Promise.all([
    notice ? notices.noticeAuctioneerNames(db, notice.id) : [],
    notice ? notices.homologationDate(db, notice.id) : null,
    notice ? notices.homologatedWinners(db, notice.id, notice.status) : [],
    notice ? notices.lastCarriedPlanSha256(db, processId) : null,
  ]);
  const publishedDate = iso(notice?.publishedDate ?? null);
  const homologationDate = iso(homologatedAt);
  const status = notice?.status ?? null;
  const steps: Partial<Record<ProcessStepKind, StepSummary & Record<string, unknown>>> = {
    AUCTION_NOTICE: {
      status: auctionNoticeStepStatus(status),
      updatedDate: iso(notice?.updatedDate ?? null),
    },
    PUBLICATION: {
      status: publicationStepStatus(status),
      updatedDate: publishedDate,
      publicationDate: publishedDate,
      homologationDate,
    },
  };
  const suppliers = winners.map((w) => ({ ...w, status: SUPPLIER_NOT_SENT_STATUS }));
  for (const kind of ["SIGN_MINUTE", "SIGN_CONTRACT", "PNCP_MINUTE", "PNCP_CONTRACT"] as const)
    steps[kind] = { status: "PENDING", updatedDate: null, suppliers };
  return {
    auctionNotice: notice
      ? {
          id: notice.id,
          noticeNumber: notice.noticeNumber,
          status: notice.status,
          publishedDate,
          homologationDate,
          outOfDate: notice.status === "PENDING" && carried !== planSha256(plan),
        }
      : null,
    auctioneers,
    totalValue: total === null ? null : centsToReais(total),
    steps,
  };
}
