// The demo integration client of `npm start`: created with every scope, the same after a restart,
// its secret put back when the database no longer takes it, a revocation left alone.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_SCOPES } from '@portal/shared/schemas';
import { SYSTEM_CALLER } from '../../caller';
import { clientToken } from '../../test-support/integration-clients';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { DEMO_CLIENT_NAME, demoClientSecret, ensureDemoClient } from './demo-client';
import { createIntegrationClientsRepository } from './integration-clients.repository';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ demoIntegrationClient: true });
});
afterAll(async () => {
  await t?.close();
});

const repo = () => createIntegrationClientsRepository(t.app.database.db);

describe('the demo integration client', () => {
  it('exists at start with every scope, and its secret gets a token', async () => {
    const demo = t.app.demoIntegrationClient!;
    expect(demo).toMatchObject({ name: DEMO_CLIENT_NAME, revoked: false });
    const token = await clientToken(t.app, demo.id, demo.secret);
    const me = await t.app.inject({ url: '/api/integration/v1/client', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().scopes).toEqual([...INTEGRATION_SCOPES]);
  });

  it('is the same client after a restart', async () => {
    const before = t.app.demoIntegrationClient!;
    await t.restart();
    expect(t.app.demoIntegrationClient).toEqual(before);
  });

  it('gets every scope and the expected secret back when they were changed, and stays revoked when revoked', async () => {
    const demo = t.app.demoIntegrationClient!;
    await repo().setScopes(SYSTEM_CALLER, demo.id, ['orders:read']);
    await repo().rotate(SYSTEM_CALLER, demo.id, new Date());
    expect(await repo().authenticate(SYSTEM_CALLER, demo.id, demo.secret)).toBeNull();
    const again = await ensureDemoClient(repo(), demo.secret);
    expect(again).toEqual(demo);
    expect((await repo().authenticate(SYSTEM_CALLER, demo.id, demo.secret))?.scopes).toEqual([...INTEGRATION_SCOPES]);
    await repo().revoke(SYSTEM_CALLER, demo.id);
    expect(await ensureDemoClient(repo(), demo.secret)).toMatchObject({ id: demo.id, revoked: true });
    expect(await repo().authenticate(SYSTEM_CALLER, demo.id, demo.secret)).toBeNull();
  });

  it('takes its secret from the environment, else generates one into the data folder once (owner-only)', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-demo-client-'));
    try {
      expect(demoClientSecret({ dataDir, demoIntegrationClientSecret: 'x'.repeat(40) })).toBe('x'.repeat(40));
      const first = demoClientSecret({ dataDir, demoIntegrationClientSecret: undefined });
      expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(demoClientSecret({ dataDir, demoIntegrationClientSecret: undefined })).toBe(first);
      const file = join(dataDir, 'demo-integration-client-secret');
      expect(readFileSync(file, 'utf8').trim()).toBe(first);
      expect(statSync(file).mode & 0o077).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
