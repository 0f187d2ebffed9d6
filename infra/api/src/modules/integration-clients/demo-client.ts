// The demo integration client of `npm start` (issue 29): every scope, its id and secret printed
// beside the demo accounts so the ERP guide's walk-through (docs/erp-guide.md) works at once. Kept across restarts:
// found by name, its scopes brought up to every scope, its secret (DEMO_INTEGRATION_CLIENT_SECRET,
// else one generated once into the git-ignored data folder) put back when the database no longer
// takes it. Never in production (env.ts refuses it there; decision 045).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { INTEGRATION_SCOPES } from '@portal/shared/schemas';
import { SYSTEM_CALLER } from '../../caller';
import type { Env } from '../../env';
import { ClientNameTakenError, type IntegrationClientsRepository } from './integration-clients.repository';

export const DEMO_CLIENT_NAME = 'Demo ERP';

/** What `npm start` prints. `revoked`: an operator revoked it; it is left so (the secret then gets no token). */
export interface DemoIntegrationClient {
  id: string;
  name: string;
  secret: string;
  revoked: boolean;
}

/** The demo secret: from the environment, else from (or generated into) `<dataDir>/demo-integration-client-secret`. */
export function demoClientSecret(env: Pick<Env, 'demoIntegrationClientSecret' | 'dataDir'>): string {
  if (env.demoIntegrationClientSecret) return env.demoIntegrationClientSecret;
  const file = join(env.dataDir, 'demo-integration-client-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(env.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Creates the demo client or brings it back to every scope and the expected secret; idempotent, safe for instances starting together. */
export async function ensureDemoClient(repo: IntegrationClientsRepository, secret: string): Promise<DemoIntegrationClient> {
  let client = await repo.find(SYSTEM_CALLER, DEMO_CLIENT_NAME);
  if (!client) {
    try {
      client = (await repo.create(SYSTEM_CALLER, { name: DEMO_CLIENT_NAME, scopes: INTEGRATION_SCOPES, secret })).client;
    } catch (err) {
      // Another instance created it a moment ago.
      if (!(err instanceof ClientNameTakenError)) throw err;
      client = (await repo.find(SYSTEM_CALLER, DEMO_CLIENT_NAME))!;
    }
  }
  const revoked = client.revokedAt !== null;
  if (!revoked) {
    if (INTEGRATION_SCOPES.some((s) => !client.scopes.includes(s))) await repo.setScopes(SYSTEM_CALLER, client.id, INTEGRATION_SCOPES);
    if (!(await repo.authenticate(SYSTEM_CALLER, client.id, secret))) await repo.rotate(SYSTEM_CALLER, client.id, new Date(), secret);
  }
  return { id: client.id, name: client.name, secret, revoked };
}
