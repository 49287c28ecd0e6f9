import type { RegistrationStatus, StaffRole } from "@certame/domain";
import { date, index, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { users } from "./users";

/** A public body (órgão comprador). */
export const buyers = pgTable(
  "buyers",
  {
    id: id(),
    corporateName: text("corporate_name").notNull(),
    cnpj: text("cnpj").notNull(),
    website: text("website"),
    phoneNumber: text("phone_number"),
    postalCode: text("postal_code"),
    street: text("street"),
    number: text("number"),
    district: text("district"),
    city: text("city"),
    state: text("state"),
    complement: text("complement"),
    ibgeCode: text("ibge_code"),
    /**
     * The body's unidade compradora in the national portal (manual 6.3.1 item 4, 6.2.6): its code as
     * registered there and the name the portal answered when the code was checked; null until set.
     */
    pncpUnitCode: text("pncp_unit_code"),
    pncpUnitName: text("pncp_unit_name"),
    /** The body's own account: the "notice buyer's user" of trading-room §6 (AUCTION_AUTHOR). */
    userId: uuid("user_id").references(() => users.id),
    competentAuthorityUserId: uuid("competent_authority_user_id").references(() => users.id),
    competentAuthorityName: text("competent_authority_name"),
    competentAuthorityCnpj: text("competent_authority_cnpj"),
    /** RegistrationStatus (domain): IN_PROGRESS → PENDING (analysis) → APPROVED | REJECTED. */
    registrationStatus: text("registration_status")
      .notNull()
      .default("IN_PROGRESS")
      .$type<RegistrationStatus>(),
    ...timestamps,
  },
  (t) => [uniqueIndex("buyers_cnpj_key").on(t.cnpj)],
);

export const buyerSecretaryOffices = pgTable(
  "buyer_secretary_offices",
  {
    id: id(),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => buyers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    cnpj: text("cnpj"),
    kind: text("kind").notNull().default("default"),
    /** The responsible secretary. */
    userId: uuid("user_id").references(() => users.id),
    ...timestamps,
  },
  (t) => [index("buyer_secretary_offices_buyer_idx").on(t.buyerId)],
);

export const buyerStaff = pgTable(
  "buyer_staff",
  {
    id: id(),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => buyers.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    roles: text("roles").array().notNull().default(["AUCTIONEER"]).$type<StaffRole[]>(),
    kind: text("kind").notNull().default("default"),
    department: text("department"),
    internalPosition: text("internal_position"),
    registrationNumber: text("registration_number"),
    appointmentOrderNumber: text("appointment_order_number"),
    appointmentOrderDate: date("appointment_order_date"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("buyer_staff_buyer_user_key").on(t.buyerId, t.userId),
    index("buyer_staff_user_idx").on(t.userId),
  ],
);

export const buyerStaffSecretaryOffices = pgTable(
  "buyer_staff_secretary_offices",
  {
    staffId: uuid("staff_id")
      .notNull()
      .references(() => buyerStaff.id, { onDelete: "cascade" }),
    secretaryOfficeId: uuid("secretary_office_id")
      .notNull()
      .references(() => buyerSecretaryOffices.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.secretaryOfficeId] })],
);
