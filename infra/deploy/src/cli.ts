// `pnpm ops <command>`: the operations tool. Parses arguments, calls the library, prints the result.
import { parseArgs } from 'node:util';
import { EnvironmentNameSchema } from '@portal/shared/schemas';
import * as v from 'valibot';
import { isRemote, parseAppName, type RemoteName } from './apps';
import { createBackup } from './backup';
import { abortCanary, promoteCanary, startCanary } from './canary';
import { loadJudgeConfig } from './canary-judge-config';
import { judgeRunningCanary } from './canary-watch';
import type { OpsContext } from './context';
import { deployApp, publishAll } from './deploy';
import { DirectoryStore } from './directory-store';
import { readDeployEnv, resolveFrom, REPO_ROOT } from './env';
import { OpsError } from './errors';
import { formatBackup, formatHistory, formatPointInTime, formatRestore, formatStatus } from './format';
import { publishApp } from './publish';
import { restoreToTime } from './point-in-time';
import { restoreBackup } from './restore';
import { rollback } from './rollback';
import { getHistory, getStatus } from './status';

const USAGE = `Usage: pnpm ops <command> [options]

Commands:
  publish <app>              copy <app>/dist into the store as a new immutable version
  deploy <app> [version]     make a version live (publishes the current build when no version is given)
  rollback <app> [--to v]    move the pointer back to the version live before (or to --to); no rebuild
  status [--json]            each app's live version per environment, and when it last changed
  history <app> [--json]     the changes of one app in one environment, newest first
  publish-all                publish the shell and all five remotes and make them live in one write
  canary <remote> [version] --percent N
                             serve a version (default: the current build) to a stable N % of users
                             (sticky per organisation or user); again with another N to change the share;
                             with --judge, then watch it and promote or abort it on its own
  judge <remote>             watch the running canary and promote or abort it (what --judge does)
  promote <remote>           the canary becomes the live version for everyone
  abort <remote>             stop the canary: everyone gets the live version
  backup [--keep N]          dump the database (pg_dump) and archive the deploy store into one set
                             under --backup-dir, with a manifest of sha-256 sums (PostgreSQL only)
  backup --base [--keep N]   the same with a base backup of the server (pg_basebackup, checked by
                             pg_verifybackup) for point-in-time recovery; the server must archive its WAL
  restore <set> [--force]    check the set's sums, then restore the database (pg_restore) into
                             --database-url and the store into --store; refuses a non-empty target
                             unless --force (docs/operations.md)
  restore <base set> --to <ISO time> --data-dir <new dir> --wal-archive <dir> --port <n>
                             recover the base set to that time in a new data directory (run as the
                             user owning it), start it on --port, and restore the store into --store
  clients <command>          integration clients (ERP, PIM, warehouse): create, list, rotate,
                             revoke (pnpm ops clients --help for their options)

Apps: shell, auth, catalog, checkout, orders, account (mfe-catalog works too).

Options:
  --env <name>     environment (default: $PORTAL_ENV, else production; status shows all unless given)
  --store <dir>    store directory (default: $PORTAL_STORE_DIR, else <repo>/.data/store)
  --dist <dir>     build folder for publish/deploy (default: <app folder>/dist)
  --reason <text>  why, recorded in the history
  --by <name>      who, recorded in the history (default: $USER)
  --to <version>   rollback target (restore: the time, below)
  --database-url   backup/restore: the PostgreSQL database (default: $DATABASE_URL)
  --backup-dir     backup: where sets go (default: $BACKUP_DIR, else <repo>/.data/backups)
  --keep <n>       backup: keep the n newest sets of the same kind, delete older ones
  --base           backup: a base backup (pg_basebackup) for point-in-time recovery instead of pg_dump
  --force          restore: write over a database or store that is not empty
  --to <time>      restore: recover a base set to this ISO time with its zone (2026-12-07T14:29:00Z)
  --data-dir <dir> restore --to: the new data directory (absent or empty)
  --wal-archive <dir>  restore --to: the WAL archive's folder (default: $WAL_ARCHIVE_DIR)
  --port <n>       restore --to: the restored server's port (loopback)
  --percent <n>    canary: share of users, a whole number 0-100
  --limit <n>      history: show at most n entries
  --judge          canary: judge it by the instances' metrics (infra/deploy/README.md); exit 3 when aborted
  --judge-config <file>  the judge's thresholds and window (default: $CANARY_JUDGE_CONFIG, else
                   infra/deploy/canary-judge.json); $CANARY_SCRAPE_URLS replaces its scrape URLs
  --json           print JSON instead of text
  -h, --help       this help`;

const OPTIONS = {
  env: { type: 'string' },
  store: { type: 'string' },
  dist: { type: 'string' },
  reason: { type: 'string' },
  by: { type: 'string' },
  to: { type: 'string' },
  percent: { type: 'string' },
  limit: { type: 'string' },
  judge: { type: 'boolean', default: false },
  'judge-config': { type: 'string' },
  json: { type: 'boolean', default: false },
  'database-url': { type: 'string' },
  'backup-dir': { type: 'string' },
  keep: { type: 'string' },
  force: { type: 'boolean', default: false },
  base: { type: 'boolean', default: false },
  'data-dir': { type: 'string' },
  'wal-archive': { type: 'string' },
  port: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

const parseCommandLine = () => parseArgs({ allowPositionals: true, options: OPTIONS });

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine();
  } catch (error) {
    return usage((error as Error).message);
  }
  const { values: flags, positionals } = parsed;
  const [command, target, extra] = positionals;
  if (flags.help || !command) {
    console.log(USAGE);
    return command || flags.help ? 0 : 2;
  }
  const env = readDeployEnv();
  const environment = v.parse(EnvironmentNameSchema, flags.env ?? env.environment);
  const json = flags.json;
  const storeDir = flags.store ? resolveFrom(env.invokedFrom, flags.store) : env.storeDir;
  const tools = { binDir: env.pgBin };
  const databaseUrl = flags['database-url'] ?? env.databaseUrl;
  const ctx: OpsContext = {
    store: new DirectoryStore(storeDir),
    repoRoot: REPO_ROOT,
    by: flags.by ?? env.user,
    // With --json, stdout carries only the JSON document; progress goes to stderr.
    log: (line) => (json ? console.error(line) : console.log(line)),
  };
  const dist = flags.dist ? resolveFrom(env.invokedFrom, flags.dist) : undefined;
  const reason = flags.reason ?? '';
  const app = () => parseAppName(target ?? usage(`${command} needs an app`));
  const remote = (): RemoteName => {
    const name = app();
    return isRemote(name) ? name : usage(`${command} works on a remote, not the shell`);
  };
  const print = (result: unknown, text?: string) => {
    if (json) console.log(JSON.stringify(result, null, 2));
    else if (text !== undefined) console.log(text);
  };

  const judgeConfig = () =>
    loadJudgeConfig(flags['judge-config'] ? resolveFrom(env.invokedFrom, flags['judge-config']) : env.judgeConfig, env.scrapeUrls);
  /** Judges a running canary; exit 0 when promoted, 3 when aborted (scripts can tell a refused build). */
  const judge = async (name: RemoteName, version: string, config: Awaited<ReturnType<typeof judgeConfig>>) => {
    const result = await judgeRunningCanary(ctx, name, environment, { config, version, token: env.metricsToken });
    print(result, `${environment}: ${name} ${version} ${result.judgement.verdict === 'promote' ? 'promoted' : 'aborted'} by the canary judge`);
    return result.judgement.verdict === 'promote' ? 0 : 3;
  };

  switch (command) {
    case 'publish':
      print(await publishApp(ctx, app(), { distDir: dist }));
      return 0;
    case 'deploy':
      print(await deployApp(ctx, app(), environment, { version: extra, distDir: dist, reason }));
      return 0;
    case 'rollback':
      print(await rollback(ctx, app(), environment, { to: flags.to, reason }));
      return 0;
    case 'canary': {
      if (flags.percent === undefined) return usage('canary needs --percent');
      const percent = Number(flags.percent);
      // The config is read before the canary starts: a bad file refuses the command with nothing changed.
      const config = flags.judge ? await judgeConfig() : undefined;
      const started = await startCanary(ctx, remote(), environment, { version: extra, distDir: dist, percent, reason });
      if (!config) {
        print(started);
        return 0;
      }
      return judge(started.app, started.canary!.version, config);
    }
    case 'judge': {
      const config = await judgeConfig();
      const name = remote();
      const running = (await getStatus(ctx, [environment]))[0]?.apps.find((a) => a.app === name)?.canary;
      if (!running) throw new OpsError('OPS_NO_CANARY', `${environment}: ${name} has no canary running`);
      return judge(name, running.version, config);
    }
    case 'promote':
      print(await promoteCanary(ctx, remote(), environment, reason));
      return 0;
    case 'abort':
      print(await abortCanary(ctx, remote(), environment, reason));
      return 0;
    case 'publish-all':
      print(await publishAll(ctx, environment, { reason: flags.reason }));
      return 0;
    case 'status': {
      const status = await getStatus(ctx, flags.env ? [environment] : undefined);
      print(status, formatStatus(status));
      return 0;
    }
    case 'history': {
      const limit = flags.limit ? Number.parseInt(flags.limit, 10) : Infinity;
      const entries = (await getHistory(ctx, app(), environment)).slice(0, limit);
      print(entries, formatHistory(entries));
      return 0;
    }
    case 'backup': {
      const keep = flags.keep === undefined ? undefined : Number(flags.keep);
      if (keep !== undefined && !(Number.isInteger(keep) && keep >= 1)) return usage('--keep needs a whole number of sets, at least 1');
      const backupDir = flags['backup-dir'] ? resolveFrom(env.invokedFrom, flags['backup-dir']) : env.backupDir;
      const result = await createBackup(ctx, { databaseUrl, storeDir, backupDir, tools, keep, base: flags.base });
      print(result, formatBackup(result));
      return 0;
    }
    case 'restore': {
      if (!target) return usage('restore needs the backup set folder');
      if (flags.to !== undefined) {
        const walArchive = flags['wal-archive'] ? resolveFrom(env.invokedFrom, flags['wal-archive']) : env.walArchiveDir;
        if (!flags['data-dir'] || !walArchive || flags.port === undefined) return usage('restore --to needs --data-dir, --wal-archive (or WAL_ARCHIVE_DIR) and --port');
        if (flags.force) return usage('restore --to writes only into a new data directory and an empty store: --force does not apply');
        const result = await restoreToTime({
          setDir: resolveFrom(env.invokedFrom, target),
          to: flags.to,
          dataDir: resolveFrom(env.invokedFrom, flags['data-dir']),
          walArchive,
          port: Number(flags.port),
          storeDir,
          tools,
          log: ctx.log,
        });
        print(result, formatPointInTime(result));
        return 0;
      }
      const result = await restoreBackup(ctx, { setDir: resolveFrom(env.invokedFrom, target), databaseUrl, storeDir, tools, force: flags.force });
      print(result, formatRestore(result));
      return 0;
    }
    default:
      return usage(`unknown command "${command}"`);
  }
}

function usage(message: string): never {
  throw new OpsError('OPS_BAD_ARGUMENT', `${message}\n\n${USAGE}`);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Expected refusals print their message only; anything else is a bug and keeps its stack.
    if (error instanceof OpsError) console.error(`ops: ${error.message}`);
    else if (error instanceof v.ValiError) console.error(`ops: ${v.summarize(error.issues)}`);
    else console.error(error);
    process.exit(1);
  },
);
