import { boolean, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, timestamps, tstz } from "./columns";

export const users = pgTable(
  "users",
  {
    id: id(),
    kind: text("kind").notNull().$type<"BUYER" | "SUPPLIER" | "REGULAR_CITIZEN" | "ADMIN">(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** CPF of a person (digits only); suppliers log in with their CPF/CNPJ through the supplier row. */
    cpf: text("cpf"),
    phoneNumber: text("phone_number"),
    cellphoneNumber: text("cellphone_number"),
    passwordHash: text("password_hash").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    /** When the e-mail was confirmed through its one-time link; null until then (no login before). */
    emailConfirmedAt: tstz("email_confirmed_at"),
    ...timestamps,
  },
  (t) => [uniqueIndex("users_email_key").on(t.email), uniqueIndex("users_cpf_key").on(t.cpf)],
);

/** Login sessions; only the SHA-256 of the bearer token is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: tstz("expires_at").notNull(),
    lastSeenAt: tstz("last_seen_at").notNull().defaultNow(),
    userAgent: text("user_agent"),
    ...timestamps,
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);
