CREATE TABLE "chat_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_notice_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"kind" text DEFAULT 'GROUP' NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_members" (
	"chat_channel_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_members_chat_channel_id_user_id_pk" PRIMARY KEY("chat_channel_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chat_channel_id" uuid NOT NULL,
	"auction_notice_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"user_id" uuid,
	"sender_role" text,
	"supplier_id" uuid,
	"text" text NOT NULL,
	"media_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_system_message" boolean DEFAULT false NOT NULL,
	"action" text,
	"group_id" uuid,
	"is_for_all_batches" boolean DEFAULT false NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_notice_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"anonymous_number" integer NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_channels" ADD CONSTRAINT "chat_channels_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_channels" ADD CONSTRAINT "chat_channels_batch_id_auction_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."auction_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_chat_channel_id_chat_channels_id_fk" FOREIGN KEY ("chat_channel_id") REFERENCES "public"."chat_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_channel_id_chat_channels_id_fk" FOREIGN KEY ("chat_channel_id") REFERENCES "public"."chat_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_batch_id_auction_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."auction_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_participants" ADD CONSTRAINT "notice_participants_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_participants" ADD CONSTRAINT "notice_participants_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_channels_batch_key" ON "chat_channels" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "chat_channels_notice_idx" ON "chat_channels" USING btree ("auction_notice_id");--> statement-breakpoint
CREATE INDEX "chat_members_user_idx" ON "chat_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chat_messages_channel_created_idx" ON "chat_messages" USING btree ("chat_channel_id","created_date");--> statement-breakpoint
CREATE INDEX "chat_messages_group_idx" ON "chat_messages" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notice_participants_notice_supplier_key" ON "notice_participants" USING btree ("auction_notice_id","supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notice_participants_notice_number_key" ON "notice_participants" USING btree ("auction_notice_id","anonymous_number");