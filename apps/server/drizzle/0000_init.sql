CREATE TABLE "buyer_secretary_offices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"cnpj" text,
	"kind" text DEFAULT 'default' NOT NULL,
	"user_id" uuid,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyer_staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"roles" text[] DEFAULT '{"AUCTIONEER"}' NOT NULL,
	"kind" text DEFAULT 'default' NOT NULL,
	"department" text,
	"internal_position" text,
	"registration_number" text,
	"appointment_order_number" text,
	"appointment_order_date" date,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyer_staff_secretary_offices" (
	"staff_id" uuid NOT NULL,
	"secretary_office_id" uuid NOT NULL,
	CONSTRAINT "buyer_staff_secretary_offices_staff_id_secretary_office_id_pk" PRIMARY KEY("staff_id","secretary_office_id")
);
--> statement-breakpoint
CREATE TABLE "buyers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"corporate_name" text NOT NULL,
	"cnpj" text NOT NULL,
	"website" text,
	"phone_number" text,
	"postal_code" text,
	"street" text,
	"number" text,
	"district" text,
	"city" text,
	"state" text,
	"complement" text,
	"ibge_code" text,
	"user_id" uuid,
	"competent_authority_user_id" uuid,
	"competent_authority_name" text,
	"competent_authority_cnpj" text,
	"registration_status" text DEFAULT 'APPROVED' NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" serial NOT NULL,
	"buyer_id" uuid,
	"name" text NOT NULL,
	"technical_description" text,
	"is_basic_productive_incentive" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"auction_notice_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"event_type" text NOT NULL,
	"actor_user_id" uuid,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp (3) with time zone NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by_user_id" uuid,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auction_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_notice_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"item" integer DEFAULT 1 NOT NULL,
	"product_id" uuid,
	"quantity" numeric(18, 4) DEFAULT '0' NOT NULL,
	"measurement_unit_code" text,
	"reference_price" bigint DEFAULT 0 NOT NULL,
	"minimum_variation" bigint DEFAULT 100 NOT NULL,
	"percent_minimum_variation" numeric(7, 2) DEFAULT '1.00' NOT NULL,
	"is_product_brand_required" boolean DEFAULT false NOT NULL,
	"is_subcontracting_indicator" boolean DEFAULT false NOT NULL,
	"decimals_number" smallint DEFAULT 2 NOT NULL,
	"total_amount" bigint DEFAULT 0 NOT NULL,
	"batch_item_participation" text DEFAULT 'WIDE_PARTICIPATION' NOT NULL,
	"wide_participation_batch" integer,
	"phase" text DEFAULT 'NOT_STARTED' NOT NULL,
	"sub_phase" text,
	"should_attach_technical_documents" boolean DEFAULT false NOT NULL,
	"dispensation_form" text,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auction_notice_document_classes" (
	"auction_notice_id" uuid NOT NULL,
	"document_class_id" uuid NOT NULL,
	CONSTRAINT "auction_notice_document_classes_auction_notice_id_document_class_id_pk" PRIMARY KEY("auction_notice_id","document_class_id")
);
--> statement-breakpoint
CREATE TABLE "auction_notice_secretary_offices" (
	"auction_notice_id" uuid NOT NULL,
	"secretary_office_id" uuid NOT NULL,
	CONSTRAINT "auction_notice_secretary_offices_auction_notice_id_secretary_office_id_pk" PRIMARY KEY("auction_notice_id","secretary_office_id")
);
--> statement-breakpoint
CREATE TABLE "auction_notice_staff" (
	"auction_notice_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"assignment" text NOT NULL,
	CONSTRAINT "auction_notice_staff_auction_notice_id_staff_id_assignment_pk" PRIMARY KEY("auction_notice_id","staff_id","assignment")
);
--> statement-breakpoint
CREATE TABLE "auction_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" uuid NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"modality" text NOT NULL,
	"sub_modality" text NOT NULL,
	"notice_number" text NOT NULL,
	"process_number" text NOT NULL,
	"object_of_interest" text NOT NULL,
	"purchase_year" integer,
	"agreement_number" text,
	"can_publish_on_pncp" boolean DEFAULT true NOT NULL,
	"days_due" integer,
	"auction_license_phase" text DEFAULT 'BEFORE_BID' NOT NULL,
	"is_bids_automatic_start" boolean DEFAULT false NOT NULL,
	"amount_bids_automatic_start" integer DEFAULT 0 NOT NULL,
	"can_apply_regional_preference" boolean DEFAULT false NOT NULL,
	"is_technical_data_sheet_attachment_required" boolean DEFAULT false NOT NULL,
	"dispensation_form" text DEFAULT 'LOWEST_PRICE' NOT NULL,
	"should_disclose_reference_price" boolean DEFAULT true NOT NULL,
	"is_srp" boolean DEFAULT false NOT NULL,
	"closing_kind" text DEFAULT 'OPEN' NOT NULL,
	"process_participation" text DEFAULT 'BROAD' NOT NULL,
	"is_initial_proposals_required" boolean DEFAULT true NOT NULL,
	"can_apply_tiebreaker" boolean DEFAULT true NOT NULL,
	"offer_kind" text DEFAULT 'UNIT_VALUE' NOT NULL,
	"legislation_id" integer,
	"law_clause_id" integer,
	"can_show_process_result" boolean DEFAULT false NOT NULL,
	"is_allowed_change_quantity" boolean DEFAULT false NOT NULL,
	"bid_duration" integer DEFAULT 360 NOT NULL,
	"can_indicate_qualification_document" boolean DEFAULT false NOT NULL,
	"is_proposal_guarantee_required" boolean DEFAULT false NOT NULL,
	"qualification_document_required" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dispute_interest_manifestation_minimum_duration" integer,
	"reason_of_in_person_modality" text,
	"has_pre_qualification" boolean DEFAULT false NOT NULL,
	"pre_qualification_id" uuid,
	"is_allowed_participant_non_pre_qualification" boolean DEFAULT false NOT NULL,
	"variation_kind" text DEFAULT 'REAL' NOT NULL,
	"start_date_time" timestamp (3) with time zone,
	"proposals_start_date_time" timestamp (3) with time zone,
	"proposals_end_date_time" timestamp (3) with time zone,
	"process_ending_date_time" timestamp (3) with time zone,
	"clarification_end_date_time" timestamp (3) with time zone,
	"dispensation_acknowledgment_requested_date" timestamp (3) with time zone,
	"is_reference_price_disclosed" boolean DEFAULT false NOT NULL,
	"published_date" timestamp (3) with time zone,
	"created_by_user_id" uuid,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" uuid NOT NULL,
	"class_name" text NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_notice_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"label" text,
	"description" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "law_clauses" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"legislation_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legislations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "measurement_units" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"price" bigint NOT NULL,
	"status" text DEFAULT 'PAID' NOT NULL,
	"payment_method" text DEFAULT 'boleto' NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" serial NOT NULL,
	"user_id" uuid,
	"credential_kind" text NOT NULL,
	"document_number" text NOT NULL,
	"name" text,
	"corporate_name" text,
	"trade_name" text,
	"is_small_business" boolean DEFAULT false NOT NULL,
	"email" text,
	"phone_number" text,
	"cellphone_number" text,
	"trade_representative_name" text,
	"trade_representative_cpf" text,
	"city" text,
	"state" text,
	"subscription_end_date" timestamp (3) with time zone,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"last_seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"user_agent" text,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"cpf" text,
	"phone_number" text,
	"cellphone_number" text,
	"password_hash" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buyer_secretary_offices" ADD CONSTRAINT "buyer_secretary_offices_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_secretary_offices" ADD CONSTRAINT "buyer_secretary_offices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_staff" ADD CONSTRAINT "buyer_staff_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_staff" ADD CONSTRAINT "buyer_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_staff_secretary_offices" ADD CONSTRAINT "buyer_staff_secretary_offices_staff_id_buyer_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."buyer_staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_staff_secretary_offices" ADD CONSTRAINT "buyer_staff_secretary_offices_secretary_office_id_buyer_secretary_offices_id_fk" FOREIGN KEY ("secretary_office_id") REFERENCES "public"."buyer_secretary_offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyers" ADD CONSTRAINT "buyers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyers" ADD CONSTRAINT "buyers_competent_authority_user_id_users_id_fk" FOREIGN KEY ("competent_authority_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_log" ADD CONSTRAINT "event_log_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_log" ADD CONSTRAINT "event_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_batches" ADD CONSTRAINT "auction_batches_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_batches" ADD CONSTRAINT "auction_batches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_batches" ADD CONSTRAINT "auction_batches_measurement_unit_code_measurement_units_code_fk" FOREIGN KEY ("measurement_unit_code") REFERENCES "public"."measurement_units"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_notice_document_classes" ADD CONSTRAINT "auction_notice_document_classes_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_notice_document_classes" ADD CONSTRAINT "auction_notice_document_classes_document_class_id_document_classes_id_fk" FOREIGN KEY ("document_class_id") REFERENCES "public"."document_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_notice_secretary_offices" ADD CONSTRAINT "auction_notice_secretary_offices_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_notice_secretary_offices" ADD CONSTRAINT "auction_notice_secretary_offices_secretary_office_id_buyer_secretary_offices_id_fk" FOREIGN KEY ("secretary_office_id") REFERENCES "public"."buyer_secretary_offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_notice_staff" ADD CONSTRAINT "auction_notice_staff_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_notice_staff" ADD CONSTRAINT "auction_notice_staff_staff_id_buyer_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."buyer_staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_notices" ADD CONSTRAINT "auction_notices_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_notices" ADD CONSTRAINT "auction_notices_legislation_id_legislations_id_fk" FOREIGN KEY ("legislation_id") REFERENCES "public"."legislations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_notices" ADD CONSTRAINT "auction_notices_law_clause_id_law_clauses_id_fk" FOREIGN KEY ("law_clause_id") REFERENCES "public"."law_clauses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_notices" ADD CONSTRAINT "auction_notices_pre_qualification_id_auction_notices_id_fk" FOREIGN KEY ("pre_qualification_id") REFERENCES "public"."auction_notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_notices" ADD CONSTRAINT "auction_notices_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_classes" ADD CONSTRAINT "document_classes_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_documents" ADD CONSTRAINT "notice_documents_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_documents" ADD CONSTRAINT "notice_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "law_clauses" ADD CONSTRAINT "law_clauses_legislation_id_legislations_id_fk" FOREIGN KEY ("legislation_id") REFERENCES "public"."legislations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_credits" ADD CONSTRAINT "supplier_credits_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buyer_secretary_offices_buyer_idx" ON "buyer_secretary_offices" USING btree ("buyer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_staff_buyer_user_key" ON "buyer_staff" USING btree ("buyer_id","user_id");--> statement-breakpoint
CREATE INDEX "buyer_staff_user_idx" ON "buyer_staff" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "buyers_cnpj_key" ON "buyers" USING btree ("cnpj");--> statement-breakpoint
CREATE UNIQUE INDEX "products_code_key" ON "products" USING btree ("code");--> statement-breakpoint
CREATE INDEX "products_buyer_idx" ON "products" USING btree ("buyer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_log_notice_seq_key" ON "event_log" USING btree ("auction_notice_id","seq");--> statement-breakpoint
CREATE INDEX "event_log_occurred_idx" ON "event_log" USING btree ("occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_storage_key_key" ON "stored_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "stored_files_sha256_idx" ON "stored_files" USING btree ("sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "auction_batches_notice_number_item_key" ON "auction_batches" USING btree ("auction_notice_id","number","item");--> statement-breakpoint
CREATE INDEX "auction_notices_buyer_idx" ON "auction_notices" USING btree ("buyer_id","created_date");--> statement-breakpoint
CREATE INDEX "auction_notices_status_start_idx" ON "auction_notices" USING btree ("status","start_date_time");--> statement-breakpoint
CREATE INDEX "auction_notices_modality_idx" ON "auction_notices" USING btree ("modality");--> statement-breakpoint
CREATE INDEX "document_classes_buyer_idx" ON "document_classes" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "notice_documents_notice_idx" ON "notice_documents" USING btree ("auction_notice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "law_clauses_code_key" ON "law_clauses" USING btree ("code");--> statement-breakpoint
CREATE INDEX "law_clauses_legislation_idx" ON "law_clauses" USING btree ("legislation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "legislations_code_key" ON "legislations" USING btree ("code");--> statement-breakpoint
CREATE INDEX "supplier_credits_supplier_idx" ON "supplier_credits" USING btree ("supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_document_number_key" ON "suppliers" USING btree ("document_number");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_user_key" ON "suppliers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_code_key" ON "suppliers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_cpf_key" ON "users" USING btree ("cpf");