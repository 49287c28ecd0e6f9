import type { Tx } from "../db/client";
import { processes, processSecretaries } from "../db/schema";

const P = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** Stable ids of the demo planning (tests and e2e read them). */
export const DEMO_PLANNING_IDS = { process: P(3001), deletedProcess: P(3002) } as const;

/**
 * Issue 15's demo, first part: a process of the demo body for the administration and health
 * secretariats, and one deleted (so 'Desfazer' has something to recover). Their demand
 * formalization, ETP and risk matrix come with those wizards.
 */
export async function insertDemoPlanning(
  tx: Tx,
  ids: { buyer: string; officeAdmin: string; officeHealth: string },
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
}
