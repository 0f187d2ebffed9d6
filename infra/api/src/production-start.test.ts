// A production start of the API process refuses the development payment provider and says why
// (issue 27, decision 036): the real entry point, not only loadEnv. A start that wrongly got past
// the check would listen until the timeout kills it, and fail this test just the same.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REAL_SELLER } from './test-support/real-seller';

const here = dirname(fileURLToPath(import.meta.url));


/** Starts the real entry point in production with `extra` in its environment; answers its exit status and stderr. */
function startProduction(extra: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-production-start-'));
  try {
    return spawnSync(process.execPath, ['--import', 'tsx', join(here, 'server.ts')], {
      cwd: join(here, '..'),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        OAUTH_CLIENT_SECRET: randomBytes(24).toString('base64url'),
        JWT_SIGNING_KEY: randomBytes(32).toString('base64'),
        DATA_DIR: dataDir,
        PORT: '0',
        LOG_LEVEL: 'silent',
        ...extra,
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('a production start', () => {
  it('stops with a message naming PAYMENT_PROVIDER=dev when no real payment provider is configured', () => {
    const started = startProduction({});
    expect(started.status, started.stderr).not.toBe(0);
    expect(started.status).not.toBeNull();
    expect(started.stderr).toContain('PAYMENT_PROVIDER=dev is refused in production');
    expect(started.stderr).toContain('MOLLIE_API_KEY');
    // The development seller (invoices, issue 30) is refused in the same breath.
    expect(started.stderr).toContain('SELLER_NAME');
    expect(started.stderr).toContain('SELLER_IBAN');
  }, 90_000);

  it('stops with a message naming PEPPOL_ACCESS_POINT=dev when the development access point is configured (decision 048)', () => {
    // Everything else a production start needs is valid: the access point alone stops it.
    const started = startProduction({
      PEPPOL_ACCESS_POINT: 'dev',
      ...REAL_SELLER,
      PAYMENT_PROVIDER: 'mollie',
      MOLLIE_API_KEY: `live_${'a'.repeat(30)}`,
      PUBLIC_BASE_URL: 'https://portal.example.com',
    });
    expect(started.status, started.stderr).not.toBe(0);
    expect(started.status).not.toBeNull();
    expect(started.stderr).toContain('PEPPOL_ACCESS_POINT=dev is refused in production');
    expect(started.stderr).not.toContain('PAYMENT_PROVIDER');
  }, 90_000);

  it('stops with a message naming DEMO_PUNCHOUT_SECRET when given the demo punchout secret (decision 052)', () => {
    const started = startProduction({ DEMO_PUNCHOUT_SECRET: 'demo-punchout-secret' });
    expect(started.status, started.stderr).not.toBe(0);
    expect(started.status).not.toBeNull();
    expect(started.stderr).toContain('DEMO_PUNCHOUT_SECRET is refused in production');
  }, 90_000);

  it('stops with a message naming DEMO_INTEGRATION_CLIENT when asked for the demo integration client (decision 045)', () => {
    const started = startProduction({ DEMO_INTEGRATION_CLIENT: 'true' });
    expect(started.status, started.stderr).not.toBe(0);
    expect(started.status).not.toBeNull();
    expect(started.stderr).toContain('DEMO_INTEGRATION_CLIENT is refused in production');
  }, 90_000);
});
