CREATE TABLE "direct_forum_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_notice_id" uuid NOT NULL,
	"parent_id" uuid,
	"author_user_id" uuid NOT NULL,
	"author_kind" text NOT NULL,
	"supplier_id" uuid,
	"text" text NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "direct_forum_messages_text_length" CHECK (char_length("direct_forum_messages"."text") BETWEEN 1 AND 2000),
	CONSTRAINT "direct_forum_messages_author_kind" CHECK ("direct_forum_messages"."author_kind" IN ('BODY', 'SUPPLIER', 'CITIZEN'))
);
--> statement-breakpoint
ALTER TABLE "direct_forum_messages" ADD CONSTRAINT "direct_forum_messages_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_forum_messages" ADD CONSTRAINT "direct_forum_messages_parent_id_direct_forum_messages_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."direct_forum_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_forum_messages" ADD CONSTRAINT "direct_forum_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_forum_messages" ADD CONSTRAINT "direct_forum_messages_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direct_forum_messages_threads_idx" ON "direct_forum_messages" USING btree ("auction_notice_id","created_date") WHERE parent_id IS NULL;--> statement-breakpoint
CREATE INDEX "direct_forum_messages_parent_idx" ON "direct_forum_messages" USING btree ("parent_id","created_date");