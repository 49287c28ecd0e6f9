CREATE TABLE "direct_appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_notice_id" uuid NOT NULL,
	"proposal_id" uuid NOT NULL,
	"appealed_status" text NOT NULL,
	"appealed_decided_at" timestamp (3) with time zone NOT NULL,
	"appellant_supplier_id" uuid NOT NULL,
	"appellant_user_id" uuid NOT NULL,
	"counterpart_supplier_id" uuid,
	"text" text NOT NULL,
	"file_id" uuid,
	"filed_at" timestamp (3) with time zone NOT NULL,
	"counter_due_at" timestamp (3) with time zone NOT NULL,
	"counter_argument" text,
	"counter_file_id" uuid,
	"counter_argument_at" timestamp (3) with time zone,
	"counter_user_id" uuid,
	"decision_due_at" timestamp (3) with time zone NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"decision" text,
	"reasoning" text,
	"decision_file_id" uuid,
	"judged_at" timestamp (3) with time zone,
	"judged_by_user_id" uuid,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "direct_appeals_text_length" CHECK (char_length("direct_appeals"."text") <= 5000),
	CONSTRAINT "direct_appeals_counter_length" CHECK (char_length("direct_appeals"."counter_argument") <= 5000),
	CONSTRAINT "direct_appeals_reasoning_length" CHECK (char_length("direct_appeals"."reasoning") <= 5000)
);
--> statement-breakpoint
ALTER TABLE "direct_appeals" ADD CONSTRAINT "direct_appeals_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_appeals" ADD CONSTRAINT "direct_appeals_proposal_id_direct_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."direct_proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_appeals" ADD CONSTRAINT "direct_appeals_appellant_supplier_id_suppliers_id_fk" FOREIGN KEY ("appellant_supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_appeals" ADD CONSTRAINT "direct_appeals_appellant_user_id_users_id_fk" FOREIGN KEY ("appellant_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_appeals" ADD CONSTRAINT "direct_appeals_counterpart_supplier_id_suppliers_id_fk" FOREIGN KEY ("counterpart_supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_appeals" ADD CONSTRAINT "direct_appeals_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_appeals" ADD CONSTRAINT "direct_appeals_counter_file_id_stored_files_id_fk" FOREIGN KEY ("counter_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_appeals" ADD CONSTRAINT "direct_appeals_counter_user_id_users_id_fk" FOREIGN KEY ("counter_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_appeals" ADD CONSTRAINT "direct_appeals_decision_file_id_stored_files_id_fk" FOREIGN KEY ("decision_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_appeals" ADD CONSTRAINT "direct_appeals_judged_by_user_id_users_id_fk" FOREIGN KEY ("judged_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direct_appeals_notice_idx" ON "direct_appeals" USING btree ("auction_notice_id","filed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "direct_appeals_once_key" ON "direct_appeals" USING btree ("proposal_id","appellant_supplier_id","appealed_decided_at");--> statement-breakpoint
CREATE INDEX "direct_appeals_file_idx" ON "direct_appeals" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "direct_appeals_counter_file_idx" ON "direct_appeals" USING btree ("counter_file_id");--> statement-breakpoint
CREATE INDEX "direct_appeals_decision_file_idx" ON "direct_appeals" USING btree ("decision_file_id");