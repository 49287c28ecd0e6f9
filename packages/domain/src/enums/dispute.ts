// Appeals ('recursos') in the trading room (trading-room §2.6, §3 "Dispute", §4 "Next-phase modal
// rules", §5 "Room modals"). Lei 14.133/2021 art. 165.
export const DISPUTE_JUDGMENT_STATUSES = ["APPROVED", "DENIED", "NOT_ANALYZED"] as const;
export type DisputeJudgmentStatus = (typeof DISPUTE_JUDGMENT_STATUSES)[number];

export const DEFAULT_DISPUTE_JUDGMENT_STATUS: DisputeJudgmentStatus = "NOT_ANALYZED";

/** How a judged appeal reads in a list. */
export const DISPUTE_JUDGMENT_STATUS_LABELS: Record<DisputeJudgmentStatus, string> = {
  APPROVED: "Deferido",
  DENIED: "Indeferido",
  NOT_ANALYZED: "Não analisado",
};

/** The two choices of the judge-appeals modal, verbatim (trading-room §2.6). */
export const DISPUTE_JUDGMENT_CHOICES = [
  "APPROVED",
  "DENIED",
] as const satisfies readonly DisputeJudgmentStatus[];
export type DisputeJudgmentChoice = (typeof DISPUTE_JUDGMENT_CHOICES)[number];

export const DISPUTE_JUDGMENT_CHOICE_LABELS: Record<DisputeJudgmentChoice, string> = {
  APPROVED: "Deferir",
  DENIED: "Indeferir",
};

/** An appeal against the whole notice rather than one lot (trading-room §2.6). */
export const WHOLE_NOTICE_DISPUTE_LABEL = "Recurso único (Edital)";

/**
 * Due-date type of the appeal and counter-argument deadlines (trading-room §4 "Next-phase modal
 * rules", §7 go_to_next_phase): FIXED is a date chosen in the modal; LOOSE is the legal period of
 * 3 business days counted by the server.
 */
export const DUE_DATE_TYPES = ["FIXED", "LOOSE"] as const;
export type DueDateType = (typeof DUE_DATE_TYPES)[number];

export const DUE_DATE_TYPE_LABELS: Record<DueDateType, string> = {
  FIXED: "Data definida pelo pregoeiro/agente de contratação",
  LOOSE: "Prazo legal (3 dias úteis)",
};

/**
 * The counter-argument due-date type that follows from the move (trading-room §4): entering
 * DISPUTE_RECEIVEMENT copies FIXED from the documents due type; entering COUNTERARGUMENTS_RECEIVEMENT
 * makes it LOOSE; any other move leaves it as it was.
 */
export function counterArgumentsDueDateType(
  nextPhase: string,
  documentsDueDateType: DueDateType | null,
  current: DueDateType | null,
): DueDateType | null {
  if (nextPhase === "DISPUTE_RECEIVEMENT" && documentsDueDateType === "FIXED") return "FIXED";
  if (nextPhase === "COUNTERARGUMENTS_RECEIVEMENT") return "LOOSE";
  return current;
}

/** Deadline kind of the attaching-documents modal: H = hours, D = fixed date (trading-room §5). */
export const ATTACHING_DEADLINE_KINDS = ["H", "D"] as const;
export type AttachingDeadlineKind = (typeof ATTACHING_DEADLINE_KINDS)[number];

export const ATTACHING_DEADLINE_KIND_LABELS: Record<AttachingDeadlineKind, string> = {
  H: "Prazo em horas",
  D: "Data e hora definidas",
};

/** amountHour of the attaching-documents modal: default 2, minimum 1 (trading-room §5, §9). */
export const ATTACHING_DEADLINE_DEFAULT_HOURS = 2;
export const ATTACHING_DEADLINE_MIN_HOURS = 1;
