CREATE TABLE "credit_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"credits" integer DEFAULT 1 NOT NULL,
	"large_company_price" bigint NOT NULL,
	"small_company_price" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_plans_credits" CHECK ("credit_plans"."credits" BETWEEN 1 AND 1000),
	CONSTRAINT "credit_plans_prices" CHECK ("credit_plans"."large_company_price" > 0 AND "credit_plans"."small_company_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sequence" serial NOT NULL,
	"supplier_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"provider_charge_id" text,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"description" text NOT NULL,
	"due_date" date NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"pix_payload" text,
	"boleto_barcode" text,
	"boleto_digitable_line" text,
	"boleto_our_number" text,
	"paid_at" timestamp (3) with time zone,
	"paid_amount" bigint,
	"confirmed_by" text,
	"confirmed_by_user_id" uuid,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_charges_purpose" CHECK ("payment_charges"."purpose" IN ('SUBSCRIPTION', 'CREDIT')),
	CONSTRAINT "payment_charges_method" CHECK ("payment_charges"."method" IN ('boleto', 'pix')),
	CONSTRAINT "payment_charges_status" CHECK ("payment_charges"."status" IN ('PENDING', 'PAID', 'EXPIRED')),
	CONSTRAINT "payment_charges_amount" CHECK ("payment_charges"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"charge_id" uuid,
	"outcome" text NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"duration_months" integer NOT NULL,
	"large_company_price" bigint NOT NULL,
	"small_company_price" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_plans_duration" CHECK ("subscription_plans"."duration_months" BETWEEN 1 AND 60),
	CONSTRAINT "subscription_plans_prices" CHECK ("subscription_plans"."large_company_price" > 0 AND "subscription_plans"."small_company_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"subscription_plan_id" uuid NOT NULL,
	"duration_months" integer NOT NULL,
	"price" bigint NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"start_date" date,
	"end_date" date,
	"charge_id" uuid,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status" CHECK ("subscriptions"."status" IN ('PENDING', 'ACTIVE', 'EXPIRED'))
);
--> statement-breakpoint
ALTER TABLE "supplier_credits" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "supplier_credits" ADD COLUMN "credit_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "supplier_credits" ADD COLUMN "charge_id" uuid;--> statement-breakpoint
ALTER TABLE "supplier_credits" ADD COLUMN "auction_notice_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_charges" ADD CONSTRAINT "payment_charges_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_charges" ADD CONSTRAINT "payment_charges_confirmed_by_user_id_users_id_fk" FOREIGN KEY ("confirmed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_charge_id_payment_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."payment_charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_subscription_plan_id_subscription_plans_id_fk" FOREIGN KEY ("subscription_plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_charge_id_payment_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."payment_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_charges_sequence_key" ON "payment_charges" USING btree ("sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_charges_provider_key" ON "payment_charges" USING btree ("provider","provider_charge_id");--> statement-breakpoint
CREATE INDEX "payment_charges_supplier_idx" ON "payment_charges" USING btree ("supplier_id","created_date");--> statement-breakpoint
CREATE INDEX "payment_charges_pending_idx" ON "payment_charges" USING btree ("expires_at") WHERE "payment_charges"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_event_key" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "subscriptions_supplier_idx" ON "subscriptions" USING btree ("supplier_id","created_date");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_charge_key" ON "subscriptions" USING btree ("charge_id");--> statement-breakpoint
ALTER TABLE "supplier_credits" ADD CONSTRAINT "supplier_credits_credit_plan_id_credit_plans_id_fk" FOREIGN KEY ("credit_plan_id") REFERENCES "public"."credit_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_credits" ADD CONSTRAINT "supplier_credits_charge_id_payment_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."payment_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_credits" ADD CONSTRAINT "supplier_credits_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Credits become purchase rows (CONFIRMED) and one USED row per process that consumed a participation
-- (issue 14); a proposal's credit_id points at its USED row.
UPDATE "supplier_credits" SET "status" = 'CONFIRMED' WHERE "status" = 'PAID';--> statement-breakpoint
INSERT INTO "supplier_credits" ("supplier_id", "amount", "price", "status", "auction_notice_id", "created_date", "updated_date")
SELECT p."supplier_id", 1, 0, 'USED', p."auction_notice_id", coalesce(p."credit_used_at", now()), coalesce(p."credit_used_at", now())
FROM "initial_proposals" p WHERE p."credit_id" IS NOT NULL;--> statement-breakpoint
UPDATE "initial_proposals" p SET "credit_id" = u."id" FROM "supplier_credits" u
WHERE p."credit_id" IS NOT NULL AND u."status" = 'USED' AND u."supplier_id" = p."supplier_id" AND u."auction_notice_id" = p."auction_notice_id";--> statement-breakpoint
-- Participations counted as used without a proposal left to show them stay used.
INSERT INTO "supplier_credits" ("supplier_id", "amount", "price", "status")
SELECT s."supplier_id", 1, 0, 'USED'
FROM (
  SELECT c."supplier_id", sum(c."used") - (
    SELECT count(*) FROM "supplier_credits" u WHERE u."supplier_id" = c."supplier_id" AND u."status" = 'USED'
  ) AS "missing"
  FROM "supplier_credits" c WHERE c."status" = 'CONFIRMED' GROUP BY c."supplier_id"
) s, generate_series(1, greatest(s."missing", 0)::int);--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_credits_charge_key" ON "supplier_credits" USING btree ("charge_id");--> statement-breakpoint
ALTER TABLE "supplier_credits" ADD CONSTRAINT "supplier_credits_status" CHECK ("supplier_credits"."status" IN ('PENDING', 'CONFIRMED', 'USED', 'EXPIRED'));--> statement-breakpoint
ALTER TABLE "supplier_credits" ADD CONSTRAINT "supplier_credits_amount" CHECK ("supplier_credits"."amount" > 0);--> statement-breakpoint
ALTER TABLE "supplier_credits" ADD CONSTRAINT "supplier_credits_used_notice" CHECK ("supplier_credits"."status" <> 'USED' OR "supplier_credits"."amount" = 1);