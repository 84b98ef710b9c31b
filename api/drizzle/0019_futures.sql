CREATE TABLE "futures_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"name" text NOT NULL,
	"vintage" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'open' NOT NULL,
	"deposit_percent" integer NOT NULL,
	"delivery_from" date NOT NULL,
	"delivery_to" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "futures_offer_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"format_id" integer NOT NULL,
	"prices" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "futures_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"client_id" integer,
	"lines" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "futures_campaigns" ADD CONSTRAINT "futures_campaigns_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "futures_campaigns" ADD CONSTRAINT "futures_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "futures_offer_lines" ADD CONSTRAINT "futures_offer_lines_campaign_id_futures_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."futures_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "futures_offer_lines" ADD CONSTRAINT "futures_offer_lines_format_id_product_formats_id_fk" FOREIGN KEY ("format_id") REFERENCES "public"."product_formats"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "futures_orders" ADD CONSTRAINT "futures_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "futures_orders" ADD CONSTRAINT "futures_orders_campaign_id_futures_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."futures_campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "futures_orders" ADD CONSTRAINT "futures_orders_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "futures_campaigns_shop_created_idx" ON "futures_campaigns" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "futures_offer_lines_campaign_format_uq" ON "futures_offer_lines" USING btree ("campaign_id","format_id");--> statement-breakpoint
CREATE INDEX "futures_orders_campaign_idx" ON "futures_orders" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "futures_orders_shop_idx" ON "futures_orders" USING btree ("shop_id");