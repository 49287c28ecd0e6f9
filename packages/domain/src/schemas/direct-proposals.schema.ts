import {
  DIRECT_PROPOSAL_DESCRIPTION_MAX,
  DIRECT_PROPOSAL_KINDS,
  DIRECT_PROPOSAL_REASON_MAX,
} from "../notice/direct-proposals";
import { z } from "./zod";

/** app/directProposal/send: the PDF uploaded through /api/upload (its url or id) for one kind. */
export const directProposalSendSchema = z.object({
  auctionNoticeId: z.uuid("Identificador inválido"),
  kind: z.enum(DIRECT_PROPOSAL_KINDS, "Tipo de proposta inválido"),
  url: z.string().trim().min(1, "Anexe o arquivo da proposta.").max(2000),
  name: z.string().trim().max(255, "O nome do arquivo deve ter no máximo 255 caracteres.").optional(),
  description: z
    .string()
    .trim()
    .max(
      DIRECT_PROPOSAL_DESCRIPTION_MAX,
      `A descrição deve ter no máximo ${DIRECT_PROPOSAL_DESCRIPTION_MAX} caracteres.`,
    )
    .optional(),
});
export type DirectProposalSendInput = z.infer<typeof directProposalSendSchema>;

/** app/directProposal/decide: approve, or reject with the reason. */
export const directProposalDecideSchema = z.object({
  id: z.uuid("Identificador inválido"),
  decision: z.enum(["APPROVED", "REJECTED"], "Decisão inválida"),
  reason: z
    .string()
    .trim()
    .max(DIRECT_PROPOSAL_REASON_MAX, `O motivo deve ter no máximo ${DIRECT_PROPOSAL_REASON_MAX} caracteres.`)
    .nullish(),
});
export type DirectProposalDecideInput = z.infer<typeof directProposalDecideSchema>;
