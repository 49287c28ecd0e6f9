CREATE TABLE "paragraph_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" uuid NOT NULL,
	"chapter_code" text NOT NULL,
	"content" text NOT NULL,
	"content_sha256" text NOT NULL,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paragraph_templates_usage_not_negative" CHECK ("paragraph_templates"."usage_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reference_term_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"process_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"signed_sha256" text NOT NULL,
	"issued_sha256" text NOT NULL,
	"has_digital_signature" boolean DEFAULT false NOT NULL,
	"signed_by_user_id" uuid NOT NULL,
	"signed_at" timestamp (3) with time zone NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"process_id" uuid NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"chapter_status" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"step" text,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reference_terms_process_id_unique" UNIQUE("process_id")
);
--> statement-breakpoint
ALTER TABLE "demand_formalization_batches" ADD COLUMN "is_product_brand_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "demand_formalization_batches" ADD COLUMN "decimals_number" integer;--> statement-breakpoint
ALTER TABLE "demand_formalization_batches" ADD COLUMN "minimum_variation_kind" text;--> statement-breakpoint
ALTER TABLE "demand_formalization_batches" ADD COLUMN "minimum_variation" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "demand_formalization_batches" ADD COLUMN "batch_item_participation" text;--> statement-breakpoint
ALTER TABLE "paragraph_templates" ADD CONSTRAINT "paragraph_templates_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_term_signatures" ADD CONSTRAINT "reference_term_signatures_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_term_signatures" ADD CONSTRAINT "reference_term_signatures_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_term_signatures" ADD CONSTRAINT "reference_term_signatures_signed_by_user_id_users_id_fk" FOREIGN KEY ("signed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_terms" ADD CONSTRAINT "reference_terms_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "paragraph_templates_key" ON "paragraph_templates" USING btree ("buyer_id","chapter_code","content_sha256");--> statement-breakpoint
CREATE INDEX "reference_term_signatures_process_idx" ON "reference_term_signatures" USING btree ("process_id","signed_at");--> statement-breakpoint
ALTER TABLE "demand_formalization_batches" ADD CONSTRAINT "demand_formalization_batches_decimals" CHECK ("demand_formalization_batches"."decimals_number" IS NULL OR "demand_formalization_batches"."decimals_number" IN (2, 4));--> statement-breakpoint
ALTER TABLE "demand_formalization_batches" ADD CONSTRAINT "demand_formalization_batches_variation_kind" CHECK ("demand_formalization_batches"."minimum_variation_kind" IS NULL OR "demand_formalization_batches"."minimum_variation_kind" IN ('REAL', 'PERCENTAGE'));--> statement-breakpoint
ALTER TABLE "demand_formalization_batches" ADD CONSTRAINT "demand_formalization_batches_participation" CHECK ("demand_formalization_batches"."batch_item_participation" IS NULL OR "demand_formalization_batches"."batch_item_participation" IN ('WIDE_PARTICIPATION', 'EXCLUSIVE', 'DIFFERENTIATED'));