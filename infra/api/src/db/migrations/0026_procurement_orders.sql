CREATE TABLE "procurement_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"organisation_id" uuid,
	"sender" text NOT NULL,
	"buyer_order_id" text NOT NULL,
	"order_id" uuid,
	"response_code" text NOT NULL,
	"response_note" text,
	"response_xml" text,
	"response_status" text,
	"response_error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "procurement_orders" ADD CONSTRAINT "procurement_orders_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_orders" ADD CONSTRAINT "procurement_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_orders_uq" ON "procurement_orders" USING btree ("channel","sender","buyer_order_id");--> statement-breakpoint
CREATE INDEX "procurement_orders_org_idx" ON "procurement_orders" USING btree ("organisation_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_orders_order_uq" ON "procurement_orders" USING btree ("order_id");