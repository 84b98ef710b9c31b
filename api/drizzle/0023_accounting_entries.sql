CREATE TABLE "accounting_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"journal" text NOT NULL,
	"fiscal_year" date NOT NULL,
	"num" integer NOT NULL,
	"date" date NOT NULL,
	"piece_ref" text NOT NULL,
	"piece_date" date NOT NULL,
	"label" text NOT NULL,
	"amount" integer NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"client_id" integer,
	"client_name" text,
	"lettering" text,
	"lettering_date" date,
	"valid_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_entry_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"journal" text NOT NULL,
	"date" date NOT NULL,
	"position" integer NOT NULL,
	"account" text NOT NULL,
	"auxiliary" text,
	"auxiliary_label" text,
	"label" text NOT NULL,
	"debit" integer NOT NULL,
	"credit" integer NOT NULL,
	"is_client" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_period_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"month" text NOT NULL,
	"action" text NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_periods" (
	"shop_id" integer NOT NULL,
	"month" text NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"exported_at" timestamp with time zone,
	CONSTRAINT "accounting_periods_shop_id_month_pk" PRIMARY KEY("shop_id","month")
);
--> statement-breakpoint
ALTER TABLE "accounting_settings" ADD COLUMN "settings" jsonb;--> statement-breakpoint
ALTER TABLE "accounting_entries" ADD CONSTRAINT "accounting_entries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_entry_lines" ADD CONSTRAINT "accounting_entry_lines_entry_id_accounting_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."accounting_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_period_events" ADD CONSTRAINT "accounting_period_events_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_period_events" ADD CONSTRAINT "accounting_period_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_periods" ADD CONSTRAINT "accounting_periods_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_entries_source_uq" ON "accounting_entries" USING btree ("shop_id","source_kind","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_entries_num_uq" ON "accounting_entries" USING btree ("shop_id","journal","fiscal_year","num");--> statement-breakpoint
CREATE INDEX "accounting_entries_shop_date_idx" ON "accounting_entries" USING btree ("shop_id","date");--> statement-breakpoint
CREATE INDEX "accounting_entries_shop_client_idx" ON "accounting_entries" USING btree ("shop_id","client_id");--> statement-breakpoint
CREATE INDEX "accounting_entries_fec_idx" ON "accounting_entries" USING btree ("shop_id","valid_date","journal","fiscal_year","num");--> statement-breakpoint
CREATE INDEX "accounting_entry_lines_entry_idx" ON "accounting_entry_lines" USING btree ("entry_id","position");--> statement-breakpoint
CREATE INDEX "accounting_entry_lines_shop_account_idx" ON "accounting_entry_lines" USING btree ("shop_id","account","date");--> statement-breakpoint
CREATE INDEX "accounting_entry_lines_shop_date_idx" ON "accounting_entry_lines" USING btree ("shop_id","date");--> statement-breakpoint
CREATE INDEX "accounting_period_events_idx" ON "accounting_period_events" USING btree ("shop_id","month","at");
--> statement-breakpoint
-- A journal entry is never changed nor deleted once posted (PCG art. 420-5 / 911-4: entries are validated
-- irreversibly, a correction is a new entry); only its client line's lettering moves.
CREATE OR REPLACE FUNCTION wz_entry_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'wz_entry_immutable: a journal entry cannot be deleted' USING ERRCODE = 'check_violation';
  END IF;
  IF TG_TABLE_NAME = 'accounting_entry_lines' OR
     (NEW.shop_id, NEW.journal, NEW.fiscal_year, NEW.num, NEW.date, NEW.piece_ref, NEW.piece_date, NEW.label, NEW.amount,
      NEW.source_kind, NEW.source_id, NEW.client_id, NEW.client_name, NEW.valid_date)
     IS DISTINCT FROM
     (OLD.shop_id, OLD.journal, OLD.fiscal_year, OLD.num, OLD.date, OLD.piece_ref, OLD.piece_date, OLD.label, OLD.amount,
      OLD.source_kind, OLD.source_id, OLD.client_id, OLD.client_name, OLD.valid_date) THEN
    RAISE EXCEPTION 'wz_entry_immutable: a journal entry cannot be changed' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER wz_entry_immutable BEFORE UPDATE OR DELETE ON accounting_entries FOR EACH ROW EXECUTE FUNCTION wz_entry_immutable();--> statement-breakpoint
CREATE TRIGGER wz_entry_line_immutable BEFORE UPDATE OR DELETE ON accounting_entry_lines FOR EACH ROW EXECUTE FUNCTION wz_entry_immutable();--> statement-breakpoint
-- Nothing is dated in a closed month: no document issued, no payment recorded there, whatever the code path (the
-- period's entries are frozen; a correction goes in the open period). The api answers 409 (platform/errors.ts).
CREATE OR REPLACE FUNCTION wz_period_open() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d date;
BEGIN
  -- one branch per table: a record has only its own table's fields
  IF TG_TABLE_NAME = 'invoices' THEN
    d := NEW.issue_date;
  ELSE
    d := NEW.paid_at;
  END IF;
  IF EXISTS (SELECT 1 FROM accounting_periods p WHERE p.shop_id = NEW.shop_id AND p.month = to_char(d, 'YYYY-MM') AND p.closed) THEN
    RAISE EXCEPTION 'wz_period_closed:%', to_char(d, 'YYYY-MM') USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER wz_invoice_period_open BEFORE INSERT ON invoices FOR EACH ROW EXECUTE FUNCTION wz_period_open();--> statement-breakpoint
CREATE TRIGGER wz_payment_period_open BEFORE INSERT ON sales_payments FOR EACH ROW EXECUTE FUNCTION wz_period_open();
