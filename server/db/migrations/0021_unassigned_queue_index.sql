-- The dashboard's unassigned items, oldest first, walked in order from an index that holds exactly them: the
-- planner, which expects a handful of unassigned items, read all of them through the open-state index and
-- sorted them (2,334 heap visits for a page of 100 at 5M items, and growing with the backlog); with the scope's
-- own partial index a page is the first hundred entries of the walk, whatever the backlog (docs/performance.md).
CREATE INDEX IF NOT EXISTS order_items_unassigned_queue_idx ON order_items (created_at, id)
  WHERE user_id IS NULL AND current_state = 'unassigned';
