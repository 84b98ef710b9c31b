CREATE INDEX "products_shop_created_idx" ON "products" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_lines_format_idx" ON "order_lines" USING btree ("format_id");