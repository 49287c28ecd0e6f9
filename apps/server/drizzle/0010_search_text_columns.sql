ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (certame_fold(name || ' ' || coalesce(technical_description, ''))) STORED;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (certame_fold(coalesce(corporate_name, '') || ' ' || coalesce(name, '') || ' ' || coalesce(trade_name, ''))) STORED;--> statement-breakpoint
CREATE INDEX "products_search_text_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "suppliers_search_text_idx" ON "suppliers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The expression indexes of 0008 are replaced by the stored columns above: counting a broad match
-- no longer folds every row (bench: 'caneta' over 100,000 products, 1 s → 11 ms).
DROP INDEX IF EXISTS "products_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "suppliers_search_idx";
