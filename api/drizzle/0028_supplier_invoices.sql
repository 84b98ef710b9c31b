CREATE TABLE "supplier_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"purchase_order_id" integer,
	"number" text NOT NULL,
	"type_code" text DEFAULT '380' NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"total_ht" integer NOT NULL,
	"total_vat" integer NOT NULL,
	"total_ttc" integer NOT NULL,
	"amount_due" integer NOT NULL,
	"vat" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"seller" jsonb NOT NULL,
	"syntax" text NOT NULL,
	"findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_name" text NOT NULL,
	"file_mime" text NOT NULL,
	"file" "bytea" NOT NULL,
	"file_sha256" text NOT NULL,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"paid_at" date,
	"received_via" text DEFAULT 'upload' NOT NULL,
	"received_by" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_invoices_amounts" CHECK ("supplier_invoices"."total_ttc" = "supplier_invoices"."total_ht" + "supplier_invoices"."total_vat" and "supplier_invoices"."paid_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD CONSTRAINT "supplier_invoices_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD CONSTRAINT "supplier_invoices_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD CONSTRAINT "supplier_invoices_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD CONSTRAINT "supplier_invoices_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_invoices_number_uq" ON "supplier_invoices" USING btree ("shop_id","supplier_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_invoices_file_uq" ON "supplier_invoices" USING btree ("shop_id","file_sha256");--> statement-breakpoint
CREATE INDEX "supplier_invoices_shop_date_idx" ON "supplier_invoices" USING btree ("shop_id","issue_date");--> statement-breakpoint
CREATE INDEX "supplier_invoices_supplier_idx" ON "supplier_invoices" USING btree ("supplier_id");--> statement-breakpoint
-- A received invoice is kept as it arrived (CGI art. 289 VI and L102 B LPF: the original is kept, unaltered, for the
-- control period): nothing but the payment columns moves, nothing is deleted.
CREATE OR REPLACE FUNCTION wz_supplier_invoice_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'wz_supplier_invoice_immutable: a received invoice cannot be deleted' USING ERRCODE = 'check_violation';
  END IF;
  IF (to_jsonb(NEW) - 'paid_amount' - 'paid_at' - 'purchase_order_id') IS DISTINCT FROM
     (to_jsonb(OLD) - 'paid_amount' - 'paid_at' - 'purchase_order_id') THEN
    RAISE EXCEPTION 'wz_supplier_invoice_immutable: a received invoice cannot be changed' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER wz_supplier_invoice_immutable BEFORE UPDATE OR DELETE ON supplier_invoices FOR EACH ROW EXECUTE FUNCTION wz_supplier_invoice_immutable();
