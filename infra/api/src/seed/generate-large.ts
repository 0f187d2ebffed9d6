// CLI: adds a large generated catalogue to the configured database (PGlite folder or DATABASE_URL).
//   pnpm --filter @portal/api seed:large -- --count 1000000
// Stop the API first when it runs on PGlite: only one process can open a PGlite folder.
import { parseArgs } from 'node:util';
import { loadEnv } from '../env';
import { openDatabase, runMigrations } from '../db/client';
import { seedDemoData } from './demo';
import { generateLargeCatalogue } from './large-catalogue';

// `pnpm … seed:large -- --count N` passes the `--` through: drop it.
const { values } = parseArgs({ args: process.argv.slice(2).filter((a) => a !== '--'), options: { count: { type: 'string', default: '100000' }, batch: { type: 'string', default: '50000' } } });
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1 || count > 10_000_000) throw new Error('--count must be an integer between 1 and 10 000 000');

const env = loadEnv();
const database = await openDatabase(env);
try {
  await runMigrations(database, env);
  await seedDemoData(database.db);
  const started = Date.now();
  const result = await generateLargeCatalogue(database.db, {
    count,
    batchSize: Number(values.batch),
    onProgress: (done, total) => process.stdout.write(`\r${done.toLocaleString('en')} / ${total.toLocaleString('en')} products`),
  });
  const seconds = (Date.now() - started) / 1000;
  console.log(`\nadded ${result.added.toLocaleString('en')} products in ${seconds.toFixed(1)} s (${Math.round(result.added / seconds).toLocaleString('en')}/s); catalogue now ${result.total.toLocaleString('en')} (${database.kind})`);
} finally {
  await database.close();
}
