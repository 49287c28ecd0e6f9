import type { DirectProposalStatus } from "@certame/domain";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { directProposals, storedFiles, suppliers, users } from "../../db/schema";

export type DirectProposalRow = typeof directProposals.$inferSelect;

const view = {
  proposal: directProposals,
  supplier: {
    id: suppliers.id,
    corporateName: suppliers.corporateName,
    name: suppliers.name,
    documentNumber: suppliers.documentNumber,
    isSmallBusiness: suppliers.isSmallBusiness,
    userId: suppliers.userId,
  },
  decidedByName: users.name,
};

function withSupplier(db: DbOrTx) {
  return db
    .select(view)
    .from(directProposals)
    .innerJoin(suppliers, eq(suppliers.id, directProposals.supplierId))
    .leftJoin(users, eq(users.id, directProposals.decidedByUserId));
}

/** Every proposal of a notice, newest first (the body's analysis). */
export function listForNotice(db: DbOrTx, noticeId: string) {
  return withSupplier(db)
    .where(eq(directProposals.auctionNoticeId, noticeId))
    .orderBy(desc(directProposals.sentAt), desc(directProposals.createdDate), asc(directProposals.id));
}

/** One supplier's proposals in a notice, newest first. */
export function listForSupplier(db: DbOrTx, noticeId: string, supplierId: string) {
  return withSupplier(db)
    .where(and(eq(directProposals.auctionNoticeId, noticeId), eq(directProposals.supplierId, supplierId)))
    .orderBy(desc(directProposals.sentAt), desc(directProposals.createdDate), asc(directProposals.id));
}

/** The approved proposals of a notice (its results), in the order they were decided. */
export function listApproved(db: DbOrTx, noticeId: string) {
  return withSupplier(db)
    .where(and(eq(directProposals.auctionNoticeId, noticeId), eq(directProposals.status, "APPROVED")))
    .orderBy(asc(directProposals.decidedAt), asc(directProposals.id));
}

export async function findWithSupplier(db: DbOrTx, id: string) {
  const [row] = await withSupplier(db).where(eq(directProposals.id, id)).limit(1);
  return row;
}

/** The proposal locked for its decision. */
export async function lockProposal(tx: Tx, id: string) {
  const [row] = await tx
    .select()
    .from(directProposals)
    .where(eq(directProposals.id, id))
    .for("update")
    .limit(1);
  return row;
}

export async function findPending(
  tx: Tx,
  noticeId: string,
  supplierId: string,
  kind: DirectProposalRow["kind"],
) {
  const [row] = await tx
    .select()
    .from(directProposals)
    .where(
      and(
        eq(directProposals.auctionNoticeId, noticeId),
        eq(directProposals.supplierId, supplierId),
        eq(directProposals.kind, kind),
        eq(directProposals.status, "PENDING"),
      ),
    )
    .for("update")
    .limit(1);
  return row;
}

export async function hasApproved(
  db: DbOrTx,
  noticeId: string,
  supplierId: string,
  kind: DirectProposalRow["kind"],
) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(directProposals)
    .where(
      and(
        eq(directProposals.auctionNoticeId, noticeId),
        eq(directProposals.supplierId, supplierId),
        eq(directProposals.kind, kind),
        eq(directProposals.status, "APPROVED"),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertProposal(tx: Tx, values: typeof directProposals.$inferInsert) {
  const [row] = await tx.insert(directProposals).values(values).returning();
  return row as DirectProposalRow;
}

export async function updateProposal(
  tx: Tx,
  id: string,
  values: Partial<typeof directProposals.$inferInsert>,
) {
  const [row] = await tx.update(directProposals).set(values).where(eq(directProposals.id, id)).returning();
  return row as DirectProposalRow;
}

export async function decide(
  tx: Tx,
  id: string,
  decision: {
    status: Exclude<DirectProposalStatus, "PENDING">;
    reason: string | null;
    userId: string;
    at: Date;
  },
) {
  return updateProposal(tx, id, {
    status: decision.status,
    reason: decision.reason,
    decidedByUserId: decision.userId,
    decidedAt: decision.at,
  });
}

export async function findStoredFile(db: DbOrTx, id: string) {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
  return row;
}

export async function findUser(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}
