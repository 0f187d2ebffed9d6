// Integration clients in tests (issue 29): a client made through the repository (as the ops CLI
// makes one), its token got through the real token endpoint (client-credentials grant), and the
// audit rows a client's writes left.
import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { IntegrationScope } from '@portal/shared/schemas';
import { SYSTEM_CALLER } from '../caller';
import { auditLog } from '../db/schema';
import { createIntegrationClientsRepository } from '../modules/integration-clients/integration-clients.repository';
import { FORM_HEADERS, form } from './test-app';

export interface TestIntegrationClient {
  clientId: string;
  /** Its unique name: what its audit rows carry. */
  clientName: string;
  clientSecret: string;
  /** An access token with every scope of the client. */
  token: string;
  /** `{ authorization: 'Bearer <token>' }`. */
  headers: Record<string, string>;
}

/** A token for a client by client_credentials; throws with the answer when the endpoint refuses. */
export async function clientToken(app: FastifyInstance, clientId: string, clientSecret: string, scope?: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/oauth/token',
    headers: FORM_HEADERS,
    payload: form({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, ...(scope === undefined ? {} : { scope }) }),
  });
  if (res.statusCode !== 200) throw new Error(`client-credentials grant failed: ${res.statusCode} ${res.body}`);
  return res.json().access_token as string;
}

/** A new integration client with `scopes` (a unique name unless given) and a token for it. */
export async function integrationClient(app: FastifyInstance, scopes: readonly IntegrationScope[], name?: string): Promise<TestIntegrationClient> {
  const repo = createIntegrationClientsRepository(app.database.db);
  const { client, secret } = await repo.create(SYSTEM_CALLER, { name: name ?? `test-client-${randomBytes(4).toString('hex')}`, scopes });
  const token = await clientToken(app, client.id, secret);
  return { clientId: client.id, clientName: client.name, clientSecret: secret, token, headers: { authorization: `Bearer ${token}` } };
}

/** The audit rows written by the client named `clientName`, newest first. */
export async function auditRows(app: FastifyInstance, clientName: string) {
  return app.database.db
    .select({ action: auditLog.action, entityType: auditLog.entityType, entityId: auditLog.entityId, data: auditLog.data, at: auditLog.at })
    .from(auditLog)
    .where(eq(auditLog.actorClient, clientName))
    .orderBy(desc(auditLog.id));
}
