import {
  BRASILIA_TIME_ZONE,
  formatCpfOrCnpj,
  type PriceMethod,
  type PriceSearchExternalQuote,
  pncpNoticeLink,
  priceStatistics,
  reaisToCents,
  referencePriceCents,
} from "@certame/domain";
import type { CheckedPortalItem } from "../pncp/pncp.service";
import type { BudgetService } from "./budget.service";
import type { PriceReport, PriceReportQuote } from "./price-search-docx";

// The report's model from a process's saved budget, or from a basket of the standalone search. The
// figures of both come from the domain's priceStatistics (the budget screen's rule, IN SEGES/ME 65/2021 art. 6).

type Batches = Awaited<ReturnType<BudgetService["read"]>>;

const cents = (reais: number | null) => (reais === null ? null : reaisToCents(reais));
const supplierText = (name: string, document: string) => `${name} (${formatCpfOrCnpj(document)})`;
const portalSource = (itemId: string | null) => {
  const link = pncpNoticeLink(itemId);
  return link ? `Portal Nacional de Contratações Públicas – ${link}` : null;
};
const day = (iso: string | null) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? "");
  return m ? `${m[3]}/${m[2]}/${m[1]}` : null;
};

/** The budget screen's report (a process's saved quotes, as app/budget/read/batches computes them). */
export function budgetPriceReport(data: Batches, meta: { bodyName: string; issuedAt: Date }): PriceReport {
  return {
    ...meta,
    processNumber: data.process.processNumber,
    object: data.list.find((b) => b.description)?.description ?? "",
    notes: [],
    groups: data.list.map((b) => ({
      heading: `Lote ${b.number} – Item ${b.item}: ${b.product.name}`,
      details: [`Quantidade: ${b.quantity} ${b.measurementUnit.description}`],
      method: b.priceMethod,
      quotes: b.budgets.map(
        (q): PriceReportQuote => ({
          label: String(q.columnOrder),
          supplier: supplierText(q.supplier.corporateName, q.supplier.documentNumber),
          cents: reaisToCents(q.price),
          source: portalSource(q.pncpItemId) ?? "Cotação direta",
          flag: q.flag,
          excluded: q.excluded,
          exclusionJustification: q.exclusionJustification,
        }),
      ),
      averageCents: cents(b.averagePrice),
      medianCents: cents(b.medianPrice),
      lowestCents: cents(b.lowestPrice),
      referenceCents: cents(b.referencePrice),
      coefficientOfVariation: b.coefficientOfVariation,
    })),
  };
}

/**
 * The standalone search's report (issue 35 item 4): the portal items as the portal has them (checked by
 * PncpService.checkBasket), then the typed quotes as typed, labelled as not checked.
 */
export function basketPriceReport(
  basket: { objectOfInterest: string; priceMethod: PriceMethod },
  portalItems: CheckedPortalItem[],
  typed: PriceSearchExternalQuote[],
  meta: { bodyName: string; issuedAt: Date },
): PriceReport {
  const rows = [
    ...portalItems.map((p) => ({
      supplier: supplierText(p.supplier.name, p.supplier.documentNumber),
      cents: p.cents,
      source: [
        portalSource(p.itemId),
        `item ${p.itemNumber}${p.description ? `: ${p.description}` : ""}`,
        day(p.homologationDate) ? `homologado em ${day(p.homologationDate)}` : null,
      ]
        .filter(Boolean)
        .join("; "),
    })),
    ...typed.map((q) => ({
      supplier: supplierText(q.supplier.corporateName ?? q.supplier.name ?? "", q.supplier.documentNumber),
      cents: reaisToCents(q.price),
      source: `Cotação informada pelo usuário (não conferida no portal)${q.source ? `: ${q.source}` : ""}`,
    })),
  ];
  const stats = priceStatistics(rows.map((r) => ({ cents: r.cents, excluded: false })));
  const checkedAt = new Intl.DateTimeFormat("pt-BR", {
    timeZone: BRASILIA_TIME_ZONE,
    dateStyle: "short",
    timeStyle: "short",
  }).format(meta.issuedAt);
  return {
    ...meta,
    processNumber: null,
    object: basket.objectOfInterest,
    notes: [
      `Preços do Portal Nacional de Contratações Públicas conferidos com o portal em ${checkedAt}: ${portalItems.length} item(ns). Cotações informadas pelo usuário: ${typed.length}, relatadas como informadas.`,
    ],
    groups: [
      {
        heading: "Cesta de preços",
        details: [],
        method: basket.priceMethod,
        quotes: rows.map((r, i) => ({
          label: String(i + 1),
          supplier: r.supplier,
          cents: r.cents,
          source: r.source,
          flag: stats.flags[i] ?? null,
          excluded: false,
          exclusionJustification: null,
        })),
        averageCents: stats.averageCents,
        medianCents: stats.medianCents,
        lowestCents: stats.lowestCents,
        referenceCents: referencePriceCents(stats, basket.priceMethod),
        coefficientOfVariation: stats.coefficientOfVariation,
      },
    ],
  };
}
