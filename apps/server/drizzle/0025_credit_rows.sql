CREATE UNIQUE INDEX "supplier_credits_used_once_key" ON "supplier_credits" USING btree ("supplier_id","auction_notice_id") WHERE "supplier_credits"."status" = 'USED';--> statement-breakpoint
ALTER TABLE "supplier_credits" DROP COLUMN "used";--> statement-breakpoint
ALTER TABLE "supplier_credits" DROP COLUMN "payment_method";