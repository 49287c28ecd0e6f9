import { WINNER_BRAND_MAX_LENGTH } from "../notice/winner-rules";
import { quantitySchema, REQUIRED_MESSAGE } from "./lots.schema";
import { z } from "./zod";

/** One row of the winners table (§3 "Winner row"). Money is scaled by the lot's 10^decimalsNumber. */
export const winnerRowSchema = z.object({
  batch: z.object({ id: z.uuid("Identificador inválido") }, { error: REQUIRED_MESSAGE }),
  supplier: z.object({ id: z.uuid("Selecione o licitante") }, { error: "Selecione o licitante" }),
  brand: z
    .string()
    .trim()
    .max(WINNER_BRAND_MAX_LENGTH, `A marca tem no máximo ${WINNER_BRAND_MAX_LENGTH} caracteres`)
    .nullable()
    .optional(),
  unitPrice: z.number().int("Valor inválido").min(0, "Valor inválido").default(0),
  /** Optional: the server computes it; when sent it must match (§3). */
  totalPrice: z.number().int("Valor inválido").min(0, "Valor inválido").optional(),
  /** Defaults to the lot's quantity. */
  quantity: quantitySchema.optional(),
});
export type WinnerRow = z.infer<typeof winnerRowSchema>;

export const winnersSaveSchema = z.object({
  auctionNoticeId: z.uuid("Identificador inválido"),
  winners: z.array(winnerRowSchema, { error: "Envie a lista de vencedores" }).max(5000),
});
export type WinnersSaveInput = z.infer<typeof winnersSaveSchema>;

/** §7 "Delete winners: the notice id plus a list of bid ids" (a winner row is a "bid"). */
export const winnersDeleteSchema = z.object({
  auctionNoticeId: z.uuid("Identificador inválido"),
  bidIds: z.array(z.uuid("Identificador inválido")).min(1, "Informe ao menos um vencedor").max(5000),
});
