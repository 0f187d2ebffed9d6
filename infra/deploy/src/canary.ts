import { remoteManifestPath, type Registry, type RegistryRemote } from '@portal/shared/schemas';
import type { RemoteName } from './apps';
import { assertCompatible } from './compatibility';
import { nowIso, type OpsContext } from './context';
import { ensurePublished, precheckBuild, validateStored } from './deploy';
import { OpsError } from './errors';
import type { HistoryEntry, JudgementRecord } from './history';
import { publishApp } from './publish';

/** What a canary command did to one remote. */
export interface CanaryChange {
  app: RemoteName;
  environment: string;
  action: 'canary' | 'promote' | 'abort';
  /** The version everyone not in the canary gets, after the command. */
  live: string;
  /** The canary after the command, or null when none runs any more. */
  canary: { version: string; percent: number } | null;
  /** False when nothing had to change (same canary, same percent): nothing was written. */
  changed: boolean;
}

/** Options of `startCanary`. */
export interface CanaryOptions {
  /** A published version; without it the remote's current build is published and used. */
  version?: string;
  distDir?: string;
  /** Share of users (an integer 0–100) who get the canary; the gateway buckets them (docs/decisions/006). */
  percent: number;
  reason?: string;
}

/**
 * Serves `version` of a remote to `percent` % of users beside the live version. Running it again with the
 * same version changes the percent; raising it keeps everyone already in the canary in it.
 */
export async function startCanary(
  ctx: OpsContext,
  app: RemoteName,
  environment: string,
  options: CanaryOptions,
): Promise<CanaryChange> {
  const { percent } = options;
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new OpsError('OPS_BAD_ARGUMENT', `--percent must be a whole number from 0 to 100, not ${percent}`);
  }
  if (options.version === undefined) await precheckBuild(ctx, app, environment, options.distDir);
  const version = options.version ?? (await publishApp(ctx, app, { distDir: options.distDir })).version;
  if (options.version !== undefined) await ensurePublished(ctx, app, version, options.distDir);
  await validateStored(ctx, app, version);
  return changeRemote(ctx, app, environment, 'canary', options.reason ?? '', (entry) => {
    if (entry.version === version) {
      throw new OpsError('OPS_BAD_ARGUMENT', `${environment}: ${app} ${version} is already live; a canary needs another version`);
    }
    const before = entry.canary;
    if (before?.version === version && before.percent === percent) return undefined;
    return {
      next: { ...entry, canary: { version, manifest: remoteManifestPath(app, version), percent } },
      from: before?.version ?? null,
      to: version,
      percent,
    };
  });
}

/** Makes the running canary the live version for everyone (a deploy: `rollback` undoes it). */
export function promoteCanary(
  ctx: OpsContext,
  app: RemoteName,
  environment: string,
  reason = '',
  judgement?: JudgementRecord,
): Promise<CanaryChange> {
  return changeRemote(ctx, app, environment, 'promote', reason, (entry) => {
    const canary = requireCanary(entry, app, environment, judgement);
    return { next: { version: canary.version, manifest: canary.manifest }, from: entry.version, to: canary.version, judgement };
  });
}

/** Stops the canary: everyone gets the live version again. */
export function abortCanary(
  ctx: OpsContext,
  app: RemoteName,
  environment: string,
  reason = '',
  judgement?: JudgementRecord,
): Promise<CanaryChange> {
  return changeRemote(ctx, app, environment, 'abort', reason, (entry) => {
    const canary = requireCanary(entry, app, environment, judgement);
    return { next: { version: entry.version, manifest: entry.manifest }, from: canary.version, to: entry.version, judgement };
  });
}

/** The running canary; with a judgement, only the version that was judged (someone may have replaced it meanwhile). */
function requireCanary(entry: RegistryRemote, app: RemoteName, environment: string, judgement?: JudgementRecord) {
  if (!entry.canary) throw new OpsError('OPS_NO_CANARY', `${environment}: ${app} has no canary running`);
  if (judgement && entry.canary.version !== judgement.version) {
    throw new OpsError(
      'OPS_NO_CANARY',
      `${environment}: ${app}'s canary is now ${entry.canary.version}, not the judged ${judgement.version}; nothing changed`,
    );
  }
  return entry.canary;
}

type Edit = { next: RegistryRemote; from: string | null; to: string; percent?: number; judgement?: JudgementRecord } | undefined;

/** Under the environment's lock: edits one remote's entry, checks it can run, writes registry then history. */
function changeRemote(
  ctx: OpsContext,
  app: RemoteName,
  environment: string,
  action: CanaryChange['action'],
  reason: string,
  edit: (entry: RegistryRemote) => Edit,
): Promise<CanaryChange> {
  return ctx.store.withLock(environment, async () => {
    const registry = await ctx.store.readRegistry(environment);
    const entry = registry?.remotes[app];
    if (!registry || !entry) {
      throw new OpsError('OPS_BAD_ARGUMENT', `${app} is not live in ${environment}; deploy it first (pnpm ops deploy ${app})`);
    }
    const change = edit(entry);
    const result = (remote: RegistryRemote, changed: boolean): CanaryChange => ({
      app,
      environment,
      action,
      live: remote.version,
      canary: remote.canary ? { version: remote.canary.version, percent: remote.canary.percent } : null,
      changed,
    });
    if (!change) return result(entry, false);
    const at = nowIso(ctx);
    const next: Registry = { ...registry, updatedAt: at, remotes: { ...registry.remotes, [app]: change.next } };
    await assertCompatible(ctx, next, new Set([app]));
    await ctx.store.writeRegistry(next);
    const line: HistoryEntry = { at, environment, app, action, from: change.from, to: change.to, by: ctx.by, reason };
    if (change.percent !== undefined) line.percent = change.percent;
    if (change.judgement) line.judgement = change.judgement;
    await ctx.store.appendHistory(environment, [line]);
    const done = result(change.next, true);
    ctx.log?.(
      `${environment}: ${app} ${action}: live ${done.live}` +
        (done.canary ? `, canary ${done.canary.version} at ${done.canary.percent}%` : ', no canary'),
    );
    return done;
  });
}
