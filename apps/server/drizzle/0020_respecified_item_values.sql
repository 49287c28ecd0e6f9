CREATE TABLE "respecified_item_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_notice_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"item_batch_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"bid_id" uuid NOT NULL,
	"unit_price" bigint NOT NULL,
	"created_by_user_id" uuid,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "respecified_item_values" ADD CONSTRAINT "respecified_item_values_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respecified_item_values" ADD CONSTRAINT "respecified_item_values_batch_id_auction_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."auction_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respecified_item_values" ADD CONSTRAINT "respecified_item_values_item_batch_id_auction_batches_id_fk" FOREIGN KEY ("item_batch_id") REFERENCES "public"."auction_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respecified_item_values" ADD CONSTRAINT "respecified_item_values_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respecified_item_values" ADD CONSTRAINT "respecified_item_values_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respecified_item_values" ADD CONSTRAINT "respecified_item_values_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "respecified_item_values_item_key" ON "respecified_item_values" USING btree ("item_batch_id");