// The API side of `npm run ops -- clients ...` (infra/deploy/bin/ops.mjs hands the arguments over):
// opens the API's database the way the API does (DATABASE_URL, else the PGlite folder) and runs one
// command of modules/integration-clients/ops-command.ts. Compiled like the server (decision 022).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from './db/client';
import { loadEnv } from './env';
import { CLIENTS_USAGE, ClientsCommandError, runClientsCommand } from './modules/integration-clients/ops-command';

async function main(argv: string[]): Promise<number> {
  if (!argv.length || argv.includes('--help') || argv.includes('-h')) {
    console.log(CLIENTS_USAGE);
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
    console.log(await runClientsCommand(argv, database.db));
    return 0;
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    // 42P01: undefined table, the database has not been migrated to this version yet.
    if (e?.code === '42P01' || e?.cause?.code === '42P01') throw new ClientsCommandError('the database has no integration clients table yet: start the portal once to migrate it');
    throw err;
  } finally {
    await database.close();
  }
}

// `ops clients list` arrives as [clients, list]; the bundle run directly as [list].
const args = process.argv.slice(2);
main(args[0] === 'clients' ? args.slice(1) : args).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ClientsCommandError) {
      console.error(`ops clients: ${err.message}`);
      process.exit(err.exitCode);
    }
    console.error(err);
    process.exit(1);
  },
);
