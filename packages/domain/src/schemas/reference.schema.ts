import { MODALITIES } from "../enums/modality";
import { z } from "./zod";

export const legislationListSchema = z.object({ law: z.string().trim().max(100).optional() });
export const lawClauseListSchema = z.object({ modality: z.enum(MODALITIES) });
export const getLawsClausesSchema = z.object({
  modality: z.enum(MODALITIES),
  legislationId: z.coerce.number().int().positive(),
  subModality: z.string().max(60).optional(),
});
