-- The queues show one page of a user's open items, earliest despatch date first: this index answers it
-- without reading (and joining) every open item of the user first.
CREATE INDEX IF NOT EXISTS order_items_open_due_idx ON order_items (user_id, despatch_due_on, created_at, id)
  WHERE current_state NOT IN ('order_complete', 'cancelled');
