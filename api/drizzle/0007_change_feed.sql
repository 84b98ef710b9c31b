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
CREATE TRIGGER wz_changes AFTER INSERT OR UPDATE OR DELETE ON "shops" FOR EACH ROW EXECUTE FUNCTION wz_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER wz_changes AFTER INSERT OR UPDATE OR DELETE ON "shop_public_pages" FOR EACH ROW EXECUTE FUNCTION wz_notify_change('shop_id');
--> statement-breakpoint
CREATE TRIGGER wz_changes AFTER INSERT OR UPDATE OR DELETE ON "shop_tabs" FOR EACH ROW EXECUTE FUNCTION wz_notify_change('shop_id');
--> statement-breakpoint
CREATE TRIGGER wz_changes AFTER INSERT OR UPDATE OR DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION wz_notify_change('shop_id');
--> statement-breakpoint
CREATE TRIGGER wz_changes AFTER INSERT OR UPDATE OR DELETE ON "product_vintages" FOR EACH ROW EXECUTE FUNCTION wz_notify_change('shop_id');
--> statement-breakpoint
CREATE TRIGGER wz_changes AFTER INSERT OR UPDATE OR DELETE ON "product_formats" FOR EACH ROW EXECUTE FUNCTION wz_notify_change('shop_id');
--> statement-breakpoint
CREATE TRIGGER wz_changes AFTER INSERT OR UPDATE OR DELETE ON "format_prices" FOR EACH ROW EXECUTE FUNCTION wz_notify_change('shop_id');
--> statement-breakpoint
CREATE TRIGGER wz_changes AFTER INSERT OR UPDATE OR DELETE ON "promotions" FOR EACH ROW EXECUTE FUNCTION wz_notify_change('shop_id');
--> statement-breakpoint
CREATE TRIGGER wz_changes AFTER INSERT OR UPDATE OR DELETE ON "shop_checkout_settings" FOR EACH ROW EXECUTE FUNCTION wz_notify_change('shop_id');
--> statement-breakpoint
-- Who a Bearer token is on the public catalogue endpoints (cached per token: modules/catalog/catalog.viewer.ts).
CREATE TRIGGER wz_changes AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION wz_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER wz_changes AFTER INSERT OR UPDATE OR DELETE ON "shop_members" FOR EACH ROW EXECUTE FUNCTION wz_notify_change('user_id');
--> statement-breakpoint
CREATE TRIGGER wz_changes AFTER INSERT OR UPDATE OR DELETE ON "master_accounts" FOR EACH ROW EXECUTE FUNCTION wz_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER wz_changes AFTER INSERT OR UPDATE OR DELETE ON "master_account_links" FOR EACH ROW EXECUTE FUNCTION wz_notify_change('master_id');
