// What `ops restore --to` refuses before it writes anything (decision 085): a time that is not a real
// time, one in the future, one before the base backup, a pg_dump set, folders that hold something.
// The recovery itself runs on a PostgreSQL of its own in infra/cluster/test/point-in-time.test.ts.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { restoreToTime, type PointInTimeOptions } from './point-in-time';
import { checkRecoveryWindow, parseRecoveryTarget } from './recovery-target';
import { writeFakeBackupSet } from './testing';
import { runOps } from './testing-cli';

describe('the recovery target time', () => {
  it.each([
    ['2026-12-07T14:29:00Z', '2026-12-07T14:29:00.000Z', '2026-12-07 14:29:00+00:00'],
    ['2026-12-07 15:29:00+01:00', '2026-12-07T14:29:00.000Z', '2026-12-07 15:29:00+01:00'],
    ['2026-12-07T09:29-0500', '2026-12-07T14:29:00.000Z', '2026-12-07 09:29:00-05:00'],
    ['2026-12-07T14:29:00.123456Z', '2026-12-07T14:29:00.123Z', '2026-12-07 14:29:00.123456+00:00'],
    ['2028-02-29T00:00:00Z', '2028-02-29T00:00:00.000Z', '2028-02-29 00:00:00+00:00'],
  ])('reads %s as %s, and gives PostgreSQL %s (numeric zone, microseconds kept)', (text, iso, postgres) => {
    const target = parseRecoveryTarget(text);
    expect(target.at.toISOString()).toBe(iso);
    expect(target.text).toBe(text);
    expect(target.postgres).toBe(postgres);
  });

  it.each(['yesterday', '', '2026-12-07', '2026-12-07T14:29:00', '2026-02-30T10:00:00Z', '2027-02-29T10:00:00Z', '2026-12-07T25:00:00Z', '2026-12-07T14:60:00Z', '2026-12-07T14:29:00+15:00', '2026-13-01T00:00:00Z'])(
    'refuses %j as not a time',
    (text) => {
      expect(() => parseRecoveryTarget(text)).toThrow(expect.objectContaining({ code: 'OPS_RESTORE_BAD_TIME', message: expect.stringMatching(/not a (real )?time.*nothing was restored/s) }));
    },
  );

  it('refuses a time in the future and one before the base backup could recover to', () => {
    const now = new Date('2026-12-07T15:00:00Z');
    const from = '2026-12-07T12:00:00.000000Z';
    expect(() => checkRecoveryWindow(parseRecoveryTarget('2026-12-07T15:00:01Z'), from, now)).toThrow(/in the future/);
    expect(() => checkRecoveryWindow(parseRecoveryTarget('2026-12-07T11:59:59Z'), from, now)).toThrow(/before this base backup can recover to \(2026-12-07T12:00:00\.000000Z/);
    expect(() => checkRecoveryWindow(parseRecoveryTarget('2026-12-07T12:00:00Z'), from, now)).not.toThrow();
    expect(() => checkRecoveryWindow(parseRecoveryTarget('2026-12-07T15:00:00Z'), from, now)).not.toThrow();
  });
});

describe('ops restore --to refuses before writing', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-pitr-'));
    await mkdir(join(dir, 'archive'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const options = (setDir: string, to: string): PointInTimeOptions => ({
    setDir,
    to,
    dataDir: join(dir, 'restored-data'),
    walArchive: join(dir, 'archive'),
    port: 8449,
    storeDir: join(dir, 'restored-store'),
    tools: { binDir: undefined },
    now: () => new Date('2026-12-07T15:00:00Z'),
  });
  const nothingWritten = () => {
    expect(existsSync(join(dir, 'restored-data'))).toBe(false);
    expect(existsSync(join(dir, 'restored-store'))).toBe(false);
  };

  it.each([
    ['not a time', '2026-02-30T10:00:00Z', /not a real time/],
    ['in the future', '2026-12-08T10:00:00Z', /in the future/],
    ['before the base backup', '2026-12-07T01:59:00Z', /before this base backup/],
  ])('a time %s', async (_, to, message) => {
    const set = await writeFakeBackupSet(join(dir, 'sets'), new Date('2026-12-07T02:00:00Z'), 'base');
    await expect(restoreToTime(options(set, to))).rejects.toMatchObject({ code: 'OPS_RESTORE_BAD_TIME', message: expect.stringMatching(message) });
    nothingWritten();
  });

  it('a pg_dump set, which has no point in time but its own', async () => {
    const set = await writeFakeBackupSet(join(dir, 'sets'), new Date('2026-12-07T02:00:00Z'));
    await expect(restoreToTime(options(set, '2026-12-07T03:00:00Z'))).rejects.toThrow(/pg_dump set.*--to needs a base set/);
    nothingWritten();
  });

  it('a data directory that holds something, and an archive that is not a folder', async () => {
    const set = await writeFakeBackupSet(join(dir, 'sets'), new Date('2026-12-07T02:00:00Z'), 'base');
    await mkdir(join(dir, 'restored-data'));
    await writeFile(join(dir, 'restored-data', 'PG_VERSION'), '15\n');
    await expect(restoreToTime(options(set, '2026-12-07T03:00:00Z'))).rejects.toThrow(/--data-dir .* is not empty/);
    await rm(join(dir, 'restored-data'), { recursive: true });
    await expect(restoreToTime({ ...options(set, '2026-12-07T03:00:00Z'), walArchive: join(dir, 'no-archive') })).rejects.toThrow(/--wal-archive .* is not a folder/);
    nothingWritten();
  });
});

describe('pnpm ops restore --to', () => {
  it('needs the new data directory, the archive and a port, and takes no --force; a bad time exits 1 with its reason', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portal-pitr-cli-'));
    try {
      const set = await writeFakeBackupSet(join(dir, 'sets'), new Date('2026-12-07T02:00:00Z'), 'base');
      const store = join(dir, 'store');
      const missing = await runOps(store, ['restore', set, '--to', '2026-12-07T03:00:00Z', '--port', '8449'], { WAL_ARCHIVE_DIR: '' });
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('restore --to needs --data-dir, --wal-archive (or WAL_ARCHIVE_DIR) and --port');
      const full = ['restore', set, '--data-dir', join(dir, 'data'), '--wal-archive', dir, '--port', '8449'];
      const forced = await runOps(store, [...full, '--to', '2026-12-07T03:00:00Z', '--force']);
      expect(forced.stderr).toContain('--force does not apply');
      const notATime = await runOps(store, [...full, '--to', '2026-12-07T03:00:00']);
      expect(notATime.code).toBe(1);
      expect(notATime.stderr).toMatch(/^ops: --to "2026-12-07T03:00:00" is not a time: give an ISO 8601 time with its zone/);
      expect(existsSync(join(dir, 'data'))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
