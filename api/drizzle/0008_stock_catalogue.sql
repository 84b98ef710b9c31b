CREATE TABLE "media_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crd_colors" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"type" text NOT NULL,
	"is_crd" boolean DEFAULT true NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crd_colors_stock_positive" CHECK ("crd_colors"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "crd_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"crd_color_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"kind" text NOT NULL,
	"stock_movement_id" integer,
	"reason" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"user_id" integer
);
--> statement-breakpoint
CREATE TABLE "drm_months" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"month" date NOT NULL,
	"declaration" jsonb NOT NULL,
	"validated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"validated_by" integer
);
--> statement-breakpoint
CREATE TABLE "stock_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"format_id" integer NOT NULL,
	"client_user_id" integer,
	"typology" text,
	"quantity" integer NOT NULL,
	"consumed" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_allocations_quantity_positive" CHECK ("stock_allocations"."quantity" > 0 and "stock_allocations"."consumed" >= 0 and "stock_allocations"."consumed" <= "stock_allocations"."quantity")
);
--> statement-breakpoint
CREATE TABLE "stock_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"format_id" integer NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_levels_on_hand_positive" CHECK ("stock_levels"."on_hand" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"format_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"vintage_id" integer,
	"quantity" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"unit_cl" integer,
	"document_type" text,
	"document_id" integer,
	"transfer_id" text,
	"unit_cost_cents" integer,
	"crd_color_id" integer,
	"occurred_at" timestamp with time zone NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_quantity_not_zero" CHECK ("stock_movements"."quantity" <> 0)
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"duty_status" text DEFAULT 'paid' NOT NULL,
	"excise_number" text,
	"feeds_web_shop" boolean DEFAULT false NOT NULL,
	"cash_registers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"purchase_order_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"format_id" integer,
	"label" text NOT NULL,
	"quantity" integer NOT NULL,
	"received_quantity" integer DEFAULT 0 NOT NULL,
	"unit_cost_cents" integer NOT NULL,
	CONSTRAINT "purchase_order_lines_quantities" CHECK ("purchase_order_lines"."quantity" > 0 and "purchase_order_lines"."received_quantity" >= 0 and "purchase_order_lines"."unit_cost_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"warehouse_id" integer,
	"expected_at" date,
	"notes" text,
	"total_ht_cents" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"company" text NOT NULL,
	"siret" text,
	"vat_number" text,
	"email" text,
	"phone" text,
	"address" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payment_delay" text,
	"notes" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_formats" ADD COLUMN "alert_threshold" integer;--> statement-breakpoint
ALTER TABLE "product_formats" ADD COLUMN "cost_cents" integer;--> statement-breakpoint
ALTER TABLE "product_formats" ADD COLUMN "crd_color_id" integer;--> statement-breakpoint
ALTER TABLE "product_formats" ADD COLUMN "visuals" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_formats" ADD COLUMN "wrapping" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "box_items" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crd_colors" ADD CONSTRAINT "crd_colors_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crd_movements" ADD CONSTRAINT "crd_movements_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crd_movements" ADD CONSTRAINT "crd_movements_crd_color_id_crd_colors_id_fk" FOREIGN KEY ("crd_color_id") REFERENCES "public"."crd_colors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crd_movements" ADD CONSTRAINT "crd_movements_stock_movement_id_stock_movements_id_fk" FOREIGN KEY ("stock_movement_id") REFERENCES "public"."stock_movements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crd_movements" ADD CONSTRAINT "crd_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drm_months" ADD CONSTRAINT "drm_months_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drm_months" ADD CONSTRAINT "drm_months_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drm_months" ADD CONSTRAINT "drm_months_validated_by_users_id_fk" FOREIGN KEY ("validated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_allocations" ADD CONSTRAINT "stock_allocations_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_allocations" ADD CONSTRAINT "stock_allocations_format_id_product_formats_id_fk" FOREIGN KEY ("format_id") REFERENCES "public"."product_formats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_allocations" ADD CONSTRAINT "stock_allocations_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_allocations" ADD CONSTRAINT "stock_allocations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_format_id_product_formats_id_fk" FOREIGN KEY ("format_id") REFERENCES "public"."product_formats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_format_id_product_formats_id_fk" FOREIGN KEY ("format_id") REFERENCES "public"."product_formats"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_vintage_id_product_vintages_id_fk" FOREIGN KEY ("vintage_id") REFERENCES "public"."product_vintages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_format_id_product_formats_id_fk" FOREIGN KEY ("format_id") REFERENCES "public"."product_formats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_files_key_uq" ON "media_files" USING btree ("key");--> statement-breakpoint
CREATE INDEX "media_files_shop_idx" ON "media_files" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "crd_colors_shop_idx" ON "crd_colors" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "crd_movements_color_idx" ON "crd_movements" USING btree ("crd_color_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "drm_months_warehouse_month_uq" ON "drm_months" USING btree ("warehouse_id","month");--> statement-breakpoint
CREATE INDEX "stock_allocations_format_idx" ON "stock_allocations" USING btree ("format_id");--> statement-breakpoint
CREATE INDEX "stock_allocations_shop_idx" ON "stock_allocations" USING btree ("shop_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_levels_warehouse_format_uq" ON "stock_levels" USING btree ("warehouse_id","format_id");--> statement-breakpoint
CREATE INDEX "stock_levels_shop_format_idx" ON "stock_levels" USING btree ("shop_id","format_id");--> statement-breakpoint
CREATE INDEX "stock_movements_shop_occurred_idx" ON "stock_movements" USING btree ("shop_id","occurred_at");--> statement-breakpoint
CREATE INDEX "stock_movements_format_occurred_idx" ON "stock_movements" USING btree ("format_id","occurred_at");--> statement-breakpoint
CREATE INDEX "stock_movements_warehouse_occurred_idx" ON "stock_movements" USING btree ("warehouse_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_shop_name_uq" ON "warehouses" USING btree ("shop_id",lower("name"));--> statement-breakpoint
CREATE INDEX "purchase_order_lines_order_idx" ON "purchase_order_lines" USING btree ("purchase_order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_shop_number_uq" ON "purchase_orders" USING btree ("shop_id","number");--> statement-breakpoint
CREATE INDEX "purchase_orders_shop_created_idx" ON "purchase_orders" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_idx" ON "purchase_orders" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "suppliers_shop_company_idx" ON "suppliers" USING btree ("shop_id","company");--> statement-breakpoint
CREATE INDEX "products_shop_name_idx" ON "products" USING btree ("shop_id","name");