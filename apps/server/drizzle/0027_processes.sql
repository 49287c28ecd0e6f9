CREATE TABLE "process_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"process_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"actor_user_id" uuid,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_secretaries" (
	"process_id" uuid NOT NULL,
	"secretary_office_id" uuid NOT NULL,
	CONSTRAINT "process_secretaries_process_id_secretary_office_id_pk" PRIMARY KEY("process_id","secretary_office_id")
);
--> statement-breakpoint
CREATE TABLE "processes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" uuid NOT NULL,
	"process_number" text NOT NULL,
	"status" text DEFAULT 'PROCESS_PENDING' NOT NULL,
	"process_date" date NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	"created_by_user_id" uuid,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processes_status" CHECK ("processes"."status" IN ('PROCESS_PENDING', 'PROCESS_PUBLISHED'))
);
--> statement-breakpoint
ALTER TABLE "process_events" ADD CONSTRAINT "process_events_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_events" ADD CONSTRAINT "process_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_secretaries" ADD CONSTRAINT "process_secretaries_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_secretaries" ADD CONSTRAINT "process_secretaries_secretary_office_id_buyer_secretary_offices_id_fk" FOREIGN KEY ("secretary_office_id") REFERENCES "public"."buyer_secretary_offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "process_events_process_idx" ON "process_events" USING btree ("process_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "processes_buyer_number_key" ON "processes" USING btree ("buyer_id",lower("process_number"));--> statement-breakpoint
CREATE INDEX "processes_buyer_created_idx" ON "processes" USING btree ("buyer_id","created_date");--> statement-breakpoint
-- A process's planning log is append-only, as the notices' event log (0001).
CREATE TRIGGER process_events_append_only BEFORE UPDATE OR DELETE ON process_events
  FOR EACH ROW EXECUTE FUNCTION event_log_refuse_change();
