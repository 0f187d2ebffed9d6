-- Decision 042, amended (issue 31): a stock-only update of a few products names them in its
-- notification ('stock:<id>,<id>,…'), so each instance drops only the cached answers that show one
-- of them instead of every index page and detail. Up to 200 ids fit the 8 000-byte payload; a
-- larger stock-only update (an import) still says 'stock' (every answer that shows stock goes).
CREATE OR REPLACE FUNCTION "products_catalog_changed_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n WHERE NOT EXISTS (
       SELECT 1 FROM old_rows o WHERE o.id = n.id
         AND to_jsonb(o) - 'stock_level' - 'stock_version' - 'restock_date' - 'updated_at' = to_jsonb(n) - 'stock_level' - 'stock_version' - 'restock_date' - 'updated_at')) THEN
    PERFORM pg_notify('portal_catalog', '');
    RETURN NULL;
  END IF;
  SELECT array_agg(DISTINCT n.id::text) INTO changed FROM (SELECT id FROM new_rows LIMIT 201) n;
  IF changed IS NULL THEN
    RETURN NULL;
  ELSIF cardinality(changed) > 200 THEN
    PERFORM pg_notify('portal_catalog', 'stock');
  ELSE
    PERFORM pg_notify('portal_catalog', 'stock:' || array_to_string(changed, ','));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A GIN index keeps new entries in a pending list that every search reads in full until VACUUM (or
-- the limit, 4 MB by default) merges it: on the 1M bench database right after generation, 454 pages
-- that cost each code or text search ~5 ms. A 512 kB limit bounds that read to ~64 pages; writers
-- merge more often, in smaller batches.
ALTER INDEX "products_search_codes_trgm_idx" SET (gin_pending_list_limit = 512);--> statement-breakpoint
ALTER INDEX "product_translations_search_idx" SET (gin_pending_list_limit = 512);
