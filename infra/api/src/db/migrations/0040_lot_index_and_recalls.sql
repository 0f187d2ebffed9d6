CREATE TABLE "recall_organisations" (
	"recall_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"units_received" integer NOT NULL,
	"told" text[] DEFAULT '{}'::text[] NOT NULL,
	"told_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by_user_id" uuid,
	"units_on_hand" integer,
	"units_used" integer,
	"units_to_return" integer,
	CONSTRAINT "recall_organisations_recall_id_organisation_id_pk" PRIMARY KEY("recall_id","organisation_id")
);
--> statement-breakpoint
CREATE TABLE "recall_units" (
	"recall_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"organisation_id" uuid,
	"lot" text,
	"expiry_on" date,
	"serial_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "recall_units_recall_id_shipment_id_position_pk" PRIMARY KEY("recall_id","shipment_id","position"),
	CONSTRAINT "recall_units_units_ck" CHECK ("recall_units"."units" > 0)
);
--> statement-breakpoint
CREATE TABLE "recalls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"reference" text,
	"request_hash" text NOT NULL,
	"gtin" text NOT NULL,
	"lots" text[] DEFAULT '{}'::text[] NOT NULL,
	"serial_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"expiry_from" date,
	"expiry_to" date,
	"reason" jsonb NOT NULL,
	"instructions" jsonb NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD COLUMN "gtin" text;--> statement-breakpoint
-- Hand-written backfill (decision 074): existing lines take their ordered product's GTIN, as GTIN-14.
UPDATE "shipment_lines" sl SET "gtin" = lpad(p."gtin", 14, '0')
  FROM "order_lines" ol JOIN "products" p ON p."id" = ol."product_id"
  WHERE ol."id" = sl."order_line_id" AND p."gtin" ~ '^([0-9]{8}|[0-9]{12,14})$';--> statement-breakpoint
ALTER TABLE "recall_organisations" ADD CONSTRAINT "recall_organisations_recall_id_recalls_id_fk" FOREIGN KEY ("recall_id") REFERENCES "public"."recalls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_organisations" ADD CONSTRAINT "recall_organisations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_organisations" ADD CONSTRAINT "recall_organisations_answered_by_user_id_users_id_fk" FOREIGN KEY ("answered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_units" ADD CONSTRAINT "recall_units_recall_id_recalls_id_fk" FOREIGN KEY ("recall_id") REFERENCES "public"."recalls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_units" ADD CONSTRAINT "recall_units_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_units" ADD CONSTRAINT "recall_units_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_units" ADD CONSTRAINT "recall_units_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recall_organisations_open_idx" ON "recall_organisations" USING btree ("organisation_id") WHERE "recall_organisations"."answered_at" is null;--> statement-breakpoint
CREATE INDEX "recall_units_organisation_idx" ON "recall_units" USING btree ("organisation_id","recall_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recalls_reference_uq" ON "recalls" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "recalls_gtin_idx" ON "recalls" USING btree ("gtin");--> statement-breakpoint
CREATE INDEX "shipment_lines_gtin_lot_idx" ON "shipment_lines" USING btree ("gtin","lot");--> statement-breakpoint
CREATE INDEX "shipment_lines_gtin_expiry_idx" ON "shipment_lines" USING btree ("gtin","expiry_on");--> statement-breakpoint
CREATE INDEX "shipment_lines_serials_gin" ON "shipment_lines" USING gin ("serial_numbers");