-- An advanced search with a first name's initial ("Ol": names starting with it) beside a surname fragment
-- combined the surname's trigram bitmap with the first name's, and a two-letter start is a broad trigram
-- ("  o", " ol": 27k of 1M orderables, 5 ms to build). This btree serves the initial as a range (1.5 ms for
-- the same rows): the search writes the initial of the first name as lower(firstname_a) LIKE 'ol%', which
-- this index holds; the initials of the other names keep their trigram indexes (docs/performance.md).
CREATE INDEX IF NOT EXISTS orderables_firstname_a_lower_prefix_idx ON orderables (lower(firstname_a) text_pattern_ops);
