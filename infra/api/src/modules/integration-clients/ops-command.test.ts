// `npm run ops -- clients ...` against a real database: create, list, rotate with an overlap,
// revoke; the secret shown once works at the token endpoint, and nothing stores it in clear.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_SCOPES } from '@portal/shared/schemas';
import { query } from '../../test-support/demo-buyers';
import { clientToken } from '../../test-support/integration-clients';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { ClientsCommandError, parseOverlap, runClientsCommand } from './ops-command';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const run = (...argv: string[]) => runClientsCommand(argv, t.app.database.db);
async function refusal(...argv: string[]): Promise<ClientsCommandError> {
  const err = await run(...argv).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ClientsCommandError);
  return err as ClientsCommandError;
}

describe('ops clients', () => {
  it('creates a client and prints its id and secret once; the secret gets a token, the database holds only its hash', async () => {
    const created = JSON.parse(await run('create', 'Warehouse WMS', '--scopes', 'stock:write,shipments:write', '--json'));
    expect(created).toMatchObject({ name: 'Warehouse WMS', scopes: ['stock:write', 'shipments:write'], revoked_at: null });
    expect(created.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await clientToken(t.app, created.id, created.client_secret)).toBeTruthy();
    const stored = await query<{ n: number }>(t.app, sql`select count(*)::int as n from integration_client_secrets where secret_hash = ${created.client_secret}`);
    expect(stored[0]!.n).toBe(0);
    const text = await run('create', 'PIM', '--scopes', 'all');
    expect(text).toMatch(/client_secret: [A-Za-z0-9_-]{43}/);
    expect(text).toContain(INTEGRATION_SCOPES.join(' '));
  });

  it('lists the clients with their scopes, creation, last rotation and revocation', async () => {
    await run('create', 'ERP list', '--scopes', 'orders:read');
    const list = JSON.parse(await run('list', '--json')) as { name: string; scopes: string[]; last_rotated_at: string | null }[];
    expect(list.find((c) => c.name === 'ERP list')).toMatchObject({ scopes: ['orders:read'], last_rotated_at: expect.any(String) });
    const text = await run('list');
    expect(text.split('\n')[0]).toMatch(/^ID\s+NAME\s+SCOPES\s+CREATED\s+LAST ROTATION\s+REVOKED$/);
    expect(text).toContain('ERP list');
  });

  it('rotates by name with an overlap: both secrets work until it ends; revoking ends every token', async () => {
    const created = JSON.parse(await run('create', 'ERP rotate', '--scopes', 'catalog:write', '--json'));
    const rotated = JSON.parse(await run('rotate', 'ERP rotate', '--overlap', '2h', '--json'));
    expect(new Date(rotated.old_secrets_valid_until).getTime()).toBeGreaterThan(Date.now() + 3_600_000);
    const token = await clientToken(t.app, created.id, rotated.client_secret);
    expect(await clientToken(t.app, created.id, created.client_secret)).toBeTruthy();
    expect(await run('revoke', created.id)).toContain('Revoked "ERP rotate"');
    const res = await t.app.inject({ url: '/api/integration/v1/client', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
    expect((await refusal('revoke', created.id)).message).toContain('revoked already');
    expect((await refusal('rotate', created.id)).message).toContain('is revoked');
  });

  it('refuses a taken name, an unknown scope or client, a bad name and a bad overlap, naming the problem', async () => {
    await run('create', 'ERP twice', '--scopes', 'orders:read');
    expect((await refusal('create', 'ERP twice', '--scopes', 'orders:read')).message).toContain('exists');
    const unknown = await refusal('create', 'ERP x', '--scopes', 'orders:read,everything');
    expect(unknown.exitCode).toBe(2);
    expect(unknown.message).toContain('unknown scope everything');
    expect((await refusal('create', 'ERP y')).message).toContain('--scopes');
    expect((await refusal('create', 'bad/name', '--scopes', 'all')).exitCode).toBe(2);
    expect((await refusal('revoke', 'nobody')).message).toContain('no integration client "nobody"');
    expect((await refusal('frobnicate')).exitCode).toBe(2);
    expect(() => parseOverlap('3 weeks')).toThrow(ClientsCommandError);
    expect(parseOverlap('0')).toBe(0);
    expect(parseOverlap('30m')).toBe(1_800_000);
    expect(parseOverlap('7d')).toBe(604_800_000);
  });
});
