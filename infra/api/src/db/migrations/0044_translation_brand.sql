-- Decision 095: the product's brand copied onto its translations, so that a brand filter sorted by
-- name walks the brand's own names in order (product_translations_brand_name_idx) instead of every
-- name of the locale, each probed for its brand (~3 000 names for the contract range's third page
-- at 1M products, 22 ms). Triggers keep the copy right, as migration 0006 does for contract_prices:
-- a new translation takes its product's brand, and a product whose brand changes updates its
-- translations. The app never writes this column.
ALTER TABLE "product_translations" ADD COLUMN "brand_id" integer;--> statement-breakpoint
UPDATE "product_translations" t SET "brand_id" = p."brand_id" FROM "products" p WHERE p."id" = t."product_id" AND p."brand_id" IS NOT NULL;--> statement-breakpoint
CREATE FUNCTION "product_translations_copy_brand"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Volatile: sees a product inserted earlier in the same statement (the import's CTE, catalogue-import.ts).
  SELECT p.brand_id INTO NEW.brand_id FROM products p WHERE p.id = NEW.product_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_translations_copy_brand" BEFORE INSERT OR UPDATE OF "product_id", "brand_id" ON "product_translations"
  FOR EACH ROW EXECUTE FUNCTION "product_translations_copy_brand"();--> statement-breakpoint
CREATE FUNCTION "products_push_brand_to_translations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_translations SET brand_id = NEW.brand_id WHERE product_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_push_brand_to_translations" AFTER UPDATE OF "brand_id" ON "products"
  FOR EACH ROW WHEN (OLD."brand_id" IS DISTINCT FROM NEW."brand_id")
  EXECUTE FUNCTION "products_push_brand_to_translations"();--> statement-breakpoint
CREATE INDEX "product_translations_brand_name_idx" ON "product_translations" USING btree ("locale","brand_id",lower("name"),"product_id");
