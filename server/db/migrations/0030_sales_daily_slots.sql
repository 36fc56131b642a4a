ALTER TABLE "sales_daily" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_daily" DROP CONSTRAINT "sales_daily_day_type_delivery_region_pk";--> statement-breakpoint
ALTER TABLE "sales_daily" ADD CONSTRAINT "sales_daily_pkey" PRIMARY KEY("day","type","delivery_region","slot");
--> statement-breakpoint
-- Every writer of a day's sales queued on the same few rows: today's cell of each item type and region,
-- updated by every order placed and every refund made today and held until that transaction's commit
-- (bench:writes at 8 in flight: cancel with refund, whose refund and repriced item both add to today's
-- cell, waited on the others' commits). A cell is now split over 8 rows (`slot`); each transaction adds to
-- the row of its transaction id modulo 8, so writers at the same moment (consecutive ids) seldom share one.
-- Every row a transaction writes is in its own slot, and each statement still takes its rows in key order
-- (migration 0020), so two transactions that do share a slot queue as before, never deadlock. The report
-- sums the slots (it already summed a month's rows); the retention job folds a past day's slots into slot 0.
CREATE FUNCTION sales_slot() RETURNS smallint LANGUAGE sql STABLE
  AS $$ SELECT (txid_current() % 8)::smallint $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_daily_add(d date, t text, r text, n_items integer, n_gross bigint, n_refunds bigint)
  RETURNS void LANGUAGE sql
  AS $$
    INSERT INTO sales_daily AS s (day, type, delivery_region, slot, items, gross, refunds)
    VALUES (d, t, r, sales_slot(), n_items, n_gross, n_refunds)
    ON CONFLICT (day, type, delivery_region, slot) DO UPDATE
      SET items = s.items + excluded.items, gross = s.gross + excluded.gross, refunds = s.refunds + excluded.refunds
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_items_inserted() RETURNS trigger LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO sales_daily AS s (day, type, delivery_region, slot, items, gross, refunds)
    SELECT sales_day(o.placed_at), n.type, o.delivery_region, sales_slot(), count(*), sum(n.net_value), 0
    FROM inserted n JOIN orders o ON o.id = n.order_id
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (day, type, delivery_region, slot) DO UPDATE
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
    INSERT INTO sales_daily AS s (day, type, delivery_region, slot, items, gross, refunds)
    SELECT day, type, delivery_region, sales_slot(), 0, sum(gross), sum(refunds)
    FROM (
      SELECT sales_day(o.placed_at) AS day, oi.type, o.delivery_region, n.amount AS gross, 0::bigint AS refunds
      FROM inserted n JOIN order_items oi ON oi.id = n.order_item_id JOIN orders o ON o.id = oi.order_id
      UNION ALL
      SELECT sales_day(n.created_at), oi.type, o.delivery_region, 0, n.amount
      FROM inserted n JOIN order_items oi ON oi.id = n.order_item_id JOIN orders o ON o.id = oi.order_id
    ) c
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (day, type, delivery_region, slot) DO UPDATE
      SET gross = s.gross + excluded.gross, refunds = s.refunds + excluded.refunds;
    RETURN NULL;
  END $$;
