-- open_item_counts and open_item_due_counts (0023) are kept by these statement triggers, so every way an
-- order item changes (services, the storefront, the seed, the bench generator, a manual fix in psql) keeps
-- them exact. A statement's changes are summed per key and applied as one upsert per table (the state counts,
-- then the day counts), each taking its rows in key order, so two transactions lock the same rows in the same
-- order and queue instead of deadlocking (as the sales summary, 0020). An update that changes no counted
-- column nets to nothing and writes nothing. "Open" is the predicate of the open-item indexes
-- (FINAL_STATES; states-sql.test.ts checks these functions carry it).
CREATE FUNCTION open_item_counts_add() RETURNS trigger LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO open_item_counts AS c
      (user_id, current_state, is_escalated, is_on_hold, waiting_customer_response, items)
    SELECT user_id, current_state, is_escalated, is_on_hold, waiting_customer_response, sum(n)
    FROM (SELECT user_id, current_state, is_escalated, is_on_hold, waiting_customer_response, despatch_due_on, 1 AS n FROM new_rows WHERE user_id IS NOT NULL AND current_state NOT IN ('order_complete', 'cancelled')) changed
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(n) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, current_state, is_escalated, is_on_hold, waiting_customer_response)
      DO UPDATE SET items = c.items + excluded.items;
    INSERT INTO open_item_due_counts AS c (user_id, despatch_due_on, items)
    SELECT user_id, coalesce(despatch_due_on, 'infinity'), sum(n)
    FROM (SELECT user_id, current_state, is_escalated, is_on_hold, waiting_customer_response, despatch_due_on, 1 AS n FROM new_rows WHERE user_id IS NOT NULL AND current_state NOT IN ('order_complete', 'cancelled')) changed
    GROUP BY 1, 2
    HAVING sum(n) <> 0
    ORDER BY 1, 2
    ON CONFLICT (user_id, despatch_due_on) DO UPDATE SET items = c.items + excluded.items;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE FUNCTION open_item_counts_remove() RETURNS trigger LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO open_item_counts AS c
      (user_id, current_state, is_escalated, is_on_hold, waiting_customer_response, items)
    SELECT user_id, current_state, is_escalated, is_on_hold, waiting_customer_response, sum(n)
    FROM (SELECT user_id, current_state, is_escalated, is_on_hold, waiting_customer_response, despatch_due_on, -1 AS n FROM old_rows WHERE user_id IS NOT NULL AND current_state NOT IN ('order_complete', 'cancelled')) changed
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(n) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, current_state, is_escalated, is_on_hold, waiting_customer_response)
      DO UPDATE SET items = c.items + excluded.items;
    INSERT INTO open_item_due_counts AS c (user_id, despatch_due_on, items)
    SELECT user_id, coalesce(despatch_due_on, 'infinity'), sum(n)
    FROM (SELECT user_id, current_state, is_escalated, is_on_hold, waiting_customer_response, despatch_due_on, -1 AS n FROM old_rows WHERE user_id IS NOT NULL AND current_state NOT IN ('order_complete', 'cancelled')) changed
    GROUP BY 1, 2
    HAVING sum(n) <> 0
    ORDER BY 1, 2
    ON CONFLICT (user_id, despatch_due_on) DO UPDATE SET items = c.items + excluded.items;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE FUNCTION open_item_counts_move() RETURNS trigger LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO open_item_counts AS c
      (user_id, current_state, is_escalated, is_on_hold, waiting_customer_response, items)
    SELECT user_id, current_state, is_escalated, is_on_hold, waiting_customer_response, sum(n)
    FROM (
      SELECT user_id, current_state, is_escalated, is_on_hold, waiting_customer_response, despatch_due_on, -1 AS n FROM old_rows WHERE user_id IS NOT NULL AND current_state NOT IN ('order_complete', 'cancelled')
      UNION ALL
      SELECT user_id, current_state, is_escalated, is_on_hold, waiting_customer_response, despatch_due_on, 1 AS n FROM new_rows WHERE user_id IS NOT NULL AND current_state NOT IN ('order_complete', 'cancelled')
    ) changed
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(n) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, current_state, is_escalated, is_on_hold, waiting_customer_response)
      DO UPDATE SET items = c.items + excluded.items;
    INSERT INTO open_item_due_counts AS c (user_id, despatch_due_on, items)
    SELECT user_id, coalesce(despatch_due_on, 'infinity'), sum(n)
    FROM (
      SELECT user_id, current_state, is_escalated, is_on_hold, waiting_customer_response, despatch_due_on, -1 AS n FROM old_rows WHERE user_id IS NOT NULL AND current_state NOT IN ('order_complete', 'cancelled')
      UNION ALL
      SELECT user_id, current_state, is_escalated, is_on_hold, waiting_customer_response, despatch_due_on, 1 AS n FROM new_rows WHERE user_id IS NOT NULL AND current_state NOT IN ('order_complete', 'cancelled')
    ) changed
    GROUP BY 1, 2
    HAVING sum(n) <> 0
    ORDER BY 1, 2
    ON CONFLICT (user_id, despatch_due_on) DO UPDATE SET items = c.items + excluded.items;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER open_item_counts_inserted AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION open_item_counts_add();
--> statement-breakpoint
CREATE TRIGGER open_item_counts_deleted AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION open_item_counts_remove();
--> statement-breakpoint
CREATE TRIGGER open_item_counts_updated AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION open_item_counts_move();
--> statement-breakpoint
-- What is there already. The triggers exist from here on in this transaction, and order_items is locked
-- against writes until it commits, so no change is counted twice or missed.
INSERT INTO open_item_counts
  (user_id, current_state, is_escalated, is_on_hold, waiting_customer_response, items)
SELECT user_id, current_state, is_escalated, is_on_hold, waiting_customer_response, count(*)
FROM order_items
WHERE user_id IS NOT NULL AND current_state NOT IN ('order_complete', 'cancelled')
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO open_item_due_counts (user_id, despatch_due_on, items)
SELECT user_id, coalesce(despatch_due_on, 'infinity'), count(*)
FROM order_items
WHERE user_id IS NOT NULL AND current_state NOT IN ('order_complete', 'cancelled')
GROUP BY 1, 2;
