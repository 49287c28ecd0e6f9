CREATE TABLE "lot_supplier_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_notice_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"supplier_document_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"is_current" boolean DEFAULT true NOT NULL,
	"sent_by_user_id" uuid,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auction_batches" ADD COLUMN "attaching_documents_start_date_time" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "auction_batches" ADD COLUMN "attaching_documents_ending_date_time" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "auction_batches" ADD COLUMN "is_readjusted_proposal_attached" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auction_batches" ADD COLUMN "is_qualified_document_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lot_supplier_documents" ADD CONSTRAINT "lot_supplier_documents_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_supplier_documents" ADD CONSTRAINT "lot_supplier_documents_batch_id_auction_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."auction_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_supplier_documents" ADD CONSTRAINT "lot_supplier_documents_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_supplier_documents" ADD CONSTRAINT "lot_supplier_documents_supplier_document_id_supplier_documents_id_fk" FOREIGN KEY ("supplier_document_id") REFERENCES "public"."supplier_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_supplier_documents" ADD CONSTRAINT "lot_supplier_documents_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lot_supplier_documents_batch_idx" ON "lot_supplier_documents" USING btree ("batch_id","supplier_id","kind");