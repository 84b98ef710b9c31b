-- Change feed of the catalogue (issue 10): every committed write to a table whose rows feed the public catalogue
-- answers (listing, product, shop page, cart price) notifies 'wz_changes' with '<table>:<shop id>'. Each api
-- instance LISTENs and drops its cached answers of that shop (api/src/modules/catalog/catalog.cache.ts), so a cached
-- price never outlives a change, whoever made it (another instance, a migration, psql). Hand-written.
CREATE OR REPLACE FUNCTION wz_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  col text := TG_ARGV[0];
  new_id text;
  old_id text;
BEGIN
  IF TG_OP <> 'DELETE' THEN new_id := to_jsonb(NEW) ->> col; END IF;
  IF TG_OP <> 'INSERT' THEN old_id := to_jsonb(OLD) ->> col; END IF;
  IF new_id IS NOT NULL THEN PERFORM pg_notify('wz_changes', TG_TABLE_NAME || ':' || new_id); END IF;
  IF old_id IS NOT NULL AND old_id IS DISTINCT FROM new_id THEN PERFORM pg_notify('wz_changes', TG_TABLE_NAME || ':' || old_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- One trigger per table, with the column that names the shop (or, for the accounts tables read by the public
-- endpoints' token cache, modules/catalog/catalog.viewer.ts, the account).
DO $$
DECLARE t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('shops', 'id'), ('shop_public_pages', 'shop_id'), ('shop_tabs', 'shop_id'), ('products', 'shop_id'),
    ('product_vintages', 'shop_id'), ('product_formats', 'shop_id'), ('format_prices', 'shop_id'), ('promotions', 'shop_id'),
    ('shop_checkout_settings', 'shop_id'),
    ('users', 'id'), ('shop_members', 'user_id'), ('master_accounts', 'id'), ('master_account_links', 'master_id')
  ) AS v(tbl, col) LOOP
    EXECUTE format('CREATE TRIGGER wz_changes AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION wz_notify_change(%L)', t.tbl, t.col);
  END LOOP;
END $$;
