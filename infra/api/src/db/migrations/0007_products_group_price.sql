-- A public shop's group filter sorted by price walks the group's own prices (decision 011): through the
-- global price index, a group without price-on-request products first skipped every such product.
-- The new index also serves plain group lookups, so the single-column one goes.
DROP INDEX "products_group_idx";--> statement-breakpoint
CREATE INDEX "products_group_price_idx" ON "products" USING btree ("product_group_id","price_cents","id");