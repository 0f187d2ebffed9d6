// The dispatcher's claim is fenced (decision 023): when the lease of messages waiting in a slow
// batch runs out and another instance claims them, the first instance leaves them to it, so each is
// sent once. And stop() waits for the message being sent before it resolves (app.close()).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../../../common/outbox';
import { query } from '../../../test-support/demo-buyers';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { createDispatcher } from './dispatcher';
import type { MailTransport } from './transports';

let t: TestApp;
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  t = await startTestApp();
  // Only this file's messages are pending.
  await query(t.app, sql`update outbox set status = 'sent' where status = 'pending' returning id`);
});
afterAll(async () => {
  await t?.close();
});

/** A transport that records what it sends; the first send waits until `release()`. */
function gatedTransport() {
  const sent: string[] = [];
  let release!: () => void;
  let entered!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const inside = new Promise<void>((resolve) => (entered = resolve));
  let first = true;
  const transport: MailTransport = {
    name: 'gated',
    async send({ to }) {
      if (first) {
        first = false;
        entered();
        await gate;
      }
      sent.push(to);
    },
  };
  return { transport, sent, release, inside };
}

const dispatcher = (mail: MailTransport) =>
  createDispatcher({ db: t.app.database.db, env: { ...t.app.apiEnv, mailDispatchIntervalMs: 0 }, mail, sms: null, log: silent });
const messages = (tag: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ channel: 'email' as const, recipient: `${tag}-${i}@lease.test`, template: 'contact.confirmation', locale: 'en', payload: { firstName: 'A', message: 'm' } }));

describe('outbox leases', () => {
  it('a message whose lease ran out and that another instance claimed is not sent again by the first', async () => {
    await enqueue(t.app.database.db, ...messages('fence', 5));
    const slow = gatedTransport();
    const a = dispatcher(slow.transport);
    const pass = a.runOnce();
    await slow.inside; // A claimed all five and is stuck sending the first.
    // The leases of the four A has not started run out; another instance claims and sends them.
    await query(t.app, sql`update outbox set available_at = now() - interval '1 second' where recipient like 'fence-%' and recipient <> 'fence-0@lease.test' returning id`);
    const other = gatedTransport();
    other.release();
    const b = dispatcher(other.transport);
    expect((await b.runOnce()).sent).toBe(4);
    slow.release();
    expect((await pass).sent).toBe(1);
    expect(slow.sent).toEqual(['fence-0@lease.test']);
    expect([...slow.sent, ...other.sent].sort()).toEqual(messages('fence', 5).map((m) => m.recipient).sort());
    const rows = await query<{ status: string }>(t.app, sql`select status from outbox where recipient like 'fence-%'`);
    expect(rows.map((r) => r.status)).toEqual(Array(5).fill('sent'));
  });

  it('stop() waits for the message being sent, which is then marked sent', async () => {
    await enqueue(t.app.database.db, ...messages('stop', 1));
    const slow = gatedTransport();
    const d = dispatcher(slow.transport);
    const pass = d.runOnce();
    await slow.inside;
    let stopped = false;
    const stopping = d.stop().then(() => (stopped = true));
    // Let every callback that could run do so: stop() must still be waiting for the send.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    slow.release();
    await stopping;
    expect((await pass).sent).toBe(1);
    const [row] = await query<{ status: string }>(t.app, sql`select status from outbox where recipient = 'stop-0@lease.test'`);
    expect(row!.status).toBe('sent');
  });
});
