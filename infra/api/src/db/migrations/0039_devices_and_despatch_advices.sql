CREATE TABLE "despatch_advices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"organisation_id" uuid,
	"receiver" text NOT NULL,
	"ubl" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"message_id" text,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "despatch_advices_status_ck" CHECK ("despatch_advices"."status" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "udi_di" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "mdr_class" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "implantable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "single_use" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "despatch_advices" ADD CONSTRAINT "despatch_advices_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "despatch_advices" ADD CONSTRAINT "despatch_advices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "despatch_advices_shipment_uq" ON "despatch_advices" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "despatch_advices_due_idx" ON "despatch_advices" USING btree ("next_attempt_at") WHERE status = 'queued';--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_mdr_class_ck" CHECK ("products"."mdr_class" in ('I', 'IIa', 'IIb', 'III'));