-- 0004_shop_editor: shop customisation images, box builders, professional price-grid requests.
-- Hand-written, mirrors api/src/modules/catalog/catalog.tables.ts (shopImages, priceGridRequests, products.builder).
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "builder" jsonb;
--> statement-breakpoint
CREATE TABLE "shop_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL REFERENCES "shops"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"data_url" text NOT NULL,
	"version" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "shop_images_shop_kind_uq" ON "shop_images" USING btree ("shop_id","kind");
--> statement-breakpoint
CREATE TABLE "price_grid_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL REFERENCES "shops"("id") ON DELETE cascade,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"status" text DEFAULT 'pending' NOT NULL,
	"company" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "price_grid_requests_pending_uq" ON "price_grid_requests" USING btree ("shop_id","user_id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "price_grid_requests_shop_idx" ON "price_grid_requests" USING btree ("shop_id","created_at");
