CREATE TABLE "live_event" (
	"auction_notice_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"notice" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_event_auction_notice_id_seq_pk" PRIMARY KEY("auction_notice_id","seq")
);
--> statement-breakpoint
CREATE TABLE "live_sequence" (
	"auction_notice_id" uuid PRIMARY KEY NOT NULL,
	"last_seq" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_event_created_idx" ON "live_event" USING btree ("created_at");