CREATE TABLE "auction_winners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_notice_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"brand" text,
	"unit_price" bigint DEFAULT 0 NOT NULL,
	"total_price" bigint DEFAULT 0 NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	"created_by_user_id" uuid,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auction_batches" ADD COLUMN "unit_reference_price" bigint;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "registered_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "auction_winners" ADD CONSTRAINT "auction_winners_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_winners" ADD CONSTRAINT "auction_winners_batch_id_auction_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."auction_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_winners" ADD CONSTRAINT "auction_winners_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_winners" ADD CONSTRAINT "auction_winners_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auction_winners_notice_idx" ON "auction_winners" USING btree ("auction_notice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auction_winners_batch_supplier_key" ON "auction_winners" USING btree ("batch_id","supplier_id");--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_registered_by_user_id_users_id_fk" FOREIGN KEY ("registered_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;