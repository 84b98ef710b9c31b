ALTER TABLE "stock_movements" ADD COLUMN "unit_ml" integer;--> statement-breakpoint
-- The DRM is exact to the millilitre (the customs take hectolitres with 5 decimals), but a movement kept its unit
-- volume in whole centilitres (37,5 cl stored as 38). Each movement's volume becomes millilitres: the format's own
-- volume when the stored centilitres are that volume rounded (the format was not resized since), else the stored
-- centilitres (the only record of a format resized afterwards). The row triggers only notify caches: not needed here.
ALTER TABLE "stock_movements" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "stock_movements" m SET "unit_ml" = CASE
    WHEN f.unity = 'litre' AND f.unity_value IS NOT NULL
      AND (m.unit_cl IS NULL OR m.unit_cl = round(round(f.unity_value::numeric * 1000) / 10))
      THEN round(f.unity_value::numeric * 1000)::integer
    WHEN m.unit_cl IS NOT NULL THEN m.unit_cl * 10
  END
  FROM "product_formats" f WHERE f.id = m.format_id AND (m.unit_cl IS NOT NULL OR f.unity = 'litre');--> statement-breakpoint
ALTER TABLE "stock_movements" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "stock_movements" DROP COLUMN "unit_cl";
