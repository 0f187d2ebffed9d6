import * as v from 'valibot';

// The registry is the one document that says which build of the shell and of each remote is live in
// an environment. The gateway serves it at /registry/<environment>.json (never cached), the shell reads
// it at start, and the ops tool (`pnpm ops`) is the only writer. See docs/decisions/003.

/** Environment name: a safe file name and URL segment, e.g. `production`, `development`. */
export const EnvironmentNameSchema = v.pipe(
  v.string(),
  v.regex(/^[a-z][a-z0-9-]{0,31}$/, 'an environment name is lower-case letters, digits and dashes'),
);

/** Federation name of a remote (`catalog`), also its folder in the store and its URL segment. */
export const RemoteNameSchema = v.pipe(
  v.string(),
  v.regex(/^[a-z][a-z0-9-]{0,31}$/, 'a remote name is lower-case letters, digits and dashes'),
);

/** A published build's version, e.g. `0.1.0-3f2a9c01be`: one safe URL path segment. */
export const BuildVersionSchema = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, 'a version is letters, digits, dots, dashes and underscores'),
);

/** URL path of a remote version's federation manifest, as the registry and the shell use it. */
export function remoteManifestPath(name: string, version: string): string {
  return `/remotes/${name}/${version}/mf-manifest.json`;
}

/** A canary: a second version served to a stable share of users (sticky per user or organisation). */
export const RemoteCanarySchema = v.object({
  version: BuildVersionSchema,
  /** URL path of the canary version's mf-manifest.json. */
  manifest: v.string(),
  /** Share of users, 0–100, who get the canary. */
  percent: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
});
export type RemoteCanary = v.InferOutput<typeof RemoteCanarySchema>;

/** The live version of one remote in an environment. */
export const RegistryRemoteSchema = v.object({
  version: BuildVersionSchema,
  /** URL path of its mf-manifest.json, e.g. `/remotes/catalog/0.1.0-3f2a9c01be/mf-manifest.json`. */
  manifest: v.string(),
  canary: v.optional(RemoteCanarySchema),
  /**
   * Set by the gateway only, in the view of one browser (decision 072): `canary` when this browser got
   * the remote's canary. The shell labels its reports with it and sends it as X-Portal-Release.
   */
  release: v.optional(v.literal('canary')),
});
export type RegistryRemote = v.InferOutput<typeof RegistryRemoteSchema>;

/** The registry document of one environment: `/registry/<environment>.json`. */
export const RegistrySchema = v.object({
  environment: EnvironmentNameSchema,
  /** ISO 8601 time of the last change. */
  updatedAt: v.pipe(v.string(), v.isoTimestamp()),
  shell: v.object({ version: BuildVersionSchema }),
  remotes: v.record(RemoteNameSchema, RegistryRemoteSchema),
});
export type Registry = v.InferOutput<typeof RegistrySchema>;
