import type { SupplierRegistrationStatus } from "@certame/domain";
import { sql } from "drizzle-orm";
import { boolean, index, pgTable, serial, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, timestamps, tstz } from "./columns";
import { users } from "./users";

export const suppliers = pgTable(
  "suppliers",
  {
    id: id(),
    code: serial("code").notNull(),
    /** The supplier's login account; null for a bidder registered by a buyer on a formalization notice. */
    userId: uuid("user_id").references(() => users.id),
    credentialKind: text("credential_kind").notNull().$type<"LEGAL_PERSON" | "INDIVIDUAL">(),
    /** CPF (INDIVIDUAL) or CNPJ, digits only. */
    documentNumber: text("document_number").notNull(),
    name: text("name"),
    corporateName: text("corporate_name"),
    tradeName: text("trade_name"),
    isSmallBusiness: boolean("is_small_business").notNull().default(false),
    email: text("email"),
    phoneNumber: text("phone_number"),
    cellphoneNumber: text("cellphone_number"),
    tradeRepresentativeName: text("trade_representative_name"),
    tradeRepresentativeCpf: text("trade_representative_cpf"),
    postalCode: text("postal_code"),
    street: text("street"),
    number: text("number"),
    district: text("district"),
    complement: text("complement"),
    ibgeCode: text("ibge_code"),
    city: text("city"),
    state: text("state"),
    /**
     * RegistrationStatus of a supplier with its own login; NONE for a bidder a buyer registered
     * ('Cadastro de licitante'), until a company with the same document signs up and claims it.
     */
    registrationStatus: text("registration_status")
      .notNull()
      .default("NONE")
      .$type<SupplierRegistrationStatus>(),
    subscriptionEndDate: tstz("subscription_end_date"),
    /** The buyer user who registered this bidder in the notice context ('Cadastro de licitante'). */
    registeredByUserId: uuid("registered_by_user_id").references(() => users.id),
    /** Folded names, stored for the bidder search (see products.searchText). */
    searchText: text("search_text").generatedAlwaysAs(
      sql`certame_fold(coalesce(corporate_name, '') || ' ' || coalesce(name, '') || ' ' || coalesce(trade_name, ''))`,
    ),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("suppliers_document_number_key").on(t.documentNumber),
    uniqueIndex("suppliers_user_key").on(t.userId),
    uniqueIndex("suppliers_code_key").on(t.code),
    index("suppliers_search_text_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);
