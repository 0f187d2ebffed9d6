-- Issue 44, decision 063: a closed account (closed_at; disabled_at is set with it) and when the
-- retention job anonymised it; the job scans the closed accounts not yet anonymised.
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_closed_idx" ON "users" USING btree ("closed_at") WHERE "users"."closed_at" is not null and "users"."anonymised_at" is null;