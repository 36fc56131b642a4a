-- Every instance keeps the orderers' stats it has just read for a few seconds (server/services/order-items/
-- stats-cache.ts) and forgets them when told, on the live channel, that what they are read from changed:
-- open_item_counts and open_item_due_counts (kept by 0024's triggers, so any change to an order item that
-- moves a count reaches here, whoever made it), and the users who work a queue (an orderer added or removed;
-- a changed name or flag is already announced by 0025's users_notify_changed). NOTIFY is sent at commit and
-- PostgreSQL sends one of several identical messages of a transaction, so a transaction that moves many
-- counts announces it once. An update of an item that moves no count writes no count row and says nothing.
CREATE FUNCTION open_counts_notify() RETURNS trigger LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM pg_notify('ukds_live', '{"topic":"open_counts_changed"}');
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER open_item_counts_notify AFTER INSERT OR UPDATE OR DELETE ON open_item_counts
  FOR EACH ROW EXECUTE FUNCTION open_counts_notify();
--> statement-breakpoint
CREATE TRIGGER open_item_due_counts_notify AFTER INSERT OR UPDATE OR DELETE ON open_item_due_counts
  FOR EACH ROW EXECUTE FUNCTION open_counts_notify();
--> statement-breakpoint
CREATE TRIGGER users_notify_counts AFTER INSERT OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION open_counts_notify();
