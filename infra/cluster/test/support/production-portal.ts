// A portal process (gateway + API) with production settings on a given database and deploy store:
// what the backup tests start before a backup and again on what they restored, so both sides run the
// same configuration.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createInstance, type Instance } from '../../src/instance';

/** The secrets a portal and its restored copy share, so a buyer's sign-in works on both. */
export interface PortalSecrets {
  signingKey: string;
  clientSecret: string;
}

export const newPortalSecrets = (): PortalSecrets => ({
  clientSecret: randomBytes(24).toString('base64url'),
  signingKey: randomBytes(32).toString('base64'),
});

export interface ProductionPortal {
  port: number;
  databaseUrl: string;
  storeDir: string;
  /** Names its log file and data folder in `workDir`. */
  name: string;
  workDir: string;
  seed: boolean;
  secrets: PortalSecrets;
}

export function productionPortal(p: ProductionPortal): Instance {
  return createInstance({
    port: p.port,
    logFile: join(p.workDir, `${p.name}.log`),
    readyTimeoutMs: 150_000,
    env: {
      NODE_ENV: 'production',
      SEED_DEMO: p.seed ? 'true' : '',
      LOG_LEVEL: 'warn',
      ALLOW_DEV_PAYMENTS_IN_PRODUCTION: 'true',
      PUBLIC_BASE_URL: `http://127.0.0.1:${p.port}`,
      JWT_SIGNING_KEY: p.secrets.signingKey,
      OAUTH_CLIENT_SECRET: p.secrets.clientSecret,
      PAYMENT_WEBHOOK_SECRET: randomBytes(24).toString('base64url'),
      DATABASE_URL: p.databaseUrl,
      PORTAL_STORE_DIR: p.storeDir,
      PORTAL_ENV: 'production',
      DATA_DIR: join(p.workDir, `${p.name}-data`),
      AUTH_FAILURE_DELAY_MS: '0',
      AUTH_RESPONSE_FLOOR_MS: '0',
    },
  });
}
