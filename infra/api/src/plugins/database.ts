// The API's database: opened, migrated and (demo runs) seeded before any module registers; closed
// last. Decorated on the root so the gateway and the tests can reach it.
import fp from 'fastify-plugin';
import { queryObserver } from '../common/db-telemetry';
import { openDatabase, runMigrations, type Database, type Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The API's database (decorated on the root so the gateway and tests can reach it). */
    database: Database;
  }
}

export interface DatabasePluginOptions {
  /** Fills an empty database with demo data (true when it did); the composition root passes it when SEED_DEMO is on. */
  seed?: (db: Db) => Promise<boolean>;
  /** Watch the statements (decision 071): their time for the metrics, their spans for the traces. Unset: not watched at all. */
  observe?: { metrics: boolean };
}

export default fp<DatabasePluginOptions>(
  async (app, { seed, observe }) => {
    // Its statements are timed and traced (decision 071).
    const database = await openDatabase(app.apiEnv, app.log, observe && queryObserver(app.apiEnv.databaseUrl ? 'postgres' : 'pglite', observe));
    try {
      await runMigrations(database, app.apiEnv);
      if (seed && (await seed(database.db))) app.log.info('seeded demo data');
    } catch (err) {
      await database.close();
      throw err;
    }
    app.decorate('database', database);
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'database', dependencies: ['config'] },
);
