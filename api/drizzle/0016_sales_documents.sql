CREATE TABLE "billing_settings" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_files" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"pdf" "bytea" NOT NULL,
	"xml" text NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"order_id" integer,
	"client_id" integer,
	"client_name" text NOT NULL,
	"related_invoice_id" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issue_date" date NOT NULL,
	"sale_date" date NOT NULL,
	"due_date" date,
	"payment_terms" text NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"vat" jsonb NOT NULL,
	"duties" integer DEFAULT 0 NOT NULL,
	"total_ht" integer NOT NULL,
	"total_vat" integer NOT NULL,
	"total_ttc" integer NOT NULL,
	"deposits_deducted" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount_due" integer NOT NULL,
	"legal_mentions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text,
	"bank" jsonb,
	"late_penalty" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"paid" integer DEFAULT 0 NOT NULL,
	"credited" integer DEFAULT 0 NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"credit_remaining" integer DEFAULT 0 NOT NULL,
	"credit_status" text,
	"reminder_level" integer DEFAULT 0 NOT NULL,
	"last_reminder_at" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"payment_id" integer,
	"credit_note_id" integer,
	"invoice_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"lettering" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"client_id" integer,
	"client_name" text NOT NULL,
	"direction" text NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"paid_at" date NOT NULL,
	"reference" text,
	"note" text,
	"source" text DEFAULT 'backoffice' NOT NULL,
	"online_payment_id" integer,
	"credit_note_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "buyer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "accounting_type" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount_ht" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sub_type" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'shop' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "warehouse_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quote_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "valid_until" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_delay" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "input" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_files" ADD CONSTRAINT "invoice_files_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_sales_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."sales_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_credit_note_id_invoices_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_payments" ADD CONSTRAINT "sales_payments_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_payments" ADD CONSTRAINT "sales_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_shop_number_uq" ON "invoices" USING btree ("shop_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_shop_series_seq_uq" ON "invoices" USING btree ("shop_id","series","year","seq");--> statement-breakpoint
CREATE INDEX "invoices_shop_issued_idx" ON "invoices" USING btree ("shop_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_shop_kind_issued_idx" ON "invoices" USING btree ("shop_id","kind","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_shop_client_idx" ON "invoices" USING btree ("shop_id","client_id");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_related_idx" ON "invoices" USING btree ("related_invoice_id");--> statement-breakpoint
CREATE INDEX "order_history_order_idx" ON "order_history" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "payment_allocations_invoice_idx" ON "payment_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_payment_idx" ON "payment_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "sales_payments_shop_paid_idx" ON "sales_payments" USING btree ("shop_id","paid_at");--> statement-breakpoint
CREATE INDEX "sales_payments_shop_client_idx" ON "sales_payments" USING btree ("shop_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_payments_online_uq" ON "sales_payments" USING btree ("online_payment_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_shop_client_idx" ON "orders" USING btree ("shop_id","client_id");--> statement-breakpoint
CREATE INDEX "orders_shop_subtype_created_idx" ON "orders" USING btree ("shop_id","sub_type","created_at");--> statement-breakpoint
-- Hand-written (issue 14). Foreign keys the drizzle tables cannot declare (the clients and stock modules import the
-- orders module, so orders.tables.ts cannot import them back).
ALTER TABLE "orders" ADD CONSTRAINT "orders_client_id_crm_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."crm_clients"("id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_crm_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."crm_clients"("id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_related_invoice_id_fk" FOREIGN KEY ("related_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "sales_payments" ADD CONSTRAINT "sales_payments_client_id_crm_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."crm_clients"("id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_amounts_ck" CHECK ("paid" >= 0 AND "credited" >= 0 AND "credit_remaining" >= 0 AND "total_ttc" >= 0);--> statement-breakpoint
-- An issued invoice, deposit invoice or credit note is never deleted and its legal content never changes (CGI art.
-- 289 and 242 nonies A ann. II: an invoice is corrected only by a credit note referring to it). Only the settlement
-- columns may move. Enforced here so that no code path, script or future endpoint can break it.
CREATE OR REPLACE FUNCTION wz_invoice_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'wz_invoice_immutable: an issued document cannot be deleted' USING ERRCODE = 'check_violation';
  END IF;
  IF (NEW.shop_id, NEW.kind, NEW.number, NEW.series, NEW.year, NEW.seq, NEW.order_id, NEW.client_id, NEW.client_name,
      NEW.related_invoice_id, NEW.issued_at, NEW.issue_date, NEW.sale_date, NEW.due_date, NEW.payment_terms, NEW.seller,
      NEW.buyer, NEW.lines, NEW.vat, NEW.duties, NEW.total_ht, NEW.total_vat, NEW.total_ttc, NEW.deposits_deducted,
      NEW.amount_due, NEW.legal_mentions, NEW.reason, NEW.bank, NEW.late_penalty)
     IS DISTINCT FROM
     (OLD.shop_id, OLD.kind, OLD.number, OLD.series, OLD.year, OLD.seq, OLD.order_id, OLD.client_id, OLD.client_name,
      OLD.related_invoice_id, OLD.issued_at, OLD.issue_date, OLD.sale_date, OLD.due_date, OLD.payment_terms, OLD.seller,
      OLD.buyer, OLD.lines, OLD.vat, OLD.duties, OLD.total_ht, OLD.total_vat, OLD.total_ttc, OLD.deposits_deducted,
      OLD.amount_due, OLD.legal_mentions, OLD.reason, OLD.bank, OLD.late_penalty) THEN
    RAISE EXCEPTION 'wz_invoice_immutable: an issued document cannot be changed' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER wz_invoice_immutable BEFORE UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION wz_invoice_immutable();--> statement-breakpoint
CREATE OR REPLACE FUNCTION wz_invoice_file_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wz_invoice_immutable: an issued document file cannot be changed' USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER wz_invoice_file_immutable BEFORE UPDATE OR DELETE ON invoice_files FOR EACH ROW EXECUTE FUNCTION wz_invoice_file_immutable();
