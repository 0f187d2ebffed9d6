// What needs no database server: which sets count as good, how a damaged set is refused before
// anything is restored, and the refusal on the embedded PGlite. The backup and restore themselves
// run on PostgreSQL in infra/cluster/test/backup-restore.test.ts (under load).
import { appendFile, mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBackup } from './backup';
import { lastGoodBackup, lastGoodBackupAge, listBackupSets, readManifest, verifySet } from './backup-set';
import { DirectoryStore } from './directory-store';
import { restoreBackup } from './restore';
import { writeFakeBackupSet } from './testing';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-backups-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const ctx = () => ({ store: new DirectoryStore(join(dir, 'store')), repoRoot: dir, by: 'test' });
const tools = { binDir: undefined };

describe('backup sets', () => {
  it('takes the newest complete set as the last good backup, ignoring half-written and foreign folders', async () => {
    expect(await lastGoodBackup(dir)).toBeNull();
    expect(await lastGoodBackupAge(dir)).toBe(Infinity);
    await writeFakeBackupSet(dir, new Date('2026-12-05T02:00:00Z'));
    await writeFakeBackupSet(dir, new Date('2026-12-06T02:00:00Z'));
    // A backup that died before its manifest, and one still being written under its hidden name.
    await mkdir(join(dir, '20261207T020000Z-portal'));
    await writeFile(join(dir, '20261207T020000Z-portal', 'database.dump'), 'partial');
    await mkdir(join(dir, '.tmp-20261207T030000Z-portal-1-ab'));
    expect(await lastGoodBackup(dir)).toEqual(new Date('2026-12-06T02:00:00Z'));
    expect(await lastGoodBackupAge(dir, new Date('2026-12-06T03:30:00Z'))).toBe(5400);
    expect((await listBackupSets(dir)).map((s) => s.manifest.finishedAt)).toEqual(['2026-12-06T02:00:00.000Z', '2026-12-05T02:00:00.000Z']);
  });

  it('counts a base backup (ops backup --base) as a good backup too, and reads the sets written before it had a kind as dumps', async () => {
    await writeFakeBackupSet(dir, new Date('2026-12-05T02:00:00Z'));
    await writeFakeBackupSet(dir, new Date('2026-12-06T04:00:00Z'), 'base');
    expect(await lastGoodBackup(dir)).toEqual(new Date('2026-12-06T04:00:00Z'));
    expect(await lastGoodBackupAge(dir, new Date('2026-12-06T05:00:00Z'))).toBe(3600);
    const [base, dump] = await listBackupSets(dir);
    expect(base!.manifest.kind).toBe('base');
    expect(base!.manifest.files.map((f) => f.path)).toEqual(['base/backup_manifest', 'store.tar.gz']);
    // A set of decision 073's format, before `kind` existed: still a good pg_dump set.
    const manifest = JSON.parse(await readFile(join(dump!.dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    delete manifest.kind;
    await writeFile(join(dump!.dir, 'manifest.json'), JSON.stringify(manifest));
    expect((await readManifest(dump!.dir)).kind).toBe('dump');
  });

  it('refuses a set whose files differ from the manifest, naming each', async () => {
    const set = await writeFakeBackupSet(dir, new Date('2026-12-06T02:00:00Z'));
    const manifest = await readManifest(set);
    await expect(verifySet(set, manifest)).resolves.toBeUndefined();
    await appendFile(join(set, 'database.dump'), 'x');
    await unlink(join(set, 'store.tar.gz'));
    await expect(verifySet(set, manifest)).rejects.toThrow(/database\.dump has \d+ bytes, the manifest says \d+\n\s+store\.tar\.gz is missing/);
  });

  it('refuses a folder without a manifest as not a backup set', async () => {
    await expect(readManifest(dir)).rejects.toMatchObject({ code: 'OPS_BACKUP_INVALID' });
  });

  it('refuses the embedded PGlite with what to do instead, before writing anything', async () => {
    const backupDir = join(dir, 'sets');
    await expect(createBackup(ctx(), { databaseUrl: undefined, storeDir: join(dir, 'store'), backupDir, tools })).rejects.toMatchObject({
      code: 'OPS_BACKUP_NO_POSTGRES',
      message: expect.stringContaining('set DATABASE_URL'),
    });
    expect(await listBackupSets(backupDir)).toEqual([]);
    const set = await writeFakeBackupSet(dir, new Date('2026-12-06T02:00:00Z'));
    await expect(restoreBackup(ctx(), { setDir: set, databaseUrl: undefined, storeDir: join(dir, 'store'), tools, force: false })).rejects.toMatchObject({
      code: 'OPS_BACKUP_NO_POSTGRES',
    });
  });
});
