CREATE TABLE "pncp_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"headers" jsonb NOT NULL,
	"body" jsonb,
	"files" jsonb,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pncp_publication_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_notice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"target" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone NOT NULL,
	"last_error" text,
	"portal_uri" text,
	"done_at" timestamp (3) with time zone,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "pncp_publication_jobs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auction_notices" ADD COLUMN "pncp_control_number" text;--> statement-breakpoint
ALTER TABLE "auction_notices" ADD COLUMN "pncp_year" integer;--> statement-breakpoint
ALTER TABLE "auction_notices" ADD COLUMN "pncp_sequential" integer;--> statement-breakpoint
ALTER TABLE "pncp_publication_jobs" ADD CONSTRAINT "pncp_publication_jobs_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pncp_jobs_due_idx" ON "pncp_publication_jobs" USING btree ("next_attempt_at") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "pncp_jobs_notice_idx" ON "pncp_publication_jobs" USING btree ("auction_notice_id","seq");