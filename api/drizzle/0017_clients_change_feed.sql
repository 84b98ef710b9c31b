-- Change feed of the client file (issue 13): the clients list answer (api/src/modules/clients/crm.service.ts) is kept
-- like the stock answers (0013_stock_change_feed.sql) until the shop's clients or orders change. Clients arrive in
-- batches (an import of thousands of rows, a bulk action): one notification per statement and shop. Hand-written.
CREATE OR REPLACE FUNCTION wz_notify_clients_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wz_changes', 'crm_clients:' || s.shop_id) FROM (SELECT DISTINCT shop_id FROM new_rows) s;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wz_notify_clients_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wz_changes', 'crm_clients:' || s.shop_id) FROM (SELECT DISTINCT shop_id FROM old_rows) s;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER wz_changes_insert AFTER INSERT ON crm_clients REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION wz_notify_clients_new();
--> statement-breakpoint
CREATE TRIGGER wz_changes_update AFTER UPDATE ON crm_clients REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION wz_notify_clients_new();
--> statement-breakpoint
CREATE TRIGGER wz_changes_delete AFTER DELETE ON crm_clients REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION wz_notify_clients_old();
