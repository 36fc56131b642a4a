-- Trigram indexes for search (ILIKE '%text%'), one per searched column. pg_trgm comes from 0000.
CREATE INDEX IF NOT EXISTS order_items_ref_trgm_idx ON order_items USING gin (ref gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_ref_trgm_idx ON orders USING gin (ref gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_email_trgm_idx ON orders USING gin (email gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS addresses_name_trgm_idx ON addresses USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS addresses_zip_trgm_idx ON addresses USING gin (replace(zip, ' ', '') gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS gro_orders_reference_trgm_idx ON gro_orders USING gin (reference gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS fco_batches_reference_trgm_idx ON fco_batches USING gin (fco_reference gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orderables_names_trgm_idx ON orderables USING gin ((
  coalesce(firstname_a, '') || ' ' || coalesce(surname_a, '') || ' ' ||
  coalesce(firstname_b, '') || ' ' || coalesce(surname_b, '') || ' ' ||
  coalesce(firstname_c, '') || ' ' || coalesce(surname_c, '')
) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orderables_firstname_a_trgm_idx ON orderables USING gin (firstname_a gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orderables_surname_a_trgm_idx ON orderables USING gin (surname_a gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orderables_firstname_b_trgm_idx ON orderables USING gin (firstname_b gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orderables_surname_b_trgm_idx ON orderables USING gin (surname_b gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orderables_firstname_c_trgm_idx ON orderables USING gin (firstname_c gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orderables_surname_c_trgm_idx ON orderables USING gin (surname_c gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS order_items_type_idx ON order_items (type);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS order_items_orderable_idx ON order_items (orderable_id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_billing_address_idx ON orders (billing_address_id);
