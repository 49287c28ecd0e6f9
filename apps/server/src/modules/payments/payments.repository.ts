import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import {
  auctionNotices,
  creditPlans,
  paymentCharges,
  paymentEvents,
  subscriptionPlans,
  subscriptions,
  supplierCredits,
  suppliers,
  users,
} from "../../db/schema";

export type ChargeRow = typeof paymentCharges.$inferSelect;

// ---- plans ----

export function listSubscriptionPlans(db: DbOrTx, onlyActive: boolean) {
  return db
    .select()
    .from(subscriptionPlans)
    .where(onlyActive ? eq(subscriptionPlans.active, true) : undefined)
    .orderBy(asc(subscriptionPlans.durationMonths), asc(subscriptionPlans.title));
}

export function listCreditPlans(db: DbOrTx, onlyActive: boolean) {
  return db
    .select()
    .from(creditPlans)
    .where(onlyActive ? eq(creditPlans.active, true) : undefined)
    .orderBy(asc(creditPlans.credits), asc(creditPlans.title));
}

export async function findSubscriptionPlan(db: DbOrTx, id: string) {
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id));
  return row;
}

export async function findCreditPlan(db: DbOrTx, id: string) {
  const [row] = await db.select().from(creditPlans).where(eq(creditPlans.id, id));
  return row;
}

export async function saveSubscriptionPlan(
  db: DbOrTx,
  id: string | undefined,
  values: typeof subscriptionPlans.$inferInsert,
) {
  if (!id) return (await db.insert(subscriptionPlans).values(values).returning())[0];
  return (await db.update(subscriptionPlans).set(values).where(eq(subscriptionPlans.id, id)).returning())[0];
}

export async function saveCreditPlan(
  db: DbOrTx,
  id: string | undefined,
  values: typeof creditPlans.$inferInsert,
) {
  if (!id) return (await db.insert(creditPlans).values(values).returning())[0];
  return (await db.update(creditPlans).set(values).where(eq(creditPlans.id, id)).returning())[0];
}

// ---- the payer ----

export async function findPayer(db: DbOrTx, supplierId: string) {
  const [row] = await db
    .select({
      id: suppliers.id,
      name: sql<string>`coalesce(${suppliers.corporateName}, ${suppliers.name}, '')`,
      documentNumber: suppliers.documentNumber,
      isSmallBusiness: suppliers.isSmallBusiness,
      email: sql<string | null>`coalesce(${users.email}, ${suppliers.email})`,
      contactName: sql<string | null>`${users.name}`,
      street: suppliers.street,
      number: suppliers.number,
      district: suppliers.district,
      city: suppliers.city,
      state: suppliers.state,
      postalCode: suppliers.postalCode,
      subscriptionEndDate: suppliers.subscriptionEndDate,
    })
    .from(suppliers)
    .leftJoin(users, eq(users.id, suppliers.userId))
    .where(eq(suppliers.id, supplierId));
  return row;
}

/** Locks the supplier's row: purchases, confirmations and credit use of one supplier queue here. */
export async function lockSupplier(tx: Tx, supplierId: string) {
  await tx.execute(sql`SELECT 1 FROM suppliers WHERE id = ${supplierId} FOR UPDATE`);
}

// ---- charges ----

export async function nextChargeSequence(tx: Tx): Promise<number> {
  const rows = await tx.execute<{ n: string }>(
    sql`SELECT nextval(pg_get_serial_sequence('payment_charges', 'sequence')) AS n`,
  );
  return Number(rows.rows[0]?.n);
}

export async function insertCharge(tx: Tx, values: typeof paymentCharges.$inferInsert) {
  return (await tx.insert(paymentCharges).values(values).returning())[0] as ChargeRow;
}

export async function findCharge(db: DbOrTx, id: string) {
  const [row] = await db.select().from(paymentCharges).where(eq(paymentCharges.id, id));
  return row;
}

export async function lockChargeByProviderId(tx: Tx, provider: string, providerChargeId: string) {
  const [row] = await tx
    .select()
    .from(paymentCharges)
    .where(and(eq(paymentCharges.provider, provider), eq(paymentCharges.providerChargeId, providerChargeId)))
    .for("update");
  return row;
}

export async function lockCharge(tx: Tx, id: string) {
  const [row] = await tx.select().from(paymentCharges).where(eq(paymentCharges.id, id)).for("update");
  return row;
}

export async function markChargePaid(
  tx: Tx,
  id: string,
  values: {
    paidAt: Date;
    paidAmount: number;
    confirmedBy: "WEBHOOK" | "STAFF";
    confirmedByUserId: string | null;
  },
) {
  await tx
    .update(paymentCharges)
    .set({ status: "PAID", ...values })
    .where(eq(paymentCharges.id, id));
}

/**
 * Marks every unpaid charge past its term EXPIRED, with its subscription or credit purchase: one
 * statement, so a list read at any time shows the state the clock says (no worker needed).
 */
export async function expireDueCharges(db: DbOrTx, now: Date, chargeId?: string) {
  await db.execute(sql`
    WITH expired AS (
      UPDATE payment_charges SET status = 'EXPIRED', updated_date = now()
      WHERE status = 'PENDING' AND (${chargeId ? sql`id = ${chargeId}` : sql`expires_at < ${now.toISOString()}`})
      RETURNING id
    ), subs AS (
      UPDATE subscriptions SET status = 'EXPIRED', updated_date = now()
      WHERE status = 'PENDING' AND charge_id IN (SELECT id FROM expired)
    )
    UPDATE supplier_credits SET status = 'EXPIRED', updated_date = now()
    WHERE status = 'PENDING' AND charge_id IN (SELECT id FROM expired)`);
}

/** Records a provider event; false when the same event id was recorded before (a redelivery). */
export async function recordEvent(
  tx: Tx,
  values: { provider: string; eventId: string; kind: string; chargeId: string | null; outcome: string },
): Promise<boolean> {
  const rows = await tx
    .insert(paymentEvents)
    .values(values)
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

export async function listCharges(db: DbOrTx, filter: { status?: string; page: number; limit: number }) {
  const where = filter.status ? eq(paymentCharges.status, filter.status as ChargeRow["status"]) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: paymentCharges.id,
        sequence: paymentCharges.sequence,
        purpose: paymentCharges.purpose,
        method: paymentCharges.method,
        provider: paymentCharges.provider,
        amount: paymentCharges.amount,
        status: paymentCharges.status,
        description: paymentCharges.description,
        dueDate: paymentCharges.dueDate,
        expiresAt: paymentCharges.expiresAt,
        paidAt: paymentCharges.paidAt,
        confirmedBy: paymentCharges.confirmedBy,
        createdDate: paymentCharges.createdDate,
        supplierName: sql<string>`coalesce(${suppliers.corporateName}, ${suppliers.name}, '')`,
        supplierDocument: suppliers.documentNumber,
      })
      .from(paymentCharges)
      .innerJoin(suppliers, eq(suppliers.id, paymentCharges.supplierId))
      .where(where)
      .orderBy(desc(paymentCharges.createdDate), desc(paymentCharges.sequence))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(paymentCharges).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---- subscriptions and credits ----

export async function insertSubscription(tx: Tx, values: typeof subscriptions.$inferInsert) {
  return (await tx.insert(subscriptions).values(values).returning())[0] as typeof subscriptions.$inferSelect;
}

export async function insertCredit(tx: Tx, values: typeof supplierCredits.$inferInsert) {
  return (
    await tx.insert(supplierCredits).values(values).returning()
  )[0] as typeof supplierCredits.$inferSelect;
}

export async function findSubscriptionByCharge(db: DbOrTx, chargeId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.chargeId, chargeId));
  return row;
}

export async function findCreditByCharge(db: DbOrTx, chargeId: string) {
  const [row] = await db.select().from(supplierCredits).where(eq(supplierCredits.chargeId, chargeId));
  return row;
}

/** The latest end date of the supplier's active subscriptions ('YYYY-MM-DD'), or null. */
export async function latestActiveEndDate(db: DbOrTx, supplierId: string): Promise<string | null> {
  const rows = await db.execute<{ end: string | null }>(sql`
    SELECT max(end_date)::text AS end FROM subscriptions WHERE supplier_id = ${supplierId} AND status = 'ACTIVE'`);
  return rows.rows[0]?.end ?? null;
}

/**
 * The end of the subscription in force: the later of the active rows and the supplier's cached
 * "in force until" (a subscription from before the payments existed has only the cache).
 */
export async function currentSubscriptionEnd(db: DbOrTx, supplierId: string): Promise<string | null> {
  const rows = await db.execute<{ end: string | null }>(sql`
    SELECT greatest(
      (SELECT max(end_date) FROM subscriptions WHERE supplier_id = ${supplierId} AND status = 'ACTIVE'),
      (SELECT (subscription_end_date AT TIME ZONE 'America/Sao_Paulo')::date FROM suppliers WHERE id = ${supplierId})
    )::text AS end`);
  return rows.rows[0]?.end ?? null;
}

export async function activateSubscription(tx: Tx, id: string, startDate: string, endDate: string) {
  await tx
    .update(subscriptions)
    .set({ status: "ACTIVE", startDate, endDate })
    .where(eq(subscriptions.id, id));
}

export async function confirmCredit(tx: Tx, id: string) {
  await tx.update(supplierCredits).set({ status: "CONFIRMED" }).where(eq(supplierCredits.id, id));
}

/** The cache the room and the initial bids read: in force until this instant (never moved back). */
export async function setSubscriptionEnd(tx: Tx, supplierId: string, until: Date) {
  await tx
    .update(suppliers)
    .set({
      subscriptionEndDate: sql`greatest(${suppliers.subscriptionEndDate}, ${until.toISOString()}::timestamptz)`,
    })
    .where(eq(suppliers.id, supplierId));
}

const chargeColumns = {
  chargeId: paymentCharges.id,
  chargeStatus: paymentCharges.status,
  method: paymentCharges.method,
  dueDate: paymentCharges.dueDate,
  expiresAt: paymentCharges.expiresAt,
  pixPayload: paymentCharges.pixPayload,
  digitableLine: paymentCharges.boletoDigitableLine,
  paidAt: paymentCharges.paidAt,
};

export function listSubscriptions(db: DbOrTx, supplierId: string) {
  return db
    .select({
      id: subscriptions.id,
      planTitle: subscriptionPlans.title,
      duration: subscriptions.durationMonths,
      startDate: subscriptions.startDate,
      endDate: subscriptions.endDate,
      price: subscriptions.price,
      status: subscriptions.status,
      createdDate: subscriptions.createdDate,
      ...chargeColumns,
    })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.subscriptionPlanId))
    .leftJoin(paymentCharges, eq(paymentCharges.id, subscriptions.chargeId))
    .where(eq(subscriptions.supplierId, supplierId))
    .orderBy(desc(subscriptions.createdDate), desc(subscriptions.id));
}

export function listCredits(db: DbOrTx, supplierId: string) {
  return db
    .select({
      id: supplierCredits.id,
      planTitle: creditPlans.title,
      amount: supplierCredits.amount,
      price: supplierCredits.price,
      status: supplierCredits.status,
      createdDate: supplierCredits.createdDate,
      noticeNumber: auctionNotices.noticeNumber,
      noticeId: auctionNotices.id,
      ...chargeColumns,
    })
    .from(supplierCredits)
    .leftJoin(creditPlans, eq(creditPlans.id, supplierCredits.creditPlanId))
    .leftJoin(paymentCharges, eq(paymentCharges.id, supplierCredits.chargeId))
    .leftJoin(auctionNotices, eq(auctionNotices.id, supplierCredits.auctionNoticeId))
    .where(eq(supplierCredits.supplierId, supplierId))
    .orderBy(desc(supplierCredits.createdDate), desc(supplierCredits.id));
}
