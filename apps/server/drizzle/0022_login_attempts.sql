CREATE TABLE "login_attempts" (
	"key_kind" text NOT NULL,
	"key" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp (3) with time zone NOT NULL,
	"locked_until" timestamp (3) with time zone,
	"lock_count" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_attempts_key_kind_key_pk" PRIMARY KEY("key_kind","key"),
	CONSTRAINT "login_attempts_key_kind" CHECK ("login_attempts"."key_kind" IN ('ACCOUNT', 'ADDRESS'))
);
--> statement-breakpoint
CREATE INDEX "login_attempts_window_start_idx" ON "login_attempts" USING btree ("window_start");