-- Change feed of the stock table (issue 12): the stock levels answer (api/src/modules/stock/stock.service.ts) is
-- kept like the catalogue answers (0007_change_feed.sql) and dropped when any of what it is read from changes: the
-- levels, the allocations, the warehouses, the orders and their lines (what open orders reserve). Hand-written.
DO $$
DECLARE t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES ('stock_levels', 'shop_id'), ('stock_allocations', 'shop_id'), ('warehouses', 'shop_id'), ('orders', 'shop_id')) AS v(tbl, col) LOOP
    EXECUTE format('CREATE TRIGGER wz_changes AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION wz_notify_change(%L)', t.tbl, t.col);
  END LOOP;
END $$;
--> statement-breakpoint
-- order_lines carry no shop_id: the shop is their order's (an order deleted with its lines notifies by itself).
CREATE OR REPLACE FUNCTION wz_notify_order_line_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sid integer;
BEGIN
  SELECT o.shop_id INTO sid FROM orders o WHERE o.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.order_id ELSE NEW.order_id END;
  IF sid IS NOT NULL THEN PERFORM pg_notify('wz_changes', 'order_lines:' || sid); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER wz_changes AFTER INSERT OR UPDATE OR DELETE ON order_lines FOR EACH ROW EXECUTE FUNCTION wz_notify_order_line_change();
