-- The sales report's summary (sales_daily, sales_daily_orders) is kept by these triggers, so every way an
-- order item, an order or a refund changes (services, the storefront, the seed, the bench generator, a
-- manual fix in psql) keeps it exact. Inserts are summed per statement (bulk inserts stay fast); updates
-- and deletes, which are one row at a time in the product, adjust row by row.
--
-- What a sale is (docs/decisions/sales-report.md): an item sold on the London day its order was placed,
-- for what the customer paid (net value plus everything refunded on it); a refund on the London day it was
-- made. Items never move between orders.

CREATE FUNCTION sales_day(ts timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (ts AT TIME ZONE 'Europe/London')::date $$;
--> statement-breakpoint
CREATE FUNCTION sales_daily_add(d date, t text, r text, n_items integer, n_gross bigint, n_refunds bigint)
  RETURNS void LANGUAGE sql
  AS $$
    INSERT INTO sales_daily AS s (day, type, delivery_region, items, gross, refunds)
    VALUES (d, t, r, n_items, n_gross, n_refunds)
    ON CONFLICT (day, type, delivery_region) DO UPDATE
      SET items = s.items + excluded.items, gross = s.gross + excluded.gross, refunds = s.refunds + excluded.refunds
  $$;
--> statement-breakpoint
CREATE FUNCTION sales_orders_add(d date, n integer) RETURNS void LANGUAGE sql
  AS $$
    INSERT INTO sales_daily_orders AS s (day, orders) VALUES (d, n)
    ON CONFLICT (day) DO UPDATE SET orders = s.orders + excluded.orders
  $$;
--> statement-breakpoint
CREATE FUNCTION sales_items_inserted() RETURNS trigger LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO sales_daily AS s (day, type, delivery_region, items, gross, refunds)
    SELECT sales_day(o.placed_at), n.type, o.delivery_region, count(*), sum(n.net_value), 0
    FROM inserted n JOIN orders o ON o.id = n.order_id
    GROUP BY 1, 2, 3
    ON CONFLICT (day, type, delivery_region) DO UPDATE
      SET items = s.items + excluded.items, gross = s.gross + excluded.gross;
    -- An order counts once, when its first items arrive.
    INSERT INTO sales_daily_orders AS s (day, orders)
    SELECT sales_day(o.placed_at), count(*)
    FROM (SELECT order_id, count(*) AS n FROM inserted GROUP BY order_id) k
    JOIN orders o ON o.id = k.order_id
    WHERE (SELECT count(*) FROM order_items x WHERE x.order_id = k.order_id) = k.n
    GROUP BY 1
    ON CONFLICT (day) DO UPDATE SET orders = s.orders + excluded.orders;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER sales_items_inserted AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION sales_items_inserted();
--> statement-breakpoint
CREATE FUNCTION sales_item_changed() RETURNS trigger LANGUAGE plpgsql
  AS $$
  DECLARE
    o record;
    refunded bigint;
    r record;
  BEGIN
    SELECT placed_at, delivery_region INTO o FROM orders WHERE id = OLD.order_id;
    SELECT coalesce(sum(amount), 0) INTO refunded FROM refunds WHERE order_item_id = OLD.id;
    PERFORM sales_daily_add(sales_day(o.placed_at), OLD.type, o.delivery_region, -1, -(OLD.net_value + refunded), 0);
    IF TG_OP = 'UPDATE' THEN
      PERFORM sales_daily_add(sales_day(o.placed_at), NEW.type, o.delivery_region, 1, NEW.net_value + refunded, 0);
      IF NEW.type IS DISTINCT FROM OLD.type THEN
        FOR r IN SELECT amount, created_at FROM refunds WHERE order_item_id = OLD.id LOOP
          PERFORM sales_daily_add(sales_day(r.created_at), OLD.type, o.delivery_region, 0, 0, -r.amount);
          PERFORM sales_daily_add(sales_day(r.created_at), NEW.type, o.delivery_region, 0, 0, r.amount);
        END LOOP;
      END IF;
    ELSE
      IF NOT EXISTS (SELECT 1 FROM order_items WHERE order_id = OLD.order_id) THEN
        PERFORM sales_orders_add(sales_day(o.placed_at), -1);
      END IF;
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER sales_item_updated AFTER UPDATE OF net_value, type ON order_items
  FOR EACH ROW WHEN (OLD.net_value IS DISTINCT FROM NEW.net_value OR OLD.type IS DISTINCT FROM NEW.type)
  EXECUTE FUNCTION sales_item_changed();
--> statement-breakpoint
CREATE TRIGGER sales_item_deleted AFTER DELETE ON order_items
  FOR EACH ROW EXECUTE FUNCTION sales_item_changed();
--> statement-breakpoint
CREATE FUNCTION sales_refunds_inserted() RETURNS trigger LANGUAGE plpgsql
  AS $$
  BEGIN
    -- What the customer paid for the item grows by the refund (its net value falls by it separately)…
    INSERT INTO sales_daily AS s (day, type, delivery_region, items, gross, refunds)
    SELECT sales_day(o.placed_at), oi.type, o.delivery_region, 0, sum(n.amount), 0
    FROM inserted n JOIN order_items oi ON oi.id = n.order_item_id JOIN orders o ON o.id = oi.order_id
    GROUP BY 1, 2, 3
    ON CONFLICT (day, type, delivery_region) DO UPDATE SET gross = s.gross + excluded.gross;
    -- …and the refund belongs to the day it was made.
    INSERT INTO sales_daily AS s (day, type, delivery_region, items, gross, refunds)
    SELECT sales_day(n.created_at), oi.type, o.delivery_region, 0, 0, sum(n.amount)
    FROM inserted n JOIN order_items oi ON oi.id = n.order_item_id JOIN orders o ON o.id = oi.order_id
    GROUP BY 1, 2, 3
    ON CONFLICT (day, type, delivery_region) DO UPDATE SET refunds = s.refunds + excluded.refunds;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER sales_refunds_inserted AFTER INSERT ON refunds
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION sales_refunds_inserted();
--> statement-breakpoint
CREATE FUNCTION sales_refund_changed() RETURNS trigger LANGUAGE plpgsql
  AS $$
  DECLARE
    it record;
  BEGIN
    SELECT oi.type, o.placed_at, o.delivery_region INTO it
      FROM order_items oi JOIN orders o ON o.id = oi.order_id WHERE oi.id = OLD.order_item_id;
    PERFORM sales_daily_add(sales_day(it.placed_at), it.type, it.delivery_region, 0, -OLD.amount, 0);
    PERFORM sales_daily_add(sales_day(OLD.created_at), it.type, it.delivery_region, 0, 0, -OLD.amount);
    IF TG_OP = 'UPDATE' THEN
      SELECT oi.type, o.placed_at, o.delivery_region INTO it
        FROM order_items oi JOIN orders o ON o.id = oi.order_id WHERE oi.id = NEW.order_item_id;
      PERFORM sales_daily_add(sales_day(it.placed_at), it.type, it.delivery_region, 0, NEW.amount, 0);
      PERFORM sales_daily_add(sales_day(NEW.created_at), it.type, it.delivery_region, 0, 0, NEW.amount);
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER sales_refund_updated AFTER UPDATE OF amount, created_at, order_item_id ON refunds
  FOR EACH ROW WHEN (OLD.amount IS DISTINCT FROM NEW.amount OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.order_item_id IS DISTINCT FROM NEW.order_item_id)
  EXECUTE FUNCTION sales_refund_changed();
--> statement-breakpoint
CREATE TRIGGER sales_refund_deleted AFTER DELETE ON refunds
  FOR EACH ROW EXECUTE FUNCTION sales_refund_changed();
--> statement-breakpoint
CREATE FUNCTION sales_order_moved() RETURNS trigger LANGUAGE plpgsql
  AS $$
  DECLARE
    oi record;
    r record;
  BEGIN
    FOR oi IN
      SELECT i.type, i.net_value + coalesce((SELECT sum(amount) FROM refunds WHERE order_item_id = i.id), 0) AS paid, i.id
      FROM order_items i WHERE i.order_id = OLD.id
    LOOP
      PERFORM sales_daily_add(sales_day(OLD.placed_at), oi.type, OLD.delivery_region, -1, -oi.paid, 0);
      PERFORM sales_daily_add(sales_day(NEW.placed_at), oi.type, NEW.delivery_region, 1, oi.paid, 0);
      FOR r IN SELECT amount, created_at FROM refunds WHERE order_item_id = oi.id LOOP
        PERFORM sales_daily_add(sales_day(r.created_at), oi.type, OLD.delivery_region, 0, 0, -r.amount);
        PERFORM sales_daily_add(sales_day(r.created_at), oi.type, NEW.delivery_region, 0, 0, r.amount);
      END LOOP;
    END LOOP;
    IF EXISTS (SELECT 1 FROM order_items WHERE order_id = OLD.id) THEN
      PERFORM sales_orders_add(sales_day(OLD.placed_at), -1);
      PERFORM sales_orders_add(sales_day(NEW.placed_at), 1);
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER sales_order_moved AFTER UPDATE OF placed_at, delivery_region ON orders
  FOR EACH ROW WHEN (OLD.placed_at IS DISTINCT FROM NEW.placed_at OR OLD.delivery_region IS DISTINCT FROM NEW.delivery_region)
  EXECUTE FUNCTION sales_order_moved();
--> statement-breakpoint
-- What is already there.
INSERT INTO sales_daily (day, type, delivery_region, items, gross, refunds)
SELECT sales_day(o.placed_at), oi.type, o.delivery_region, count(*),
  sum(oi.net_value + coalesce(r.refunded, 0)), 0
FROM order_items oi
JOIN orders o ON o.id = oi.order_id
LEFT JOIN (SELECT order_item_id, sum(amount) AS refunded FROM refunds GROUP BY 1) r ON r.order_item_id = oi.id
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO sales_daily AS s (day, type, delivery_region, items, gross, refunds)
SELECT sales_day(r.created_at), oi.type, o.delivery_region, 0, 0, sum(r.amount)
FROM refunds r JOIN order_items oi ON oi.id = r.order_item_id JOIN orders o ON o.id = oi.order_id
GROUP BY 1, 2, 3
ON CONFLICT (day, type, delivery_region) DO UPDATE SET refunds = s.refunds + excluded.refunds;
--> statement-breakpoint
INSERT INTO sales_daily_orders (day, orders)
SELECT sales_day(o.placed_at), count(*) FROM orders o
WHERE EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = o.id)
GROUP BY 1;
