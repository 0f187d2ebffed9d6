// The database server goes away under light load and comes back (a private PostgreSQL: the shared
// one is never stopped). Both instances report not-ready while it is away and ready again after,
// without being restarted themselves, and every order a buyer saw acknowledged is there.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClusterFixture } from '../support/cluster-fixture';
import { startOrderLoad, type OrderLoad } from '../support/order-clients';
import { READY_PATH } from '../support/topology';
import { addBuyers, contractProducts } from '../support/seed';
import { processesAlive, waitUntil } from '../support/wait';

const readiness = (base: string) => fetch(`${base}${READY_PATH}`, { signal: AbortSignal.timeout(15_000) }).then((r) => r.status);

export const postgresRestartCases = (fixture: () => ClusterFixture) => describe('restart of PostgreSQL under light load', () => {
  let f: ClusterFixture;
  const allReadiness = () => Promise.all(f.topology.instances.map((i) => readiness(i.url)));
  beforeAll(() => {
    f = fixture();
  });

  it('instances go not-ready, recover on their own and lose nothing acknowledged', async () => {
    const buyers = await addBuyers(f, 'restart', 2);
    const products = await contractProducts(f, 2, 10_000);
    const pids = f.topology.instances.map((i) => i.pid);
    expect(await allReadiness()).toEqual([200, 200]);
    // An instance that dies in the outage fails the test at once, with its pid, not at the timeout.
    const alive = { abort: processesAlive(() => pids) };

    let done: OrderLoad | undefined;
    let load: OrderLoad | undefined = await startOrderLoad({ base: f.topology.url, clientSecret: f.clientSecret, buyers, products, pauseMs: 100 });
    try {
      await waitUntil(async () => buyers.map((b) => load!.countOf(b)), (n) => n.every((c) => c >= 2), 'orders before the outage', alive);
      f.postgres.stop();
      await waitUntil(allReadiness, (s) => s.every((code) => code === 503), 'both instances to report not-ready', alive);
      const duringOutage = load.acknowledged.length;
      f.postgres.start();
      await waitUntil(allReadiness, (s) => s.every((code) => code === 200), 'both instances to be ready again', alive);
      await waitUntil(async () => load!.acknowledged.length, (n) => n >= duringOutage + 4, 'orders after the outage', alive);
      await load.stop();
      [done, load] = [load, undefined];
    } finally {
      // Only when a wait above failed: the test fails with that error, the buyers stop at once.
      await load?.abort();
    }
    const { acknowledged, unexpected, retries } = done!;
    console.info(`postgres restart: ${acknowledged.length} orders acknowledged; retries: ${JSON.stringify(retries)}`);
    expect(unexpected, 'answers other than 201 (after retries)').toEqual([]);
    // The same processes: they recovered, nobody restarted them.
    expect(f.topology.instances.map((i) => i.pid)).toEqual(pids);
    for (const pid of pids) expect(() => process.kill(pid, 0)).not.toThrow();

    const stored = await f.sql<{ id: string }>(`select o.id from orders o join users u on u.id = o.user_id where u.email = any($1::text[])`, [buyers]);
    expect(stored.map((o) => o.id).sort()).toEqual(acknowledged.map((o) => o.id).sort());
  });
});
