// Appeals in the direct procedures that judge suppliers one by one: the accreditation (Lei
// 14.133/2021 art. 79) and the pre-qualification (art. 80) (notices-and-accounts §2.3: their cards
// carry /interpor-recurso and /visualizar-recursos; issue 19 item 2).
//
// Art. 165 I: an appeal against an act of the Administration — here the approval or the rejection of a
// proposal — within 3 business days of its disclosure (the decision's date, shown to every signed-in
// user on the results); §4: the other interested party answers (contrarrazões) within the same 3
// business days counted from the appeal's disclosure; §2: the authority that decided may reconsider
// within 3 business days, else the superior authority decides within 10 business days. Business days
// as in ../calendar/business-days (art. 183: national holidays and weekends skipped, a deadline ends
// at 23:59:59.999 Brasília time).

import { addBusinessDays } from "../calendar/business-days";
import type { Modality } from "../enums/modality";
import type { NoticeStatus } from "../enums/notice-status";
import { formatBrasiliaDate, type InstantInput, toInstant } from "../format/dates";
import { z } from "../schemas/zod";
import type { DirectProposalStatus } from "./direct-proposals";

/** The procedures whose cards give appeals (§2.3); the direct waiver formalization's does not. */
export const DIRECT_APPEAL_MODALITIES = [
  "DIRECT_ACCREDITATION",
  "DIRECT_PRE_QUALIFICATION",
] as const satisfies readonly Modality[];

export const acceptsDirectAppeals = (modality: Modality) =>
  (DIRECT_APPEAL_MODALITIES as readonly Modality[]).includes(modality);

/** Art. 165 I (the appeal) and §4 (the counter-arguments): 3 business days each. */
export const DIRECT_APPEAL_BUSINESS_DAYS = 3;
export const DIRECT_COUNTER_BUSINESS_DAYS = 3;
/** Art. 165 §2: 3 business days to reconsider, then 10 for the superior authority. */
export const DIRECT_APPEAL_DECISION_BUSINESS_DAYS = 3 + 10;
export const DIRECT_APPEAL_TEXT_MAX = 5000;

export const DIRECT_APPEAL_STATUSES = ["PENDING", "JUDGED"] as const;
export type DirectAppealStatus = (typeof DIRECT_APPEAL_STATUSES)[number];

export const DIRECT_APPEAL_DECISIONS = ["UPHELD", "DENIED"] as const;
export type DirectAppealDecision = (typeof DIRECT_APPEAL_DECISIONS)[number];

/** The labels the room's appeals use for the same decisions (enums/dispute.ts). */
export const DIRECT_APPEAL_DECISION_LABELS: Record<DirectAppealDecision, string> = {
  UPHELD: "Deferido",
  DENIED: "Indeferido",
};

export const DIRECT_APPEAL_STATUS_LABELS: Record<DirectAppealStatus, string> = {
  PENDING: "Aguardando julgamento",
  JUDGED: "Julgado",
};

/** The end of the term to appeal against a decision taken at `decidedAt` (art. 165 I). */
export const directAppealDeadline = (decidedAt: InstantInput): Date =>
  addBusinessDays(decidedAt, DIRECT_APPEAL_BUSINESS_DAYS);

/** The end of the counter-arguments' term of an appeal filed at `filedAt` (art. 165 §4). */
export const directCounterDeadline = (filedAt: InstantInput): Date =>
  addBusinessDays(filedAt, DIRECT_COUNTER_BUSINESS_DAYS);

/** When the decision is due: 3 + 10 business days after the counter-arguments' term (art. 165 §2). */
export const directAppealDecisionDeadline = (counterDueAt: InstantInput): Date =>
  addBusinessDays(counterDueAt, DIRECT_APPEAL_DECISION_BUSINESS_DAYS);

/** The notice statuses in which appeals are received and judged. */
const OPEN_STATUSES: readonly NoticeStatus[] = [
  "PUBLISHED",
  "ONGOING",
  "SUSPENDED",
  "SUSPENDED_INDEFINITELY",
  "FINISHED",
];

export interface AppealedProposal {
  status: DirectProposalStatus;
  decidedAt: Date | null;
  supplierId: string;
}

/**
 * Why a supplier may not appeal against a proposal's decision now, or null when it may. Only a decided
 * proposal; a supplier appeals against the rejection of its own proposal or the approval of another's
 * (the acts that harm it), and only if it took part in the procedure; within 3 business days of the
 * decision (art. 165 I); one appeal per supplier and decision.
 */
export function directAppealRefusal(
  notice: { modality: Modality; status: NoticeStatus },
  proposal: AppealedProposal,
  appellant: { supplierId: string; tookPart: boolean; alreadyAppealed: boolean },
  now: InstantInput,
): string | null {
  if (!acceptsDirectAppeals(notice.modality)) return "Este procedimento não recebe recursos.";
  if (!OPEN_STATUSES.includes(notice.status)) return "Este processo não recebe recursos no status atual.";
  if (proposal.status === "PENDING" || !proposal.decidedAt)
    return "Só cabe recurso de uma proposta já analisada.";
  const own = proposal.supplierId === appellant.supplierId;
  if (own && proposal.status === "APPROVED") return "A sua proposta foi aprovada: não há o que recorrer.";
  if (!own && proposal.status === "REJECTED")
    return "Só cabe recurso da reprovação da sua própria proposta ou da aprovação da proposta de outro fornecedor.";
  if (!appellant.tookPart) return "Só fornecedores que enviaram proposta neste procedimento podem recorrer.";
  if (appellant.alreadyAppealed) return "Você já interpôs recurso contra esta decisão.";
  const deadline = directAppealDeadline(proposal.decidedAt);
  if (toInstant(now).getTime() > deadline.getTime())
    return `O prazo para recorrer desta decisão terminou em ${formatBrasiliaDate(deadline)} (3 dias úteis após a decisão; Lei 14.133/2021, art. 165, I).`;
  return null;
}

export interface DirectAppealState {
  status: DirectAppealStatus;
  /** The supplier whose proposal is appealed against, when it is not the appellant; null otherwise. */
  counterpartSupplierId: string | null;
  counterDueAt: Date;
  counterArgumentAt: Date | null;
}

/** Why a supplier may not answer an appeal now: only the other party, once, within its term (§4). */
export function directCounterRefusal(
  appeal: DirectAppealState,
  supplierId: string,
  now: InstantInput,
): string | null {
  if (appeal.counterpartSupplierId !== supplierId)
    return "Só o fornecedor cuja proposta é objeto do recurso pode apresentar contrarrazões.";
  if (appeal.status !== "PENDING") return "Este recurso já foi julgado.";
  if (appeal.counterArgumentAt) return "As contrarrazões deste recurso já foram apresentadas.";
  if (toInstant(now).getTime() > appeal.counterDueAt.getTime())
    return `O prazo das contrarrazões terminou em ${formatBrasiliaDate(appeal.counterDueAt)} (Lei 14.133/2021, art. 165, § 4º).`;
  return null;
}

/**
 * Why the body may not judge an appeal now: a pending one, after the other party answered or its term
 * ended (judging earlier would take away its right of §4).
 */
export function directJudgeRefusal(appeal: DirectAppealState, now: InstantInput): string | null {
  if (appeal.status !== "PENDING") return "Este recurso já foi julgado.";
  const waiting =
    appeal.counterpartSupplierId !== null &&
    !appeal.counterArgumentAt &&
    toInstant(now).getTime() <= appeal.counterDueAt.getTime();
  if (waiting)
    return `Aguarde as contrarrazões: o prazo termina em ${formatBrasiliaDate(appeal.counterDueAt)} (Lei 14.133/2021, art. 165, § 4º).`;
  return null;
}

/**
 * The proposal's status after an upheld appeal: the appellant's own rejection becomes an approval,
 * another's approval becomes a rejection; a denied appeal changes nothing.
 */
export function statusAfterAppeal(
  decision: DirectAppealDecision,
  appealedStatus: Exclude<DirectProposalStatus, "PENDING">,
): Exclude<DirectProposalStatus, "PENDING"> {
  if (decision === "DENIED") return appealedStatus;
  return appealedStatus === "REJECTED" ? "APPROVED" : "REJECTED";
}

const text = (required: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(DIRECT_APPEAL_TEXT_MAX, `O texto deve ter no máximo ${DIRECT_APPEAL_TEXT_MAX} caracteres.`);
const optionalFile = z.uuid("Arquivo inválido").optional().nullable();

export const DIRECT_APPEAL_TEXT_REQUIRED = "Escreva as razões do recurso.";
export const DIRECT_COUNTER_TEXT_REQUIRED = "Escreva as contrarrazões.";
export const DIRECT_JUDGEMENT_TEXT_REQUIRED = "Escreva a fundamentação da decisão.";
export const DIRECT_APPEAL_DECISION_REQUIRED = "Informe a decisão: deferido ou indeferido.";

/** app/directAppeal/file: the appeal against one proposal's decision, with an optional PDF. */
export const directAppealFileSchema = z.object({
  proposalId: z.uuid("Identificador inválido"),
  text: text(DIRECT_APPEAL_TEXT_REQUIRED),
  fileId: optionalFile,
});
export type DirectAppealFileInput = z.infer<typeof directAppealFileSchema>;

/** app/directAppeal/counter: the other party's counter-arguments. */
export const directAppealCounterSchema = z.object({
  id: z.uuid("Identificador inválido"),
  text: text(DIRECT_COUNTER_TEXT_REQUIRED),
  fileId: optionalFile,
});
export type DirectAppealCounterInput = z.infer<typeof directAppealCounterSchema>;

/** app/directAppeal/judge: the body's decision with its reasoning. */
export const directAppealJudgeSchema = z.object({
  id: z.uuid("Identificador inválido"),
  decision: z.enum(DIRECT_APPEAL_DECISIONS, DIRECT_APPEAL_DECISION_REQUIRED),
  reasoning: text(DIRECT_JUDGEMENT_TEXT_REQUIRED),
  fileId: optionalFile,
});
export type DirectAppealJudgeInput = z.infer<typeof directAppealJudgeSchema>;
