// The client-credentials grant (RFC 6749 section 4.4) and the client list, shared with the token
// endpoint (oauth module) and the staff page. The token endpoint owns the RFC 6749 error bodies; this
// answers which refusal it is, so the oauth module and this one do not import each other (decision 015).
import { INTEGRATION_ERRORS, MESSAGE_KEYS, parseScopeParameter, type ClientTokenResponse, type IntegrationClientCreate, type IntegrationClientSecret, type IntegrationClientSummary } from '@portal/shared/schemas';
import { SYSTEM_CALLER, type StaffCaller } from '../../caller';
import type { TokenSigner } from '../../common/access-tokens';
import { AppError } from '../../errors';
import { ClientNameTakenError, type IntegrationClientsRepository } from './integration-clients.repository';
import { summaryOf } from './summary';

/** The request a staff change came with, for its audit row. */
export interface ChangeContext {
  ip: string;
  requestId: string;
}

export type ClientGrant = { ok: true; token: ClientTokenResponse; clientName: string } | { ok: false; error: 'invalid_client' | 'invalid_scope'; message: string };

export function createIntegrationClientsService(deps: { repo: IntegrationClientsRepository; signer: TokenSigner }) {
  const { repo, signer } = deps;
  const revoked = () => new AppError(409, INTEGRATION_ERRORS.CLIENT_ALREADY_REVOKED, 'The integration client is revoked: create a new one');
  async function existing(clientId: string) {
    const client = await repo.find(SYSTEM_CALLER, clientId);
    if (!client || client.id !== clientId) throw new AppError(404, INTEGRATION_ERRORS.CLIENT_NOT_FOUND, 'No such integration client');
    return client;
  }
  return {
    /**
     * A token for the client, with the scopes asked (space-separated; all of the client's when left
     * out or empty). A scope the client does not have is `invalid_scope`, never silently dropped:
     * the ERP learns at once that its configuration asks for more than it was given.
     */
    async grant(clientId: string, secret: string, scope: string | undefined): Promise<ClientGrant> {
      const client = await repo.authenticate(SYSTEM_CALLER, clientId, secret);
      if (!client) return { ok: false, error: 'invalid_client', message: 'Client authentication failed' };
      const asked = parseScopeParameter(scope ?? '');
      if (!asked) return { ok: false, error: 'invalid_scope', message: 'The scope names an unknown scope' };
      if (asked.some((s) => !client.scopes.includes(s))) return { ok: false, error: 'invalid_scope', message: 'The client was not granted every scope asked for' };
      const scopes = asked.length ? asked : client.scopes;
      const accessToken = await signer.signClient({ id: client.id, name: client.name, scopes });
      return { ok: true, clientName: client.name, token: { access_token: accessToken, token_type: 'Bearer', expires_in: signer.ttlSeconds, scope: scopes.join(' ') } };
    },

    /** Every client, for the supplier's staff (no secret, no hash). */
    async list(): Promise<IntegrationClientSummary[]> {
      return (await repo.list(SYSTEM_CALLER)).map(summaryOf);
    },

    // The staff's changes (issue 44): the caller is checked by the route (requireIntegrationManager);
    // the repository stays the system's, and each change names the staff member in the audit log.

    /** A new client and its first secret (shown this once). 409 INTEGRATION_CLIENT_NAME_TAKEN for a name in use. */
    async create(caller: StaffCaller, input: IntegrationClientCreate, ctx: ChangeContext): Promise<IntegrationClientSecret> {
      try {
        const { client, secret } = await repo.create(SYSTEM_CALLER, input, { userId: caller.userId, via: 'portal', ...ctx });
        return { client: summaryOf(client), client_secret: secret, old_secrets_valid_until: null };
      } catch (err) {
        if (err instanceof ClientNameTakenError) {
          throw new AppError(409, INTEGRATION_ERRORS.CLIENT_NAME_TAKEN, err.message, [{ path: 'name', message: MESSAGE_KEYS.integrationClientNameTaken }]);
        }
        throw err;
      }
    },

    /** A new secret; the previous ones work `overlapHours` more (0: they end now). */
    async rotate(caller: StaffCaller, clientId: string, overlapHours: number, ctx: ChangeContext): Promise<IntegrationClientSecret> {
      await existing(clientId);
      const rotated = await repo.rotate(SYSTEM_CALLER, clientId, new Date(Date.now() + overlapHours * 3_600_000), undefined, { userId: caller.userId, via: 'portal', ...ctx });
      if (!rotated) throw revoked();
      return { client: summaryOf((await repo.find(SYSTEM_CALLER, clientId))!), client_secret: rotated.secret, old_secrets_valid_until: rotated.oldValidUntil.toISOString() };
    },

    /**
     * Revokes the client: no new token, and the tokens it holds are refused on the next request on
     * every instance (the per-request access check reads revoked_at from the shared database).
     */
    async revoke(caller: StaffCaller, clientId: string, ctx: ChangeContext): Promise<IntegrationClientSummary> {
      await existing(clientId);
      if (!(await repo.revoke(SYSTEM_CALLER, clientId, { userId: caller.userId, via: 'portal', ...ctx }))) throw revoked();
      return summaryOf((await repo.find(SYSTEM_CALLER, clientId))!);
    },
  };
}

export type IntegrationClientsService = ReturnType<typeof createIntegrationClientsService>;
