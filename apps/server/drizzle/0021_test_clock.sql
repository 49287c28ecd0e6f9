CREATE TABLE "test_clock" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_ms" bigint NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_clock_single_row" CHECK ("test_clock"."id" = 1)
);
