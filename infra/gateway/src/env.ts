import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { EnvironmentNameSchema } from '@portal/shared/schemas';
import { defaultBackupDir } from '@portal/deploy';

/** The repository root (this file is infra/gateway/src/env.ts). */
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Default interval of the shell's registry poll: one minute. */
export const DEFAULT_VERSION_POLL_MS = 60_000;

const GatewayEnvSchema = v.object({
  /** TCP port. */
  PORT: v.optional(
    v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(65535)),
    '8080',
  ),
  /** Interface to listen on; loopback unless told otherwise (`HOST=0.0.0.0` in a container). */
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '127.0.0.1'),
  /** The environment whose registry this gateway serves the portal from. */
  PORTAL_ENV: v.optional(EnvironmentNameSchema, 'production'),
  /** Store of published builds and registries (relative paths from the working directory). */
  PORTAL_STORE_DIR: v.optional(v.pipe(v.string(), v.nonEmpty())),
  /** How often open tabs poll the registry for a new version, in ms (written into index.html). */
  PORTAL_VERSION_POLL_MS: v.optional(
    v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(100), v.maxValue(24 * 60 * 60 * 1000)),
    String(DEFAULT_VERSION_POLL_MS),
  ),
  /** Where `ops backup` writes its sets (the same variable): the backup-age gauge reads their manifests. */
  BACKUP_DIR: v.optional(v.pipe(v.string(), v.nonEmpty())),
});

/** The gateway's settings, validated. */
export interface GatewayEnv {
  port: number;
  host: string;
  environment: string;
  storeDir: string;
  versionPollMs: number;
  backupDir: string;
}

/** Reads and validates the gateway's environment variables; the only place that reads them. */
export function readGatewayEnv(source: NodeJS.ProcessEnv = process.env): GatewayEnv {
  // An empty variable counts as unset, as shells and compose files often leave them.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(GatewayEnvSchema, present);
  if (!result.success) throw new Error(`invalid gateway environment: ${v.summarize(result.issues)}`);
  const env = result.output;
  return {
    port: env.PORT,
    host: env.HOST,
    environment: env.PORTAL_ENV,
    storeDir: env.PORTAL_STORE_DIR ? resolve(env.PORTAL_STORE_DIR) : resolve(REPO_ROOT, '.data', 'store'),
    versionPollMs: env.PORTAL_VERSION_POLL_MS,
    backupDir: env.BACKUP_DIR ? resolve(env.BACKUP_DIR) : defaultBackupDir(),
  };
}
