import type { PaymentMethod } from "@certame/domain";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { id, timestamps, tstz } from "./columns";
import { auctionNotices } from "./notices";
import { suppliers } from "./suppliers";
import { users } from "./users";

export type ChargeStatus = "PENDING" | "PAID" | "EXPIRED";
export type ChargePurpose = "SUBSCRIPTION" | "CREDIT";
export type SubscriptionStatus = "PENDING" | "ACTIVE" | "EXPIRED";
export type CreditRowStatus = "PENDING" | "CONFIRMED" | "USED" | "EXPIRED";

/**
 * Periodic plans (notices-and-accounts §3 "Subscription and credit entities"): the price depends on
 * the company size, in centavos. Platform staff manage them; a retired plan stays for the history.
 */
export const subscriptionPlans = pgTable(
  "subscription_plans",
  {
    id: id(),
    title: text("title").notNull(),
    durationMonths: integer("duration_months").notNull(),
    largeCompanyPrice: bigint("large_company_price", { mode: "number" }).notNull(),
    smallCompanyPrice: bigint("small_company_price", { mode: "number" }).notNull(),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check("subscription_plans_duration", sql`${t.durationMonths} BETWEEN 1 AND 60`),
    check("subscription_plans_prices", sql`${t.largeCompanyPrice} > 0 AND ${t.smallCompanyPrice} > 0`),
  ],
);

/** Single-participation plans: each unit bought gives `credits` participations. */
export const creditPlans = pgTable(
  "credit_plans",
  {
    id: id(),
    title: text("title").notNull(),
    credits: integer("credits").notNull().default(1),
    largeCompanyPrice: bigint("large_company_price", { mode: "number" }).notNull(),
    smallCompanyPrice: bigint("small_company_price", { mode: "number" }).notNull(),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check("credit_plans_credits", sql`${t.credits} BETWEEN 1 AND 1000`),
    check("credit_plans_prices", sql`${t.largeCompanyPrice} > 0 AND ${t.smallCompanyPrice} > 0`),
  ],
);

/**
 * One charge per purchase, as the payment provider issued it: what the payer needs (Pix code, boleto
 * numbers) and how it ended. `sequence` makes the boleto's "nosso número" and the Pix txid.
 */
export const paymentCharges = pgTable(
  "payment_charges",
  {
    id: id(),
    sequence: serial("sequence").notNull(),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => suppliers.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull().$type<ChargePurpose>(),
    method: text("method").notNull().$type<PaymentMethod>(),
    provider: text("provider").notNull(),
    providerChargeId: text("provider_charge_id"),
    amount: bigint("amount", { mode: "number" }).notNull(),
    status: text("status").notNull().default("PENDING").$type<ChargeStatus>(),
    description: text("description").notNull(),
    /** Boleto due date (Brasília civil date). */
    dueDate: date("due_date").notNull(),
    /** When the unpaid charge is marked expired: the Pix expiry, or the boleto's due day's end. */
    expiresAt: tstz("expires_at").notNull(),
    pixPayload: text("pix_payload"),
    boletoBarcode: text("boleto_barcode"),
    boletoDigitableLine: text("boleto_digitable_line"),
    boletoOurNumber: text("boleto_our_number"),
    paidAt: tstz("paid_at"),
    paidAmount: bigint("paid_amount", { mode: "number" }),
    /** WEBHOOK (the provider said so) or STAFF ('Marcar como pago' in the console). */
    confirmedBy: text("confirmed_by").$type<"WEBHOOK" | "STAFF">(),
    confirmedByUserId: uuid("confirmed_by_user_id").references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("payment_charges_sequence_key").on(t.sequence),
    uniqueIndex("payment_charges_provider_key").on(t.provider, t.providerChargeId),
    index("payment_charges_supplier_idx").on(t.supplierId, t.createdDate),
    index("payment_charges_pending_idx").on(t.expiresAt).where(sql`${t.status} = 'PENDING'`),
    check("payment_charges_purpose", sql`${t.purpose} IN ('SUBSCRIPTION', 'CREDIT')`),
    check("payment_charges_method", sql`${t.method} IN ('boleto', 'pix')`),
    check("payment_charges_status", sql`${t.status} IN ('PENDING', 'PAID', 'EXPIRED')`),
    check("payment_charges_amount", sql`${t.amount} > 0`),
  ],
);

/**
 * Each webhook event applied or seen again (idempotency: a repeated delivery of the same event id
 * changes nothing). Refused calls are not stored, only logged: they come from anyone.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: id(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    kind: text("kind").notNull(),
    chargeId: uuid("charge_id").references(() => paymentCharges.id, { onDelete: "cascade" }),
    outcome: text("outcome").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("payment_events_event_key").on(t.provider, t.eventId)],
);

/**
 * A subscription bought (notices-and-accounts §3): PENDING until its charge is paid, then ACTIVE
 * from startDate to endDate (exclusive: in force while today < endDate); EXPIRED when the charge
 * expired unpaid. suppliers.subscription_end_date caches the latest ACTIVE end for the room's checks.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => suppliers.id, { onDelete: "cascade" }),
    subscriptionPlanId: uuid("subscription_plan_id")
      .notNull()
      .references(() => subscriptionPlans.id),
    durationMonths: integer("duration_months").notNull(),
    price: bigint("price", { mode: "number" }).notNull(),
    status: text("status").notNull().default("PENDING").$type<SubscriptionStatus>(),
    startDate: date("start_date"),
    endDate: date("end_date"),
    chargeId: uuid("charge_id").references(() => paymentCharges.id),
    ...timestamps,
  },
  (t) => [
    index("subscriptions_supplier_idx").on(t.supplierId, t.createdDate),
    uniqueIndex("subscriptions_charge_key").on(t.chargeId),
    check("subscriptions_status", sql`${t.status} IN ('PENDING', 'ACTIVE', 'EXPIRED')`),
  ],
);

/**
 * Single-participation credits (notices-and-accounts §2.15, §4): a purchase row (PENDING until paid,
 * then CONFIRMED with `amount` participations; EXPIRED if unpaid) and one USED row per process that
 * consumed a participation (amount 1, the notice). Available = Σ amount CONFIRMED − count USED.
 */
export const supplierCredits = pgTable(
  "supplier_credits",
  {
    id: id(),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => suppliers.id, { onDelete: "cascade" }),
    creditPlanId: uuid("credit_plan_id").references(() => creditPlans.id),
    amount: integer("amount").notNull(),
    /** Price paid, in centavos (0 on a USED row). */
    price: bigint("price", { mode: "number" }).notNull(),
    status: text("status").notNull().$type<CreditRowStatus>(),
    chargeId: uuid("charge_id").references(() => paymentCharges.id),
    /** USED rows: the process that consumed the participation. */
    auctionNoticeId: uuid("auction_notice_id").references(() => auctionNotices.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("supplier_credits_supplier_idx").on(t.supplierId),
    uniqueIndex("supplier_credits_charge_key").on(t.chargeId),
    // One participation per process (§4: consumed by the first initial proposal in a process).
    uniqueIndex("supplier_credits_used_once_key")
      .on(t.supplierId, t.auctionNoticeId)
      .where(sql`${t.status} = 'USED'`),
    check("supplier_credits_status", sql`${t.status} IN ('PENDING', 'CONFIRMED', 'USED', 'EXPIRED')`),
    check("supplier_credits_amount", sql`${t.amount} > 0`),
    check("supplier_credits_used_notice", sql`${t.status} <> 'USED' OR ${t.amount} = 1`),
  ],
);
