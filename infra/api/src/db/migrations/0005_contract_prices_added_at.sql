-- When each product entered its contract (issue 7, "new in your contract" widget). Existing lines get their contract's start date: stamped with the migration time, a whole range would read as new.
ALTER TABLE "contract_prices" ADD COLUMN "added_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "contract_prices" SET "added_at" = least("contracts"."starts_on"::timestamptz, now()) FROM "contracts" WHERE "contracts"."id" = "contract_prices"."contract_id";--> statement-breakpoint
CREATE INDEX "contract_prices_contract_added_idx" ON "contract_prices" USING btree ("contract_id","added_at" DESC NULLS FIRST,"product_id");
