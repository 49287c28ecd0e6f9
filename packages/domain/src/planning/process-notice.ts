import type { JudgementCriterion } from "../enums/judgement";
import type { NoticeStatus } from "../enums/notice-status";
import type { BatchItemParticipation, ProcessParticipation } from "../enums/participation";
import { multiplyByQuantity, rescale, toScaled } from "../format/money";
import type { AuctionBatchPayload } from "../schemas/lots.schema";
import { z } from "../schemas/zod";

// The notice made from a planning process (issue 35, step 6 'Edital'; planning §2.3, §4 "Process step
// order") and what the process administration page reads of it: the plan's gaps that stop the notice,
// the participation the plan's lots give the notice, the reserved quotas' wide lots, the total value
// and the status of the steps that follow the notice.

/** The body of app/process/notice/create, app/process/notice/sync and app/process/publish. */
export const processNoticeSchema = z.object({ processId: z.uuid("Identificador inválido") });

// Ours (the spec names no server messages for these steps).
export const PROCESS_NOTICE_INCOMPLETE_MESSAGE =
  "Complete o planejamento do processo antes de criar o edital.";
export const PROCESS_NOTICE_NO_OBJECT_MESSAGE = "Informe o objeto (descrição) na formalização de demanda.";
export const PROCESS_NOTICE_NO_LOTS_MESSAGE = "Cadastre ao menos um lote/item na formalização de demanda.";
export const PROCESS_NOTICE_NO_MODALITY_MESSAGE =
  "Informe a modalidade e a submodalidade no estudo técnico preliminar.";
export const processNoticeUnpricedMessage = (lots: readonly { number: number; item: number }[]) =>
  `Informe o preço de referência no orçamento: ${lots.map((l) => `lote ${l.number} item ${l.item}`).join(", ")}.`;
export const PROCESS_NOTICE_PUBLISHED_MESSAGE =
  "O edital já foi publicado: mudanças do planejamento não o alteram mais.";
export const PROCESS_NOTICE_MISSING_MESSAGE = "Crie o edital do processo antes de continuar.";
export const PROCESS_ALREADY_PUBLISHED_MESSAGE = "O processo já foi publicado.";
export const PROCESS_NOTICE_NOT_ALLOWED_MESSAGE =
  "Seu perfil de acesso não permite criar, atualizar ou publicar o edital do processo.";

/**
 * The notice fields a notice made from a process may still lack when it is created: its dates, buying
 * units, auctioneers and legal clause are chosen in the notice's own form ('Criar/Editar' of step 6),
 * whose save and the publication check every field again (notices-and-accounts §5).
 */
export const PROCESS_NOTICE_DEFERRED_FIELDS = [
  "startDateTime",
  "proposalsStartDateTime",
  "proposalsEndDateTime",
  "secretaryOffice",
  "auctioneers",
  "lawClause",
] as const;

/**
 * Whether the judgement criterion disputes a price, so every item needs the budget's reference price:
 * lowest price and biggest discount (Lei 14.133/2021 arts. 33–34, the discount is over the reference),
 * technique and price (art. 36, the price proposal is weighed) and the auction's biggest bid (art. 31
 * §2 II, the minimum price). Best technique and artistic content pay a remuneration the notice fixes
 * (art. 35) and greater economic return a share of the saving (art. 39): no item price is disputed.
 */
export function criterionNeedsReferencePrice(criterion: JudgementCriterion): boolean {
  return !["BEST_TECHNICAL", "ARTISTIC_CONTENT", "GREATER_ECONOMIC_RETURN"].includes(criterion);
}

export interface PlanForNotice {
  /** The DFD's description, the notice's object. */
  description: string | null;
  modality: string | null;
  subModality: string | null;
  /** Whether the ETP's sub-modality is one the modality admits. */
  subModalityAllowed: boolean;
  lots: readonly { number: number; item: number; referenceCents: number | null }[];
  /** The notice's judgement criterion (a new notice's default, or the linked notice's own). */
  criterion: JudgementCriterion | null;
}

export interface PlanGap {
  property: "description" | "demandFormalization" | "preliminaryTechnicalStudy" | "budget";
  errorMessages: string[];
}

/**
 * What the plan still lacks for its notice (issue 35 "Rules and bad input"): the object, the DFD's
 * lots, the ETP's modality and sub-modality, and — when the criterion disputes a price — the budget's
 * reference price of each item (Lei 14.133/2021 art. 23: the estimated value comes from the price
 * research). Empty when the notice can be made.
 */
export function planGapsForNotice(plan: PlanForNotice): PlanGap[] {
  const gaps: PlanGap[] = [];
  if (!plan.description?.trim())
    gaps.push({ property: "description", errorMessages: [PROCESS_NOTICE_NO_OBJECT_MESSAGE] });
  if (plan.lots.length === 0)
    gaps.push({ property: "demandFormalization", errorMessages: [PROCESS_NOTICE_NO_LOTS_MESSAGE] });
  if (!plan.modality || !plan.subModality || !plan.subModalityAllowed)
    gaps.push({ property: "preliminaryTechnicalStudy", errorMessages: [PROCESS_NOTICE_NO_MODALITY_MESSAGE] });
  const unpriced = plan.lots.filter((l) => l.referenceCents === null || l.referenceCents <= 0);
  if (plan.criterion && criterionNeedsReferencePrice(plan.criterion) && unpriced.length)
    gaps.push({ property: "budget", errorMessages: [processNoticeUnpricedMessage(unpriced)] });
  return gaps;
}

/**
 * The notice's process participation from its lots' (the inverse of the lots editor's
 * allowedBatchParticipations, notices-and-accounts §4): all wide → BROAD, all exclusive →
 * MICRO_BUSINESS_EXCLUSIVE, wide lots with their reserved quotas → MICRO_BUSINESS_DIFFERENTIATED,
 * anything else → DEFINED_PER_BATCH. A lot the plan left undecided counts as wide.
 */
export function noticeParticipationOf(
  lots: readonly (BatchItemParticipation | null)[],
): ProcessParticipation {
  const kinds = new Set(lots.map((p) => p ?? "WIDE_PARTICIPATION"));
  if (kinds.size === 0 || (kinds.size === 1 && kinds.has("WIDE_PARTICIPATION"))) return "BROAD";
  if (kinds.size === 1 && kinds.has("EXCLUSIVE")) return "MICRO_BUSINESS_EXCLUSIVE";
  if (!kinds.has("EXCLUSIVE") && kinds.has("WIDE_PARTICIPATION")) return "MICRO_BUSINESS_DIFFERENTIATED";
  return "DEFINED_PER_BATCH";
}

/**
 * The wide-participation lot each reserved quota of the plan belongs to (LC 123/2006 art. 48 III: the
 * quota is a share of the same object): the lowest-numbered wide lot holding every product of the
 * quota lot; null when none does (the lots editor then refuses the quota, naming it).
 */
export function reservedQuotaWideLots(
  lots: readonly { number: number; productId: string; participation: BatchItemParticipation | null }[],
): Map<number, number | null> {
  const productsOf = (number: number) =>
    new Set(lots.filter((l) => l.number === number).map((l) => l.productId));
  const wide = [
    ...new Set(
      lots
        .filter((l) => (l.participation ?? "WIDE_PARTICIPATION") === "WIDE_PARTICIPATION")
        .map((l) => l.number),
    ),
  ].sort((a, b) => a - b);
  const out = new Map<number, number | null>();
  for (const quota of new Set(
    lots.filter((l) => l.participation === "DIFFERENTIATED").map((l) => l.number),
  )) {
    const wanted = productsOf(quota);
    const hit = wide.find((w) => {
      const has = productsOf(w);
      return [...wanted].every((p) => has.has(p));
    });
    out.set(quota, hit ?? null);
  }
  return out;
}

/** A DFD lot/item as the notice takes it: its line, the budget's price and the reference term's options. */
export interface PlanLotForNotice {
  number: number;
  item: number;
  productId: string;
  quantity: string;
  measurementUnitCode: string;
  /** The budget's reference unit price in cents (referencePriceCents), null without one. */
  referenceCents: number | null;
  isProductBrandRequired: boolean;
  decimalsNumber: number | null;
  minimumVariationKind: "REAL" | "PERCENTAGE" | null;
  minimumVariation: string | number | null;
  batchItemParticipation: BatchItemParticipation | null;
}

/** What a lot already in the notice keeps where the plan has no say (or left the option undecided). */
export interface NoticeLotKept {
  id: string;
  decimalsNumber: number;
  minimumVariation: number;
  percentMinimumVariation: number;
  batchItemParticipation: BatchItemParticipation;
  wideParticipationBatch: number | null;
  isSubcontractingIndicator: boolean;
  shouldAttachTechnicalDocuments: boolean;
}

/**
 * The notice's lots from the plan (issue 35 step 6), as the lots editor receives them (notices-and-accounts
 * §3 "Auction batch": money scaled by 10^decimalsNumber): each DFD line with its quantity, unit and
 * product, the budget's reference unit price (no price: 0, refused by planGapsForNotice when the
 * criterion needs one), and the options the reference term decided — brand, decimals, minimum
 * variation (reais or percent) and ME/EPP participation, a reserved quota linked to its wide lot. An
 * option the plan left undecided keeps the notice's own value (`current`, by lot and item), else the
 * lots editor's default; subcontracting and technical documents are the notice's alone.
 */
export function noticeLotsFromPlan(
  lots: readonly PlanLotForNotice[],
  current: (number: number, item: number) => NoticeLotKept | undefined = () => undefined,
): AuctionBatchPayload[] {
  const wideOf = reservedQuotaWideLots(
    lots.map((l) => ({
      number: l.number,
      productId: l.productId,
      participation: l.batchItemParticipation ?? current(l.number, l.item)?.batchItemParticipation ?? null,
    })),
  );
  return lots.map((l) => {
    const kept = current(l.number, l.item);
    const decimals =
      l.decimalsNumber === 2 || l.decimalsNumber === 4 ? l.decimalsNumber : (kept?.decimalsNumber ?? 2);
    const variation = l.minimumVariation === null ? null : Number(l.minimumVariation);
    const real =
      l.minimumVariationKind === "REAL" && variation !== null && variation > 0
        ? toScaled(variation, decimals)
        : null;
    const percent =
      l.minimumVariationKind === "PERCENTAGE" && variation !== null && variation > 0
        ? Math.min(variation, 100)
        : null;
    const participation = l.batchItemParticipation ?? kept?.batchItemParticipation ?? "WIDE_PARTICIPATION";
    return {
      ...(kept ? { id: kept.id } : {}),
      number: l.number,
      item: l.item,
      product: { id: l.productId },
      quantity: String(l.quantity),
      measurementUnit: { code: l.measurementUnitCode },
      referencePrice: l.referenceCents === null ? 0 : rescale(l.referenceCents, 2, decimals),
      minimumVariation:
        real !== null && real >= 1
          ? real
          : kept
            ? rescale(kept.minimumVariation, kept.decimalsNumber, decimals) || 1
            : undefined,
      percentMinimumVariation: percent ?? kept?.percentMinimumVariation,
      isProductBrandRequired: l.isProductBrandRequired,
      isSubcontractingIndicator: kept?.isSubcontractingIndicator ?? false,
      decimalsNumber: decimals as 2 | 4,
      batchItemParticipation: participation,
      wideParticipationBatch:
        participation === "DIFFERENTIATED"
          ? (wideOf.get(l.number) ?? kept?.wideParticipationBatch ?? null)
          : null,
      shouldAttachTechnicalDocuments: kept?.shouldAttachTechnicalDocuments ?? false,
    };
  });
}

/**
 * 'Valor Total do Processo' (planning §2.3; issue 35 item 7): Σ reference unit price × quantity over
 * the DFD's items, exactly in cents; null while an item has no reference price (or there is none).
 */
export function processTotalCents(
  lots: readonly { referenceCents: number | null; quantity: string | number }[],
): number | null {
  if (lots.length === 0 || lots.some((l) => l.referenceCents === null)) return null;
  return lots.reduce(
    (sum, l) => sum + multiplyByQuantity(l.referenceCents as number, 2, String(l.quantity), 2),
    0,
  );
}

export type ProcessStepStatus = "PENDING" | "IN_PROGRESS" | "COMPLETED";

/** Step 6 'Edital': in progress while the notice is a draft, completed once it went out. */
export function auctionNoticeStepStatus(status: NoticeStatus | null): ProcessStepStatus {
  if (status === null) return "PENDING";
  return status === "PENDING" ? "IN_PROGRESS" : "COMPLETED";
}

/** Step 9 'Publicação': completed once the notice went out (any status past the draft). */
export function publicationStepStatus(status: NoticeStatus | null): ProcessStepStatus {
  return status !== null && status !== "PENDING" ? "COMPLETED" : "PENDING";
}

/**
 * Step 4 'Relatório de Pesquisa de Preços' (and step 7 'Tomada de Preços', the same research): pending
 * without a quote, completed once every item has its reference price, in progress between.
 */
export function budgetStepStatus(
  lots: readonly { referenceCents: number | null; quotes: number }[],
): ProcessStepStatus {
  if (!lots.some((l) => l.quotes > 0)) return "PENDING";
  return lots.every((l) => l.referenceCents !== null) ? "COMPLETED" : "IN_PROGRESS";
}

/** planning §4 "Sample signature statuses": nothing is sent to a supplier yet. */
export const SUPPLIER_NOT_SENT_STATUS = "Pendente de Envio";
