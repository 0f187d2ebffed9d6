DROP INDEX "product_translations_name_idx";--> statement-breakpoint
ALTER TABLE "product_translations" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector(case locale when 'nl' then 'dutch'::regconfig when 'fr' then 'french'::regconfig else 'english'::regconfig end, name || ' ' || description)) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "contract_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_codes" text GENERATED ALWAYS AS (lower(regexp_replace(coalesce(article_code, '') || ' ' || coalesce(product_code, '') || ' ' || coalesce(nsn, ''), '[^A-Za-z0-9 ]', '', 'g'))) STORED;--> statement-breakpoint
CREATE INDEX "contract_prices_contract_price_idx" ON "contract_prices" USING btree ("contract_id","price_cents","product_id");--> statement-breakpoint
CREATE INDEX "product_translations_search_idx" ON "product_translations" USING gin ("search");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_cents","id");--> statement-breakpoint
CREATE INDEX "products_search_codes_trgm_idx" ON "products" USING gin ("search_codes" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_translations_name_idx" ON "product_translations" USING btree ("locale",lower("name"),"product_id");