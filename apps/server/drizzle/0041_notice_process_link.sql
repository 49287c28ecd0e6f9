ALTER TABLE "auction_notices" ADD COLUMN "process_id" uuid;--> statement-breakpoint
ALTER TABLE "auction_notices" ADD COLUMN "process_synced_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "auction_notices" ADD CONSTRAINT "auction_notices_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_notices" ADD CONSTRAINT "auction_notices_process_id_unique" UNIQUE("process_id");