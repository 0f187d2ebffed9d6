ALTER TABLE "organisations" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "enterprise_number" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "kvk_number" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "oin" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "siret" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "peppol_participant_id" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "vat_exemption_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gtin" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_category" text;--> statement-breakpoint
CREATE INDEX "products_gtin_idx" ON "products" USING btree ("gtin");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vat_category_ck" CHECK ("products"."vat_category" in ('Z', 'E'));--> statement-breakpoint
-- Existing organisations: the country of their default billing address (where they are established).
UPDATE "organisations" o SET "country" = (
  SELECT a."country" FROM "addresses" a
  WHERE a."organisation_id" = o."id" AND a."type" = 'billing'
  ORDER BY a."is_default" DESC, a."id" LIMIT 1
) WHERE o."country" IS NULL;
