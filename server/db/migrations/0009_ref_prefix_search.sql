-- Quick search matches refs by prefix: an item ref begins with its order's ref, so one lookup on item refs
-- finds an order ref too. A btree in pattern order answers `ref LIKE '824981%'` whatever the collation
-- (the unique index does so only under "C"). The trigram indexes on refs served the old substring match
-- (5 ms and a planning cost per search at 1M items) and nothing else reads them.
CREATE INDEX IF NOT EXISTS order_items_ref_prefix_idx ON order_items (ref text_pattern_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS order_items_ref_trgm_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS orders_ref_trgm_idx;
