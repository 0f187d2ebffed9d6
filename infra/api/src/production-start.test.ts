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

const here = dirname(fileURLToPath(import.meta.url));

describe('a production start', () => {
  it('stops with a message naming PAYMENT_PROVIDER=dev when no real payment provider is configured', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-production-start-'));
    try {
      const started = spawnSync(process.execPath, ['--import', 'tsx', join(here, 'server.ts')], {
        cwd: join(here, '..'),
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          OAUTH_CLIENT_SECRET: randomBytes(24).toString('base64url'),
          JWT_SIGNING_KEY: randomBytes(32).toString('base64'),
          DATA_DIR: dataDir,
          PORT: '0',
          LOG_LEVEL: 'silent',
        },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(started.status, started.stderr).not.toBe(0);
      expect(started.status).not.toBeNull();
      expect(started.stderr).toContain('PAYMENT_PROVIDER=dev is refused in production');
      expect(started.stderr).toContain('MOLLIE_API_KEY');
      // The development seller (invoices, issue 30) is refused in the same breath.
      expect(started.stderr).toContain('SELLER_NAME');
      expect(started.stderr).toContain('SELLER_IBAN');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
