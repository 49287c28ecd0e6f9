-- The event log is append-only (DESIGN §3): refuse UPDATE and DELETE at the database itself.
CREATE OR REPLACE FUNCTION event_log_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'event_log is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER event_log_append_only BEFORE UPDATE OR DELETE ON event_log
  FOR EACH ROW EXECUTE FUNCTION event_log_refuse_change();
