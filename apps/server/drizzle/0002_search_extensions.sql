-- Text search on lists: trigram indexes (pg_trgm is a trusted extension since PostgreSQL 13) and one
-- immutable folding function (lower case, no accents) shared by indexes and queries.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION certame_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
  AS $$ SELECT translate(lower(value), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn') $$;
