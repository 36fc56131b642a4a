-- An advanced search on a first surname fragment and a first name ("smith" and "Ol", or "smith" and
-- "oliver") combined two trigram bitmaps over every orderable (12,850 and 27,332 entries at 1M items, ~20 ms)
-- to find a few hundred. These tables hold each surname and first name written, once, in lower case: the
-- fragment is matched against a few thousand words through their trigram index, and the names it matches are
-- looked up in orderables_surname_a_firstname_idx (lower(surname_a), lower(firstname_a)): ~3 ms for the same
-- rows (docs/performance.md). `lower(name) LIKE lower(pattern)` is what ILIKE does, so the matches are the same.
CREATE TABLE "name_a_firstnames" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "name_a_surnames" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Kept as orderables are written, once per statement (an order's items arrive in one INSERT; the bench's
-- millions in chunks). Words are added in order, so two statements adding the same new words wait for each
-- other instead of deadlocking; a word already there is skipped without a lock. A word no orderable holds
-- any more (its name corrected) stays and matches nothing.
CREATE FUNCTION orderables_name_a_words() RETURNS trigger LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO name_a_surnames (word)
      SELECT DISTINCT lower(surname_a) FROM written_orderables WHERE surname_a <> '' ORDER BY 1
      ON CONFLICT DO NOTHING;
    INSERT INTO name_a_firstnames (word)
      SELECT DISTINCT lower(firstname_a) FROM written_orderables WHERE firstname_a <> '' ORDER BY 1
      ON CONFLICT DO NOTHING;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER orderables_name_a_words_inserted AFTER INSERT ON orderables
  REFERENCING NEW TABLE AS written_orderables FOR EACH STATEMENT EXECUTE FUNCTION orderables_name_a_words();
--> statement-breakpoint
CREATE TRIGGER orderables_name_a_words_updated AFTER UPDATE ON orderables
  REFERENCING NEW TABLE AS written_orderables FOR EACH STATEMENT EXECUTE FUNCTION orderables_name_a_words();
--> statement-breakpoint
INSERT INTO name_a_surnames (word)
  SELECT DISTINCT lower(surname_a) FROM orderables WHERE surname_a <> '' ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO name_a_firstnames (word)
  SELECT DISTINCT lower(firstname_a) FROM orderables WHERE firstname_a <> '' ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE INDEX name_a_surnames_word_trgm_idx ON name_a_surnames USING gin (word gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX name_a_firstnames_word_trgm_idx ON name_a_firstnames USING gin (word gin_trgm_ops);
--> statement-breakpoint
ANALYZE name_a_surnames;
--> statement-breakpoint
ANALYZE name_a_firstnames;
