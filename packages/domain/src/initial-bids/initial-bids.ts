// The supplier's initial bids ('Cadastro de lances iniciais', trading-room §2.8, §3 "Bid", §4
// "Initial bids", §5 "Access to initial bids" … "Initial bid payload", §8 "Initial bids screen").
// Pure rules shared by the server (which enforces them on save and import) and the screen.
import type { ClosingKind, JudgementCriterion, LicensePhase, OfferKind } from "../enums/judgement";
import { isNewModality, type Modality } from "../enums/modality";
import type { BatchItemParticipation } from "../enums/participation";
import { SMALL_BUSINESS_ONLY_PARTICIPATIONS } from "../enums/participation";
import { numberToExactDecimal } from "../format/decimal";
import { multiplyByQuantity, rescale } from "../format/money";
import { priceAfterDiscount } from "../format/percent";

/** The screen's texts (§2.8, §5, §8), verbatim. */
export const INITIAL_BIDS_TEXTS = {
  title: "Cadastro de lances iniciais",
  accessDenied: "Acesso negado",
  notEnabled: "Somente licitantes com plano em dia ou com créditos podem cadastrar lances iniciais",
  notPreQualified: "Somente licitantes pré-qualificados podem cadastrar lances iniciais",
  loadError: "Erro ao carregar dados, tente novamente",
  connectionError: "Houve um erro na conexão com o servidor",
  saved: "Lances iniciais salvos com sucesso!",
  imported: "Seus lances iniciais e documentos foram salvos",
  templateErrorTitle: "Erro ao baixar",
  templateErrorText: "Por favor, tente novamente.",
  requirementsError: "Erro ao carregar o edital",
  smallCompanyUnanswered:
    "Para salvar sua proposta, responda a declaração referente a celebração de contratos com a administração pública",
  exclusiveLot:
    "Para participar de lotes/itens exclusivos para ME/EPP, o licitante deverá confirmar a declaração de que não celebrou contratos com a administração pública, que extrapolam o limite das ME/EPP.",
  initialProposalRequired: "Para liberar o botão é necessário que você anexe o arquivo da Proposta Inicial",
  removeTitle: "Remover Proposta",
  back: "Voltar",
  confirm: "Confirmar",
  downloadTemplate: "Baixar planilha auxiliar de lances",
  importTemplate: "Anexar planilha auxiliar de lances",
  attachQualification: "Anexar documentos de habilitação",
  attachProposal: "Anexar Arquivos da Proposta",
  attachGuarantee: "Anexar Garantia da Proposta",
  attachDataSheet: "Anexar Ficha Técnica",
  attachTechnicalProposal: "Anexar Arquivo da Proposta Técnica",
  relevantNotes: "OBSERVAÇÕES RELEVANTES",
  automaticQuestion: "Deseja utilizar a ferramenta de lances automáticos",
  yes: "Sim",
  no: "Não",
  smallCompanyNo: "Não (Ao assinar essa opção, o fornecedor perderá os benefícios da LC 123/2006)",
  acceptTerms: "Aceitar termos de uso",
  save: "Salvar documentos e lances iniciais",
  termsTitle: "Confirme todos os termos para prosseguir",
  dataSheetTitle: "Selecione uma ficha técnica para todos os produtos",
  qualificationTitle: "Selecione os documentos que deseja associar",
  selectAll: "Selecionar todos",
  noDocuments: "Nenhum documento disponível para seleção",
  allFiles: "Todos os arquivos",
  last15: "Últimos 15 dias",
  last30: "Últimos 30 dias",
  brandPlaceholder: "Digite a marca",
  multiItemProduct: (n: number) => `Itens do lote ${n} (clique para mais detalhes)`,
  attentionTitle: "Atenção",
} as const;

/** §9: brand at most 20 characters. */
export const BRAND_MAX_LENGTH = 20;
/** §9: product name and description shown up to 150 characters. */
export const PRODUCT_TEXT_MAX = 150;
/** §9 toast durations of the initial-bid warnings. */
export const SMALL_COMPANY_WARNING_MS = 7_000;
export const EXCLUSIVE_LOT_WARNING_MS = 10_000;

/** Modalities the screen serves (§2.8 load step 2: "If the modality is not allowed … go back"). */
export const INITIAL_BIDS_MODALITIES: readonly Modality[] = [
  "ELECTRONIC_AUCTION",
  "ELECTRONIC_REVERSED_AUCTION",
  "PRICES_SUBMISSION",
  "ELECTRONIC_COMPETITION",
  "NEW_ELECTRONIC_REVERSED_AUCTION",
  "NEW_PRICES_SUBMISSION",
  "ELECTRONIC_DISPENSER",
];

// ---- access (§5 "Access to initial bids") ----

/**
 * An enabled supplier for initial bids: its subscription ends after now, or it has an available
 * single-participation credit (notices-and-accounts §2.15), or it already placed an initial bid in
 * the process (its credit, if any, was consumed then).
 */
export function isEnabledForInitialBids(input: {
  subscriptionEndDate: Date | string | null;
  availableCredits: number;
  hasEarlierProposal: boolean;
  now: Date;
}): boolean {
  if (input.hasEarlierProposal) return true;
  if (input.subscriptionEndDate && new Date(input.subscriptionEndDate).getTime() > input.now.getTime())
    return true;
  return input.availableCredits > 0;
}

/** Pre-qualification is required when the notice has one and does not admit others (§5). */
export function needsPreQualification(notice: {
  hasPreQualification: boolean;
  isAllowedParticipantNonPreQualification: boolean;
}): boolean {
  return notice.hasPreQualification && !notice.isAllowedParticipantNonPreQualification;
}

/**
 * Whether saving this proposal consumes a credit (notices-and-accounts §2.15: "A credit is consumed
 * when the supplier registers an initial proposal in a process"): a non-zero proposal, the first in
 * the process (no credit used for it before), by a supplier whose subscription is not in force.
 */
export function consumesCredit(input: {
  isZeroProposal: boolean;
  creditAlreadyUsedInProcess: boolean;
  subscriptionEndDate: Date | string | null;
  now: Date;
}): boolean {
  if (input.isZeroProposal || input.creditAlreadyUsedInProcess) return false;
  const sub = input.subscriptionEndDate ? new Date(input.subscriptionEndDate).getTime() : 0;
  return sub <= input.now.getTime();
}

// ---- the screen's modes ----

export const isDiscountMode = (criterion: JudgementCriterion | string | null | undefined): boolean =>
  criterion === "BIGGEST_DISCOUNT";

/** The terms must be accepted except in ELECTRONIC_AUCTION (§5 "Terms"). */
export const termsRequired = (modality: Modality): boolean => modality !== "ELECTRONIC_AUCTION";

/** The 'Deseja utilizar a ferramenta de lances automáticos' radio: new modalities only (§2.8). */
export const asksAutomaticBid = (modality: Modality, closingKind: ClosingKind | string): boolean =>
  isNewModality(modality) && closingKind !== "CLOSED";

/** §5 "Automatic bids": the fields are shown in new modalities, closingKind not CLOSED, tool chosen. */
export function automaticFieldsShown(
  modality: Modality,
  closingKind: ClosingKind | string,
  canApplyAutomaticBid: boolean,
): boolean {
  return asksAutomaticBid(modality, closingKind) && canApplyAutomaticBid;
}

/** The small-business declaration is asked of small businesses in new modalities (§2.8). */
export const asksSmallCompanyDeclaration = (modality: Modality, isSmallBusiness: boolean): boolean =>
  isSmallBusiness && isNewModality(modality);

/**
 * §5: the big-company declaration is required when the tool is on and the supplier is not a small
 * business, or answered 'Não'.
 */
export function bigCompanyDeclarationRequired(input: {
  automaticOn: boolean;
  isSmallBusiness: boolean;
  smallCompanyAnswer: boolean | null;
}): boolean {
  return input.automaticOn && (!input.isSmallBusiness || input.smallCompanyAnswer === false);
}

/** §5: the secret-phase declaration is required when closingKind is OPEN_AND_CLOSED and the tool is on. */
export const secretPhaseDeclarationRequired = (closingKind: string, automaticOn: boolean): boolean =>
  closingKind === "OPEN_AND_CLOSED" && automaticOn;

/**
 * The regional-preference checkbox (§2.8): shown to small businesses outside ELECTRONIC_AUCTION when
 * the notice canApplyRegionalPreference; enabled only when the small-business answer is yes (or the
 * modality is old).
 */
export function regionalPreference(input: {
  modality: Modality;
  canApplyRegionalPreference: boolean;
  isSmallBusiness: boolean;
  smallCompanyAnswer: boolean | null;
}): { shown: boolean; enabled: boolean } {
  const shown =
    input.isSmallBusiness && input.modality !== "ELECTRONIC_AUCTION" && input.canApplyRegionalPreference;
  const enabled = shown && (!isNewModality(input.modality) || input.smallCompanyAnswer === true);
  return { shown, enabled };
}

/**
 * §5 "Exclusive lots (isAllowRegisterBid)": a lot accepts a bid when its participation is not
 * EXCLUSIVE or DIFFERENTIATED, or the modality is old, or the supplier is a small business that
 * declared yes.
 */
export function isAllowRegisterBid(input: {
  batchItemParticipation: BatchItemParticipation | string;
  modality: Modality;
  isSmallBusiness: boolean;
  smallCompanyAnswer: boolean | null;
}): boolean {
  if (!SMALL_BUSINESS_ONLY_PARTICIPATIONS.includes(input.batchItemParticipation as BatchItemParticipation))
    return true;
  if (!isNewModality(input.modality)) return true;
  return input.isSmallBusiness && input.smallCompanyAnswer === true;
}

/**
 * hasBigCompanyFilter (§7 list call): in new modalities a supplier that is not a small business can
 * never bid on an EXCLUSIVE or DIFFERENTIATED lot, so the list leaves those lots out for it.
 */
export function hiddenByBigCompanyFilter(input: {
  batchItemParticipation: BatchItemParticipation | string;
  modality: Modality;
  isSmallBusiness: boolean;
}): boolean {
  return (
    !input.isSmallBusiness &&
    isNewModality(input.modality) &&
    SMALL_BUSINESS_ONLY_PARTICIPATIONS.includes(input.batchItemParticipation as BatchItemParticipation)
  );
}

/**
 * The small-business answer the screen starts with (§5): yes when the supplier is already in the
 * notice's smallCompanyDeclarations; no when it has a non-zero proposal without it; otherwise
 * unanswered.
 */
export function defaultSmallCompanyAnswer(input: {
  isDeclared: boolean;
  hasNonZeroProposal: boolean;
}): boolean | null {
  if (input.isDeclared) return true;
  if (input.hasNonZeroProposal) return false;
  return null;
}

// ---- save disabled (§5) ----

export interface SaveState {
  modality: Modality;
  licensePhase: LicensePhase | string | null;
  criterion: JudgementCriterion | string;
  isInitialProposalsRequired: boolean;
  isTechnicalDataSheetAttachmentRequired: boolean;
  termsAccepted: boolean;
  lotCount: number;
  hasQualificationDocuments: boolean;
  hasInitialProposal: boolean;
  hasTechnicalProposal: boolean;
  hasDataSheet: boolean;
  bigCompanyRequired: boolean;
  bigCompanyChecked: boolean;
  secretPhaseRequired: boolean;
  secretPhaseChecked: boolean;
}

export type SaveBlocker =
  | "TERMS"
  | "NO_LOTS"
  | "QUALIFICATION_DOCUMENTS"
  | "INITIAL_PROPOSAL"
  | "TECHNICAL_PROPOSAL"
  | "DATA_SHEET"
  | "BIG_COMPANY_DECLARATION"
  | "SECRET_PHASE_DECLARATION";

/**
 * Why 'Salvar documentos e lances iniciais' (and the import) is disabled (§5 "Save disabled"). Of
 * the two BEFORE_BID readings, the one without the initial proposal is kept (the proposal has its
 * own rule, isInitialProposalsRequired).
 */
export function saveBlockers(s: SaveState): SaveBlocker[] {
  const out: SaveBlocker[] = [];
  if (termsRequired(s.modality) && !s.termsAccepted) out.push("TERMS");
  if (s.lotCount === 0) out.push("NO_LOTS");
  if (isNewModality(s.modality)) {
    if (s.licensePhase === "BEFORE_BID" && !s.hasQualificationDocuments) out.push("QUALIFICATION_DOCUMENTS");
    if (s.isInitialProposalsRequired && !s.hasInitialProposal) out.push("INITIAL_PROPOSAL");
    if (s.criterion === "TECHNIQUE_AND_PRICE" && !s.hasTechnicalProposal) out.push("TECHNICAL_PROPOSAL");
    if (s.bigCompanyRequired && !s.bigCompanyChecked) out.push("BIG_COMPANY_DECLARATION");
    if (s.secretPhaseRequired && !s.secretPhaseChecked) out.push("SECRET_PHASE_DECLARATION");
  } else {
    if (s.modality !== "ELECTRONIC_AUCTION" && !s.hasQualificationDocuments)
      out.push("QUALIFICATION_DOCUMENTS");
    if (s.isTechnicalDataSheetAttachmentRequired && !s.hasDataSheet) out.push("DATA_SHEET");
  }
  return out;
}

/** Document blockers do not apply to a zero proposal (a removal attaches nothing). */
export const DOCUMENT_BLOCKERS: readonly SaveBlocker[] = [
  "QUALIFICATION_DOCUMENTS",
  "INITIAL_PROPOSAL",
  "TECHNICAL_PROPOSAL",
  "DATA_SHEET",
];

export const SAVE_BLOCKER_MESSAGES: Record<SaveBlocker, string> = {
  TERMS: "Aceite os termos de uso para prosseguir.",
  NO_LOTS: "Este edital não possui lotes para lances iniciais.",
  QUALIFICATION_DOCUMENTS: "Associe os documentos de habilitação antes de salvar.",
  INITIAL_PROPOSAL: INITIAL_BIDS_TEXTS.initialProposalRequired,
  TECHNICAL_PROPOSAL: "Anexe o arquivo da proposta técnica antes de salvar.",
  DATA_SHEET: "Anexe a ficha técnica antes de salvar.",
  BIG_COMPANY_DECLARATION: "Confirme a declaração sobre os lances automáticos para prosseguir.",
  SECRET_PHASE_DECLARATION: "Confirme a declaração sobre a etapa fechada para prosseguir.",
};

// ---- lots on the screen (§2.8, §3 "Multi-item lots on the initial bids screen") ----

export interface LotItemValues {
  number: number;
  item: number;
  referencePrice: number;
  minimumVariation: number;
  decimalsNumber: number;
}

/**
 * The head row of a multi-item lot aggregates its items (§3): referencePrice and minimumVariation
 * are summed, rescaled ×100 where decimals differ, at FOUR when any item has it. A single-item lot
 * is its own row.
 */
export function aggregateLotHead(items: readonly LotItemValues[]): {
  referencePrice: number;
  minimumVariation: number;
  decimalsNumber: number;
} {
  const head = items.find((i) => i.item === 1) ?? items[0];
  if (!head) throw new RangeError("lote sem itens");
  if (items.length === 1)
    return {
      referencePrice: head.referencePrice,
      minimumVariation: head.minimumVariation,
      decimalsNumber: head.decimalsNumber,
    };
  const decimals = items.some((i) => i.decimalsNumber === 4) ? 4 : head.decimalsNumber;
  const sum = (f: (i: LotItemValues) => number) =>
    items.reduce((acc, i) => acc + rescale(f(i), i.decimalsNumber, decimals), 0);
  return {
    referencePrice: sum((i) => i.referencePrice),
    // The head row's minimum variation is the lot's (the room's step), at the aggregated scale.
    minimumVariation: rescale(head.minimumVariation, head.decimalsNumber, decimals),
    decimalsNumber: decimals,
  };
}

/** §2.8 discount mode: 'Desconto' = round(referencePrice × pct / 100). */
export const discountAmount = (referencePrice: number, percent: number): number =>
  referencePrice - priceAfterDiscount(referencePrice, percent);

/** 'Valor total (R$)' = unitPrice × quantity (§2.8), at the price's scale. */
export function totalValue(unitPrice: number, decimals: number, quantity: number | string): number {
  return multiplyByQuantity(unitPrice, decimals, String(quantity));
}

// ---- the payload (§5 "Initial bid payload") ----

export interface InitialBidRowInput {
  batch: { id: string };
  unitPrice?: number | null;
  finalPrice?: number | null;
  variationPrice?: number | null;
  percentDiscount?: number | null;
  percentFinalDiscount?: number | null;
  percentVariation?: number | null;
  quantity?: number | string | null;
  brand?: string | null;
}

/** A lot row as the rules read it (the head row, with the aggregated values of §3). */
export interface InitialBidLot {
  id: string;
  number: number;
  item: number;
  quantity: number | string;
  /** Aggregated for a multi-item lot (aggregateLotHead); at `decimalsNumber`. */
  referencePrice: number;
  minimumVariation: number;
  percentMinimumVariation: number;
  decimalsNumber: number;
  /** The head row's own decimals: the scale the room compares at (stored values use it). */
  storedDecimals: number;
  isProductBrandRequired: boolean;
  batchItemParticipation: BatchItemParticipation | string;
  criterion: JudgementCriterion | string;
  hasManyItems: boolean;
}

export interface InitialBidsContext {
  modality: Modality;
  closingKind: ClosingKind | string;
  offerKind: OfferKind | string;
  isSmallBusiness: boolean;
  /** The small-business answer (true = yes); only read for small businesses in new modalities. */
  smallCompanyAnswer: boolean | null;
  canApplyAutomaticBid: boolean;
  hasBigCompanyAutomaticBidDeclaration: boolean;
  hasSecretPhaseDeclaration: boolean;
  /** Lots by id: head rows and, for the refusal of item rows, the other item rows too. */
  lots: ReadonlyMap<string, InitialBidLot>;
}

/** A lot's proposal, ready to store on the head row (values at the head row's own decimals). */
export interface NormalizedInitialBid {
  batchId: string;
  number: number;
  unitPrice: number;
  percentDiscount: number | null;
  totalPrice: number;
  quantity: string;
  brand: string | null;
  canApplyAutomaticBid: boolean;
  finalPrice: number | null;
  variationPrice: number | null;
  percentFinalDiscount: number | null;
  percentVariation: number | null;
}

export type InitialBidsVerdict =
  | {
      ok: true;
      /** Every value zero: an earlier proposal is removed, or the supplier does not take part (§4). */
      isZeroProposal: boolean;
      /** The lots with a proposal; the lots sent with zero have none. */
      bids: NormalizedInitialBid[];
      /** Lots sent with zero (their earlier proposal, if any, is removed). */
      zeroBatchIds: string[];
    }
  | { ok: false; code: "UNKNOWN_LOT" | "INVALID"; message: string; property?: string };

const refuse = (message: string, property?: string): InitialBidsVerdict => ({
  ok: false,
  code: "INVALID",
  message,
  property,
});

const PERCENT_MAX_DECIMALS = 4;
function validPercent(value: number): boolean {
  if (!Number.isFinite(value) || value < 0 || value > 100) return false;
  const exact = numberToExactDecimal(value);
  return exact !== null && exact.scale <= PERCENT_MAX_DECIMALS;
}
const validMoney = (value: number) => Number.isSafeInteger(value) && value >= 0;

/** Money sent at the listed (aggregated) scale, stored at the head row's own scale. */
const toStored = (value: number, lot: InitialBidLot) =>
  rescale(value, lot.decimalsNumber, lot.storedDecimals);

/**
 * Validates and normalises a save (§5): lots of the notice only, one row per lot; zero rows remove;
 * exclusive lots only for declared ME/EPP; brand required where the lot asks for it (not on a
 * multi-item row, nor in ELECTRONIC_AUCTION) and at most 20 characters; the automatic-bid fields
 * only when shown, with a non-zero final bid no worse than the initial one and a variation of at
 * least the lot's minimum; in BIGGEST_DISCOUNT the other items copy item 1 (their rows are not
 * stored: the head row's percent is every item's), prices follow from the reference price.
 */
export function validateInitialBids(
  rows: readonly InitialBidRowInput[],
  ctx: InitialBidsContext,
): InitialBidsVerdict {
  const seen = new Set<string>();
  const automatic = automaticFieldsShown(ctx.modality, ctx.closingKind, ctx.canApplyAutomaticBid);
  const bids: NormalizedInitialBid[] = [];
  const zeroBatchIds: string[] = [];
  for (const [index, row] of rows.entries()) {
    const p = (field: string) => `bidData.${index}.${field}`;
    const lot = ctx.lots.get(row.batch.id);
    if (!lot)
      return {
        ok: false,
        code: "UNKNOWN_LOT",
        message: "Lote/item não encontrado neste processo.",
        property: p("batch"),
      };
    const discount = isDiscountMode(lot.criterion);
    if (lot.item !== 1) {
      // §4: in BIGGEST_DISCOUNT the other items copy item 1; in price mode only item-1 rows exist (§2.8).
      if (discount) continue;
      return refuse(`Informe o lance do lote ${lot.number} na linha do item 1.`, p("batch"));
    }
    if (seen.has(lot.id)) return refuse(`O lote ${lot.number} foi enviado mais de uma vez.`, p("batch"));
    seen.add(lot.id);

    const value = discount ? (row.percentDiscount ?? 0) : (row.unitPrice ?? 0);
    if (discount ? !validPercent(value) : !validMoney(value))
      return refuse(
        `Lance inicial inválido no lote ${lot.number}.`,
        p(discount ? "percentDiscount" : "unitPrice"),
      );
    if (value === 0) {
      zeroBatchIds.push(lot.id);
      continue;
    }
    if (
      !isAllowRegisterBid({
        batchItemParticipation: lot.batchItemParticipation,
        modality: ctx.modality,
        isSmallBusiness: ctx.isSmallBusiness,
        smallCompanyAnswer: ctx.smallCompanyAnswer,
      })
    )
      return refuse(INITIAL_BIDS_TEXTS.exclusiveLot, p(discount ? "percentDiscount" : "unitPrice"));

    const brand = (row.brand ?? "").trim();
    if (brand.length > BRAND_MAX_LENGTH)
      return refuse(
        `A marca do lote ${lot.number} deve ter no máximo ${BRAND_MAX_LENGTH} caracteres.`,
        p("brand"),
      );
    const brandRequired =
      lot.isProductBrandRequired && !lot.hasManyItems && ctx.modality !== "ELECTRONIC_AUCTION";
    if (brandRequired && brand === "")
      return refuse(`Informe a marca/modelo do lote ${lot.number}.`, p("brand"));

    const reference = lot.referencePrice;
    let unitPrice: number;
    let percentDiscount: number | null = null;
    if (discount) {
      if (reference <= 0)
        return refuse(
          `O lote ${lot.number} não possui preço de referência para desconto.`,
          p("percentDiscount"),
        );
      percentDiscount = value;
      unitPrice = toStored(priceAfterDiscount(reference, value), lot);
    } else {
      unitPrice = toStored(value, lot);
    }

    let finalPrice: number | null = null;
    let variationPrice: number | null = null;
    let percentFinalDiscount: number | null = null;
    let percentVariation: number | null = null;
    if (automatic) {
      if (discount) {
        const finalPct = row.percentFinalDiscount ?? 0;
        const variationPct = row.percentVariation ?? 0;
        if (!validPercent(finalPct) || finalPct === 0)
          return refuse(`O lance final do lote ${lot.number} não pode ser zero.`, p("percentFinalDiscount"));
        if (finalPct < value)
          return refuse(
            `O lance final do lote ${lot.number} não pode ser um desconto menor que o lance inicial.`,
            p("percentFinalDiscount"),
          );
        if (!validPercent(variationPct) || variationPct < lot.percentMinimumVariation || variationPct === 0)
          return refuse(
            `A variação do lote ${lot.number} deve ser de ao menos ${String(lot.percentMinimumVariation).replace(".", ",")} %.`,
            p("percentVariation"),
          );
        percentFinalDiscount = finalPct;
        percentVariation = variationPct;
        finalPrice = toStored(priceAfterDiscount(reference, finalPct), lot);
        variationPrice = toStored(reference - priceAfterDiscount(reference, variationPct), lot);
      } else {
        const final = row.finalPrice ?? 0;
        const variation = row.variationPrice ?? 0;
        if (!validMoney(final) || final === 0)
          return refuse(`O lance final do lote ${lot.number} não pode ser zero.`, p("finalPrice"));
        const higher = lot.criterion === "BIGGEST_PRICE";
        if (higher ? final < value : final > value)
          return refuse(
            higher
              ? `O lance final do lote ${lot.number} não pode ser menor que o lance inicial.`
              : `O lance final do lote ${lot.number} não pode ser maior que o lance inicial.`,
            p("finalPrice"),
          );
        if (!validMoney(variation) || variation === 0 || variation < lot.minimumVariation)
          return refuse(
            `A variação do lote ${lot.number} deve ser de ao menos a variação mínima do lote.`,
            p("variationPrice"),
          );
        finalPrice = toStored(final, lot);
        variationPrice = toStored(variation, lot);
      }
    }

    const quantity = String(lot.quantity);
    // BATCH_TOTAL_AMOUNT: the value sent is already the lot's total (§5: multiplied back by quantity).
    const totalPrice =
      ctx.offerKind === "BATCH_TOTAL_AMOUNT"
        ? unitPrice
        : totalValue(unitPrice, lot.storedDecimals, quantity);
    bids.push({
      batchId: lot.id,
      number: lot.number,
      unitPrice,
      percentDiscount,
      totalPrice,
      quantity,
      brand: brand === "" ? null : brand,
      canApplyAutomaticBid: automatic,
      finalPrice,
      variationPrice,
      percentFinalDiscount,
      percentVariation,
    });
  }
  if (bids.length === 0) return { ok: true, isZeroProposal: true, bids, zeroBatchIds };

  if (asksSmallCompanyDeclaration(ctx.modality, ctx.isSmallBusiness) && ctx.smallCompanyAnswer === null)
    return refuse(INITIAL_BIDS_TEXTS.smallCompanyUnanswered, "hasSmallCompanyDeclaration");
  if (
    bigCompanyDeclarationRequired({
      automaticOn: automatic,
      isSmallBusiness: ctx.isSmallBusiness,
      smallCompanyAnswer: ctx.smallCompanyAnswer,
    }) &&
    !ctx.hasBigCompanyAutomaticBidDeclaration
  )
    return refuse(SAVE_BLOCKER_MESSAGES.BIG_COMPANY_DECLARATION, "hasBigCompanyAutomaticBidDeclaration");
  if (secretPhaseDeclarationRequired(ctx.closingKind, automatic) && !ctx.hasSecretPhaseDeclaration)
    return refuse(SAVE_BLOCKER_MESSAGES.SECRET_PHASE_DECLARATION, "hasSecretPhaseDeclaration");
  return { ok: true, isZeroProposal: false, bids, zeroBatchIds };
}

/**
 * The value the screen sends for a row in discount mode (§5): unitPrice = ref − ref × pct / 100,
 * finalPrice likewise with the final pct, variationPrice = ref × variation pct / 100.
 */
export function discountRowPrices(
  referencePrice: number,
  pct: { percentDiscount: number; percentFinalDiscount?: number | null; percentVariation?: number | null },
) {
  return {
    unitPrice: priceAfterDiscount(referencePrice, pct.percentDiscount),
    finalPrice:
      pct.percentFinalDiscount != null ? priceAfterDiscount(referencePrice, pct.percentFinalDiscount) : null,
    variationPrice:
      pct.percentVariation != null
        ? referencePrice - priceAfterDiscount(referencePrice, pct.percentVariation)
        : null,
  };
}

/** §5 "Zero proposal": the sum of the initial bids (or of the discounts) is 0. */
export function isZeroProposal(
  rows: readonly Pick<InitialBidRowInput, "unitPrice" | "percentDiscount">[],
  discount: boolean,
): boolean {
  return rows.reduce((acc, r) => acc + ((discount ? r.percentDiscount : r.unitPrice) ?? 0), 0) === 0;
}
