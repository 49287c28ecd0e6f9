import { and, asc, eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx, Tx } from "../../db/client";
import { directAppeals, directProposals, suppliers, users } from "../../db/schema";

export type DirectAppealRow = typeof directAppeals.$inferSelect;

const appellant = alias(suppliers, "appellant");
const counterpart = alias(suppliers, "counterpart");
const judge = alias(users, "judge");

const supplierName = (s: typeof appellant) => sql<string>`coalesce(${s.corporateName}, ${s.name}, '')`;

/** A notice's appeals, oldest first, with the names the page shows and the proposal appealed against. */
export function listForNotice(db: DbOrTx, noticeId: string) {
  return db
    .select({
      appeal: directAppeals,
      appellantName: supplierName(appellant),
      counterpartName: sql<string | null>`coalesce(${counterpart.corporateName}, ${counterpart.name})`,
      proposalKind: directProposals.kind,
      judgedByName: judge.name,
    })
    .from(directAppeals)
    .innerJoin(appellant, eq(appellant.id, directAppeals.appellantSupplierId))
    .leftJoin(counterpart, eq(counterpart.id, directAppeals.counterpartSupplierId))
    .innerJoin(directProposals, eq(directProposals.id, directAppeals.proposalId))
    .leftJoin(judge, eq(judge.id, directAppeals.judgedByUserId))
    .where(eq(directAppeals.auctionNoticeId, noticeId))
    .orderBy(asc(directAppeals.filedAt), asc(directAppeals.id));
}

/** The decided proposals of a notice, the ones a supplier may appeal against among them. */
export function decidedProposals(db: DbOrTx, noticeId: string) {
  return db
    .select({
      proposal: directProposals,
      supplierName: sql<string>`coalesce(${suppliers.corporateName}, ${suppliers.name}, '')`,
    })
    .from(directProposals)
    .innerJoin(suppliers, eq(suppliers.id, directProposals.supplierId))
    .where(
      and(
        eq(directProposals.auctionNoticeId, noticeId),
        or(eq(directProposals.status, "APPROVED"), eq(directProposals.status, "REJECTED")),
      ),
    )
    .orderBy(asc(directProposals.decidedAt), asc(directProposals.id));
}

/** Whether a supplier sent any proposal in the notice (took part in the procedure). */
export async function tookPart(db: DbOrTx, noticeId: string, supplierId: string) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(directProposals)
    .where(and(eq(directProposals.auctionNoticeId, noticeId), eq(directProposals.supplierId, supplierId)))
    .limit(1);
  return Boolean(row);
}

/** A supplier's appeals in a notice (to tell which decisions it already appealed against). */
export function appealsOf(db: DbOrTx, noticeId: string, supplierId: string) {
  return db
    .select({ proposalId: directAppeals.proposalId, appealedDecidedAt: directAppeals.appealedDecidedAt })
    .from(directAppeals)
    .where(
      and(eq(directAppeals.auctionNoticeId, noticeId), eq(directAppeals.appellantSupplierId, supplierId)),
    );
}

export async function insertAppeal(tx: Tx, values: typeof directAppeals.$inferInsert) {
  const [row] = await tx.insert(directAppeals).values(values).returning();
  return row as DirectAppealRow;
}

export async function lockAppeal(tx: Tx, id: string) {
  const [row] = await tx.select().from(directAppeals).where(eq(directAppeals.id, id)).for("update").limit(1);
  return row;
}

export async function updateAppeal(tx: Tx, id: string, values: Partial<typeof directAppeals.$inferInsert>) {
  const [row] = await tx.update(directAppeals).set(values).where(eq(directAppeals.id, id)).returning();
  return row as DirectAppealRow;
}

export async function findAppeal(db: DbOrTx, id: string) {
  const [row] = await db.select().from(directAppeals).where(eq(directAppeals.id, id)).limit(1);
  return row;
}

/** The appeal one of whose files (reasons, counter-arguments, decision) is `fileId`. */
export async function appealOfFile(db: DbOrTx, fileId: string) {
  const [row] = await db
    .select()
    .from(directAppeals)
    .where(
      or(
        eq(directAppeals.fileId, fileId),
        eq(directAppeals.counterFileId, fileId),
        eq(directAppeals.decisionFileId, fileId),
      ),
    )
    .limit(1);
  return row;
}

/** The user to write to about a supplier: the account that owns it. */
export async function supplierContact(db: DbOrTx, supplierId: string) {
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(suppliers)
    .innerJoin(users, eq(users.id, suppliers.userId))
    .where(eq(suppliers.id, supplierId))
    .limit(1);
  return row;
}
