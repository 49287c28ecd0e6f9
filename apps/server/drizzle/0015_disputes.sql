CREATE TABLE "appeal_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_notice_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"interest_phase" text NOT NULL,
	"opened_at" timestamp (3) with time zone NOT NULL,
	"interest_ends_at" timestamp (3) with time zone NOT NULL,
	"reasons_due_type" text,
	"reasons_due_at" timestamp (3) with time zone,
	"counter_arguments_due_type" text,
	"counter_arguments_due_at" timestamp (3) with time zone,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispute_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_notice_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"round_id" uuid NOT NULL,
	"dispute_id" uuid,
	"supplier_id" uuid,
	"kind" text NOT NULL,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_current" boolean DEFAULT true NOT NULL,
	"uploaded_by_user_id" uuid,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_notice_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"round_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"group_id" uuid,
	"reason" text NOT NULL,
	"status" text DEFAULT 'MANIFESTED' NOT NULL,
	"manifested_by_user_id" uuid,
	"refusal_reason" text,
	"refused_by_user_id" uuid,
	"refused_at" timestamp (3) with time zone,
	"waiver_reason" text,
	"waived_at" timestamp (3) with time zone,
	"judgment_status" text DEFAULT 'NOT_ANALYZED' NOT NULL,
	"judgment_justification" text,
	"judged_by_user_id" uuid,
	"judged_at" timestamp (3) with time zone,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_reason_length" CHECK (char_length("disputes"."reason") <= 5000),
	CONSTRAINT "disputes_refusal_reason_length" CHECK (char_length("disputes"."refusal_reason") <= 5000),
	CONSTRAINT "disputes_waiver_reason_length" CHECK (char_length("disputes"."waiver_reason") <= 5000),
	CONSTRAINT "disputes_justification_length" CHECK (char_length("disputes"."judgment_justification") <= 5000)
);
--> statement-breakpoint
ALTER TABLE "appeal_rounds" ADD CONSTRAINT "appeal_rounds_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeal_rounds" ADD CONSTRAINT "appeal_rounds_batch_id_auction_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."auction_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_documents" ADD CONSTRAINT "dispute_documents_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_documents" ADD CONSTRAINT "dispute_documents_batch_id_auction_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."auction_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_documents" ADD CONSTRAINT "dispute_documents_round_id_appeal_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."appeal_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_documents" ADD CONSTRAINT "dispute_documents_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_documents" ADD CONSTRAINT "dispute_documents_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_documents" ADD CONSTRAINT "dispute_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_documents" ADD CONSTRAINT "dispute_documents_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_batch_id_auction_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."auction_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_round_id_appeal_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."appeal_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_manifested_by_user_id_users_id_fk" FOREIGN KEY ("manifested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_refused_by_user_id_users_id_fk" FOREIGN KEY ("refused_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_judged_by_user_id_users_id_fk" FOREIGN KEY ("judged_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appeal_rounds_batch_idx" ON "appeal_rounds" USING btree ("batch_id","opened_at");--> statement-breakpoint
CREATE INDEX "dispute_documents_notice_idx" ON "dispute_documents" USING btree ("auction_notice_id","created_date");--> statement-breakpoint
CREATE UNIQUE INDEX "dispute_documents_current_key" ON "dispute_documents" USING btree ("round_id","supplier_id","kind") WHERE is_current AND supplier_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_round_supplier_key" ON "disputes" USING btree ("round_id","supplier_id");--> statement-breakpoint
CREATE INDEX "disputes_notice_idx" ON "disputes" USING btree ("auction_notice_id","created_date");--> statement-breakpoint
CREATE INDEX "disputes_batch_idx" ON "disputes" USING btree ("batch_id");