import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv, REPO_ROOT, resolveSigningKey } from './env';

describe('loadEnv', () => {
  it('has development defaults: port 8081, PGlite in <repo>/.data/pglite, demo data on', () => {
    const env = loadEnv({});
    expect(env.port).toBe(8081);
    expect(env.databaseUrl).toBeUndefined();
    expect(env.pgliteDataDir).toBe(join(REPO_ROOT, '.data', 'pglite'));
    expect(env.seedDemo).toBe(true);
    expect(env.oauthClientId).toBe('portal-web');
    expect(env.oauthClientSecret.length).toBeGreaterThan(10);
    expect(env.jwtSigningKey).toBeUndefined();
  });

  it('demands the client secret and the signing key in production, with no demo data by default', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/OAUTH_CLIENT_SECRET[\s\S]*JWT_SIGNING_KEY/);
    const env = loadEnv({ NODE_ENV: 'production', OAUTH_CLIENT_SECRET: 's3cret-value', JWT_SIGNING_KEY: Buffer.alloc(32, 7).toString('base64') });
    expect(env.seedDemo).toBe(false);
    expect(env.jwtSigningKey).toHaveLength(32);
    expect(() => resolveSigningKey({ ...env, jwtSigningKey: undefined })).toThrow(EnvError);
  });

  it('refuses the development client secret and short keys in production', () => {
    const key = Buffer.alloc(32, 1).toString('base64');
    expect(() => loadEnv({ NODE_ENV: 'production', OAUTH_CLIENT_SECRET: 'portal-web-development-secret', JWT_SIGNING_KEY: key })).toThrow(/development default/);
    expect(() => loadEnv({ JWT_SIGNING_KEY: 'c2hvcnQ=' })).toThrow(/at least 32 bytes/);
  });

  it('refuses malformed values', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(EnvError);
    expect(() => loadEnv({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/postgres/);
    expect(() => loadEnv({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
    expect(loadEnv({ DATABASE_URL: 'postgres://root@127.0.0.1:5432/test', SEED_DEMO: 'false' })).toMatchObject({ databaseUrl: 'postgres://root@127.0.0.1:5432/test', seedDemo: false });
  });

  it('generates the development signing key once and keeps it in the data folder', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-env-'));
    try {
      const first = resolveSigningKey({ jwtSigningKey: undefined, dataDir, nodeEnv: 'development' });
      const second = resolveSigningKey({ jwtSigningKey: undefined, dataDir, nodeEnv: 'development' });
      expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(statSync(join(dataDir, 'jwt-signing-key')).mode & 0o077).toBe(0);
      expect(readFileSync(join(dataDir, 'jwt-signing-key'), 'utf8').trim().length).toBeGreaterThan(40);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
