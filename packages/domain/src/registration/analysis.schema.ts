import { z } from "../schemas/zod";

// The staff analysis console's calls (/analise-de-cadastros; notices-and-accounts §4 "Buyer
// registration": "Rejected: the user is e-mailed the reason"). The spec gives no length for the
// reason; ours: at least 10 characters (a reason, not a word) and at most 2000.
export const REJECTION_REASON_MIN_LENGTH = 10;
export const REJECTION_REASON_MAX_LENGTH = 2000;

export const REGISTRATION_ANALYSIS_LIST_STATUSES = ["PENDING", "DECIDED"] as const;
export type RegistrationAnalysisListStatus = (typeof REGISTRATION_ANALYSIS_LIST_STATUSES)[number];

export const registrationAnalysisListSchema = z.object({
  status: z.enum(REGISTRATION_ANALYSIS_LIST_STATUSES).default("PENDING"),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type RegistrationAnalysisListInput = z.infer<typeof registrationAnalysisListSchema>;

export const registrationAnalysisIdSchema = z.object({ id: z.uuid("Identificador inválido") });

export const REJECTION_REASON_REQUIRED_MESSAGE = "Informe o motivo da reprovação.";
export const REJECTION_REASON_LENGTH_MESSAGE = `O motivo deve ter de ${REJECTION_REASON_MIN_LENGTH} a ${REJECTION_REASON_MAX_LENGTH} caracteres.`;

export const registrationRejectSchema = z.object({
  id: z.uuid("Identificador inválido"),
  reason: z
    .string({ error: REJECTION_REASON_REQUIRED_MESSAGE })
    .trim()
    .min(1, REJECTION_REASON_REQUIRED_MESSAGE)
    .min(REJECTION_REASON_MIN_LENGTH, REJECTION_REASON_LENGTH_MESSAGE)
    .max(REJECTION_REASON_MAX_LENGTH, REJECTION_REASON_LENGTH_MESSAGE),
});
export type RegistrationRejectInput = z.infer<typeof registrationRejectSchema>;

/** A decision on an analysis already decided (by someone else, or a second click). */
export const REGISTRATION_ANALYSIS_DECIDED_MESSAGE = "Esta análise já foi concluída.";
export const REGISTRATION_ANALYSIS_NOT_FOUND_MESSAGE = "Análise de cadastro não encontrada.";
