-- Change feed of the stock movements (issue 12): the movements list answer (api/src/modules/stock/stock.service.ts)
-- is kept until the shop's movements change (0007_change_feed.sql, 0013_stock_change_feed.sql). Movements arrive in
-- batches (an order, an inventory, an import): one notification per statement and shop, not per row. Hand-written.
CREATE OR REPLACE FUNCTION wz_notify_movements_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wz_changes', 'stock_movements:' || s.shop_id) FROM (SELECT DISTINCT shop_id FROM new_rows) s;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER wz_changes_insert AFTER INSERT ON stock_movements REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION wz_notify_movements_inserted();
--> statement-breakpoint
CREATE TRIGGER wz_changes AFTER UPDATE OR DELETE ON stock_movements FOR EACH ROW EXECUTE FUNCTION wz_notify_change('shop_id');
