import { randomBytes } from 'node:crypto';
import { appendFile, cp, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import { BuildVersionSchema, RegistrySchema, type Registry } from '@portal/shared/schemas';
import type { AppName } from './apps';
import { OpsError } from './errors';
import { withFileLock } from './file-lock';
import { digestTree } from './file-tree';
import { HistoryEntrySchema, type HistoryEntry } from './history';
import type { DeployStore } from './store';

// A segment that is safe in a path: starts with a letter or digit, so never `.`/`..` and never one of
// our own `.tmp-…` folders, and has no separator.
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

function segment(value: string, what: string): string {
  if (!SEGMENT.test(value)) throw new OpsError('OPS_BAD_ARGUMENT', `invalid ${what} "${value}"`);
  return value;
}

/** Where everything lives in a directory store; the gateway serves from the same layout. */
export function storeLayout(root: string) {
  const appDir = (app: string) => (app === 'shell' ? join(root, 'shell') : join(root, 'remotes', segment(app, 'app')));
  return {
    root,
    /** `shell/` or `remotes/<name>/`: one folder per published version inside. */
    appDir,
    /** `shell/<version>/` or `remotes/<name>/<version>/`. */
    versionDir: (app: string, version: string) => join(appDir(app), segment(version, 'version')),
    /** `registry/<environment>.json`: the live pointers. */
    registryFile: (environment: string) => join(root, 'registry', `${segment(environment, 'environment')}.json`),
    /** `registry/<environment>.history.jsonl`: one JSON line per change. */
    historyFile: (environment: string) =>
      join(root, 'registry', `${segment(environment, 'environment')}.history.jsonl`),
    /** `registry/<environment>.lock`: held while a command changes that environment. */
    lockFile: (environment: string) => join(root, 'registry', `${segment(environment, 'environment')}.lock`),
  };
}

/** A directory on disk as the store: the default, and what the gateway serves from. */
export class DirectoryStore implements DeployStore {
  private readonly layout;

  constructor(readonly location: string) {
    this.layout = storeLayout(location);
  }

  async listVersions(app: AppName): Promise<string[]> {
    const entries = await readdir(this.layout.appDir(app), { withFileTypes: true }).catch(ifMissing([]));
    return entries.filter((e) => e.isDirectory() && v.is(BuildVersionSchema, e.name)).map((e) => e.name);
  }

  async versionDigest(app: AppName, version: string): Promise<string | undefined> {
    const dir = this.layout.versionDir(app, version);
    if (!(await isDirectory(dir))) return undefined;
    return digestTree(dir);
  }

  async readVersionFile(app: AppName, version: string, path: string): Promise<Buffer | undefined> {
    if (path.split('/').some((part) => part === '..' || part === '')) return undefined;
    return readFile(join(this.layout.versionDir(app, version), path)).catch(ifMissing(undefined));
  }

  async putVersion(app: AppName, version: string, sourceDir: string): Promise<'created' | 'exists'> {
    const target = this.layout.versionDir(app, version);
    if (await isDirectory(target)) return 'exists';
    // Copy into a hidden folder beside the target, then rename: a half-copied version is never visible
    // under its real name, and rename fails rather than overwrite when another publish won the race.
    const temp = join(this.layout.appDir(app), `.tmp-${version}-${process.pid}-${randomBytes(4).toString('hex')}`);
    await mkdir(this.layout.appDir(app), { recursive: true });
    try {
      await cp(sourceDir, temp, { recursive: true, dereference: true, errorOnExist: true, force: false });
      await rename(temp, target);
      return 'created';
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTEMPTY' || code === 'EEXIST') return 'exists';
      throw error;
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
  }

  async listEnvironments(): Promise<string[]> {
    const names = await readdir(join(this.location, 'registry')).catch(ifMissing([] as string[]));
    return names.filter((n) => /^[a-z][a-z0-9-]*\.json$/.test(n)).map((n) => n.slice(0, -'.json'.length));
  }

  async readRegistry(environment: string): Promise<Registry | undefined> {
    const file = this.layout.registryFile(environment);
    const text = await readFile(file, 'utf8').catch(ifMissing(undefined));
    if (text === undefined) return undefined;
    const result = v.safeParse(RegistrySchema, safeJson(text));
    if (!result.success) {
      throw new OpsError('OPS_REGISTRY_INVALID', `${file} is not a valid registry: ${v.summarize(result.issues)}`);
    }
    return result.output;
  }

  async writeRegistry(registry: Registry): Promise<void> {
    // Validate before writing: a broken registry would take the whole environment down.
    const document = v.parse(RegistrySchema, registry);
    const file = this.layout.registryFile(document.environment);
    await mkdir(join(this.location, 'registry'), { recursive: true });
    // Write a temp file in the same folder, flush it, then rename over the live one. rename(2) is atomic
    // on one file system, so the gateway reads either the old or the new document, never a partial one.
    const temp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(`${JSON.stringify(document, null, 2)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async readHistory(environment: string): Promise<HistoryEntry[]> {
    const file = this.layout.historyFile(environment);
    const text = await readFile(file, 'utf8').catch(ifMissing(''));
    const lines = text.split('\n');
    const entries: HistoryEntry[] = [];
    lines.forEach((line, index) => {
      if (line.trim() === '') return;
      const result = v.safeParse(HistoryEntrySchema, safeJson(line));
      if (result.success) entries.push(result.output);
      // A torn last line (a crash mid-append) is ignored; damage anywhere else is reported.
      else if (index < lines.length - 1 || text.endsWith('\n')) {
        throw new OpsError('OPS_REGISTRY_INVALID', `${file} line ${index + 1} is not a history entry`);
      }
    });
    return entries;
  }

  async appendHistory(environment: string, entries: readonly HistoryEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await mkdir(join(this.location, 'registry'), { recursive: true });
    const lines = entries.map((entry) => `${JSON.stringify(v.parse(HistoryEntrySchema, entry))}\n`).join('');
    // One append call: with O_APPEND the lines land whole and in order even with other writers.
    await appendFile(this.layout.historyFile(environment), lines);
  }

  async withLock<T>(environment: string, work: () => Promise<T>): Promise<T> {
    await mkdir(join(this.location, 'registry'), { recursive: true });
    return withFileLock(this.layout.lockFile(environment), work);
  }
}

function ifMissing<T>(fallback: T) {
  return (error: unknown): T => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return fallback;
    throw error;
  };
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(ifMissing(undefined)))?.isDirectory() ?? false;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
