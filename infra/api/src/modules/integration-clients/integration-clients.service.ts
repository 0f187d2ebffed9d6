// The client-credentials grant (RFC 6749 section 4.4) and the client list, shared with the token
// endpoint (oauth module) and the staff page. The token endpoint owns the RFC 6749 error bodies; this
// answers which refusal it is, so the oauth module and this one do not import each other (decision 015).
import { parseScopeParameter, type ClientTokenResponse, type IntegrationClientSummary } from '@portal/shared/schemas';
import { SYSTEM_CALLER } from '../../caller';
import type { TokenSigner } from '../../common/access-tokens';
import type { IntegrationClientsRepository } from './integration-clients.repository';

export type ClientGrant = { ok: true; token: ClientTokenResponse; clientName: string } | { ok: false; error: 'invalid_client' | 'invalid_scope'; message: string };

export function createIntegrationClientsService(deps: { repo: IntegrationClientsRepository; signer: TokenSigner }) {
  const { repo, signer } = deps;
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
      const clients = await repo.list(SYSTEM_CALLER);
      return clients.map((c) => ({
        id: c.id,
        name: c.name,
        scopes: c.scopes,
        created_at: c.createdAt.toISOString(),
        last_rotated_at: c.lastRotatedAt?.toISOString() ?? null,
        revoked_at: c.revokedAt?.toISOString() ?? null,
      }));
    },
  };
}

export type IntegrationClientsService = ReturnType<typeof createIntegrationClientsService>;
