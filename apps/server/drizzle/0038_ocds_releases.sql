CREATE TABLE "ocds_releases" (
	"id" text PRIMARY KEY NOT NULL,
	"auction_notice_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"release_date" text NOT NULL,
	"release" jsonb NOT NULL,
	"recorded_at" timestamp (3) with time zone NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ocds_snapshot_cursor" (
	"id" smallint PRIMARY KEY NOT NULL,
	"last_event_id" bigint NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ocds_releases" ADD CONSTRAINT "ocds_releases_auction_notice_id_auction_notices_id_fk" FOREIGN KEY ("auction_notice_id") REFERENCES "public"."auction_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ocds_releases_notice_idx" ON "ocds_releases" USING btree ("auction_notice_id","recorded_at");--> statement-breakpoint
CREATE INDEX "direct_proposals_supplier_idx" ON "direct_proposals" USING btree ("supplier_id","auction_notice_id");