CREATE TABLE "procurement_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"protocol" text NOT NULL,
	"domain" text,
	"identity" text NOT NULL,
	"secret_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"return_origins" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "procurement_identities" ADD CONSTRAINT "procurement_identities_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_identities" ADD CONSTRAINT "procurement_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_identities_uq" ON "procurement_identities" USING btree ("protocol",lower(coalesce("domain", '')),"identity");--> statement-breakpoint
CREATE INDEX "procurement_identities_org_idx" ON "procurement_identities" USING btree ("organisation_id");