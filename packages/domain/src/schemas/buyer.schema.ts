import { z } from "./zod";

/** app/buyer/read {buyerId} (notices-and-accounts §7); without it, the active user's body. */
export const buyerReadSchema = z.object({ buyerId: z.uuid("Identificador inválido").optional() });
