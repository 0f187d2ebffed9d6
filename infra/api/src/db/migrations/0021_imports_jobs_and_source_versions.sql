CREATE TABLE "stock_deltas" (
	"delta_id" text PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"client_id" uuid NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"last_line" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_jobs_status_ck" CHECK ("import_jobs"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "import_refusals" (
	"job_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"code" text NOT NULL,
	"message" text NOT NULL,
	CONSTRAINT "import_refusals_job_id_line_no_pk" PRIMARY KEY("job_id","line_no")
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "source_version" bigint;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "source_version" bigint;--> statement-breakpoint
ALTER TABLE "contract_prices" ADD COLUMN "source_version" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "source_version" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_version" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "restock_date" date;--> statement-breakpoint
ALTER TABLE "stock_deltas" ADD CONSTRAINT "stock_deltas_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_client_id_integration_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."integration_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_refusals" ADD CONSTRAINT "import_refusals_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_client_idx" ON "import_jobs" USING btree ("client_id","created_at");--> statement-breakpoint
-- Decision 049: a stock import writes the level's version and the restock date with the level; that
-- is still a stock-only change for the catalogue cache (payload 'stock', facets kept; decision 042).
CREATE OR REPLACE FUNCTION "products_catalog_changed_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n WHERE NOT EXISTS (
       SELECT 1 FROM old_rows o WHERE o.id = n.id
         AND to_jsonb(o) - 'stock_level' - 'stock_version' - 'restock_date' - 'updated_at' = to_jsonb(n) - 'stock_level' - 'stock_version' - 'restock_date' - 'updated_at')) THEN
    PERFORM pg_notify('portal_catalog', '');
  ELSIF EXISTS (SELECT 1 FROM new_rows) THEN
    PERFORM pg_notify('portal_catalog', 'stock');
  END IF;
  RETURN NULL;
END $$;
