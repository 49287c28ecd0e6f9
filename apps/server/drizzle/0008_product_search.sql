-- Catalogue and bidder searches fold case and accents (certame_fold, migration 0002) and match
-- anywhere in the text, so they use trigram indexes on the folded expression (DESIGN §6: lists at
-- 100,000 rows). The services write exactly these expressions.
CREATE INDEX IF NOT EXISTS "products_search_idx" ON "products"
  USING gin (certame_fold("name" || ' ' || coalesce("technical_description", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_created_idx" ON "products" USING btree ("created_date");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "suppliers_search_idx" ON "suppliers"
  USING gin (certame_fold(coalesce("corporate_name", '') || ' ' || coalesce("name", '') || ' ' || coalesce("trade_name", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "suppliers_created_idx" ON "suppliers" USING btree ("created_date");
