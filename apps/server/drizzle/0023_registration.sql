CREATE TABLE "account_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_tokens_purpose" CHECK ("account_tokens"."purpose" IN ('CONFIRM_EMAIL', 'RESET_PASSWORD', 'SET_PASSWORD'))
);
--> statement-breakpoint
CREATE TABLE "buyer_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyer_documents_kind" CHECK ("buyer_documents"."kind" IN ('MEMBERSHIP_TERMS', 'OTHER'))
);
--> statement-breakpoint
CREATE TABLE "membership_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_kind" text NOT NULL,
	"buyer_id" uuid,
	"supplier_id" uuid,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"requested_by_user_id" uuid,
	"requested_at" timestamp (3) with time zone NOT NULL,
	"terms_sha256" text NOT NULL,
	"signed_file_id" uuid,
	"signed_sha256" text,
	"has_digital_signature" boolean,
	"signed_at" timestamp (3) with time zone,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_signatures_status" CHECK ("membership_signatures"."status" IN ('REQUESTED', 'SIGNED'))
);
--> statement-breakpoint
CREATE TABLE "registration_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_kind" text NOT NULL,
	"buyer_id" uuid,
	"supplier_id" uuid,
	"submitted_by_user_id" uuid,
	"submitted_at" timestamp (3) with time zone NOT NULL,
	"due_at" timestamp (3) with time zone NOT NULL,
	"decision" text,
	"reason" text,
	"decided_by_user_id" uuid,
	"decided_at" timestamp (3) with time zone,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_reviews_subject_kind" CHECK ("registration_reviews"."subject_kind" IN ('BUYER', 'SUPPLIER')),
	CONSTRAINT "registration_reviews_subject" CHECK (("registration_reviews"."subject_kind" = 'BUYER' AND "registration_reviews"."buyer_id" IS NOT NULL AND "registration_reviews"."supplier_id" IS NULL) OR ("registration_reviews"."subject_kind" = 'SUPPLIER' AND "registration_reviews"."supplier_id" IS NOT NULL AND "registration_reviews"."buyer_id" IS NULL)),
	CONSTRAINT "registration_reviews_decision" CHECK ("registration_reviews"."decision" IS NULL OR "registration_reviews"."decision" IN ('APPROVED', 'REJECTED')),
	CONSTRAINT "registration_reviews_rejection_reason" CHECK ("registration_reviews"."decision" IS DISTINCT FROM 'REJECTED' OR char_length(coalesce("registration_reviews"."reason", '')) > 0)
);
--> statement-breakpoint
CREATE TABLE "supplier_declarations" (
	"supplier_id" uuid NOT NULL,
	"declaration_id" integer NOT NULL,
	"accepted_at" timestamp (3) with time zone NOT NULL,
	"accepted_by_user_id" uuid,
	"text_sha256" text NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_declarations_supplier_id_declaration_id_pk" PRIMARY KEY("supplier_id","declaration_id"),
	CONSTRAINT "supplier_declarations_id" CHECK ("supplier_declarations"."declaration_id" BETWEEN 1 AND 7)
);
--> statement-breakpoint
ALTER TABLE "buyers" ALTER COLUMN "registration_status" SET DEFAULT 'IN_PROGRESS';--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "number" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "district" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "complement" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "ibge_code" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "registration_status" text DEFAULT 'NONE' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_documents" ADD CONSTRAINT "buyer_documents_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_documents" ADD CONSTRAINT "buyer_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_signatures" ADD CONSTRAINT "membership_signatures_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_signatures" ADD CONSTRAINT "membership_signatures_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_signatures" ADD CONSTRAINT "membership_signatures_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_signatures" ADD CONSTRAINT "membership_signatures_signed_file_id_stored_files_id_fk" FOREIGN KEY ("signed_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_reviews" ADD CONSTRAINT "registration_reviews_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_reviews" ADD CONSTRAINT "registration_reviews_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_reviews" ADD CONSTRAINT "registration_reviews_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_reviews" ADD CONSTRAINT "registration_reviews_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_declarations" ADD CONSTRAINT "supplier_declarations_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_declarations" ADD CONSTRAINT "supplier_declarations_accepted_by_user_id_users_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_tokens_token_hash_key" ON "account_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_tokens_user_idx" ON "account_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "buyer_documents_buyer_idx" ON "buyer_documents" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "membership_signatures_buyer_idx" ON "membership_signatures" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "membership_signatures_supplier_idx" ON "membership_signatures" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "registration_reviews_open_idx" ON "registration_reviews" USING btree ("submitted_at") WHERE "registration_reviews"."decision" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "registration_reviews_open_buyer_key" ON "registration_reviews" USING btree ("buyer_id") WHERE "registration_reviews"."decision" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "registration_reviews_open_supplier_key" ON "registration_reviews" USING btree ("supplier_id") WHERE "registration_reviews"."decision" IS NULL;--> statement-breakpoint
CREATE INDEX "registration_reviews_buyer_idx" ON "registration_reviews" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "registration_reviews_supplier_idx" ON "registration_reviews" USING btree ("supplier_id");--> statement-breakpoint
-- Accounts that existed before sign-up (demo data, seeded staff) had their e-mail known to be right.
UPDATE "users" SET "email_confirmed_at" = "created_date" WHERE "email_confirmed_at" IS NULL;--> statement-breakpoint
-- Suppliers with a login of their own were registered before analysis existed: approved.
UPDATE "suppliers" SET "registration_status" = 'APPROVED' WHERE "user_id" IS NOT NULL;
