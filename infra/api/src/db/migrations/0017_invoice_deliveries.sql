CREATE TYPE "public"."invoice_delivery_channel" AS ENUM('peppol', 'email');--> statement-breakpoint
CREATE TYPE "public"."invoice_delivery_status" AS ENUM('queued', 'sent', 'delivered', 'failed');--> statement-breakpoint
CREATE TABLE "invoice_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"organisation_id" uuid,
	"channel" "invoice_delivery_channel" NOT NULL,
	"status" "invoice_delivery_status" DEFAULT 'queued' NOT NULL,
	"recipient" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"message_id" text,
	"outbox_id" bigint,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_deliveries" ADD CONSTRAINT "invoice_deliveries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_deliveries_invoice_channel_uq" ON "invoice_deliveries" USING btree ("invoice_id","channel");--> statement-breakpoint
CREATE INDEX "invoice_deliveries_due_idx" ON "invoice_deliveries" USING btree ("next_attempt_at") WHERE status in ('queued', 'sent');--> statement-breakpoint
CREATE INDEX "invoice_deliveries_organisation_idx" ON "invoice_deliveries" USING btree ("organisation_id");