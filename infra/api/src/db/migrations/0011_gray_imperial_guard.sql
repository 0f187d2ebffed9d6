ALTER TYPE "public"."quotation_status" ADD VALUE 'answered';--> statement-breakpoint
ALTER TYPE "public"."quotation_status" ADD VALUE 'accepted';--> statement-breakpoint
ALTER TYPE "public"."quotation_status" ADD VALUE 'expired';--> statement-breakpoint
CREATE TABLE "quotation_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"quotation_id" uuid NOT NULL,
	"event" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_user_id" uuid,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "order_messages" ADD COLUMN "kind" text DEFAULT 'message' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_messages" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_confirmed_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expected_delivery_on" date;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD COLUMN "unit_price_cents" integer;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "quotation_history" ADD CONSTRAINT "quotation_history_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_history" ADD CONSTRAINT "quotation_history_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotation_history_quotation_idx" ON "quotation_history" USING btree ("quotation_id","at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_confirmed_by_user_id_users_id_fk" FOREIGN KEY ("delivery_confirmed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_description_trgm_idx" ON "order_lines" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_lines_article_code_trgm_idx" ON "order_lines" USING gin ("article_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_org_status_placed_idx" ON "orders" USING btree ("organisation_id","status","placed_at");--> statement-breakpoint
CREATE INDEX "orders_number_trgm_idx" ON "orders" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_external_reference_trgm_idx" ON "orders" USING gin ("external_reference" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_order_uq" ON "quotations" USING btree ("order_id");