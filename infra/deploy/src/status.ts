import type { RemoteCanary } from '@portal/shared/schemas';
import { APP_NAMES, isRemote, type AppName } from './apps';
import type { OpsContext } from './context';
import type { HistoryEntry, JudgementRecord } from './history';
import { liveVersion } from './registry-update';

/** Environments `status` always shows, deployed or not. */
export const DEFAULT_ENVIRONMENTS = ['development', 'production'] as const;

/** One app's state in one environment. */
export interface AppStatus {
  app: AppName;
  /** Live version, null when never deployed there. */
  version: string | null;
  canary: RemoteCanary | null;
  /** When, by whom and why the pointer last moved (null when the history has no entry). */
  changedAt: string | null;
  changedBy: string | null;
  reason: string | null;
  /** The canary judge's last decision on this app (`ops canary --judge`), null when it never judged one. */
  judged: (JudgementRecord & { at: string }) | null;
}

/** One environment's state, as `ops status --json` prints it. */
export interface EnvironmentStatus {
  environment: string;
  /** When its registry last changed, null when nothing was ever deployed there. */
  updatedAt: string | null;
  apps: AppStatus[];
}

/** The live version of every app in each environment, and when each last changed. */
export async function getStatus(ctx: OpsContext, environments?: readonly string[]): Promise<EnvironmentStatus[]> {
  const names = environments ?? [...new Set([...DEFAULT_ENVIRONMENTS, ...(await ctx.store.listEnvironments())])].sort();
  return Promise.all(
    names.map(async (environment) => {
      const registry = await ctx.store.readRegistry(environment);
      const history = await ctx.store.readHistory(environment);
      const apps = APP_NAMES.map((app): AppStatus => {
        const last = lastChange(history, app);
        return {
          app,
          version: liveVersion(registry, app),
          canary: (isRemote(app) && registry?.remotes[app]?.canary) || null,
          changedAt: last?.at ?? null,
          changedBy: last?.by ?? null,
          reason: last?.reason ?? null,
          judged: lastJudgement(history, app),
        };
      });
      return { environment, updatedAt: registry?.updatedAt ?? null, apps };
    }),
  );
}

/** An app's history in one environment, newest first. */
export async function getHistory(ctx: OpsContext, app: AppName, environment: string): Promise<HistoryEntry[]> {
  return (await ctx.store.readHistory(environment)).filter((entry) => entry.app === app).reverse();
}

function lastChange(history: readonly HistoryEntry[], app: AppName): HistoryEntry | undefined {
  return history.findLast((entry) => entry.app === app);
}

function lastJudgement(history: readonly HistoryEntry[], app: AppName): AppStatus['judged'] {
  const entry = history.findLast((e) => e.app === app && e.judgement !== undefined);
  return entry?.judgement ? { at: entry.at, ...entry.judgement } : null;
}
