-- Facet counts maintained on write (decision 042). Each table holds one row per facet combination
-- with its count; statement triggers with transition tables add the rows a statement inserted and
-- subtract those it deleted (an update does both, so a stock or price update nets to nothing and
-- writes nothing), in the writing transaction: the counts are exact at every commit, for the app's
-- writes, imports and seeds alike. Rows are upserted in key order so that two writers lock them in
-- the same order. A count may reach 0; readers skip those rows.
-- And a notification per changed statement on channel `portal_catalog` (sent at commit, so a
-- listener reads the change once it hears of it): every API instance drops its catalogue cache, or
-- only what shows stock (payload 'stock') when a products update changed nothing but stock levels.
CREATE TABLE "contract_facet_counts" (
	"contract_id" uuid NOT NULL,
	"brand_id" integer,
	"category_id" integer,
	"product_group_id" integer,
	"kind" "product_kind",
	"n" integer NOT NULL,
	CONSTRAINT "contract_facet_counts_uq" UNIQUE NULLS NOT DISTINCT("contract_id","brand_id","category_id","product_group_id","kind")
);
--> statement-breakpoint
CREATE TABLE "product_facet_counts" (
	"shop" "shop" NOT NULL,
	"contract_only" boolean NOT NULL,
	"brand_id" integer,
	"category_id" integer,
	"product_group_id" integer,
	"kind" "product_kind",
	"n" integer NOT NULL,
	CONSTRAINT "product_facet_counts_uq" UNIQUE NULLS NOT DISTINCT("shop","contract_only","brand_id","category_id","product_group_id","kind")
);--> statement-breakpoint
CREATE FUNCTION "product_facet_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_facet_counts AS c (shop, contract_only, brand_id, category_id, product_group_id, kind, n)
  SELECT shop, contract_only, brand_id, category_id, product_group_id, kind, sum(d)::int FROM (
    SELECT shop, contract_only, brand_id, category_id, product_group_id, kind, 1 AS d FROM new_rows
    UNION ALL
    SELECT shop, contract_only, brand_id, category_id, product_group_id, kind, -1 AS d FROM old_rows
  ) x GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (shop, contract_only, brand_id, category_id, product_group_id, kind) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_facet_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_facet_counts AS c (shop, contract_only, brand_id, category_id, product_group_id, kind, n)
  SELECT shop, contract_only, brand_id, category_id, product_group_id, kind, count(*)::int FROM new_rows
  GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (shop, contract_only, brand_id, category_id, product_group_id, kind) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_facet_counts_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_facet_counts AS c (shop, contract_only, brand_id, category_id, product_group_id, kind, n)
  SELECT shop, contract_only, brand_id, category_id, product_group_id, kind, -count(*)::int FROM old_rows
  GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (shop, contract_only, brand_id, category_id, product_group_id, kind) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_facet_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_facet_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_facet_counts_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_facet_counts_insert"();--> statement-breakpoint
CREATE TRIGGER "product_facet_counts_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_facet_counts_add"();--> statement-breakpoint
CREATE TRIGGER "product_facet_counts_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_facet_counts_delete"();--> statement-breakpoint
CREATE TRIGGER "product_facet_counts_truncate" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_facet_counts_truncate"();--> statement-breakpoint
CREATE FUNCTION "contract_facet_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contract_facet_counts AS c (contract_id, brand_id, category_id, product_group_id, kind, n)
  SELECT contract_id, brand_id, category_id, product_group_id, kind, sum(d)::int FROM (
    SELECT contract_id, brand_id, category_id, product_group_id, kind, 1 AS d FROM new_rows
    UNION ALL
    SELECT contract_id, brand_id, category_id, product_group_id, kind, -1 AS d FROM old_rows
  ) x GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (contract_id, brand_id, category_id, product_group_id, kind) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "contract_facet_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contract_facet_counts AS c (contract_id, brand_id, category_id, product_group_id, kind, n)
  SELECT contract_id, brand_id, category_id, product_group_id, kind, count(*)::int FROM new_rows
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (contract_id, brand_id, category_id, product_group_id, kind) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "contract_facet_counts_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contract_facet_counts AS c (contract_id, brand_id, category_id, product_group_id, kind, n)
  SELECT contract_id, brand_id, category_id, product_group_id, kind, -count(*)::int FROM old_rows
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (contract_id, brand_id, category_id, product_group_id, kind) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "contract_facet_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM contract_facet_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "contract_facet_counts_insert" AFTER INSERT ON "contract_prices" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "contract_facet_counts_insert"();--> statement-breakpoint
CREATE TRIGGER "contract_facet_counts_update" AFTER UPDATE ON "contract_prices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "contract_facet_counts_add"();--> statement-breakpoint
CREATE TRIGGER "contract_facet_counts_delete" AFTER DELETE ON "contract_prices" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "contract_facet_counts_delete"();--> statement-breakpoint
CREATE TRIGGER "contract_facet_counts_truncate" AFTER TRUNCATE ON "contract_prices"
  FOR EACH STATEMENT EXECUTE FUNCTION "contract_facet_counts_truncate"();--> statement-breakpoint
INSERT INTO "product_facet_counts" (shop, contract_only, brand_id, category_id, product_group_id, kind, n)
  SELECT shop, contract_only, brand_id, category_id, product_group_id, kind, count(*)::int FROM products GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
INSERT INTO "contract_facet_counts" (contract_id, brand_id, category_id, product_group_id, kind, n)
  SELECT contract_id, brand_id, category_id, product_group_id, kind, count(*)::int FROM contract_prices GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
CREATE FUNCTION "catalog_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_catalog', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_catalog_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();--> statement-breakpoint
CREATE FUNCTION "products_catalog_changed_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Payload 'stock' when only stock levels changed (placements, the stock port): facet counts keep
  -- their cached answers. Nothing when no row changed at all.
  IF EXISTS (SELECT 1 FROM new_rows n WHERE NOT EXISTS (
       SELECT 1 FROM old_rows o WHERE o.id = n.id
         AND to_jsonb(o) - 'stock_level' - 'updated_at' = to_jsonb(n) - 'stock_level' - 'updated_at')) THEN
    PERFORM pg_notify('portal_catalog', '');
  ELSIF EXISTS (SELECT 1 FROM new_rows) THEN
    PERFORM pg_notify('portal_catalog', 'stock');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_catalog_changed_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "products_catalog_changed_update"();--> statement-breakpoint
CREATE TRIGGER "product_translations_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_translations"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();--> statement-breakpoint
CREATE TRIGGER "contract_prices_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contract_prices"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();--> statement-breakpoint
CREATE TRIGGER "contracts_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contracts"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();--> statement-breakpoint
CREATE TRIGGER "product_images_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_images"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();--> statement-breakpoint
CREATE TRIGGER "bundle_lines_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bundle_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();--> statement-breakpoint
CREATE TRIGGER "product_relations_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_relations"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();--> statement-breakpoint
CREATE TRIGGER "brands_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brands"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();--> statement-breakpoint
CREATE TRIGGER "categories_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();--> statement-breakpoint
CREATE TRIGGER "product_groups_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_groups"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();
