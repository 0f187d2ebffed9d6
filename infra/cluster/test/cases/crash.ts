// kill -9 of one instance while buyers place orders through nginx. Each buyer retries a placement
// with the same Idempotency-Key until it gets an answer, as a careful client does. Afterwards:
// every acknowledged order exists exactly once, the stock went down by exactly what was
// acknowledged, every confirmation was mailed exactly once, and the work that was queued or
// scheduled (a mail that could not be delivered yet, the payment expiry) is done by the survivor.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEBSHOP_BUYER } from '../support/accounts';
import type { ClusterFixture } from '../support/cluster-fixture';
import type { ReceivedMail } from '../support/smtp-sink';
import { startOrderLoad, type OrderLoad } from '../support/order-clients';
import { call, checkoutBody, signIn } from '../support/portal-client';
import { addBuyers, contractProducts, stockOf, webshopProduct } from '../support/seed';
import { processesAlive, waitUntil } from '../support/wait';

const BUYERS = 6;
const STOCK = 100_000;
/** Unpaid web-shop orders expire after 10 s (the shortest the API allows). */
export const CRASH_ENV = { PAYMENT_TTL_SECONDS: '10' };

/** Kills the first instance: register these cases last. */
export const crashCases = (fixture: () => ClusterFixture) => describe('kill -9 of one instance under load', () => {
  let f: ClusterFixture;
  /** Subjects name the order number as a word of its own ("Order confirmation <number>"). */
  const confirmationsOf = (number: string) => f.smtp.received.filter((m) => m.subject.split(/\s+/).includes(number));
  beforeAll(() => {
    f = fixture();
  });

  it('loses nothing acknowledged, counts stock once, mails once, and the survivor takes over the jobs', async () => {
    const buyers = await addBuyers(f, 'crash', BUYERS);
    const [queuedBuyer] = await addBuyers(f, 'queued-mail', 1);
    const products = await contractProducts(f, 4, STOCK);
    const before = await stockOf(f, products);
    const [victim, survivor] = f.topology.instances as [(typeof f.topology.instances)[0], (typeof f.topology.instances)[0]];

    // A confirmation that cannot be delivered before the kill: the mail server refuses its recipient
    // (a temporary 451) until the victim is dead. Placed on the victim itself.
    f.smtp.refuse(queuedBuyer!);
    const queued = await (async () => {
      const { access } = await signIn(victim.url, f.clientSecret, queuedBuyer!);
      expect((await call(victim.url, access, 'POST', '/v1/cart/items', { product_id: products[0], quantity: 1 })).status).toBe(200);
      const placed = await call(victim.url, access, 'POST', '/v1/orders', await checkoutBody(victim.url, access), { 'idempotency-key': randomUUID() });
      expect(placed.status, JSON.stringify(placed.json)).toBe(201);
      return { id: String(placed.json!.id), number: String(placed.json!.number) };
    })();
    // Its delivery was attempted and refused (so it sits in the outbox, due later).
    await waitUntil(
      () => f.sql<{ attempts: number; status: string }>(`select attempts, status from outbox where recipient = $1`, [queuedBuyer]),
      (rows) => rows.length === 1 && rows[0]!.attempts >= 1 && rows[0]!.status === 'pending',
      'the refused confirmation to be back in the outbox',
    );

    const alive = { abort: processesAlive(() => [survivor.pid]) };
    let killedAt = Infinity;
    let done: OrderLoad | undefined;
    let load: OrderLoad | undefined = await startOrderLoad({ base: f.topology.url, clientSecret: f.clientSecret, buyers, products });
    try {
      // Every buyer has had orders acknowledged by then, so the kill falls in the middle of the stream.
      await waitUntil(async () => buyers.map((b) => load!.countOf(b)), (n) => n.every((c) => c >= 2), 'two orders per buyer before the kill', alive);
      const beforeKill = new Map(buyers.map((b) => [b, load!.countOf(b)]));
      await victim.kill('SIGKILL');
      killedAt = Date.now();
      f.smtp.accept(queuedBuyer!);
      // The stream goes on through nginx: every buyer gets more orders acknowledged by the survivor.
      await waitUntil(async () => buyers.map((b) => load!.countOf(b) - beforeKill.get(b)!), (n) => n.every((c) => c >= 3), 'three more orders per buyer after the kill', { ...alive, timeoutMs: 150_000 });
      await load.stop();
      [done, load] = [load, undefined];
    } finally {
      // Only when a wait above failed: the test fails with that error, the buyers stop at once.
      await load?.abort();
    }
    const { acknowledged, unexpected, retries } = done!;
    // What the kill did to the clients (it varies with where the kill falls; the checks below hold either way).
    console.info(`crash: ${acknowledged.length} orders acknowledged; retries: ${JSON.stringify(retries)}`);
    expect(unexpected, 'answers other than 201 (after retries)').toEqual([]);

    // 1. Every acknowledged order exists exactly once, with the lines the buyer placed; no order exists
    //    that no buyer was told about.
    const stored = await f.sql<{ id: string; number: string; lines: { product_id: string; quantity: number }[] }>(
      `select o.id, o.number, coalesce(json_agg(json_build_object('product_id', l.product_id, 'quantity', l.quantity)) filter (where l.id is not null), '[]') as lines
       from orders o join users u on u.id = o.user_id left join order_lines l on l.order_id = o.id
       where u.email = any($1::text[]) group by o.id, o.number`,
      [buyers],
    );
    const ackIds = acknowledged.map((o) => o.id);
    expect(new Set(ackIds).size, 'one acknowledgement per order').toBe(ackIds.length);
    expect(stored.map((o) => o.id).sort()).toEqual([...ackIds].sort());
    const storedById = new Map(stored.map((o) => [o.id, o]));
    const sortLines = (lines: { product_id: string; quantity: number }[]) => [...lines].sort((x, y) => x.product_id.localeCompare(y.product_id));
    for (const order of acknowledged) expect(sortLines(storedById.get(order.id)!.lines)).toEqual(sortLines(order.lines));

    // 2. Stock went down by exactly the acknowledged quantities (and the queued-mail order's one unit).
    const sold = new Map(products.map((p) => [p, 0]));
    for (const order of acknowledged) for (const l of order.lines) sold.set(l.product_id, sold.get(l.product_id)! + l.quantity);
    sold.set(products[0]!, sold.get(products[0]!)! + 1);
    const after = await stockOf(f, products);
    for (const p of products) expect(before.get(p)! - after.get(p)!, `stock of ${p}`).toBe(sold.get(p));

    // 3. The outbox drains (the victim's claimed messages come back after their lease), and every
    //    confirmation, the queued one included, reached the mail server exactly once.
    await waitUntil(
      () => f.sql<{ n: number }>(`select count(*)::int as n from outbox where status <> 'sent'`),
      (rows) => rows[0]!.n === 0,
      'the outbox to drain',
      { ...alive, timeoutMs: 150_000 },
    );
    // The one copy allowed is the window no mail system closes: the victim handed the mail to the
    // server and died before marking it sent; the survivor sends it again after the lease, with the
    // same Message-ID (receivers drop the copy). So a second delivery must be that: the first before
    // the kill, the second after it, one Message-ID. Anything else (two sent by live instances, two
    // different messages, three) is a mail sent twice.
    const wrong = [...acknowledged, queued]
      .map((o) => ({ number: o.number, mails: confirmationsOf(o.number) }))
      .filter(({ mails }) => {
        if (mails.length === 1) return false;
        if (mails.length !== 2) return true;
        const [first, second] = mails as [ReceivedMail, ReceivedMail];
        return !(first.messageId && first.messageId === second.messageId && first.at <= killedAt && second.at > killedAt);
      })
      .map(({ number, mails }) => ({ number, deliveries: mails.map((m) => ({ messageId: m.messageId, msAfterKill: m.at - killedAt })) }));
    expect(wrong, 'orders whose confirmation was not mailed exactly once').toEqual([]);
    const redelivered = [...acknowledged, queued].filter((o) => confirmationsOf(o.number).length === 2).length;
    console.info(`crash: ${redelivered} confirmation(s) handed over by the victim just before the kill were re-delivered with their Message-ID`);

    // 4. The payment expiry job runs on the survivor: an unpaid web-shop order placed now expires.
    const shopper = await signIn(survivor.url, f.clientSecret, WEBSHOP_BUYER);
    const medical = { 'x-shop-type': 'medical' };
    expect((await call(f.topology.url, shopper.access, 'POST', '/v1/cart/items', { product_id: await webshopProduct(f), quantity: 1 }, medical)).status).toBe(200);
    const body = await checkoutBody(f.topology.url, shopper.access);
    const unpaid = await call(f.topology.url, shopper.access, 'POST', '/v1/orders', body, { ...medical, 'idempotency-key': randomUUID() });
    expect(unpaid.status, JSON.stringify(unpaid.json)).toBe(201);
    expect(unpaid.json!.status).toBe('payment_pending');
    await waitUntil(
      () => f.sql<{ status: string }>('select status from orders where id = $1', [unpaid.json!.id]),
      (rows) => rows[0]?.status === 'payment_expired',
      'the unpaid order to expire',
      alive,
    );
  });
});
