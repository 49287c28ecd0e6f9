// Clarifications and challenges of a notice (esclarecimentos e impugnações; Lei 14.133/2021 art. 164;
// notices-and-accounts §1, §2.3, §6; issue 19 item 1).
//
// Art. 164: any person may challenge the notice, or ask for a clarification of its terms, up to 3
// business days before the date of opening of the session; the answer is published on the same site
// as the notice within 3 business days after the request, counted to the last day of the term
// (parágrafo único). Business days as in ../calendar/business-days (art. 183: national holidays and
// weekends skipped, a deadline ends at 23:59:59.999 Brasília time).

import { addBusinessDays, addBusinessDaysToDate } from "../calendar/business-days";
import { endOfBrasiliaDay, formatBrasiliaDate, type InstantInput, toInstant } from "../format/dates";
import { z } from "../schemas/zod";

export const CLARIFICATION_KINDS = ["CLARIFICATION", "CHALLENGE"] as const;
export type ClarificationKind = (typeof CLARIFICATION_KINDS)[number];

/** A request waits for the body's answer, then is answered (a challenge with its decision). */
export const CLARIFICATION_STATUSES = ["PENDING", "ANSWERED"] as const;
export type ClarificationStatus = (typeof CLARIFICATION_STATUSES)[number];

/** A challenge's decision: upheld (deferida) or denied (indeferida), always with its reasoning. */
export const CHALLENGE_DECISIONS = ["UPHELD", "DENIED"] as const;
export type ChallengeDecision = (typeof CHALLENGE_DECISIONS)[number];

export const CHALLENGE_DECISION_LABELS: Record<ChallengeDecision, string> = {
  UPHELD: "Deferida",
  DENIED: "Indeferida",
};

export const CLARIFICATION_KIND_LABELS: Record<ClarificationKind, string> = {
  CLARIFICATION: "Esclarecimento",
  CHALLENGE: "Impugnação",
};

/** Art. 164 caput: 3 business days before the opening; parágrafo único: 3 business days to answer. */
export const CLARIFICATION_REQUEST_BUSINESS_DAYS = 3;
export const CLARIFICATION_ANSWER_BUSINESS_DAYS = 3;
export const CLARIFICATION_TEXT_MAX = 5000;

/**
 * The last instant a request is accepted: the end of the 3rd business day before the session's
 * Brasília day (art. 164 caput, art. 183). E.g. a session on Monday 23/11/2026 takes requests until
 * Tuesday 17/11/2026 23:59:59.999 (20/11 is a national holiday). A notice may grant more
 * (`clarificationEndDateTime` later than that, but never after the session); it never grants less.
 */
export function clarificationRequestDeadline(
  sessionStart: InstantInput,
  noticeClarificationEnd: InstantInput | null = null,
): Date {
  const legal = endOfBrasiliaDay(addBusinessDaysToDate(sessionStart, -CLARIFICATION_REQUEST_BUSINESS_DAYS));
  if (noticeClarificationEnd === null) return legal;
  const own = toInstant(noticeClarificationEnd);
  const session = toInstant(sessionStart);
  return own.getTime() > legal.getTime() && own.getTime() <= session.getTime() ? own : legal;
}

/** The body's answer is due by the end of the 3rd business day after the request (art. 164 parágrafo único). */
export function clarificationAnswerDeadline(requestedAt: InstantInput): Date {
  return addBusinessDays(requestedAt, CLARIFICATION_ANSWER_BUSINESS_DAYS);
}

/** Whether a request made `now` is within the deadline. */
export function isClarificationRequestOpen(now: InstantInput, deadline: InstantInput): boolean {
  return toInstant(now).getTime() <= toInstant(deadline).getTime();
}

/** The refusal of a late request, naming the last allowed day (dd/mm/aaaa). */
export function clarificationDeadlineMessage(kind: ClarificationKind, deadline: InstantInput): string {
  const what = kind === "CHALLENGE" ? "impugnar o edital" : "pedir esclarecimentos";
  return `O prazo para ${what} terminou em ${formatBrasiliaDate(deadline)}: os pedidos são aceitos até 3 dias úteis antes da abertura da sessão (Lei 14.133/2021, art. 164).`;
}

export const CLARIFICATION_TEXT_REQUIRED = "Escreva o texto do pedido.";
export const CLARIFICATION_ANSWER_REQUIRED = "Escreva a resposta.";
export const CHALLENGE_DECISION_REQUIRED = "Informe a decisão: deferida ou indeferida.";

const text = (required: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(CLARIFICATION_TEXT_MAX, `O texto deve ter no máximo ${CLARIFICATION_TEXT_MAX} caracteres.`);
const optionalFile = z.uuid("Arquivo inválido").optional().nullable();

export const clarificationCreateSchema = z.object({
  auctionNoticeId: z.uuid("Identificador inválido"),
  kind: z.enum(CLARIFICATION_KINDS, "Tipo de pedido inválido"),
  text: text(CLARIFICATION_TEXT_REQUIRED),
  fileId: optionalFile,
});
export type ClarificationCreateInput = z.infer<typeof clarificationCreateSchema>;

export const clarificationAnswerSchema = z.object({
  id: z.uuid("Identificador inválido"),
  answer: text(CLARIFICATION_ANSWER_REQUIRED),
  /** Challenges only (required there). */
  decision: z.enum(CHALLENGE_DECISIONS, CHALLENGE_DECISION_REQUIRED).optional().nullable(),
  /** An upheld challenge may suspend the notice (the notice lifecycle's SUSPENDED_INDEFINITELY). */
  suspendNotice: z.boolean("Valor inválido").optional().nullable(),
  fileId: optionalFile,
});
export type ClarificationAnswerInput = z.infer<typeof clarificationAnswerSchema>;

export const clarificationListSchema = z.object({
  auctionNoticeId: z.uuid("Identificador inválido"),
  kind: z.enum(CLARIFICATION_KINDS, "Tipo de pedido inválido"),
});

export const clarificationMineSchema = z.object({
  kind: z.enum(CLARIFICATION_KINDS, "Tipo de pedido inválido").optional().nullable(),
  status: z.enum(CLARIFICATION_STATUSES, "Situação inválida").optional().nullable(),
  page: z.number("Página inválida").int("Página inválida").min(1, "Página inválida").max(10_000).optional(),
});

/** Rows per page of the /esclarecimentos list. */
export const CLARIFICATION_PAGE_SIZE = 20;
