import type { ProcessStatus } from "@certame/domain";
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { buyerSecretaryOffices, buyers } from "./buyers";
import { id, timestamps, tstz } from "./columns";
import { users } from "./users";

/**
 * A purchasing process being planned (planning §2.2, §3 "Process"): the body's own, numbered
 * uniquely within the body (deleted ones included, so 'Desfazer' never collides), soft-deleted.
 */
export const processes = pgTable(
  "processes",
  {
    id: id(),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => buyers.id),
    processNumber: text("process_number").notNull(),
    status: text("status").notNull().default("PROCESS_PENDING").$type<ProcessStatus>(),
    /** 'Data do Processo': the Brasília day it was opened. */
    processDate: date("process_date").notNull(),
    isDeleted: boolean("is_deleted").notNull().default(false),
    deletedAt: tstz("deleted_at"),
    createdByUserId: uuid("created_by_user_id").references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("processes_buyer_number_key").on(t.buyerId, sql`lower(${t.processNumber})`),
    index("processes_buyer_created_idx").on(t.buyerId, t.createdDate),
    check("processes_status", sql`${t.status} IN ('PROCESS_PENDING', 'PROCESS_PUBLISHED')`),
  ],
);

/** The requesting areas of a process (planning §2.5 'Identificação da Área Requisitante'). */
export const processSecretaries = pgTable(
  "process_secretaries",
  {
    processId: uuid("process_id")
      .notNull()
      .references(() => processes.id, { onDelete: "cascade" }),
    secretaryOfficeId: uuid("secretary_office_id")
      .notNull()
      .references(() => buyerSecretaryOffices.id),
  },
  (t) => [primaryKey({ columns: [t.processId, t.secretaryOfficeId] })],
);

/**
 * Every save of a process's planning, with who and when (issue 15): append-only, like the notices'
 * event log (a trigger refuses UPDATE and DELETE).
 */
export const processEvents = pgTable(
  "process_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    processId: uuid("process_id")
      .notNull()
      .references(() => processes.id),
    eventType: text("event_type").notNull(),
    actorUserId: uuid("actor_user_id").references(() => users.id),
    payload: jsonb("payload").notNull(),
    occurredAt: tstz("occurred_at").notNull(),
  },
  (t) => [index("process_events_process_idx").on(t.processId, t.id)],
);
