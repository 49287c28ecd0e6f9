import {
  type BudgetSaveRow,
  centsToReais,
  type PriceMethod,
  priceStatistics,
  processFileName,
  reaisToCents,
  referencePriceCents,
} from "@certame/domain";
import type { Clock } from "../../clock/clock";
import type { Db, DbOrTx } from "../../db/client";
import { type IssuedDocument, processDocumentId } from "../../files/document-file";
import { badRequest, notFound } from "../../http/errors";
import { buyerName } from "../buyers/buyer.repository";
import { lockWritableProcess, type Planner, readableProcess } from "../processes/process.policy";
import * as repo from "./budget.repository";
import { budgetPriceReport } from "./price-report";
import { priceReportDocumentModel } from "./price-report-document";

const BATCH_NOT_FOUND = "Item não encontrado.";
const BUDGET_NOT_FOUND = "Orçamento não encontrado.";
const ONE_PROCESS = "Todos os itens devem pertencer ao mesmo processo.";

const SORTS = ["number", "item", "product", "quantity"] as const;
export interface BudgetReadInput {
  processId: string;
  demandFormalizationBatchIds?: string[];
  page?: number;
  limitPerPage?: number;
  orderByColumn?: (typeof SORTS)[number];
  sortOrder?: "ASC" | "DESC";
  searchParameters?: string;
}

const nullableReais = (cents: number | null) => (cents === null ? null : centsToReais(cents));
const digits = (s: string) => s.replace(/[.\-/\s]/g, "");

/**
 * The reference unit price of each DFD item as the budget screen shows it (cents; null without a valid
 * quote): the item's method over its quotes' statistics (IN SEGES/ME 65/2021 art. 6), with how many
 * quotes it has and their last change. The notice made from the process, its total and the reference
 * term read the same figure.
 */
export async function referencePricesOf(
  db: DbOrTx,
  batches: readonly { id: string; priceMethod: PriceMethod }[],
) {
  const quotes = await repo.budgetsOfBatches(
    db,
    batches.map((b) => b.id),
  );
  return new Map(
    batches.map((b) => {
      const own = quotes.filter((q) => q.demandFormalizationBatchId === b.id);
      const stats = priceStatistics(own.map((q) => ({ cents: q.priceCents, excluded: q.excluded })));
      const updated = own.reduce<Date | null>((d, q) => (d && d > q.updatedDate ? d : q.updatedDate), null);
      return [
        b.id,
        {
          referenceCents: referencePriceCents(stats, b.priceMethod),
          quotes: own.length,
          updatedDate: updated,
        },
      ] as const;
    }),
  );
}

/** The rules of the budget (planning §7 "Budget", IN SEGES/ME 65/2021 art. 6); SQL in budget.repository. */
export class BudgetService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The process of the batches (one, the planner's body's) or 404/400. */
  private async processOf(db: DbOrTx, batchIds: string[]) {
    const unique = [...new Set(batchIds)];
    const rows = await repo.processOfBatches(db, unique);
    if (rows.length !== unique.length) throw notFound(BATCH_NOT_FOUND);
    const processes = new Set(rows.map((r) => r.processId));
    if (processes.size !== 1)
      throw badRequest(ONE_PROCESS, [
        { property: "demandFormalizationBatchId", errorMessages: [ONE_PROCESS] },
      ]);
    return [...processes][0] as string;
  }

  async save(planner: Planner, rows: BudgetSaveRow[]) {
    const processId = await this.processOf(
      this.db,
      rows.map((r) => r.demandFormalizationBatchId),
    );
    await readableProcess(this.db, planner, processId);
    const at = this.clock();
    await this.db.transaction(async (tx) => {
      await lockWritableProcess(tx, planner, processId);
      const ids = rows.flatMap((r) => (r.id ? [r.id] : []));
      const existing = await repo.findBudgets(tx, ids);
      const batchIds = new Set(rows.map((r) => r.demandFormalizationBatchId));
      if (
        existing.length !== new Set(ids).size ||
        existing.some((b) => !batchIds.has(b.demandFormalizationBatchId))
      )
        throw notFound(BUDGET_NOT_FOUND);
      await repo.parkBudgets(tx, ids);
      for (const r of rows) {
        const values = {
          demandFormalizationBatchId: r.demandFormalizationBatchId,
          columnOrder: r.columnOrder,
          priceCents: reaisToCents(r.price),
          pncpItemId: r.pncpItemId ?? null,
          supplierDocument: digits(r.supplier.documentNumber),
          supplierName: (r.supplier.corporateName ?? r.supplier.name ?? "").trim(),
          supplierCredentialKind: r.supplier.credentialKind,
          supplierIsSmallBusiness: r.supplier.isSmallBusiness,
        };
        if (r.id) await repo.updateBudget(tx, r.id, values, at);
        else await repo.upsertBudget(tx, values, at);
      }
    });
    return { success: true };
  }

  async read(planner: Planner, input: BudgetReadInput) {
    const process = await readableProcess(this.db, planner, input.processId);
    let batches = await repo.batchesOfProcess(this.db, process.id);
    if (input.demandFormalizationBatchIds?.length) {
      const only = new Set(input.demandFormalizationBatchIds);
      batches = batches.filter((b) => only.has(b.id));
    }
    const search = input.searchParameters?.trim().toLocaleLowerCase("pt-BR");
    if (search) batches = batches.filter((b) => b.productName.toLocaleLowerCase("pt-BR").includes(search));
    const key = input.orderByColumn ?? "number";
    const dir = input.sortOrder === "DESC" ? -1 : 1;
    const value = (b: (typeof batches)[number]) =>
      key === "product"
        ? b.productName
        : key === "quantity"
          ? Number(b.quantity)
          : key === "item"
            ? b.item
            : b.number;
    batches = [...batches].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      const c = typeof x === "string" ? x.localeCompare(String(y), "pt-BR") : x - (y as number);
      return (c || a.number - b.number || a.item - b.item) * dir;
    });
    const total = batches.length;
    const limit = input.limitPerPage ?? 100;
    const page = input.page ?? 1;
    const pageRows = batches.slice((page - 1) * limit, page * limit);
    const quotes = await repo.budgetsOfBatches(
      this.db,
      pageRows.map((b) => b.id),
    );
    const list = pageRows.map((b) => {
      const own = quotes.filter((q) => q.demandFormalizationBatchId === b.id);
      const stats = priceStatistics(own.map((q) => ({ cents: q.priceCents, excluded: q.excluded })));
      return {
        id: b.id,
        number: b.number,
        item: b.item,
        product: { id: b.productId, name: b.productName },
        quantity: Number(b.quantity),
        measurementUnit: { code: b.unitCode, description: b.unitDescription },
        description: b.description,
        priceMethod: b.priceMethod,
        averagePrice: nullableReais(stats.averageCents),
        medianPrice: nullableReais(stats.medianCents),
        lowestPrice: nullableReais(stats.lowestCents),
        referencePrice: nullableReais(referencePriceCents(stats, b.priceMethod)),
        coefficientOfVariation: stats.coefficientOfVariation,
        budgets: own.map((q, i) => ({
          id: q.id,
          price: centsToReais(q.priceCents),
          columnOrder: q.columnOrder,
          pncpItemId: q.pncpItemId,
          flag: stats.flags[i] ?? null,
          excluded: q.excluded,
          exclusionJustification: q.exclusionJustification,
          demandFormalizationBatch: { id: b.id },
          supplier: {
            documentNumber: q.supplierDocument,
            corporateName: q.supplierName,
            credentialKind: q.supplierCredentialKind,
            isSmallBusiness: q.supplierIsSmallBusiness,
          },
        })),
      };
    });
    return { process: { id: process.id, processNumber: process.processNumber }, list, total };
  }

  /**
   * Step 4's document as PDF (GET app/budget/pdf/:processId): the price research report of the saved
   * budget, versioned (issue 35 item 3) — the one 'Assinar o Documento' signs.
   */
  async documentModel(planner: Planner, processId: string): Promise<IssuedDocument> {
    const process = await readableProcess(this.db, planner, processId);
    const data = await this.read(planner, { processId: process.id, limitPerPage: 1000 });
    const report = budgetPriceReport(data, {
      bodyName: await buyerName(this.db, planner.buyerId),
      issuedAt: process.createdDate,
    });
    return {
      model: priceReportDocumentModel(report),
      issuedAt: process.createdDate,
      documentId: processDocumentId(process.id, "BUDGET"),
      fileName: (format) => processFileName("pesquisa-de-precos", process.processNumber, format),
    };
  }

  async deleteMany(planner: Planner, input: string[] | { processId: string; columnOrder: number }) {
    await this.db.transaction(async (tx) => {
      if (Array.isArray(input)) {
        const rows = await repo.findBudgets(tx, [...new Set(input)]);
        if (rows.length !== new Set(input).size) throw notFound(BUDGET_NOT_FOUND);
        if (!rows.length) return;
        const processId = await this.processOf(
          tx,
          rows.map((r) => r.demandFormalizationBatchId),
        );
        await lockWritableProcess(tx, planner, processId);
        await repo.deleteBudgets(tx, input);
      } else {
        await lockWritableProcess(tx, planner, input.processId);
        const batches = await repo.batchesOfProcess(tx, input.processId);
        await repo.deleteColumn(
          tx,
          batches.map((b) => b.id),
          input.columnOrder,
        );
      }
    });
    return { success: true };
  }

  async setMethod(planner: Planner, input: { demandFormalizationBatchId: string; priceMethod: PriceMethod }) {
    const processId = await this.processOf(this.db, [input.demandFormalizationBatchId]);
    await this.db.transaction(async (tx) => {
      await lockWritableProcess(tx, planner, processId);
      await repo.setPriceMethod(tx, input.demandFormalizationBatchId, input.priceMethod, this.clock());
    });
    return { success: true };
  }

  async exclude(
    planner: Planner,
    input: { id: string; excluded: boolean; exclusionJustification?: string | null },
  ) {
    const [row] = await repo.findBudgets(this.db, [input.id]);
    if (!row) throw notFound(BUDGET_NOT_FOUND);
    const processId = await this.processOf(this.db, [row.demandFormalizationBatchId]);
    await this.db.transaction(async (tx) => {
      await lockWritableProcess(tx, planner, processId);
      await repo.updateBudget(
        tx,
        input.id,
        {
          excluded: input.excluded,
          exclusionJustification: input.excluded ? (input.exclusionJustification ?? null) : null,
        },
        this.clock(),
      );
    });
    return { success: true };
  }
}
