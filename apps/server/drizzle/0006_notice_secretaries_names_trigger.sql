-- secretaries_names mirrors the notice's secretariats, so lists sort and show it without a subquery.
CREATE OR REPLACE FUNCTION certame_refresh_secretaries_names(notice uuid) RETURNS void AS $$
  UPDATE auction_notices SET secretaries_names = coalesce((
    SELECT string_agg(o.name, ', ' ORDER BY o.name)
    FROM auction_notice_secretary_offices nso JOIN buyer_secretary_offices o ON o.id = nso.secretary_office_id
    WHERE nso.auction_notice_id = notice), '')
  WHERE id = notice;
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION auction_notice_secretary_offices_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM certame_refresh_secretaries_names(NEW.auction_notice_id); END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN PERFORM certame_refresh_secretaries_names(OLD.auction_notice_id); END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER auction_notice_secretary_offices_names AFTER INSERT OR UPDATE OR DELETE ON auction_notice_secretary_offices
  FOR EACH ROW EXECUTE FUNCTION auction_notice_secretary_offices_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION buyer_secretary_offices_renamed() RETURNS trigger AS $$
BEGIN
  PERFORM certame_refresh_secretaries_names(nso.auction_notice_id)
  FROM auction_notice_secretary_offices nso WHERE nso.secretary_office_id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER buyer_secretary_offices_names AFTER UPDATE OF name ON buyer_secretary_offices
  FOR EACH ROW EXECUTE FUNCTION buyer_secretary_offices_renamed();
--> statement-breakpoint
SELECT certame_refresh_secretaries_names(id) FROM auction_notices;
