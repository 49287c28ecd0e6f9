ALTER TABLE "auction_batches" ADD COLUMN "phase_before_end" text;--> statement-breakpoint
ALTER TABLE "auction_notices" ADD COLUMN "suspended_at" timestamp (3) with time zone;