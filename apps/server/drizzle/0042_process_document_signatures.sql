CREATE TABLE "process_document_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"process_id" uuid NOT NULL,
	"document_kind" text NOT NULL,
	"document_sha256" text NOT NULL,
	"method" text NOT NULL,
	"signer_user_id" uuid NOT NULL,
	"signer_name" text NOT NULL,
	"signer_cpf" text,
	"signer_role" text NOT NULL,
	"signed_at" timestamp (3) with time zone NOT NULL,
	"file_id" uuid,
	"signed_file_sha256" text,
	"has_digital_signature" boolean DEFAULT false NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "process_document_signatures_kind" CHECK ("process_document_signatures"."document_kind" IN ('DEMAND_FORMALIZATION', 'PRELIMINARY_TECHNICAL_STUDY', 'RISK_MANAGEMENT', 'BUDGET', 'REFERENCE_TERM', 'AUCTION_NOTICE')),
	CONSTRAINT "process_document_signatures_method" CHECK ("process_document_signatures"."method" IN ('PLATFORM', 'UPLOADED')),
	CONSTRAINT "process_document_signatures_upload" CHECK (("process_document_signatures"."method" = 'UPLOADED') = ("process_document_signatures"."file_id" IS NOT NULL AND "process_document_signatures"."signed_file_sha256" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "process_document_signatures" ADD CONSTRAINT "process_document_signatures_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_document_signatures" ADD CONSTRAINT "process_document_signatures_signer_user_id_users_id_fk" FOREIGN KEY ("signer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_document_signatures" ADD CONSTRAINT "process_document_signatures_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "process_document_signatures_once_key" ON "process_document_signatures" USING btree ("process_id","document_kind","document_sha256","signer_user_id");--> statement-breakpoint
CREATE INDEX "process_document_signatures_process_idx" ON "process_document_signatures" USING btree ("process_id","document_kind","signed_at");