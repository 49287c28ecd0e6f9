import { BATCH_ITEM_PARTICIPATIONS } from "../enums/participation";
import { VARIATION_KINDS } from "../enums/variation";
import { parseExactDecimal } from "../format/decimal";
import { maxMaskedMoney, QUANTITY_MAX, QUANTITY_MAX_FRACTION_DIGITS } from "../notice/lot-rules";
import { z } from "./zod";

export const REQUIRED_MESSAGE = "Campo obrigatório";

/** 0/1 or a boolean, as the server sends the lot flags (§3 "Auction batch"). */
export const flagSchema = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .transform((v) => v === true || v === 1);

/** decimalsNumber: 2 or 4 (also "TWO" / "FOUR", trading-room §3). */
export const decimalsSchema = z
  .union([z.literal(2), z.literal(4), z.literal("TWO"), z.literal("FOUR"), z.literal("2"), z.literal("4")])
  .transform((v): 2 | 4 => (v === 4 || v === "FOUR" || v === "4" ? 4 : 2));

/**
 * A positive quantity with up to 4 fraction digits, sent as a number or a plain decimal string
 * ('10.5' or '10,5'); normalised to a '.' decimal string.
 */
export const quantitySchema = z
  .union([z.number(), z.string().trim()], { error: REQUIRED_MESSAGE })
  .transform((value, ctx) => {
    const exact = parseExactDecimal(String(value));
    if (!exact || exact.units <= 0n) {
      ctx.addIssue({ code: "custom", message: "A quantidade deve ser maior que zero" });
      return z.NEVER;
    }
    if (exact.scale > QUANTITY_MAX_FRACTION_DIGITS) {
      ctx.addIssue({ code: "custom", message: "A quantidade aceita no máximo 4 casas decimais" });
      return z.NEVER;
    }
    const text = String(value).trim().replace(",", ".");
    if (Number(text) > QUANTITY_MAX) {
      ctx.addIssue({ code: "custom", message: "Quantidade acima do permitido" });
      return z.NEVER;
    }
    return text;
  });

const scaledMoney = z.number({ error: REQUIRED_MESSAGE }).int("Valor inválido").min(0, "Valor inválido");

/** One lot item of the lots editor (§3 "Auction batch", §5 "Lots"). Money is scaled by 10^decimalsNumber. */
export const auctionBatchPayloadSchema = z
  .object({
    id: z.uuid("Identificador inválido").optional(),
    number: z.coerce.number({ error: REQUIRED_MESSAGE }).int().min(1).max(99_999),
    item: z.coerce.number().int().min(1).max(9_999).default(1),
    product: z.object({ id: z.uuid("Selecione um produto do catálogo") }, { error: REQUIRED_MESSAGE }),
    quantity: quantitySchema,
    measurementUnit: z.object(
      { code: z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).max(20) },
      { error: REQUIRED_MESSAGE },
    ),
    /** The unit reference price (for global offers the server stores the total, §3). */
    referencePrice: scaledMoney.min(1, "Informe o preço de referência"),
    minimumVariation: scaledMoney.optional(),
    percentMinimumVariation: z.number().min(0).max(100, "No máximo 100%").optional(),
    isProductBrandRequired: flagSchema.default(false),
    isSubcontractingIndicator: flagSchema.default(false),
    decimalsNumber: decimalsSchema.default(2),
    batchItemParticipation: z.enum(BATCH_ITEM_PARTICIPATIONS).default("WIDE_PARTICIPATION"),
    wideParticipationBatch: z.coerce.number().int().min(1).nullable().optional(),
    shouldAttachTechnicalDocuments: z.boolean().default(false),
  })
  .superRefine((b, ctx) => {
    const max = maxMaskedMoney(b.decimalsNumber);
    if (b.referencePrice > max)
      ctx.addIssue({ code: "custom", path: ["referencePrice"], message: "Valor acima de R$ 9.999.999" });
    if (b.minimumVariation !== undefined && b.minimumVariation > max)
      ctx.addIssue({ code: "custom", path: ["minimumVariation"], message: "Valor acima de R$ 9.999.999" });
    if (b.batchItemParticipation === "DIFFERENTIATED" && b.item === 1 && !b.wideParticipationBatch)
      ctx.addIssue({
        code: "custom",
        path: ["wideParticipationBatch"],
        message: "Informe o lote de ampla participação da cota reservada",
      });
  });
export type AuctionBatchPayload = z.infer<typeof auctionBatchPayloadSchema>;

export const auctionBatchSaveSchema = z
  .array(auctionBatchPayloadSchema, { error: "Envie a lista de lotes" })
  .min(1, "Envie ao menos um lote")
  .max(2000);

export const auctionNoticeIdSchema = z.object({ auctionNoticeId: z.uuid("Identificador inválido") });

export const auctionBatchListSchema = z.object({
  auctionNoticeId: z.uuid("Identificador inválido"),
  hasPagination: z.boolean().default(false),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const auctionBatchDeleteSchema = z.object({ batchId: z.uuid("Identificador inválido") });

/** §2.6 global toggles: exactly one of brand, decimals or variation per call. */
export const auctionBatchBulkUpdateSchema = z
  .object({
    auctionNoticeId: z.uuid("Identificador inválido"),
    isProductBrandRequired: flagSchema.optional(),
    decimalsNumber: decimalsSchema.optional(),
    /** value: reais for REAL (scaled per lot by its decimals), percent for PERCENTAGE. */
    variation: z
      .object({
        kind: z.enum(VARIATION_KINDS),
        value: z.number({ error: REQUIRED_MESSAGE }).min(0).max(9_999_999),
      })
      .optional(),
  })
  .superRefine((b, ctx) => {
    const given = [b.isProductBrandRequired, b.decimalsNumber, b.variation].filter((v) => v !== undefined);
    if (given.length !== 1)
      ctx.addIssue({
        code: "custom",
        path: ["body"],
        message: "Envie exatamente um de isProductBrandRequired, decimalsNumber ou variation",
      });
  });
export type AuctionBatchBulkUpdate = z.infer<typeof auctionBatchBulkUpdateSchema>;
