// Payloads of the initial-bids calls (trading-room §7 "Initial bids screen (paths not shown)").
import { z } from "../schemas/zod";

const id = z.uuid("Identificador inválido");
const money = z.number().int("Valor inválido").min(0, "Valor inválido").nullish();
const percent = z.number().min(0, "Percentual inválido").max(100, "Percentual inválido").nullish();

/** One lot row of bidData; money is an integer scaled by 10^decimalsNumber of the listed row. */
export const initialBidRowSchema = z.object({
  batch: z.object({ id }),
  unitPrice: money,
  finalPrice: money,
  variationPrice: money,
  percentDiscount: percent,
  percentFinalDiscount: percent,
  percentVariation: percent,
  quantity: z.union([z.number(), z.string()]).nullish(),
  brand: z.string().nullish(),
});

/** A document chosen on the screen: the id of one of the supplier's library documents. */
const documentRef = z.union([id, z.object({ id })]).transform((v) => (typeof v === "string" ? v : v.id));
const documentRefs = z.array(documentRef).max(200).nullish();

/** The save request (§7), also the fields sent with an import. */
export const saveInitialBidsSchema = z.object({
  auctionNoticeId: id,
  bidData: z.array(initialBidRowSchema).max(5000),
  qualificationDocuments: documentRefs,
  technicalDataSheet: documentRef.nullish(),
  initialProposal: documentRefs,
  proposalGuarantee: documentRefs,
  technicalProposal: documentRefs,
  /** null: a small business that did not answer (§5); sent true only with a non-zero proposal. */
  hasSmallCompanyDeclaration: z.boolean().nullish(),
  hasRegionalPreferenceDeclaration: z.boolean().nullish(),
  canApplyAutomaticBid: z.boolean().nullish(),
  hasBigCompanyAutomaticBidDeclaration: z.boolean().nullish(),
  hasSecretPhaseDeclaration: z.boolean().nullish(),
});
export type SaveInitialBidsInput = z.output<typeof saveInitialBidsSchema>;

/** The lots list of the screen: {auctionNoticeId, isInitial, hasPagination, hasBigCompanyFilter}. */
export const initialBidBatchesSchema = z.object({
  auctionNoticeId: id,
  isInitial: z.boolean().default(true),
  hasPagination: z.boolean().default(false),
  hasBigCompanyFilter: z.boolean().default(true),
});

/** The bid template download (auctionNoticeId, canApplyAutomaticBid). */
export const initialBidTemplateSchema = z.object({
  auctionNoticeId: id,
  canApplyAutomaticBid: z
    .union([z.boolean(), z.enum(["true", "false"])])
    .transform((v) => v === true || v === "true")
    .default(false),
});
