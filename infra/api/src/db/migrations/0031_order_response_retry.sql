ALTER TABLE "procurement_orders" ADD COLUMN "response_receiver" text;--> statement-breakpoint
ALTER TABLE "procurement_orders" ADD COLUMN "response_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "procurement_orders" ADD COLUMN "response_next_attempt_at" timestamp with time zone;--> statement-breakpoint
-- Responses that failed before the retry job existed: one attempt made, the receiver as recorded, due now.
UPDATE "procurement_orders" SET "response_attempts" = 1, "response_receiver" = "sender", "response_next_attempt_at" = now() WHERE "channel" = 'peppol' AND "response_status" = 'failed' AND "response_xml" IS NOT NULL;--> statement-breakpoint
UPDATE "procurement_orders" SET "response_attempts" = 1, "response_receiver" = "sender" WHERE "channel" = 'peppol' AND "response_status" = 'sent';--> statement-breakpoint
CREATE INDEX "procurement_orders_retry_idx" ON "procurement_orders" USING btree ("response_next_attempt_at") WHERE "procurement_orders"."response_status" = 'failed';