CREATE TYPE "public"."registration_kind" AS ENUM('contract_request', 'webshop');--> statement-breakpoint
CREATE TYPE "public"."registration_status" AS ENUM('pending', 'approved', 'rejected', 'completed');--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "registration_kind" NOT NULL,
	"status" "registration_status" DEFAULT 'pending' NOT NULL,
	"organisation_name" text NOT NULL,
	"organisation_type" "organisation_type" NOT NULL,
	"vat_number" text NOT NULL,
	"newsletter" boolean DEFAULT false NOT NULL,
	"address" jsonb NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registrations_user_idx" ON "registrations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "registrations_status_idx" ON "registrations" USING btree ("kind","status");--> statement-breakpoint
CREATE INDEX "verification_codes_hash_idx" ON "verification_codes" USING btree ("code_hash");