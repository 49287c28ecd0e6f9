CREATE TABLE "notice_clarifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_notice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"requester_user_id" uuid NOT NULL,
	"text" text NOT NULL,
	"file_id" uuid,
	"answer_due_at" timestamp (3) with time zone NOT NULL,
	"answer" text,
	"decision" text,
	"answer_file_id" uuid,
	"answered_at" timestamp (3) with time zone,
	"answered_by_user_id" uuid,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notice_clarifications" ADD CONSTRAINT "notice_clarifications_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_clarifications" ADD CONSTRAINT "notice_clarifications_requester_user_id_users_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_clarifications" ADD CONSTRAINT "notice_clarifications_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_clarifications" ADD CONSTRAINT "notice_clarifications_answer_file_id_stored_files_id_fk" FOREIGN KEY ("answer_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_clarifications" ADD CONSTRAINT "notice_clarifications_answered_by_user_id_users_id_fk" FOREIGN KEY ("answered_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notice_clarifications_notice_idx" ON "notice_clarifications" USING btree ("auction_notice_id","kind","created_date");--> statement-breakpoint
CREATE INDEX "notice_clarifications_requester_idx" ON "notice_clarifications" USING btree ("requester_user_id","created_date");--> statement-breakpoint
CREATE INDEX "notice_clarifications_status_idx" ON "notice_clarifications" USING btree ("status","answer_due_at");--> statement-breakpoint
CREATE INDEX "notice_clarifications_file_idx" ON "notice_clarifications" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "notice_clarifications_answer_file_idx" ON "notice_clarifications" USING btree ("answer_file_id");