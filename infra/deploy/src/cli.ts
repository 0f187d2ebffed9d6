// `pnpm ops <command>`: the operations tool. Parses arguments, calls the library, prints the result.
import { parseArgs } from 'node:util';
import { EnvironmentNameSchema } from '@portal/shared/schemas';
import * as v from 'valibot';
import { isRemote, parseAppName, type RemoteName } from './apps';
import { abortCanary, promoteCanary, startCanary } from './canary';
import type { OpsContext } from './context';
import { deployApp, publishAll } from './deploy';
import { DirectoryStore } from './directory-store';
import { readDeployEnv, resolveFrom, REPO_ROOT } from './env';
import { OpsError } from './errors';
import { formatHistory, formatStatus } from './format';
import { publishApp } from './publish';
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
                             (sticky per organisation or user); again with another N to change the share
  promote <remote>           the canary becomes the live version for everyone
  abort <remote>             stop the canary: everyone gets the live version
  clients <command>          integration clients (ERP, PIM, warehouse): create, list, rotate,
                             revoke (pnpm ops clients --help for their options)

Apps: shell, auth, catalog, checkout, orders, account (mfe-catalog works too).

Options:
  --env <name>     environment (default: $PORTAL_ENV, else production; status shows all unless given)
  --store <dir>    store directory (default: $PORTAL_STORE_DIR, else <repo>/.data/store)
  --dist <dir>     build folder for publish/deploy (default: <app folder>/dist)
  --reason <text>  why, recorded in the history
  --by <name>      who, recorded in the history (default: $USER)
  --to <version>   rollback target
  --percent <n>    canary: share of users, a whole number 0-100
  --limit <n>      history: show at most n entries
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
  json: { type: 'boolean', default: false },
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
  const ctx: OpsContext = {
    store: new DirectoryStore(flags.store ? resolveFrom(env.invokedFrom, flags.store) : env.storeDir),
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
      print(await startCanary(ctx, remote(), environment, { version: extra, distDir: dist, percent, reason }));
      return 0;
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
