ALTER TABLE "buyers" ADD COLUMN "pncp_unit_code" text;--> statement-breakpoint
ALTER TABLE "buyers" ADD COLUMN "pncp_unit_name" text;--> statement-breakpoint
ALTER TABLE "pncp_publication_jobs" ADD COLUMN "sent_items" jsonb;