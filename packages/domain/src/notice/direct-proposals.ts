// Proposals of the direct procedures (notices-and-accounts §2.3 card actions; issue 19 item 2): a
// supplier attaches its signed proposal (direct waiver formalization), its initial or updated values
// (direct accreditation, Lei 14.133/2021 art. 79: the accreditation stays open) or its
// pre-qualification files (art. 80); the body approves or rejects each with its reason.
import type { Modality } from "../enums/modality";
import type { NoticeStatus } from "../enums/notice-status";
import { formatBrasiliaDateTime } from "../format/dates";

export const DIRECT_MODALITIES = [
  "DIRECT_WAIVER_FORMALIZATION",
  "DIRECT_ACCREDITATION",
  "DIRECT_PRE_QUALIFICATION",
] as const satisfies readonly Modality[];
export type DirectModality = (typeof DIRECT_MODALITIES)[number];

export const isDirectModality = (modality: Modality): modality is DirectModality =>
  (DIRECT_MODALITIES as readonly Modality[]).includes(modality);

export const DIRECT_PROPOSAL_KINDS = [
  "PROPOSAL",
  "INITIAL_VALUES",
  "UPDATE_VALUES",
  "PRE_QUALIFICATION",
] as const;
export type DirectProposalKind = (typeof DIRECT_PROPOSAL_KINDS)[number];

export const DIRECT_PROPOSAL_KIND_LABELS: Record<DirectProposalKind, string> = {
  PROPOSAL: "Proposta assinada",
  INITIAL_VALUES: "Proposta inicial de valores",
  UPDATE_VALUES: "Atualização de valores dos produtos",
  PRE_QUALIFICATION: "Arquivos de pré-qualificação",
};

export const DIRECT_PROPOSAL_STATUSES = ["PENDING", "APPROVED", "REJECTED"] as const;
export type DirectProposalStatus = (typeof DIRECT_PROPOSAL_STATUSES)[number];

export const DIRECT_PROPOSAL_STATUS_LABELS: Record<DirectProposalStatus, string> = {
  PENDING: "Em análise",
  APPROVED: "Aprovada",
  REJECTED: "Reprovada",
};

/** The kinds a supplier sends in each direct procedure (the card's kind INITIAL_VALUES / UPDATE_VALUES). */
export const DIRECT_PROPOSAL_KINDS_OF: Record<DirectModality, readonly DirectProposalKind[]> = {
  DIRECT_WAIVER_FORMALIZATION: ["PROPOSAL"],
  DIRECT_ACCREDITATION: ["INITIAL_VALUES", "UPDATE_VALUES"],
  DIRECT_PRE_QUALIFICATION: ["PRE_QUALIFICATION"],
};

/** The reason of a rejection: required, up to this many characters. */
export const DIRECT_PROPOSAL_REASON_MAX = 2000;
export const DIRECT_PROPOSAL_DESCRIPTION_MAX = 500;

export interface DirectProposalWindow {
  modality: Modality;
  status: NoticeStatus;
  proposalsStartDateTime: Date | null;
  proposalsEndDateTime: Date | null;
}

/**
 * Why a supplier may not send a proposal of `kind` now, or null when it may: only in a direct
 * procedure, of a kind of that procedure, while the notice is published or running and inside its
 * proposals window when the notice sets one (an accreditation without an end stays open, art. 79);
 * an update of values only over an approved initial proposal.
 */
export function directProposalRefusal(
  w: DirectProposalWindow,
  kind: DirectProposalKind,
  now: Date,
  standing: { hasApprovedInitial: boolean },
): string | null {
  if (!isDirectModality(w.modality)) return "Este processo não recebe propostas por anexo.";
  if (!DIRECT_PROPOSAL_KINDS_OF[w.modality].includes(kind))
    return `Este processo não recebe '${DIRECT_PROPOSAL_KIND_LABELS[kind]}'.`;
  if (w.status !== "PUBLISHED" && w.status !== "ONGOING")
    return "Este processo não está recebendo propostas no momento.";
  if (w.proposalsStartDateTime && now < w.proposalsStartDateTime)
    return `O recebimento de propostas começa em ${formatBrasiliaDateTime(w.proposalsStartDateTime)}.`;
  if (w.proposalsEndDateTime && now > w.proposalsEndDateTime)
    return `O recebimento de propostas terminou em ${formatBrasiliaDateTime(w.proposalsEndDateTime)}.`;
  if (kind === "UPDATE_VALUES" && !standing.hasApprovedInitial)
    return "A atualização de valores exige uma proposta inicial aprovada.";
  return null;
}

/** Why the body may not decide a proposal now, or null: only a pending one, a rejection with its reason. */
export function directDecisionRefusal(
  proposal: { status: DirectProposalStatus },
  decision: Exclude<DirectProposalStatus, "PENDING">,
  reason: string | null | undefined,
): { property: "status" | "reason"; message: string } | null {
  if (proposal.status !== "PENDING")
    return {
      property: "status",
      message: `Esta proposta já foi analisada (${DIRECT_PROPOSAL_STATUS_LABELS[proposal.status]}).`,
    };
  if (decision === "REJECTED" && !reason?.trim())
    return { property: "reason", message: "Informe o motivo da reprovação." };
  return null;
}
