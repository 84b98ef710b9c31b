-- Change feed of the sales documents (issue 14): the invoices list answer (api/src/modules/sales/sales.service.ts) is
-- kept until the shop's documents change (issued, paid, credited, reminded). One notification per statement and
-- shop. The open documents (something left to pay) have their own partial index: the outstandings and unpaids lists
-- and the reminders sweep read only them. Hand-written.
CREATE OR REPLACE FUNCTION wz_notify_invoices_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wz_changes', 'invoices:' || s.shop_id) FROM (SELECT DISTINCT shop_id FROM new_rows) s;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER wz_changes_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION wz_notify_invoices_changed();
--> statement-breakpoint
CREATE TRIGGER wz_changes_update AFTER UPDATE ON invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION wz_notify_invoices_changed();
--> statement-breakpoint
CREATE INDEX invoices_open_due_idx ON invoices (shop_id, due_date) WHERE kind <> 'credit' AND amount_due - paid - credited > 0;
