-- search_text follows the notice's own fields and its buyer's name.
CREATE OR REPLACE FUNCTION auction_notices_set_search_text() RETURNS trigger AS $$
BEGIN
  NEW.search_text := certame_fold(concat_ws(' ', NEW.notice_number, NEW.process_number, NEW.object_of_interest,
    (SELECT corporate_name FROM buyers WHERE id = NEW.buyer_id)));
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER auction_notices_search_text BEFORE INSERT OR UPDATE OF notice_number, process_number, object_of_interest, buyer_id
  ON auction_notices FOR EACH ROW EXECUTE FUNCTION auction_notices_set_search_text();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION buyers_refresh_notice_search_text() RETURNS trigger AS $$
BEGIN
  UPDATE auction_notices SET buyer_id = buyer_id WHERE buyer_id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER buyers_notice_search_text AFTER UPDATE OF corporate_name ON buyers
  FOR EACH ROW EXECUTE FUNCTION buyers_refresh_notice_search_text();
--> statement-breakpoint
UPDATE auction_notices SET buyer_id = buyer_id;
