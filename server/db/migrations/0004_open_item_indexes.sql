-- Queues, stats and the dashboard read only open items; completed ones are the vast majority of the table.
CREATE INDEX IF NOT EXISTS order_items_open_by_user_idx ON order_items (user_id, created_at, id)
  WHERE current_state NOT IN ('order_complete', 'cancelled');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS order_items_open_state_idx ON order_items (user_id, current_state)
  INCLUDE (is_escalated, waiting_customer_response, despatch_due_on)
  WHERE current_state NOT IN ('order_complete', 'cancelled');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS order_items_unassigned_idx ON order_items (created_at, id) WHERE user_id IS NULL;
--> statement-breakpoint
-- The sales report reads a month's items by order with an index-only scan instead of the whole table.
CREATE INDEX IF NOT EXISTS order_items_order_sales_idx ON order_items (order_id) INCLUDE (id, type, net_value);
