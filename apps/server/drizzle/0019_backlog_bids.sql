CREATE TABLE "backlog_bids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_notice_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"unit_price" bigint,
	"percent_discount" numeric(9, 4),
	"can_get_current_best_bid" boolean NOT NULL,
	"created_by_user_id" uuid,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backlog_bids" ADD CONSTRAINT "backlog_bids_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backlog_bids" ADD CONSTRAINT "backlog_bids_batch_id_auction_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."auction_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backlog_bids" ADD CONSTRAINT "backlog_bids_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backlog_bids" ADD CONSTRAINT "backlog_bids_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "backlog_bids_batch_supplier_key" ON "backlog_bids" USING btree ("batch_id","supplier_id");