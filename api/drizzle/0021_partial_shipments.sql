ALTER TABLE "order_lines" ADD COLUMN "shipped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- orders shipped before partial shipments existed left in full (hand-written)
UPDATE "order_lines" ol SET "shipped" = ol."quantity" + ol."add_quantity"
  FROM "orders" o WHERE o."id" = ol."order_id" AND o."shipped_at" IS NOT NULL AND ol."kind" = 'product';
