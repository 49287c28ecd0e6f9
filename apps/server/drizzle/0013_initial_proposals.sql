CREATE TABLE "initial_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_notice_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"can_apply_automatic_bid" boolean DEFAULT false NOT NULL,
	"has_regional_preference_declaration" boolean DEFAULT false NOT NULL,
	"has_big_company_automatic_bid_declaration" boolean DEFAULT false NOT NULL,
	"has_secret_phase_declaration" boolean DEFAULT false NOT NULL,
	"terms_accepted_at" timestamp (3) with time zone,
	"credit_id" uuid,
	"credit_used_at" timestamp (3) with time zone,
	"has_proposal" boolean DEFAULT false NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "initial_proposals" ADD CONSTRAINT "initial_proposals_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "initial_proposals" ADD CONSTRAINT "initial_proposals_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "initial_proposals" ADD CONSTRAINT "initial_proposals_credit_id_supplier_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."supplier_credits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "initial_proposals_notice_supplier_key" ON "initial_proposals" USING btree ("auction_notice_id","supplier_id");--> statement-breakpoint
CREATE INDEX "initial_proposals_supplier_idx" ON "initial_proposals" USING btree ("supplier_id");