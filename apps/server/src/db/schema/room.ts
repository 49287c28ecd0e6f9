import type { RoomRole } from "@certame/domain";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { auctionBatches, auctionNotices } from "./notices";
import { suppliers } from "./suppliers";
import { users } from "./users";

/**
 * The suppliers taking part in a notice and their anonymous identification number (trading-room
 * §4 "Anonymity"): stable per notice, never reused, the only identity shown in confidential phases.
 * The bidding engine adds its rows here too (initial bids), so one supplier keeps one number.
 */
export const noticeParticipants = pgTable(
  "notice_participants",
  {
    id: id(),
    auctionNoticeId: uuid("auction_notice_id")
      .notNull()
      .references(() => auctionNotices.id, { onDelete: "cascade" }),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => suppliers.id),
    anonymousNumber: integer("anonymous_number").notNull(),
    /** hasSmallCompanyDeclaration of the initial proposal: the ME/EPP benefits apply (LC 123/2006 art. 44). */
    hasSmallCompanyDeclaration: boolean("has_small_company_declaration").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("notice_participants_notice_supplier_key").on(t.auctionNoticeId, t.supplierId),
    uniqueIndex("notice_participants_notice_number_key").on(t.auctionNoticeId, t.anonymousNumber),
  ],
);

/** One GROUP chat channel per lot (the lot's head row, item 1), trading-room §3 "Chat message". */
export const chatChannels = pgTable(
  "chat_channels",
  {
    id: id(),
    auctionNoticeId: uuid("auction_notice_id")
      .notNull()
      .references(() => auctionNotices.id, { onDelete: "cascade" }),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => auctionBatches.id, { onDelete: "cascade" }),
    kind: text("kind").notNull().default("GROUP").$type<"GROUP" | "DIRECT">(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("chat_channels_batch_key").on(t.batchId),
    index("chat_channels_notice_idx").on(t.auctionNoticeId),
  ],
);

/** Who joined a channel (app/auction/joinChatChannel); the member list of the lot. */
export const chatMembers = pgTable(
  "chat_members",
  {
    chatChannelId: uuid("chat_channel_id")
      .notNull()
      .references(() => chatChannels.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.chatChannelId, t.userId] }), index("chat_members_user_idx").on(t.userId)],
);

/**
 * Chat messages. The sender's identity is resolved when the message is shown, so the view follows
 * the lot's phase at that moment (anonymous in confidential phases). A message sent to all lots is
 * one row per lot channel sharing `groupId`.
 */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: id(),
    chatChannelId: uuid("chat_channel_id")
      .notNull()
      .references(() => chatChannels.id, { onDelete: "cascade" }),
    auctionNoticeId: uuid("auction_notice_id")
      .notNull()
      .references(() => auctionNotices.id, { onDelete: "cascade" }),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => auctionBatches.id, { onDelete: "cascade" }),
    /** Null for system messages. */
    userId: uuid("user_id").references(() => users.id),
    /** The sender's room role when it was sent (the chat label 'Preg./Ag. Contrat.: …'). */
    senderRole: text("sender_role").$type<RoomRole>(),
    /** Set when the sender is a supplier, so the view can show its anonymous number. */
    supplierId: uuid("supplier_id").references(() => suppliers.id),
    text: text("text").notNull(),
    mediaFiles: jsonb("media_files").$type<unknown[]>().notNull().default([]),
    /** Only server-checked keys: `mentions` [{supplierId, anonymousSupplierIdentificationNumber}]. */
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    isSystemMessage: boolean("is_system_message").notNull().default(false),
    /** The server action a system message records (e.g. PHASE_ADVANCED). */
    action: text("action"),
    groupId: uuid("group_id"),
    isForAllBatches: boolean("is_for_all_batches").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index("chat_messages_channel_created_idx").on(t.chatChannelId, t.createdDate),
    index("chat_messages_group_idx").on(t.groupId),
  ],
);

/**
 * Who entered the room and when (notices-and-accounts §2.16 and §7 app/auction/accessReportDownload,
 * the access report): one row per registration of a signed-in user (a resumed connection is not a new
 * entry), with the room role it was given. Anonymous visitors have no identity to record.
 */
export const roomEntries = pgTable(
  "room_entries",
  {
    id: id(),
    auctionNoticeId: uuid("auction_notice_id")
      .notNull()
      .references(() => auctionNotices.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    role: text("role").notNull().$type<RoomRole>(),
    supplierId: uuid("supplier_id").references(() => suppliers.id),
    ...timestamps,
  },
  (t) => [index("room_entries_notice_idx").on(t.auctionNoticeId, t.createdDate)],
);
