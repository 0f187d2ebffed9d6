ALTER TABLE "addresses" ADD COLUMN "external_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_org_external_key_uq" ON "addresses" USING btree ("organisation_id","external_key");