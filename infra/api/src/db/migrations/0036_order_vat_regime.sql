-- Decision 058 (issue 40): the order keeps how it was taxed (its VAT regime) and the buyer's VAT facts it
-- was decided from, so the invoice issued later charges what the buyer was shown at checkout.
ALTER TABLE "orders" ADD COLUMN "vat_regime" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_buyer" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_vat_regime_ck" CHECK ("orders"."vat_regime" in ('domestic', 'intra_community', 'export'));