-- The quick and advanced searches for a whole surname ("Smith", with or without a first name's initial) read
-- its matches from these btrees, stopped at the first 500: the newest orderables with that first surname
-- (quick search), or that surname and the initial as a range (advanced search). The trigram indexes cannot
-- stop early: they build a bitmap of every row containing the text, which grows with the data
-- (docs/performance.md, "Growth"); they still serve fragments and every search these do not fill.
CREATE INDEX IF NOT EXISTS orderables_surname_a_lower_idx ON orderables (lower(surname_a), id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orderables_surname_a_firstname_idx
  ON orderables (lower(surname_a), lower(firstname_a) text_pattern_ops);
