CREATE TABLE "bids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_notice_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"unit_price" bigint,
	"percent_discount" numeric(9, 4),
	"total_price" bigint,
	"quantity" numeric(18, 4),
	"brand" text,
	"can_apply_automatic_bid" boolean DEFAULT false NOT NULL,
	"final_price" bigint,
	"variation_price" bigint,
	"percent_final_discount" numeric(9, 4),
	"percent_variation" numeric(9, 4),
	"is_revealed" boolean DEFAULT true NOT NULL,
	"is_cancelled" boolean DEFAULT false NOT NULL,
	"cancellation_reason" text,
	"cancelled_by_user_id" uuid,
	"cancelled_at" timestamp (3) with time zone,
	"created_by_user_id" uuid,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lot_bidders" (
	"batch_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"is_qualified" boolean DEFAULT true NOT NULL,
	"own_bid_deleted" boolean DEFAULT false NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lot_bidders_batch_id_supplier_id_pk" PRIMARY KEY("batch_id","supplier_id")
);
--> statement-breakpoint
CREATE TABLE "lot_timers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_notice_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"due_at" timestamp (3) with time zone NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auction_batches" ADD COLUMN "bidding_stage" text;--> statement-breakpoint
ALTER TABLE "auction_batches" ADD COLUMN "bidding_phase_start_date_time" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "auction_batches" ADD COLUMN "bidding_phase_due_date_time" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "auction_batches" ADD COLUMN "bidding_phase_ending_date_time" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "auction_batches" ADD COLUMN "phase_start_date_time" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "auction_batches" ADD COLUMN "phase_end_date_time" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "auction_batches" ADD COLUMN "has_passed_by_qualification" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auction_batches" ADD COLUMN "finalist_supplier_ids" jsonb;--> statement-breakpoint
ALTER TABLE "auction_batches" ADD COLUMN "tie_call_order" jsonb;--> statement-breakpoint
ALTER TABLE "auction_batches" ADD COLUMN "tie_call_index" integer;--> statement-breakpoint
ALTER TABLE "auction_batches" ADD COLUMN "tie_call_due_date_time" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "auction_batches" ADD COLUMN "negotiating_supplier_id" uuid;--> statement-breakpoint
ALTER TABLE "notice_participants" ADD COLUMN "has_small_company_declaration" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_batch_id_auction_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."auction_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_cancelled_by_user_id_users_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_bidders" ADD CONSTRAINT "lot_bidders_batch_id_auction_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."auction_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_bidders" ADD CONSTRAINT "lot_bidders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_timers" ADD CONSTRAINT "lot_timers_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_timers" ADD CONSTRAINT "lot_timers_batch_id_auction_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."auction_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bids_batch_created_idx" ON "bids" USING btree ("batch_id","created_date");--> statement-breakpoint
CREATE INDEX "bids_batch_supplier_idx" ON "bids" USING btree ("batch_id","supplier_id","created_date");--> statement-breakpoint
CREATE INDEX "bids_notice_idx" ON "bids" USING btree ("auction_notice_id");--> statement-breakpoint
CREATE INDEX "bids_best_price_idx" ON "bids" USING btree ("batch_id","unit_price","created_date") WHERE NOT is_cancelled AND is_revealed;--> statement-breakpoint
CREATE INDEX "bids_best_percent_idx" ON "bids" USING btree ("batch_id","percent_discount","created_date") WHERE NOT is_cancelled AND is_revealed;--> statement-breakpoint
CREATE UNIQUE INDEX "lot_timers_batch_kind_key" ON "lot_timers" USING btree ("batch_id","kind");--> statement-breakpoint
CREATE INDEX "lot_timers_due_idx" ON "lot_timers" USING btree ("due_at");