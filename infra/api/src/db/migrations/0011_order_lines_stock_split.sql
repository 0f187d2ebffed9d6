ALTER TABLE "order_lines" ADD COLUMN "quantity_backordered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "quantity_from_stock" integer GENERATED ALWAYS AS (quantity - quantity_backordered) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_backordered_ck" CHECK ("order_lines"."quantity_backordered" between 0 and "order_lines"."quantity");--> statement-breakpoint
-- Decision 034: lines placed before this release did not record how their quantity was covered.
-- A product that may not be backordered was taken from stock in full (the default above). For a
-- product on backorder the split is unknown: it is counted as backordered, so releasing such an
-- unpaid order gives nothing back rather than units that may never have been in stock (at worst
-- the stock reads a few units low until the next count; a retry records the split afresh).
UPDATE "order_lines" AS l SET "quantity_backordered" = l."quantity"
  FROM "products" AS p
  WHERE p."id" = l."product_id" AND p."backorder_allowed";
