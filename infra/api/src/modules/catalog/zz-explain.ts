// temporary: prints EXPLAIN ANALYZE of the catalogue queries (not committed)
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../../db/schema/index';
import { createCatalogRepository } from './catalog.repository';
import type { Db } from '../../db/client';

const url = process.env.DATABASE_URL!;
const pool = new pg.Pool({ connectionString: url, max: 2 });
const logged: { query: string; params: unknown[] }[] = [];
const db = drizzle({ client: pool, schema, logger: { logQuery: (query, params) => logged.push({ query, params }) } }) as unknown as Db;
const repo = createCatalogRepository(db);
const { rows } = await pool.query(`select id from contracts order by number limit 1`);
const contractId = rows[0].id as string;
const which = process.argv[2] ?? 'all';
const portal = { shop: 'portal' as const, contractId, locale: 'en' as const };
const medical = { shop: 'medical' as const, contractId: null, locale: 'nl' as const };
const cases: Record<string, () => Promise<unknown>> = {
  family: () => repo.index(portal, { category: ['personal-protective-gear'], sort: 'price_asc' }),
  brand: () => repo.index(portal, { brand: ['nordwall'], sort: 'name_desc', page: 3 }),
  group: () => repo.index(medical, { group: ['consumables'], sort: 'price_desc' }),
  tourniquet: () => repo.index(portal, { q: 'tourniquet' }),
  handschoenen: () => repo.index(medical, { q: 'handschoenen' }),
  code: () => repo.index(portal, { q: 'gen0777777' }),
  detail: () => repo.detail(portal, 'generated-product-7777'),
  facets: () => repo.facets(portal, { category: ['personal-protective-gear'] }),
};
await repo.taxonomy.get();
for (const [name, run] of Object.entries(cases)) {
  if (which !== 'all' && which !== name) continue;
  logged.length = 0;
  await run();
  for (const q of logged) {
    const t = Date.now();
    const r = await pool.query(`explain (analyze, buffers off) ${q.query}`, q.params as unknown[]);
    console.log(`=== ${name} (${Date.now() - t} ms)\n${q.query.replace(/\s+/g, ' ').slice(0, 300)}\n${r.rows.map((x) => x['QUERY PLAN']).join('\n')}\n`);
  }
}
await pool.end();
