// What the events tests share: a webhook receiver on a local port that checks signatures and
// de-duplicates by webhook-id (as a real receiver should), and real order moves that publish events.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { orders } from '../../db/schema';
import { accessToken, HOSPITAL_BUYER } from '../../test-support/demo-buyers';
import { CASE_MANAGER, ordersOf } from '../../test-support/orders';
import { orderHistoryRow } from '../../test-support/order-events';

export interface ReceivedEvent {
  id: string;
  type: string;
  aggregate_id: string;
  sequence: number;
  data: Record<string, unknown>;
}

export interface Receiver {
  url: string;
  /** Every request that reached the receiver, refused ones too. */
  requests: number;
  /** Requests whose signature did not verify (must stay 0). */
  badSignatures: number;
  /** Requests with a webhook-id seen before (answered 200, not stored again). */
  duplicates: number;
  /** The events, each once, in the order they were first accepted. */
  events: ReceivedEvent[];
  /** Decides the answer to the n-th request (1-based): `refuse` (503, nothing kept), `lose-ack` (kept, 500), `ok`. */
  policy: (n: number) => 'refuse' | 'lose-ack' | 'ok';
  setSecret(secret: string): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const seen = new Set<string>();
  let verifier: Webhook | null = null;
  const state: Receiver = {
    url: '',
    requests: 0,
    badSignatures: 0,
    duplicates: 0,
    events: [],
    policy: () => 'ok',
    setSecret: (secret) => {
      verifier = new Webhook(secret);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      state.requests++;
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      let event: ReceivedEvent;
      try {
        event = verifier!.verify(body, headers) as ReceivedEvent;
      } catch {
        state.badSignatures++;
        res.writeHead(401).end();
        return;
      }
      const decision = state.policy(state.requests);
      if (decision === 'refuse') {
        res.writeHead(503).end();
        return;
      }
      const id = headers['webhook-id']!;
      if (seen.has(id)) state.duplicates++;
      else {
        seen.add(id);
        state.events.push(event);
      }
      res.writeHead(decision === 'lose-ack' ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return state;
}

/**
 * Takes `count` of the hospital's orders (from `skip`) and makes them ordered as the status route
 * would have (the order, its history row and its event: call it before a webhook
 * is registered or a cursor read). Returns their ids.
 */
export async function orderedOrders(app: FastifyInstance, count: number, skip = 0): Promise<string[]> {
  const picked = (await ordersOf(app, HOSPITAL_BUYER)).slice(skip, skip + count);
  if (picked.length < count) throw new Error(`only ${picked.length} orders in the seed`);
  const ids = picked.map((o) => o.id);
  await app.database.db.transaction(async (tx) => {
    await tx.update(orders).set({ status: 'ordered' }).where(inArray(orders.id, ids));
    for (const orderId of ids) await orderHistoryRow(tx, { orderId, status: 'ordered' });
  });
  return ids;
}

/** Moves the (ordered) orders to processing and then to_be_shipped through the staff route: two order.status_changed events each. */
export async function moveOrders(app: FastifyInstance, ids: string[]): Promise<void> {
  const token = await accessToken(app, CASE_MANAGER);
  for (const status of ['processing', 'to_be_shipped']) {
    for (const id of ids) {
      const res = await app.inject({ method: 'POST', url: `/api/v1/orders/${id}/status`, headers: { authorization: `Bearer ${token}` }, payload: { status } });
      if (res.statusCode !== 200) throw new Error(`moving ${id} to ${status}: ${res.statusCode} ${res.body}`);
    }
  }
}

/** Whether, for each aggregate, the events came in sequence order with none missing in between. */
export function inOrderPerAggregate(events: ReceivedEvent[]): boolean {
  const last = new Map<string, number>();
  for (const e of events) {
    const before = last.get(e.aggregate_id);
    if (before !== undefined && e.sequence !== before + 1) return false;
    last.set(e.aggregate_id, e.sequence);
  }
  return true;
}
