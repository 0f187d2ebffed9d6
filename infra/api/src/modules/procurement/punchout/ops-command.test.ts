// `npm run ops -- punchout ...` against a real database: create (the secret shown once works at the
// setup endpoint and is stored only as a hash), list, revoke (refused from then on), bad arguments.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSPITAL_BUYER, query } from '../../../test-support/demo-buyers';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { setupRequestXml } from './cxml-samples';
import { PunchoutCommandError, runPunchoutCommand } from './ops-command';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const run = (...argv: string[]) => runPunchoutCommand(argv, t.app.database.db);
const setup = (identity: string, secret: string) =>
  t.app.inject({ method: 'POST', url: '/api/punchout/cxml/setup', headers: { 'content-type': 'text/xml' }, payload: setupRequestXml({ senderIdentity: identity, secret, browserFormPost: 'https://ariba.buyer.example/return' }) });

describe('ops punchout', () => {
  it('creates an identity whose secret, shown once, sets up a punchout; revoke refuses it', async () => {
    const out = JSON.parse(
      await run('create', '--org', 'Zorggroep Scheldeland', '--user', HOSPITAL_BUYER, '--protocol', 'cxml', '--domain', 'NetworkID', '--identity', 'AN-OPS-TEST', '--return-origin', 'https://ariba.buyer.example/any/path', '--json'),
    ) as { id: string; secret: string; return_origins: string[] };
    expect(out.return_origins).toEqual(['https://ariba.buyer.example']);
    const [stored] = await query<{ secret_hash: string }>(t.app, sql`select secret_hash from procurement_identities where id = ${out.id}`);
    expect(stored!.secret_hash).toMatch(/^\$argon2/);
    expect(stored!.secret_hash).not.toContain(out.secret);
    expect((await setup('AN-OPS-TEST', out.secret)).statusCode).toBe(200);
    expect(await run('list')).toContain('AN-OPS-TEST');
    expect(await run('revoke', out.id)).toContain('Revoked');
    expect((await setup('AN-OPS-TEST', out.secret)).statusCode).toBe(401);
    await expect(run('revoke', out.id)).rejects.toBeInstanceOf(PunchoutCommandError);
  });

  it('refuses incomplete or wrong arguments with the usage', async () => {
    for (const argv of [
      ['create', '--org', 'Zorggroep Scheldeland', '--user', HOSPITAL_BUYER, '--protocol', 'cxml', '--identity', 'X', '--return-origin', 'https://a.example'],
      ['create', '--org', 'Zorggroep Scheldeland', '--user', HOSPITAL_BUYER, '--protocol', 'oci', '--identity', 'X', '--return-origin', 'ftp://a.example'],
      ['create', '--org', 'Zorggroep Scheldeland', '--user', HOSPITAL_BUYER, '--protocol', 'soap', '--identity', 'X', '--return-origin', 'https://a.example'],
      ['frobnicate'],
    ]) {
      const err = await run(...argv).then(() => null, (e: unknown) => e);
      expect(err, argv.join(' ')).toBeInstanceOf(PunchoutCommandError);
      expect((err as PunchoutCommandError).exitCode).toBe(2);
    }
    await expect(run('create', '--org', 'No Such Org', '--user', HOSPITAL_BUYER, '--protocol', 'oci', '--identity', 'Y', '--return-origin', 'https://a.example')).rejects.toThrow(/no active member/);
  });
});
