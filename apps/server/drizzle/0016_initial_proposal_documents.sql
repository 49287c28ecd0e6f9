CREATE TABLE "initial_proposal_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_notice_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"supplier_document_id" uuid NOT NULL,
	"kind_association" text NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "initial_proposal_documents" ADD CONSTRAINT "initial_proposal_documents_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "initial_proposal_documents" ADD CONSTRAINT "initial_proposal_documents_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "initial_proposal_documents" ADD CONSTRAINT "initial_proposal_documents_supplier_document_id_supplier_documents_id_fk" FOREIGN KEY ("supplier_document_id") REFERENCES "public"."supplier_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "initial_proposal_documents_key" ON "initial_proposal_documents" USING btree ("auction_notice_id","supplier_id","kind_association","supplier_document_id");