CREATE TABLE "direct_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_notice_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"file_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sent_by_user_id" uuid,
	"sent_at" timestamp (3) with time zone NOT NULL,
	"reason" text,
	"decided_by_user_id" uuid,
	"decided_at" timestamp (3) with time zone,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "direct_proposals_reason_length" CHECK (char_length("direct_proposals"."reason") <= 2000),
	CONSTRAINT "direct_proposals_description_length" CHECK (char_length("direct_proposals"."description") <= 500)
);
--> statement-breakpoint
ALTER TABLE "direct_proposals" ADD CONSTRAINT "direct_proposals_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_proposals" ADD CONSTRAINT "direct_proposals_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_proposals" ADD CONSTRAINT "direct_proposals_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_proposals" ADD CONSTRAINT "direct_proposals_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_proposals" ADD CONSTRAINT "direct_proposals_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direct_proposals_notice_idx" ON "direct_proposals" USING btree ("auction_notice_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "direct_proposals_pending_key" ON "direct_proposals" USING btree ("auction_notice_id","supplier_id","kind") WHERE status = 'PENDING';