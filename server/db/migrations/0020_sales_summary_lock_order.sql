-- Two storefront orders arriving together deadlocked in the sales summary (bench/writes.ts at 2 and 8 in
-- flight: 500s): each item was its own INSERT, so an order of a certificate then a translation locked
-- today's sales_daily rows in the other order than one of a translation then a certificate, and each held
-- today's single sales_daily_orders row meanwhile. An order's items are now one INSERT (ingest-order.ts), and
-- every summary upsert takes its rows in key order (day, type, region), the orders' day row last: every
-- transaction locks the same rows in the same order, so they queue instead of deadlocking.
CREATE OR REPLACE FUNCTION sales_items_inserted() RETURNS trigger LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO sales_daily AS s (day, type, delivery_region, items, gross, refunds)
    SELECT sales_day(o.placed_at), n.type, o.delivery_region, count(*), sum(n.net_value), 0
    FROM inserted n JOIN orders o ON o.id = n.order_id
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (day, type, delivery_region) DO UPDATE
      SET items = s.items + excluded.items, gross = s.gross + excluded.gross;
    -- An order counts once, when its first items arrive.
    INSERT INTO sales_daily_orders AS s (day, orders)
    SELECT sales_day(o.placed_at), count(*)
    FROM (SELECT order_id, count(*) AS n FROM inserted GROUP BY order_id) k
    JOIN orders o ON o.id = k.order_id
    WHERE (SELECT count(*) FROM order_items x WHERE x.order_id = k.order_id) = k.n
    GROUP BY 1
    ORDER BY 1
    ON CONFLICT (day) DO UPDATE SET orders = s.orders + excluded.orders;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_refunds_inserted() RETURNS trigger LANGUAGE plpgsql
  AS $$
  BEGIN
    -- What the customer paid for the item grows by the refund (its net value falls by it separately), and
    -- the refund belongs to the day it was made: one upsert, so its rows are taken in key order.
    INSERT INTO sales_daily AS s (day, type, delivery_region, items, gross, refunds)
    SELECT day, type, delivery_region, 0, sum(gross), sum(refunds)
    FROM (
      SELECT sales_day(o.placed_at) AS day, oi.type, o.delivery_region, n.amount AS gross, 0::bigint AS refunds
      FROM inserted n JOIN order_items oi ON oi.id = n.order_item_id JOIN orders o ON o.id = oi.order_id
      UNION ALL
      SELECT sales_day(n.created_at), oi.type, o.delivery_region, 0, n.amount
      FROM inserted n JOIN order_items oi ON oi.id = n.order_item_id JOIN orders o ON o.id = oi.order_id
    ) c
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (day, type, delivery_region) DO UPDATE
      SET gross = s.gross + excluded.gross, refunds = s.refunds + excluded.refunds;
    RETURN NULL;
  END $$;
