-- Decision 083: the Despatch Advices are delivered by the invoices' delivery mechanism, one row per
-- document and channel in invoice_deliveries; despatch_advices keeps the document only.
CREATE TYPE "public"."delivery_document_kind" AS ENUM('invoice', 'despatch_advice');--> statement-breakpoint
ALTER TABLE "invoice_deliveries" ADD COLUMN "document_kind" "delivery_document_kind" DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_deliveries" RENAME COLUMN "invoice_id" TO "document_id";--> statement-breakpoint
ALTER INDEX "invoice_deliveries_invoice_channel_uq" RENAME TO "invoice_deliveries_document_channel_uq";--> statement-breakpoint
CREATE INDEX "invoice_deliveries_failed_idx" ON "invoice_deliveries" USING btree ("updated_at") WHERE status = 'failed';--> statement-breakpoint
-- The advices already queued, sent or failed keep their state, attempts and message id; a sent one
-- is now followed until the access point says delivered.
INSERT INTO "invoice_deliveries" ("document_kind", "document_id", "organisation_id", "channel", "status", "recipient", "attempts", "next_attempt_at", "last_error", "message_id", "sent_at", "created_at", "updated_at")
  SELECT 'despatch_advice', "id", "organisation_id", 'peppol', "status"::"invoice_delivery_status", "receiver", "attempts", "next_attempt_at", "last_error", "message_id", "sent_at", "created_at", now()
  FROM "despatch_advices"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "despatch_advices" DROP CONSTRAINT "despatch_advices_status_ck";--> statement-breakpoint
DROP INDEX "despatch_advices_due_idx";--> statement-breakpoint
ALTER TABLE "despatch_advices" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "despatch_advices" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "despatch_advices" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "despatch_advices" DROP COLUMN "message_id";--> statement-breakpoint
ALTER TABLE "despatch_advices" DROP COLUMN "last_error";--> statement-breakpoint
ALTER TABLE "despatch_advices" DROP COLUMN "sent_at";
