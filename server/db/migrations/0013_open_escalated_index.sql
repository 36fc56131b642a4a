-- The escalations desk lists every open escalated item across the orderers: a few dozen among 100,000
-- items. This index holds just those, so the desk, its counts by stage and saved views of it read no other.
CREATE INDEX IF NOT EXISTS order_items_open_escalated_idx ON order_items (created_at, id)
  WHERE is_escalated AND current_state NOT IN ('order_complete', 'cancelled');
