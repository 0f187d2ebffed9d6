import type { DeployStore } from './store';

/** What every operation needs: where builds are, where they go, and who is acting. */
export interface OpsContext {
  store: DeployStore;
  /** The repository root: apps build into `<repoRoot>/<app folder>/dist`. */
  repoRoot: string;
  /** Who is acting, recorded in the history. */
  by: string;
  /** Clock, replaceable in tests. */
  now?: () => Date;
  /** Progress and warnings, one line each; silent when absent. */
  log?: (line: string) => void;
}

/** The current time as an ISO string. */
export function nowIso(ctx: OpsContext): string {
  return (ctx.now ?? (() => new Date()))().toISOString();
}
