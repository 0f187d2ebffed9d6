-- Facet columns copied from products onto contract_prices (decision 011): the contract range's facet
-- counts and totals then read this table alone instead of joining a million products. Triggers keep
-- the copies right: a new contract line takes its product's values, and a product whose brand,
-- category, group or kind changes updates its contract lines. The app never writes these columns.
ALTER TABLE "contract_prices" ADD COLUMN "brand_id" integer;--> statement-breakpoint
ALTER TABLE "contract_prices" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "contract_prices" ADD COLUMN "product_group_id" integer;--> statement-breakpoint
ALTER TABLE "contract_prices" ADD COLUMN "kind" "product_kind";--> statement-breakpoint
UPDATE "contract_prices" cp SET "brand_id" = p."brand_id", "category_id" = p."category_id", "product_group_id" = p."product_group_id", "kind" = p."kind"
  FROM "products" p WHERE p."id" = cp."product_id";--> statement-breakpoint
CREATE FUNCTION "contract_prices_copy_facets"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.brand_id, p.category_id, p.product_group_id, p.kind
    INTO NEW.brand_id, NEW.category_id, NEW.product_group_id, NEW.kind
    FROM products p WHERE p.id = NEW.product_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "contract_prices_copy_facets" BEFORE INSERT OR UPDATE OF "product_id" ON "contract_prices"
  FOR EACH ROW EXECUTE FUNCTION "contract_prices_copy_facets"();--> statement-breakpoint
CREATE FUNCTION "products_push_facets"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contract_prices SET brand_id = NEW.brand_id, category_id = NEW.category_id,
    product_group_id = NEW.product_group_id, kind = NEW.kind
    WHERE product_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_push_facets" AFTER UPDATE OF "brand_id", "category_id", "product_group_id", "kind" ON "products"
  FOR EACH ROW WHEN ((OLD."brand_id", OLD."category_id", OLD."product_group_id", OLD."kind") IS DISTINCT FROM (NEW."brand_id", NEW."category_id", NEW."product_group_id", NEW."kind"))
  EXECUTE FUNCTION "products_push_facets"();--> statement-breakpoint
CREATE INDEX "contract_prices_contract_facets_idx" ON "contract_prices" USING btree ("contract_id","category_id","brand_id","product_group_id","kind","product_id");
