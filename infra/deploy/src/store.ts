import type { Registry } from '@portal/shared/schemas';
import type { AppName } from './apps';
import type { HistoryEntry } from './history';

/**
 * Where published builds, registries and histories live. The operations depend on this interface only,
 * so an object store (S3 and the like) can replace the directory store without touching them.
 */
export interface DeployStore {
  /** Where the store is, for messages (`/srv/portal/store`, `s3://bucket/prefix`). */
  readonly location: string;
  /** The published versions of an app (any order). */
  listVersions(app: AppName): Promise<string[]>;
  /** sha256 over a published version's files (as `digestTree`), or undefined when it is not published. */
  versionDigest(app: AppName, version: string): Promise<string | undefined>;
  /** One file of a published version, or undefined when absent. */
  readVersionFile(app: AppName, version: string, path: string): Promise<Buffer | undefined>;
  /**
   * Copies `sourceDir` in as a new version, all or nothing. Returns `exists` without writing anything
   * when that version is already there: published versions are never overwritten.
   */
  putVersion(app: AppName, version: string, sourceDir: string): Promise<'created' | 'exists'>;
  /** Environments that have a registry. */
  listEnvironments(): Promise<string[]>;
  /** The registry of an environment, validated, or undefined when nothing was ever deployed there. */
  readRegistry(environment: string): Promise<Registry | undefined>;
  /** Replaces the registry atomically: readers see the old document or the new one, never a mix. */
  writeRegistry(registry: Registry): Promise<void>;
  /** Every change of an environment's registry, oldest first. */
  readHistory(environment: string): Promise<HistoryEntry[]>;
  /** Appends changes to an environment's history. */
  appendHistory(environment: string, entries: readonly HistoryEntry[]): Promise<void>;
  /** Runs `work` holding the environment's lock, so concurrent deploys never lose each other's change. */
  withLock<T>(environment: string, work: () => Promise<T>): Promise<T>;
}
