CREATE TABLE "carrier_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"carrier" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"account_number" text NOT NULL,
	"environment" text DEFAULT 'test' NOT NULL,
	"verified_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"carrier" text NOT NULL,
	"service" text NOT NULL,
	"tracking_number" text NOT NULL,
	"carrier_shipment_id" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"label_pdf" "bytea" NOT NULL,
	"parcels" jsonb NOT NULL,
	"cost_cents" integer,
	"currency" text,
	"environment" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"tracked_at" timestamp with time zone,
	"last_event" text
);
--> statement-breakpoint
ALTER TABLE "carrier_accounts" ADD CONSTRAINT "carrier_accounts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_accounts_shop_carrier_uq" ON "carrier_accounts" USING btree ("shop_id","carrier");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_carrier_tracking_uq" ON "shipments" USING btree ("carrier","tracking_number");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_live_uq" ON "shipments" USING btree ("order_id") WHERE "shipments"."status" <> 'voided';--> statement-breakpoint
CREATE INDEX "shipments_shop_created_idx" ON "shipments" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "shipments_open_idx" ON "shipments" USING btree ("status","tracked_at");