ALTER TABLE "memberships" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
-- Decision 032: the users admin's deactivation moves from the user to the membership. An account
-- deactivated before this release stays locked out of every organisation it belongs to (the flag
-- applied to all of them), each membership now carrying it, so each administrator can lift it for
-- their own organisation only.
UPDATE "memberships" AS m SET "deactivated_at" = u."disabled_at"
  FROM "users" AS u
  WHERE u."id" = m."user_id" AND u."disabled_at" IS NOT NULL AND m."deactivated_at" IS NULL;--> statement-breakpoint
-- The account flag stays for what only the operator sets (staff, accounts outside any
-- organisation); for members it has been moved above, so it no longer overrides a reactivation.
UPDATE "users" SET "disabled_at" = NULL
  WHERE "disabled_at" IS NOT NULL AND EXISTS (SELECT 1 FROM "memberships" m WHERE m."user_id" = "users"."id");
