import type { ProcessListInput } from "@certame/domain";
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import {
  buyerSecretaryOffices,
  buyerStaff,
  demandFormalizations,
  preliminaryTechnicalStudies,
  processEvents,
  processes,
  processResponsibles,
  processSecretaries,
  users,
} from "../../db/schema";

export type ProcessRow = typeof processes.$inferSelect;

/**
 * 'Unidades Responsáveis': the requesting areas' names, joined by commas (§2.2). The outer row is
 * named in full: drizzle writes a single table's columns unqualified, which the subquery would misread.
 */
const secretaryNames = sql<string | null>`(
  SELECT string_agg(o.name, ', ' ORDER BY o.name) FROM ${processSecretaries} ps
  JOIN ${buyerSecretaryOffices} o ON o.id = ps.secretary_office_id WHERE ps.process_id = "processes"."id"
)`;

/** 'Modalidade': the ETP's modality (§2.2), qualified as `secretaryNames` is. */
const etpModality = sql<string | null>`(
  SELECT etp.modality FROM ${preliminaryTechnicalStudies} etp WHERE etp.process_id = "processes"."id"
)`;

/** 'Objeto': the demand formalization's description (§2.2). */
const dfdDescription = sql<string | null>`(
  SELECT dfd.description FROM ${demandFormalizations} dfd WHERE dfd.process_id = "processes"."id"
)`;

const ORDER: Record<ProcessListInput["orderByColumn"], SQL | typeof processes.processNumber> = {
  processNumber: sql`lower(${processes.processNumber})`,
  createdDate: sql`${processes.createdDate}`,
  secretaries: sql`${secretaryNames}`,
  description: sql`lower(${dfdDescription})`,
  modality: sql`${etpModality}`,
  processDate: sql`${processes.processDate}`,
  status: sql`${processes.status}`,
  isDeleted: sql`${processes.isDeleted}`,
};

export async function listProcesses(db: DbOrTx, buyerId: string, input: ProcessListInput) {
  const where = and(
    eq(processes.buyerId, buyerId),
    input.searchParameters
      ? ilike(processes.processNumber, `%${escapeLike(input.searchParameters)}%`)
      : undefined,
  );
  const order = ORDER[input.orderByColumn];
  const direction = input.sortOrder === "ASC" ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: processes.id,
        processNumber: processes.processNumber,
        createdDate: processes.createdDate,
        processDate: processes.processDate,
        status: processes.status,
        isDeleted: processes.isDeleted,
        modality: etpModality,
        description: dfdDescription,
        secretaries: sql<string[]>`ARRAY(
          SELECT o.name FROM ${processSecretaries} ps JOIN ${buyerSecretaryOffices} o ON o.id = ps.secretary_office_id
          WHERE ps.process_id = "processes"."id" ORDER BY o.name
        )`,
      })
      .from(processes)
      .where(where)
      .orderBy(direction(order), desc(processes.createdDate), asc(processes.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db.select({ n: count() }).from(processes).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function findProcess(db: DbOrTx, id: string) {
  const [row] = await db.select().from(processes).where(eq(processes.id, id));
  return row;
}

export async function lockProcess(tx: Tx, id: string) {
  const [row] = await tx.select().from(processes).where(eq(processes.id, id)).for("update");
  return row;
}

export async function numberTaken(db: DbOrTx, buyerId: string, processNumber: string, exceptId?: string) {
  const [row] = await db
    .select({ id: processes.id })
    .from(processes)
    .where(
      and(
        eq(processes.buyerId, buyerId),
        sql`lower(${processes.processNumber}) = lower(${processNumber})`,
        exceptId ? sql`${processes.id} <> ${exceptId}` : undefined,
      ),
    );
  return Boolean(row);
}

export async function insertProcess(tx: Tx, values: typeof processes.$inferInsert) {
  return (await tx.insert(processes).values(values).returning())[0] as ProcessRow;
}

export async function updateProcess(tx: Tx, id: string, values: Partial<typeof processes.$inferInsert>) {
  await tx.update(processes).set(values).where(eq(processes.id, id));
}

export async function secretariesOf(db: DbOrTx, processId: string) {
  return db
    .select({ id: buyerSecretaryOffices.id, name: buyerSecretaryOffices.name })
    .from(processSecretaries)
    .innerJoin(buyerSecretaryOffices, eq(buyerSecretaryOffices.id, processSecretaries.secretaryOfficeId))
    .where(eq(processSecretaries.processId, processId))
    .orderBy(asc(buyerSecretaryOffices.name));
}

/** One line of the process's planning log (who, what, when). */
export async function appendProcessEvent(
  tx: Tx,
  event: { processId: string; eventType: string; actorUserId: string; payload: object; occurredAt: Date },
) {
  await tx.insert(processEvents).values(event);
}

export function processEventsOf(db: DbOrTx, processId: string) {
  return db
    .select()
    .from(processEvents)
    .where(eq(processEvents.processId, processId))
    .orderBy(asc(processEvents.id));
}

/** The responsible people of a process, with what the tables of §2.5 'Responsáveis' show. */
export async function responsiblesOf(db: DbOrTx, processId: string) {
  return db
    .select({ id: buyerStaff.id, name: users.name, email: users.email, cpf: users.cpf })
    .from(processResponsibles)
    .innerJoin(buyerStaff, eq(buyerStaff.id, processResponsibles.staffId))
    .innerJoin(users, eq(users.id, buyerStaff.userId))
    .where(eq(processResponsibles.processId, processId))
    .orderBy(asc(users.name));
}

/** How many of these secretariats and staff members belong to the body (forged ids count as foreign). */
export async function countOwnPeople(
  db: DbOrTx,
  buyerId: string,
  secretaryIds: string[],
  staffIds: string[],
) {
  const [offices] = secretaryIds.length
    ? await db
        .select({ n: count() })
        .from(buyerSecretaryOffices)
        .where(
          and(eq(buyerSecretaryOffices.buyerId, buyerId), inArray(buyerSecretaryOffices.id, secretaryIds)),
        )
    : [{ n: 0 }];
  const [staff] = staffIds.length
    ? await db
        .select({ n: count() })
        .from(buyerStaff)
        .where(and(eq(buyerStaff.buyerId, buyerId), inArray(buyerStaff.id, staffIds)))
    : [{ n: 0 }];
  return { offices: offices?.n ?? 0, staff: staff?.n ?? 0 };
}

/** Replaces the requesting areas of a process (the DFD's and the ETP's 'Área(s) Requisitante(s)'). */
export async function setProcessSecretaries(tx: Tx, processId: string, secretaryIds: string[]) {
  await tx.delete(processSecretaries).where(eq(processSecretaries.processId, processId));
  if (secretaryIds.length)
    await tx
      .insert(processSecretaries)
      .values(secretaryIds.map((secretaryOfficeId) => ({ processId, secretaryOfficeId })));
}

/** Replaces the responsible people of a process ('Responsáveis'). */
export async function setProcessResponsibles(tx: Tx, processId: string, staffIds: string[]) {
  await tx.delete(processResponsibles).where(eq(processResponsibles.processId, processId));
  if (staffIds.length)
    await tx.insert(processResponsibles).values(staffIds.map((staffId) => ({ processId, staffId })));
}

/** §7 app/process/listResponsible: the body's staff who may be named responsible, a page at a time. */
export async function staffOfBody(db: DbOrTx, buyerId: string, page = { limit: 1000, offset: 0 }) {
  const where = eq(buyerStaff.buyerId, buyerId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: buyerStaff.id,
        name: users.name,
        email: users.email,
        cpf: users.cpf,
        position: buyerStaff.internalPosition,
      })
      .from(buyerStaff)
      .innerJoin(users, eq(users.id, buyerStaff.userId))
      .where(where)
      .orderBy(asc(users.name), asc(buyerStaff.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(buyerStaff).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
