import type { AppName } from './apps';
import type { OpsContext } from './context';
import { ensurePublished, validateStored } from './deploy';
import { OpsError } from './errors';
import { liveLineage, type HistoryEntry } from './history';
import { applyPointers, liveVersion, type PointerChange } from './registry-update';

/** Options of `rollback`. */
export interface RollbackOptions {
  /** A published version to go back to; defaults to the version live before the current one. */
  to?: string;
  /** Why, for the history. */
  reason?: string;
}

/** Moves an app's pointer back: no build, no copy, one registry write. */
export async function rollback(
  ctx: OpsContext,
  app: AppName,
  environment: string,
  options: RollbackOptions = {},
): Promise<PointerChange> {
  const change = await ctx.store.withLock(environment, async () => {
    const registry = await ctx.store.readRegistry(environment);
    const current = liveVersion(registry, app);
    if (current === null) {
      throw new OpsError('OPS_NOTHING_TO_ROLL_BACK', `${app} has never been deployed to ${environment}`);
    }
    const target = options.to ?? previousVersion(await ctx.store.readHistory(environment), app, current);
    if (target === undefined) {
      throw new OpsError('OPS_NOTHING_TO_ROLL_BACK', `${environment}: no version of ${app} was live before ${current}`);
    }
    if (target === current) throw new OpsError('OPS_BAD_ARGUMENT', `${environment}: ${app} ${target} is already live`);
    await ensurePublished(ctx, app, target);
    await validateStored(ctx, app, target);
    const targets = [{ app, version: target }];
    const [moved] = await applyPointers(ctx, environment, registry, targets, 'rollback', options.reason ?? '');
    return moved!;
  });
  ctx.log?.(`${environment}: ${app} rolled back ${change.from} -> ${change.to}`);
  return change;
}

function previousVersion(history: readonly HistoryEntry[], app: AppName, current: string): string | undefined {
  const lineage = liveLineage(history, app);
  // The registry is the truth; if it was edited by hand, treat its version as the latest one.
  if (lineage.at(-1) !== current) lineage.push(current);
  return lineage.at(-2);
}
