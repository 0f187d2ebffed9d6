-- Decision 091: the API keeps a signed-in caller's access answer (plugins/access-state.ts: the
-- membership's role and deactivation, the account's lock, the organisation's active contract, an
-- integration client's revocation) a few seconds per instance. Whatever changes one of them, whoever
-- writes it (the API, the operator's command, the retention job, an import, psql), announces it on
-- channel `portal_access` when its transaction commits, and every instance drops its answers.
-- The writing session is also told at once, by a notice (`portal_access_changed`) that reaches it before
-- its statement returns: the instance that wrote reads the database for a while, instead of waiting
-- for its own notification, so its very next request sees the change.
-- Statement triggers, as the catalogue's (decision 042); `UPDATE OF` lists only the columns the check
-- reads, so a sign-in's or a language change's update announces nothing.
CREATE FUNCTION "access_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_access', '');
  RAISE NOTICE 'portal_access_changed';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "memberships_access_changed" AFTER UPDATE OF "role", "deactivated_at", "user_id", "organisation_id" OR DELETE OR TRUNCATE ON "memberships"
  FOR EACH STATEMENT EXECUTE FUNCTION "access_changed"();--> statement-breakpoint
CREATE TRIGGER "users_access_changed" AFTER UPDATE OF "disabled_at", "id" OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "access_changed"();--> statement-breakpoint
CREATE TRIGGER "contracts_access_changed" AFTER INSERT OR UPDATE OF "status", "starts_on", "ends_on", "organisation_id", "id" OR DELETE OR TRUNCATE ON "contracts"
  FOR EACH STATEMENT EXECUTE FUNCTION "access_changed"();--> statement-breakpoint
CREATE TRIGGER "integration_clients_access_changed" AFTER UPDATE OF "revoked_at", "id" OR DELETE OR TRUNCATE ON "integration_clients"
  FOR EACH STATEMENT EXECUTE FUNCTION "access_changed"();
