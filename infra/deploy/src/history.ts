import * as v from 'valibot';
import { BuildVersionSchema, EnvironmentNameSchema } from '@portal/shared/schemas';

const FigureSchema = v.nullable(v.number());

/** What one group did over a judged canary's window (the judge's GroupFigures). */
export const GroupFiguresSchema = v.object({
  requests: v.number(),
  serverErrors: v.number(),
  errorRatio: FigureSchema,
  pageViews: v.number(),
  browserErrors: v.number(),
  browserErrorRate: FigureSchema,
  loadFailures: v.number(),
  loadFailureRate: FigureSchema,
  lcpP75Seconds: FigureSchema,
});

/** Why the canary judge promoted or aborted (decision 076): its reasons and both groups' numbers. */
export const JudgementRecordSchema = v.object({
  /** The canary version judged. */
  version: BuildVersionSchema,
  verdict: v.picklist(['promote', 'abort']),
  reasons: v.array(v.string()),
  /** How long it watched, seconds (the window, extended when traffic was short). */
  watchedSeconds: v.number(),
  canary: GroupFiguresSchema,
  stable: GroupFiguresSchema,
});
/** The judge's decision as recorded on a `promote` or `abort` line. */
export type JudgementRecord = v.InferOutput<typeof JudgementRecordSchema>;

/** One change of an environment's registry, as a line of `registry/<env>.history.jsonl`. */
export const HistoryEntrySchema = v.object({
  /** ISO time of the change. */
  at: v.string(),
  environment: EnvironmentNameSchema,
  /** `shell` or a remote's federation name. */
  app: v.string(),
  /**
   * What moved the pointer. `canary`: `to` is the canary version, `from` the canary before (or null);
   * `promote`: the canary `to` became live over `from`; `abort`: the canary `from` was removed, `to` stays live.
   */
  action: v.picklist(['deploy', 'rollback', 'canary', 'promote', 'abort']),
  /** The version live before, or null for the first deploy. */
  from: v.nullable(BuildVersionSchema),
  to: BuildVersionSchema,
  /** Who: `--by`, else the USER of the machine. */
  by: v.string(),
  /** Why: `--reason`, may be empty. */
  reason: v.string(),
  /** `canary` only: the share of users it now reaches. */
  percent: v.optional(v.number()),
  /** `promote` / `abort` made by the canary judge (`ops canary --judge`): its decision and numbers. */
  judgement: v.optional(JudgementRecordSchema),
});
/** One change of an environment's registry. */
export type HistoryEntry = v.InferOutput<typeof HistoryEntrySchema>;

/**
 * The versions an app has been live at, oldest first, as rollback sees them: a deploy pushes a version,
 * a rollback pops back to its target. So three deploys v1, v2, v3 and two rollbacks go v3 → v2 → v1,
 * rather than flipping between v3 and v2 as "the previous entry's `from`" would.
 */
export function liveLineage(entries: readonly HistoryEntry[], app: string): string[] {
  const lineage: string[] = [];
  for (const entry of entries) {
    if (entry.app !== app || entry.action === 'canary' || entry.action === 'abort') continue;
    const index = entry.action === 'rollback' ? lineage.lastIndexOf(entry.to) : -1;
    if (index >= 0) lineage.length = index + 1;
    else if (lineage.at(-1) !== entry.to) lineage.push(entry.to);
  }
  return lineage;
}
