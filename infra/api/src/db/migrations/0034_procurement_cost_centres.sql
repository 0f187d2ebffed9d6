CREATE TABLE "procurement_cost_centres" (
	"organisation_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"sender" text NOT NULL,
	"default_cost_centre_id" uuid,
	"segment_type" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "procurement_cost_centres_channel_sender_pk" PRIMARY KEY("channel","sender"),
	CONSTRAINT "procurement_cost_centres_channel_ck" CHECK ("procurement_cost_centres"."channel" in ('cxml', 'peppol'))
);
--> statement-breakpoint
ALTER TABLE "procurement_cost_centres" ADD CONSTRAINT "procurement_cost_centres_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_cost_centres" ADD CONSTRAINT "procurement_cost_centres_default_cost_centre_id_cost_centres_id_fk" FOREIGN KEY ("default_cost_centre_id") REFERENCES "public"."cost_centres"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "procurement_cost_centres_org_idx" ON "procurement_cost_centres" USING btree ("organisation_id");