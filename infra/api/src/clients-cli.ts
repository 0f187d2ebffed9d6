// The API side of `npm run ops -- clients ...` and `npm run ops -- punchout ...` (infra/deploy/bin/ops.mjs
// hands the arguments over): opens the API's database the way the API does (DATABASE_URL, else the
// PGlite folder) and runs one command of modules/integration-clients/ops-command.ts or
// modules/procurement/punchout/ops-command.ts. Compiled like the server (decision 022).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from './db/client';
import { hasPgCode } from './db/pg-errors';
import { loadEnv } from './env';
import { CLIENTS_USAGE, ClientsCommandError, runClientsCommand } from './modules/integration-clients/ops-command';
import { PUNCHOUT_USAGE, PunchoutCommandError, runPunchoutCommand } from './modules/procurement/punchout/ops-command';

async function main(argv: string[], punchout: boolean): Promise<number> {
  if (!argv.length || argv.includes('--help') || argv.includes('-h')) {
    console.log(punchout ? PUNCHOUT_USAGE : CLIENTS_USAGE);
    return argv.length ? 0 : 2;
  }
  const env = loadEnv();
  // PGlite is one process's database: a second one writing the folder under a running portal would
  // corrupt it. PGlite keeps postmaster.pid there while it is open (a crash leaves it behind).
  const pidFile = join(env.pgliteDataDir, 'postmaster.pid');
  if (!env.databaseUrl && existsSync(pidFile)) {
    throw new ClientsCommandError(
      `the PGlite database in ${env.pgliteDataDir} is open (npm start is running): stop it first. ` + `If nothing runs (it stopped abruptly), start and stop the portal once, or remove ${pidFile}.`,
    );
  }
  if (!env.databaseUrl && !existsSync(env.pgliteDataDir)) throw new ClientsCommandError(`no database in ${env.pgliteDataDir}: start the portal once (npm start), or set DATABASE_URL`);
  const database = await openDatabase(env);
  try {
    console.log(await (punchout ? runPunchoutCommand : runClientsCommand)(argv, database.db));
    return 0;
  } catch (err) {
    // 42P01: undefined table, the database has not been migrated to this version yet.
    if (hasPgCode(err, '42P01')) throw new ClientsCommandError('the database has no integration clients table yet: start the portal once to migrate it');
    throw err;
  } finally {
    await database.close();
  }
}

// `ops clients list` arrives as [clients, list] (`ops punchout list` as [punchout, list]); the bundle
// run directly as [list] (the clients).
const args = process.argv.slice(2);
const punchout = args[0] === 'punchout';
main(args[0] === 'clients' || punchout ? args.slice(1) : args, punchout).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ClientsCommandError || err instanceof PunchoutCommandError) {
      console.error(`ops ${punchout ? 'punchout' : 'clients'}: ${err.message}`);
      process.exit(err.exitCode);
    }
    console.error(err);
    process.exit(1);
  },
);
