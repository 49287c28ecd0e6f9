import { addDays, civilDateKey, parseCivilDateKey } from "@certame/domain";
import { inArray } from "drizzle-orm";
import type { Tx } from "../db/client";
import {
  demandCategories,
  demandFormalizationBatches,
  demandFormalizationCategories,
  demandFormalizations,
  preliminaryTechnicalStudies,
  processes,
  processResponsibles,
  processSecretaries,
} from "../db/schema";
import { insertDemoBudget } from "./demo-budget";
import { insertDemoParagraphTemplates } from "./demo-paragraph-templates";
import { insertDemoRiskMatrix } from "./demo-risk-matrix";

const P = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** Stable ids of the demo planning (tests and e2e read them). */
export const DEMO_PLANNING_IDS = {
  process: P(3001),
  deletedProcess: P(3002),
  demandFormalization: P(3011),
  study: P(3021),
} as const;

/**
 * Issue 15's demo: a process of the demo body for the administration and health secretariats with a
 * complete demand formalization (two lots, one of two items), a dispensed ETP and a risk matrix whose
 * risks sit in several cells of the heat map; and one deleted process (so 'Desfazer' has something to
 * recover).
 */
export async function insertDemoPlanning(
  tx: Tx,
  ids: {
    buyer: string;
    officeAdmin: string;
    officeHealth: string;
    staffAuctioneer: string;
    staffPlanning: string;
    products: string[];
  },
  day: string,
  now: Date,
) {
  const inserted = await tx
    .insert(processes)
    .values([
      { id: DEMO_PLANNING_IDS.process, buyerId: ids.buyer, processNumber: "PA 21/2026", processDate: day },
      {
        id: DEMO_PLANNING_IDS.deletedProcess,
        buyerId: ids.buyer,
        processNumber: "PA 7/2026",
        processDate: day,
        isDeleted: true,
        deletedAt: now,
      },
    ])
    .onConflictDoNothing()
    .returning({ id: processes.id });
  if (inserted.length === 0) return;
  await tx.insert(processSecretaries).values([
    { processId: DEMO_PLANNING_IDS.process, secretaryOfficeId: ids.officeAdmin },
    { processId: DEMO_PLANNING_IDS.process, secretaryOfficeId: ids.officeHealth },
  ]);
  await tx.insert(processResponsibles).values([
    { processId: DEMO_PLANNING_IDS.process, staffId: ids.staffPlanning },
    { processId: DEMO_PLANNING_IDS.process, staffId: ids.staffAuctioneer },
  ]);
  await insertDemoDemand(tx, ids.products, day);
  await tx.insert(preliminaryTechnicalStudies).values({
    id: DEMO_PLANNING_IDS.study,
    processId: DEMO_PLANNING_IDS.process,
    number: "ETP 21/2026",
    isRejectedFromTheProcess: true,
    exemptionJustification:
      "Aquisição de material de expediente de baixo valor e entrega imediata, com especificações padronizadas e contratações anteriores semelhantes: o estudo técnico preliminar é dispensado (Lei 14.133/2021, art. 72, I, e regulamento municipal).",
    modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
    subModality: "GOODS_ACQUISITION",
  });
  await insertDemoRiskMatrix(
    tx,
    { buyer: ids.buyer, process: DEMO_PLANNING_IDS.process, staff: [ids.staffPlanning, ids.staffAuctioneer] },
    now,
  );
  await insertDemoParagraphTemplates(tx, ids.buyer, now);
}

/** The process's DFD, every sub-step filled (the process administration page shows it complete). */
async function insertDemoDemand(tx: Tx, products: string[], day: string) {
  const today = parseCivilDateKey(day);
  const expected = today ? civilDateKey(addDays(today, 90)) : day;
  const id = DEMO_PLANNING_IDS.demandFormalization;
  await tx.insert(demandFormalizations).values({
    id,
    processId: DEMO_PLANNING_IDS.process,
    expectedCompletionDate: expected,
    hiringPlanProcessNumber: "PCA 2026 — item 14",
    description:
      "Aquisição de material de expediente (papel, canetas e toner) para as Secretarias de Administração e de Saúde.",
    priority: "HIGH",
    priorityJustification: "O estoque de papel e toner das unidades de saúde termina no próximo mês.",
    needOfHiringJustification:
      "As secretarias consomem em média 400 resmas de papel por trimestre; o contrato anterior terminou e o almoxarifado não tem saldo para o atendimento ao público.",
    demandFormalizationBinding: ["DFD 12/2026"],
  });
  const categories = await tx
    .select({ id: demandCategories.id })
    .from(demandCategories)
    .where(
      inArray(demandCategories.description, [
        "Material de consumo",
        "Tecnologia da informação e comunicação",
      ]),
    );
  if (categories.length)
    await tx
      .insert(demandFormalizationCategories)
      .values(categories.map((c) => ({ demandFormalizationId: id, categoryId: c.id })));
  const [paper, pen, toner] = products as [string, string, string];
  await tx.insert(demandFormalizationBatches).values([
    {
      demandFormalizationId: id,
      number: 1,
      item: 1,
      productId: paper,
      quantity: "1200",
      measurementUnitCode: "RESMA",
    },
    {
      demandFormalizationId: id,
      number: 1,
      item: 2,
      productId: pen,
      quantity: "3000",
      measurementUnitCode: "UN",
    },
    {
      demandFormalizationId: id,
      number: 2,
      item: 1,
      productId: toner,
      quantity: "80",
      measurementUnitCode: "UN",
    },
  ]);
  await insertDemoBudget(tx, id);
}
