ALTER TABLE "auction_notices" ADD COLUMN "search_text" text;--> statement-breakpoint
CREATE INDEX "auction_notices_start_idx" ON "auction_notices" USING btree ("start_date_time");--> statement-breakpoint
CREATE INDEX "auction_notices_created_idx" ON "auction_notices" USING btree ("created_date");--> statement-breakpoint
CREATE INDEX "auction_notices_search_idx" ON "auction_notices" USING gin ("search_text" gin_trgm_ops);