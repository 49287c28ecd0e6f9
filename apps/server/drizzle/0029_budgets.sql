CREATE TABLE "budgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"demand_formalization_batch_id" uuid NOT NULL,
	"column_order" integer NOT NULL,
	"price_cents" bigint NOT NULL,
	"pncp_item_id" text,
	"supplier_document" text NOT NULL,
	"supplier_name" text NOT NULL,
	"supplier_credential_kind" text NOT NULL,
	"supplier_is_small_business" boolean DEFAULT false NOT NULL,
	"excluded" boolean DEFAULT false NOT NULL,
	"exclusion_justification" text,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budgets_column_order_positive" CHECK ("budgets"."column_order" >= 1),
	CONSTRAINT "budgets_price_not_negative" CHECK ("budgets"."price_cents" >= 0),
	CONSTRAINT "budgets_credential_kind" CHECK ("budgets"."supplier_credential_kind" IN ('LEGAL_PERSON', 'INDIVIDUAL'))
);
--> statement-breakpoint
ALTER TABLE "demand_formalization_batches" ADD COLUMN "price_method" text DEFAULT 'AVERAGE' NOT NULL;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_demand_formalization_batch_id_demand_formalization_batches_id_fk" FOREIGN KEY ("demand_formalization_batch_id") REFERENCES "public"."demand_formalization_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "budgets_batch_column_key" ON "budgets" USING btree ("demand_formalization_batch_id","column_order");