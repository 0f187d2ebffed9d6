// The catalogue cache with two API instances on one PostgreSQL (decision 042): a change written by
// anyone (here plain SQL, as an import would) shows on both instances, each with its own cache; and
// an instance whose listening connection is cut reads the database instead of a cache that may have
// missed a notification.
import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { brands } from '../tables';
import { rowShape, typedRows } from '../../../db/typed-rows';
import { startTwinApps, type TwinApps } from '../../../test-support/twin-apps';

let twins: TwinApps;
beforeAll(async () => {
  twins = await startTwinApps();
}, 60_000);
afterAll(async () => {
  await twins?.close();
});

const db = () => twins.a.database.db;
/** The application name of the instances' listening connections (db/client.ts). */
const LISTENER = 'portal_catalog_listener';

/** The public shop's product count of a brand, as an instance answers it (facets and index total). */
async function brandCount(app: FastifyInstance, slug: string) {
  const headers = { 'x-shop-type': 'medical', 'accept-language': 'en' };
  const [facets, page] = await Promise.all([
    app.inject({ url: '/api/v1/catalog/facets', headers }),
    app.inject({ url: `/api/v1/catalog/products?brand=${slug}`, headers }),
  ]);
  expect(facets.statusCode, facets.body).toBe(200);
  expect(page.statusCode, page.body).toBe(200);
  const facet = (facets.json().brand as { slug: string; count: number }[]).find((b) => b.slug === slug)?.count ?? 0;
  return { facet, total: page.json().total as number };
}

async function truth(brandId: number) {
  const [row] = await typedRows(
    db(),
    countRow,
    sql`select count(*)::int as n from products where brand_id = ${brandId} and shop in ('medical', 'both') and not contract_only`,
  );
  return { facet: row!.n, total: row!.n };
}

const countRow = rowShape({ n: v.number() });

const poll = (read: () => Promise<unknown>) => expect.poll(read, { timeout: 10_000, interval: 20 });

describe('catalogue cache across instances', () => {
  it('shows a change written behind the API on every instance', async () => {
    const [brand] = await db().select({ id: brands.id, slug: brands.slug }).from(brands).orderBy(brands.id).limit(1);
    const before = await truth(brand!.id);
    // Both instances have cached the answer.
    expect(await brandCount(twins.a, brand!.slug)).toEqual(before);
    expect(await brandCount(twins.b, brand!.slug)).toEqual(before);

    await db().execute(
      sql`update products set brand_id = ${brand!.id}, shop = 'both', contract_only = false
          where id in (select id from products where brand_id <> ${brand!.id} order by article_code limit 2)`,
    );
    const after = await truth(brand!.id);
    expect(after.facet).toBe(before.facet + 2);
    await poll(() => brandCount(twins.a, brand!.slug)).toEqual(after);
    await poll(() => brandCount(twins.b, brand!.slug)).toEqual(after);
  });

  it('reads the database while an instance cannot listen, and caches again once it listens', async () => {
    const [brand] = await db().select({ id: brands.id, slug: brands.slug }).from(brands).orderBy(desc(brands.id)).limit(1);
    expect(await brandCount(twins.b, brand!.slug)).toEqual(await truth(brand!.id));
    // Cut every listening connection of this database (both instances'), then write.
    const cut = await typedRows(
      db(),
      rowShape({ ok: v.boolean() }),
      sql`select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and application_name = ${LISTENER}`,
    );
    expect(cut).toEqual([{ ok: true }, { ok: true }]);
    await db().execute(
      sql`update products set brand_id = ${brand!.id}, shop = 'both', contract_only = false
          where id in (select id from products where brand_id <> ${brand!.id} order by article_code limit 3)`,
    );
    // Whether or not an instance has noticed the cut yet, the notification of this write reached it
    // or it reads the database: either way the change shows.
    const after = await truth(brand!.id);
    await poll(() => brandCount(twins.a, brand!.slug)).toEqual(after);
    await poll(() => brandCount(twins.b, brand!.slug)).toEqual(after);
    // Back to listening: the next change shows too.
    const listening = async () =>
      (await typedRows(db(), countRow, sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = ${LISTENER}`))[0]!.n;
    await poll(listening).toBe(2);
    await db().execute(sql`update products set brand_id = ${brand!.id}, shop = 'both', contract_only = false
      where id in (select id from products where brand_id <> ${brand!.id} order by article_code limit 1)`);
    const last = await truth(brand!.id);
    expect(last.facet).toBe(after.facet + 1);
    await poll(() => brandCount(twins.a, brand!.slug)).toEqual(last);
    await poll(() => brandCount(twins.b, brand!.slug)).toEqual(last);
  });
});
