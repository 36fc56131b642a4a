-- Two transactions that move counts of the same orderer deadlocked inside 0024's upserts on a slow machine
-- (bench:writes, 2 in flight, single-item assigns: both "while inserting index tuple" in open_item_counts or
-- open_item_due_counts, each waiting for the other's transaction), one of them four times running, so the
-- request answered 503 after db.transaction's retries. A statement that changes counted rows now first takes
-- a transaction-level advisory lock for each orderer whose counts it moves, in user order: writers of one
-- orderer's counts queue from there to their commit (the item's update is an action's last statement, so
-- that is short) instead of meeting inside the count tables' indexes. Writers of different orderers do not
-- wait for each other. Lock key: (24, user id), 24 for migration 0024's counts (the two-integer form, apart
-- from the one-bigint keys of the migrations and the seed). These triggers are named to fire before 0024's
-- (PostgreSQL fires a relation's triggers for one event in name order); an update that moves no counted
-- column, or only closed items, takes no lock.
CREATE FUNCTION open_item_counts_lock() RETURNS trigger LANGUAGE plpgsql
  AS $$
  DECLARE
    orderers integer[];
    uid integer;
  BEGIN
    -- The orderers whose counts this statement moves, in user order (a transition table exists only for the
    -- events that have it, so each event reads its own).
    IF TG_OP = 'INSERT' THEN
      orderers := ARRAY(SELECT DISTINCT user_id FROM new_rows
        WHERE user_id IS NOT NULL AND current_state NOT IN ('order_complete', 'cancelled') ORDER BY 1);
    ELSIF TG_OP = 'DELETE' THEN
      orderers := ARRAY(SELECT DISTINCT user_id FROM old_rows
        WHERE user_id IS NOT NULL AND current_state NOT IN ('order_complete', 'cancelled') ORDER BY 1);
    ELSE
      -- Both sides of each row whose counted columns changed.
      orderers := ARRAY(SELECT DISTINCT side.user_id FROM old_rows o JOIN new_rows n ON n.id = o.id
        CROSS JOIN LATERAL (VALUES (o.user_id, o.current_state), (n.user_id, n.current_state))
          AS side(user_id, current_state)
        WHERE (o.user_id, o.current_state, o.is_escalated, o.is_on_hold, o.waiting_customer_response,
          o.despatch_due_on) IS DISTINCT FROM (n.user_id, n.current_state, n.is_escalated, n.is_on_hold,
          n.waiting_customer_response, n.despatch_due_on)
          AND side.user_id IS NOT NULL AND side.current_state NOT IN ('order_complete', 'cancelled')
        ORDER BY 1);
    END IF;
    FOREACH uid IN ARRAY orderers LOOP
      PERFORM pg_advisory_xact_lock(24, uid);
    END LOOP;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER open_item_counts_a_lock_inserted AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION open_item_counts_lock();
--> statement-breakpoint
CREATE TRIGGER open_item_counts_a_lock_deleted AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION open_item_counts_lock();
--> statement-breakpoint
CREATE TRIGGER open_item_counts_a_lock_updated AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION open_item_counts_lock();
