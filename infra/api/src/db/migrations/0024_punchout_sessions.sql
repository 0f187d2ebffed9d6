CREATE TABLE "punchout_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"protocol" text NOT NULL,
	"operation" text NOT NULL,
	"buyer_cookie" text,
	"return_url" text NOT NULL,
	"target" text,
	"header" jsonb,
	"restore" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"start_token_hash" text NOT NULL,
	"start_expires_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"session_id" uuid,
	"transfer_token_hash" text,
	"transfer_expires_at" timestamp with time zone,
	"transfer_form" jsonb,
	"transferred_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "punchout_sessions" ADD CONSTRAINT "punchout_sessions_identity_id_procurement_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."procurement_identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_sessions" ADD CONSTRAINT "punchout_sessions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_sessions" ADD CONSTRAINT "punchout_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "punchout_sessions_start_uq" ON "punchout_sessions" USING btree ("start_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "punchout_sessions_transfer_uq" ON "punchout_sessions" USING btree ("transfer_token_hash");--> statement-breakpoint
CREATE INDEX "punchout_sessions_session_idx" ON "punchout_sessions" USING btree ("session_id");