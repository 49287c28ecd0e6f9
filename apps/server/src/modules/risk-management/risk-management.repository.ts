import { type RiskListInput, type RiskStepStatus, riskStepStatus } from "@certame/domain";
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import {
  buyerStaff,
  processes,
  riskManagementDocuments,
  riskManagementRiskResponsibles,
  riskManagementRisks,
  riskManagements,
  risks,
  storedFiles,
  users,
} from "../../db/schema";

export type RiskRow = typeof risks.$inferSelect;
export type RiskManagementRow = typeof riskManagements.$inferSelect;

/** A risk as the calls answer it (§3 "Risk"). */
export function riskView(row: RiskRow) {
  return {
    id: row.id,
    description: row.description,
    cause: row.cause,
    phase: row.phase,
    allocation: row.allocation,
    probability: row.probability,
    impact: row.impact,
    level: row.level,
    disclose: row.disclose,
    possibleImpacts: row.possibleImpacts,
    preventiveActions: row.preventiveActions,
    contingencyActions: row.contingencyActions,
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}
export type RiskView = ReturnType<typeof riskView>;

export async function findRiskManagement(db: DbOrTx, processId: string) {
  const [row] = await db.select().from(riskManagements).where(eq(riskManagements.processId, processId));
  return row;
}

/** The process's matrix, created on its first save (one per process). */
export async function ensureRiskManagement(tx: Tx, processId: string, now: Date) {
  await tx
    .insert(riskManagements)
    .values({ processId, createdDate: now, updatedDate: now })
    .onConflictDoNothing({ target: riskManagements.processId });
  const row = await findRiskManagement(tx, processId);
  if (!row) throw new Error("matriz de riscos não registrada");
  return row;
}

export async function updateRiskManagement(
  tx: Tx,
  id: string,
  values: Partial<Pick<RiskManagementRow, "number" | "canDispenseRisk" | "justification">>,
  now: Date,
) {
  await tx
    .update(riskManagements)
    .set({ ...values, updatedDate: now })
    .where(eq(riskManagements.id, id));
}

/** The risks selected for the matrix, in selection order, each with its responsible people. */
export async function selectedRisksOf(db: DbOrTx, riskManagementId: string) {
  const rows = await db
    .select({ selection: riskManagementRisks, risk: risks })
    .from(riskManagementRisks)
    .innerJoin(risks, eq(risks.id, riskManagementRisks.riskId))
    .where(eq(riskManagementRisks.riskManagementId, riskManagementId))
    .orderBy(asc(riskManagementRisks.createdDate), asc(risks.createdDate), asc(risks.id));
  const responsibles = rows.length
    ? await db
        .select({
          selectionId: riskManagementRiskResponsibles.riskManagementRiskId,
          id: buyerStaff.id,
          name: users.name,
          email: users.email,
          cpf: users.cpf,
          position: buyerStaff.internalPosition,
        })
        .from(riskManagementRiskResponsibles)
        .innerJoin(buyerStaff, eq(buyerStaff.id, riskManagementRiskResponsibles.staffId))
        .innerJoin(users, eq(users.id, buyerStaff.userId))
        .where(
          inArray(
            riskManagementRiskResponsibles.riskManagementRiskId,
            rows.map((r) => r.selection.id),
          ),
        )
        .orderBy(asc(users.name))
    : [];
  return rows.map(({ selection, risk }) => ({
    id: selection.id,
    createdDate: selection.createdDate.toISOString(),
    risk: riskView(risk),
    responsible: responsibles
      .filter((p) => p.selectionId === selection.id)
      .map(({ selectionId: _, ...person }) => person),
  }));
}
export type SelectedRisk = Awaited<ReturnType<typeof selectedRisksOf>>[number];

/** The matrix's attachments with their files' names. */
export async function documentsOf(db: DbOrTx, riskManagementId: string) {
  const rows = await db
    .select({
      id: riskManagementDocuments.id,
      description: riskManagementDocuments.description,
      fileId: storedFiles.id,
      name: storedFiles.originalName,
      createdDate: riskManagementDocuments.createdDate,
    })
    .from(riskManagementDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, riskManagementDocuments.fileId))
    .where(eq(riskManagementDocuments.riskManagementId, riskManagementId))
    .orderBy(asc(riskManagementDocuments.createdDate), asc(riskManagementDocuments.id));
  return rows.map((d) => ({
    id: d.id,
    description: d.description,
    fileId: d.fileId,
    name: d.name,
    kind: "OTHER" as const,
    url: `/api/app/riskManagement/document/${d.id}`,
  }));
}

/** One attachment of a matrix, with the process it belongs to and its stored file. */
export async function findDocument(db: DbOrTx, documentId: string) {
  const [row] = await db
    .select({ processId: riskManagements.processId, file: storedFiles })
    .from(riskManagementDocuments)
    .innerJoin(riskManagements, eq(riskManagements.id, riskManagementDocuments.riskManagementId))
    .innerJoin(storedFiles, eq(storedFiles.id, riskManagementDocuments.fileId))
    .where(eq(riskManagementDocuments.id, documentId));
  return row;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Case- and accent-insensitive (docs/decisions.md: translate(lower(...)), no extension). */
const fold = (value: SQL | AnyColumn) =>
  sql`translate(lower(${value}), 'áàâãäéèêëíìîïóòôõöúùûüç', 'aaaaaeeeeiiiiooooouuuuc')`;

const LEVEL_RANK = sql`CASE ${risks.level} WHEN 'RISK_LOW' THEN 1 WHEN 'RISK_MODERATE' THEN 2 WHEN 'RISK_HIGH' THEN 3 ELSE 4 END`;
const rank = (column: SQL | AnyColumn, values: readonly string[]) =>
  sql`array_position(ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[], ${column})`;

const ORDER: Record<RiskListInput["orderByColumn"], SQL> = {
  description: sql`lower(${risks.description})`,
  phase: sql`${risks.phase}`,
  probability: rank(risks.probability, ["VERY_LOW", "LOW", "POSSIBLE", "HIGH", "VERY_HIGH"]),
  impact: rank(risks.impact, ["INSIGNIFICANT", "SMALL", "MODERATE", "BIG", "CATASTROPHIC"]),
  level: LEVEL_RANK,
  allocation: sql`${risks.allocation}`,
  disclose: sql`${risks.disclose}`,
  createdDate: sql`${risks.createdDate}`,
};

/** §7 listOwnRisks: the body's live risks, searched by description or cause, sorted and paged. */
export async function listOwnRisks(db: DbOrTx, buyerId: string, input: RiskListInput) {
  const term = input.searchParameters ? `%${escapeLike(input.searchParameters)}%` : undefined;
  const where = and(
    eq(risks.buyerId, buyerId),
    eq(risks.isDeleted, false),
    term
      ? or(
          sql`${fold(risks.description)} LIKE ${fold(sql`${term}`)}`,
          sql`${fold(risks.cause)} LIKE ${fold(sql`${term}`)}`,
        )
      : undefined,
  );
  const direction = input.sortOrder === "ASC" ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(risks)
      .where(where)
      .orderBy(direction(ORDER[input.orderByColumn]), desc(risks.createdDate), asc(risks.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db.select({ n: count() }).from(risks).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findRisk(db: DbOrTx, id: string) {
  const [row] = await db.select().from(risks).where(eq(risks.id, id));
  return row;
}

export async function lockRisk(tx: Tx, id: string) {
  const [row] = await tx.select().from(risks).where(eq(risks.id, id)).for("update");
  return row;
}

export async function insertRisk(tx: Tx, values: typeof risks.$inferInsert) {
  return (await tx.insert(risks).values(values).returning())[0] as RiskRow;
}

export async function updateRisk(tx: Tx, id: string, values: Partial<typeof risks.$inferInsert>) {
  return (await tx.update(risks).set(values).where(eq(risks.id, id)).returning())[0] as RiskRow;
}

/**
 * How many of these risks are the body's own, live ones, locking them (FOR SHARE) until the end of the
 * transaction: a concurrent delete (FOR UPDATE) waits for this selection to commit and then sees it, or
 * commits first and its risk is no longer counted here — a deleted risk is never left selected.
 */
export async function lockOwnLiveRisks(tx: Tx, buyerId: string, riskIds: string[]) {
  if (riskIds.length === 0) return 0;
  const rows = await tx
    .select({ id: risks.id })
    .from(risks)
    .where(and(eq(risks.buyerId, buyerId), eq(risks.isDeleted, false), inArray(risks.id, riskIds)))
    .orderBy(asc(risks.id))
    .for("share");
  return rows.length;
}

/** Whether the risk is selected in the matrix of a process that is no longer pending, or is deleted. */
export async function isRiskInClosedMatrix(db: DbOrTx, riskId: string) {
  const [row] = await db
    .select({ id: riskManagementRisks.id })
    .from(riskManagementRisks)
    .innerJoin(riskManagements, eq(riskManagements.id, riskManagementRisks.riskManagementId))
    .innerJoin(processes, eq(processes.id, riskManagements.processId))
    .where(
      and(
        eq(riskManagementRisks.riskId, riskId),
        or(ne(processes.status, "PROCESS_PENDING"), eq(processes.isDeleted, true)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether the risk is selected in the matrix of any process other than this one. */
export async function isRiskSelectedElsewhere(db: DbOrTx, riskId: string, processId: string) {
  const [row] = await db
    .select({ id: riskManagementRisks.id })
    .from(riskManagementRisks)
    .innerJoin(riskManagements, eq(riskManagements.id, riskManagementRisks.riskManagementId))
    .where(and(eq(riskManagementRisks.riskId, riskId), ne(riskManagements.processId, processId)))
    .limit(1);
  return row !== undefined;
}

/** Replaces the selection: drops the risks no longer chosen, adds the new ones (kept ones keep their people). */
export async function setSelection(tx: Tx, riskManagementId: string, riskIds: string[], now: Date) {
  await tx
    .delete(riskManagementRisks)
    .where(
      and(
        eq(riskManagementRisks.riskManagementId, riskManagementId),
        riskIds.length ? notInArray(riskManagementRisks.riskId, riskIds) : undefined,
      ),
    );
  if (riskIds.length)
    await tx
      .insert(riskManagementRisks)
      .values(riskIds.map((riskId) => ({ riskManagementId, riskId, createdDate: now, updatedDate: now })))
      .onConflictDoNothing();
}

/** Drops one risk from a matrix's selection (its responsibles go with it). */
export async function unselectRisk(tx: Tx, riskManagementId: string, riskId: string) {
  await tx
    .delete(riskManagementRisks)
    .where(
      and(eq(riskManagementRisks.riskManagementId, riskManagementId), eq(riskManagementRisks.riskId, riskId)),
    );
}

/** The selection rows of a matrix among these ids. */
export async function selectionIdsOf(db: DbOrTx, riskManagementId: string, selectionIds: string[]) {
  if (selectionIds.length === 0) return [];
  const rows = await db
    .select({ id: riskManagementRisks.id })
    .from(riskManagementRisks)
    .where(
      and(
        eq(riskManagementRisks.riskManagementId, riskManagementId),
        inArray(riskManagementRisks.id, selectionIds),
      ),
    );
  return rows.map((r) => r.id);
}

export async function setResponsibles(tx: Tx, selectionId: string, staffIds: string[], now: Date) {
  await tx
    .delete(riskManagementRiskResponsibles)
    .where(eq(riskManagementRiskResponsibles.riskManagementRiskId, selectionId));
  if (staffIds.length)
    await tx
      .insert(riskManagementRiskResponsibles)
      .values(staffIds.map((staffId) => ({ riskManagementRiskId: selectionId, staffId })));
  await tx
    .update(riskManagementRisks)
    .set({ updatedDate: now })
    .where(eq(riskManagementRisks.id, selectionId));
}

/** Replaces the matrix's attachments. */
export async function setDocuments(
  tx: Tx,
  riskManagementId: string,
  documents: { description: string; fileId: string }[],
  now: Date,
) {
  await tx
    .delete(riskManagementDocuments)
    .where(eq(riskManagementDocuments.riskManagementId, riskManagementId));
  if (documents.length)
    await tx.insert(riskManagementDocuments).values(
      documents.map((d, i) => ({
        riskManagementId,
        fileId: d.fileId,
        description: d.description,
        // One millisecond apart so the list keeps the order they were sent in.
        createdDate: new Date(now.getTime() + i),
        updatedDate: now,
      })),
    );
}

/**
 * The Risk Matrix's row on the administration page (§2.3): PENDING until first saved; COMPLETED when
 * dispensed with a justification, or with risks selected that all have a responsible (domain
 * riskStepStatus); updatedDate is the latest change of the matrix, its selection or its attachments.
 */
export async function riskStepSummary(
  db: DbOrTx,
  processId: string,
): Promise<{ status: RiskStepStatus; updatedDate: Date | null }> {
  const matrix = await findRiskManagement(db, processId);
  if (!matrix) return { status: "PENDING", updatedDate: null };
  const selected = await db
    .select({
      updatedDate: riskManagementRisks.updatedDate,
      responsibles: sql<number>`(SELECT count(*)::int FROM ${riskManagementRiskResponsibles} r
        WHERE r.risk_management_risk_id = ${riskManagementRisks.id})`,
    })
    .from(riskManagementRisks)
    .where(eq(riskManagementRisks.riskManagementId, matrix.id));
  const [docs] = await db
    .select({ latest: sql<Date | null>`max(${riskManagementDocuments.updatedDate})` })
    .from(riskManagementDocuments)
    .where(eq(riskManagementDocuments.riskManagementId, matrix.id));
  const dates = [
    matrix.updatedDate,
    ...selected.map((s) => s.updatedDate),
    docs?.latest ? new Date(docs.latest) : null,
  ]
    .filter((d): d is Date => d instanceof Date)
    .map((d) => d.getTime());
  return {
    status: riskStepStatus({ ...matrix, selected }),
    updatedDate: new Date(Math.max(...dates)),
  };
}
