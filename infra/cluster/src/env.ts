// The one place the cluster launcher reads its environment (STYLE.md rule 5, decision 038). The
// instances it starts read their own (infra/api/src/env.ts, infra/gateway/src/env.ts): what they
// are given comes from `childEnvironment`, so the launcher's own settings never leak in by accident
// of a spread of process.env elsewhere.

/** What the launcher itself is configured by; everything optional (the CLI flags win). */
export interface ClusterEnv {
  /** PostgreSQL the instances share when `--database-url` is not given. */
  databaseUrl: string | undefined;
  /** Redis the instances share when `--redis-url` is not given. */
  redisUrl: string | undefined;
  /** The nginx binary in front of the instances. */
  nginxPath: string;
  /** Prometheus for `--observe`. */
  prometheusPath: string;
  /** `1`: run the TypeScript sources through tsx even when a production build exists. */
  useTsx: boolean;
}

/** Where Debian's nginx package puts the binary: the default, and what `npm run cluster` installs as root. */
export const DEFAULT_NGINX = '/usr/sbin/nginx';

/** Where Debian's prometheus package puts the server (2.42 on bookworm); promtool is beside it. */
export const DEFAULT_PROMETHEUS = '/usr/bin/prometheus';

const nonEmpty = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

export function loadClusterEnv(source: Record<string, string | undefined> = process.env): ClusterEnv {
  return {
    databaseUrl: nonEmpty(source.DATABASE_URL),
    redisUrl: nonEmpty(source.REDIS_URL),
    nginxPath: nonEmpty(source.NGINX_PATH) ?? DEFAULT_NGINX,
    prometheusPath: nonEmpty(source.PROMETHEUS_PATH) ?? DEFAULT_PROMETHEUS,
    useTsx: source.PORTAL_USE_TSX === '1',
  };
}

/**
 * The environment a child process (an instance, the ops CLI) starts with: this process's (PATH,
 * HOME, the test run's settings) with `overrides` on top. The children validate it themselves.
 */
export function childEnvironment(overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}
