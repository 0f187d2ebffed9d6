import { remoteManifestPath, type Registry } from '@portal/shared/schemas';
import { isRemote, type AppName } from './apps';
import { nowIso, type OpsContext } from './context';
import { assertCompatible } from './compatibility';
import { OpsError } from './errors';
import type { HistoryEntry } from './history';

/** One pointer an operation moved (or found already in place). */
export interface PointerChange {
  app: AppName;
  environment: string;
  /** Live version before, null when the app was not live in that environment. */
  from: string | null;
  to: string;
  /** False when `to` was already live: nothing was written. */
  changed: boolean;
}

/** The live version of an app in a registry, or null. */
export function liveVersion(registry: Registry | undefined, app: AppName): string | null {
  if (!registry) return null;
  return isRemote(app) ? (registry.remotes[app]?.version ?? null) : registry.shell.version;
}

/** A copy of the registry with `app` pointing at `version`. */
export function pointRegistry(
  registry: Registry | undefined,
  environment: string,
  app: AppName,
  version: string,
  at: string,
): Registry {
  if (!isRemote(app)) {
    return { environment, updatedAt: at, shell: { version }, remotes: { ...registry?.remotes } };
  }
  if (!registry) {
    // The registry document always names a shell: the portal cannot run without one.
    throw new OpsError(
      'OPS_NO_SHELL',
      `${environment} has no shell yet; deploy the shell first (pnpm ops deploy shell)`,
    );
  }
  const canary = registry.remotes[app]?.canary;
  const entry = { version, manifest: remoteManifestPath(app, version) };
  // A canary of the version now made live has nothing left to test; any other canary keeps running.
  const next = canary && canary.version !== version ? { ...entry, canary } : entry;
  return { ...registry, updatedAt: at, remotes: { ...registry.remotes, [app]: next } };
}

/**
 * Moves pointers in one registry write and records each change in the history. The caller holds the
 * environment's lock and has read `registry` under it.
 */
export async function applyPointers(
  ctx: OpsContext,
  environment: string,
  registry: Registry | undefined,
  targets: ReadonlyArray<{ app: AppName; version: string }>,
  action: HistoryEntry['action'],
  reason: string,
): Promise<PointerChange[]> {
  const at = nowIso(ctx);
  let next = registry;
  const changes: PointerChange[] = [];
  for (const { app, version } of targets) {
    const from = liveVersion(next, app);
    changes.push({ app, environment, from, to: version, changed: from !== version });
    if (from !== version) next = pointRegistry(next, environment, app, version, at);
  }
  const changed = changes.filter((c) => c.changed);
  if (changed.length === 0 || !next) return changes;
  // Before anything is written: the new pointers must be able to run together (shared singletons).
  await assertCompatible(ctx, next, new Set(changed.map((c) => c.app)));
  // Registry first, then history: the pointer is what users get; a crash between the two loses only
  // the audit line, never leaves history claiming a change that did not happen.
  await ctx.store.writeRegistry(next);
  await ctx.store.appendHistory(
    environment,
    changed.map((c) => ({ at, environment, app: c.app, action, from: c.from, to: c.to, by: ctx.by, reason })),
  );
  return changes;
}

/** Takes the environment's lock, reads its registry under it and applies `targets` (see `applyPointers`). */
export function movePointers(
  ctx: OpsContext,
  environment: string,
  targets: ReadonlyArray<{ app: AppName; version: string }>,
  action: HistoryEntry['action'],
  reason: string,
): Promise<PointerChange[]> {
  return ctx.store.withLock(environment, async () =>
    applyPointers(ctx, environment, await ctx.store.readRegistry(environment), targets, action, reason),
  );
}
