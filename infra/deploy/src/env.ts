import { userInfo } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { EnvironmentNameSchema } from '@portal/shared/schemas';

/** The repository root (this file is infra/deploy/src/env.ts). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const DeployEnvSchema = v.object({
  /** Store directory; relative paths are taken from where the command was typed. */
  PORTAL_STORE_DIR: v.optional(v.string()),
  /** Default environment of the commands (the gateway reads the same variable). */
  PORTAL_ENV: v.optional(EnvironmentNameSchema),
  /** Who is acting, when `--by` is not given. */
  USER: v.optional(v.string()),
  /** Set by pnpm/npm to the folder the command was typed in: `pnpm --filter` moves the cwd. */
  INIT_CWD: v.optional(v.string()),
  /** The PostgreSQL database `ops backup` dumps and `ops restore` writes into (the API reads the same variable). */
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL'))),
  /** Where backup sets go (the gateway's backup-age gauge reads the same variable). */
  BACKUP_DIR: v.optional(v.string()),
  /** The WAL archive's folder (archive_command copies into it) for `ops restore --to`. */
  WAL_ARCHIVE_DIR: v.optional(v.string()),
  /** Folder of pg_dump, pg_restore and psql when they are not on PATH (e.g. /usr/lib/postgresql/15/bin). */
  PG_BIN: v.optional(v.string()),
  /** `ops canary --judge`: its config file (default infra/deploy/canary-judge.json). */
  CANARY_JUDGE_CONFIG: v.optional(v.string()),
  /** `ops canary --judge`: the instances' metrics URLs, comma-separated; replaces the config file's list. */
  CANARY_SCRAPE_URLS: v.optional(v.string()),
  /** The metrics endpoints' bearer token, when they ask for one (the API's METRICS_TOKEN). */
  METRICS_TOKEN: v.optional(v.string()),
});

/** The ops tool's settings from the environment, validated. */
export interface DeployEnv {
  storeDir: string;
  environment: string;
  user: string;
  /** The folder relative paths on the command line are resolved from. */
  invokedFrom: string;
  databaseUrl: string | undefined;
  backupDir: string;
  pgBin: string | undefined;
  walArchiveDir: string | undefined;
  /** The canary judge's config file, absolute. */
  judgeConfig: string;
  /** Metrics URLs from the environment (empty: the config file's). */
  scrapeUrls: string[];
  metricsToken: string | undefined;
}

/** Reads and validates the environment variables the ops tool uses; the only place that reads them. */
export function readDeployEnv(source: NodeJS.ProcessEnv = process.env): DeployEnv {
  // An empty variable means unset: `PORTAL_ENV= pnpm ops status` should not fail validation.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(DeployEnvSchema, present);
  if (!result.success) throw new Error(`invalid environment: ${v.summarize(result.issues)}`);
  const env = result.output;
  const invokedFrom = env.INIT_CWD ?? process.cwd();
  return {
    storeDir: env.PORTAL_STORE_DIR ? resolveFrom(invokedFrom, env.PORTAL_STORE_DIR) : join(REPO_ROOT, '.data', 'store'),
    environment: env.PORTAL_ENV ?? 'production',
    user: env.USER ?? currentUser(),
    invokedFrom,
    databaseUrl: env.DATABASE_URL,
    backupDir: env.BACKUP_DIR ? resolveFrom(invokedFrom, env.BACKUP_DIR) : defaultBackupDir(),
    pgBin: env.PG_BIN,
    walArchiveDir: env.WAL_ARCHIVE_DIR ? resolveFrom(invokedFrom, env.WAL_ARCHIVE_DIR) : undefined,
    judgeConfig: env.CANARY_JUDGE_CONFIG ? resolveFrom(invokedFrom, env.CANARY_JUDGE_CONFIG) : join(REPO_ROOT, 'infra', 'deploy', 'canary-judge.json'),
    scrapeUrls: (env.CANARY_SCRAPE_URLS ?? '').split(',').map((url) => url.trim()).filter(Boolean),
    metricsToken: env.METRICS_TOKEN,
  };
}

/** Where backup sets go when BACKUP_DIR is unset: beside the store, in the git-ignored .data folder. */
export const defaultBackupDir = () => join(REPO_ROOT, '.data', 'backups');

/** `path` made absolute relative to `base`. */
export function resolveFrom(base: string, path: string): string {
  return isAbsolute(path) ? path : resolve(base, path);
}

function currentUser(): string {
  try {
    return userInfo().username; // USER is unset under some CI runners and cron
  } catch {
    return 'unknown';
  }
}
