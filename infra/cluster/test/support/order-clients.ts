// Buyers who place orders through nginx the way a careful client does: a placement is retried with
// the SAME Idempotency-Key after a network error, a 5xx (502/503 while an instance dies or the
// database is away) or 409 "still in progress", until the API gives an answer. What each buyer saw
// acknowledged (201) is recorded with the exact cart it placed, for the checks against the database.
import { randomUUID } from 'node:crypto';
import { call, cartLines, checkoutBody, signIn, type Answer, type CartLine } from './portal-client';

export interface Acknowledged {
  buyer: string;
  id: string;
  number: string;
  key: string;
  lines: CartLine[];
}

export interface OrderLoad {
  acknowledged: Acknowledged[];
  /** Answers that were neither an acknowledgement nor a reason to retry (must stay empty). */
  unexpected: { buyer: string; status: number; body: unknown }[];
  /** Retries made (network errors, 5xx, in progress): shows the test really went through trouble. */
  retries: { network: number; status5xx: number; inProgress: number };
  /** Acknowledged orders per buyer so far. */
  countOf(buyer: string): number;
  /** Asks the buyers to finish their current order and stop; resolves when all have. */
  stop(): Promise<void>;
  /** Stops at once, retries abandoned (after a failure: what is then in flight is not accounted for). */
  abort(): Promise<void>;
}

/** Loads whose retries are abandoned. */
const abandoned = new WeakSet<OrderLoad>();
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
// The key still running, or the cart changing under the placement (CHECKOUT_CART_BUSY, decision 038): both are worth another try.
const retryable = (a: Answer) => a.status >= 500 || (a.status === 409 && (a.json?.code === 'CHECKOUT_IDEMPOTENCY_IN_PROGRESS' || a.json?.code === 'CHECKOUT_CART_BUSY'));

/**
 * Calls until an answer that is not a reason to retry. `safe`: the call may be repeated as it is
 * (GET, PUT, and a POST carrying its Idempotency-Key).
 */
async function untilAnswered(load: OrderLoad, send: () => Promise<Answer>): Promise<Answer> {
  for (;;) {
    if (abandoned.has(load)) throw new Error('order load aborted');
    let answer: Answer;
    try {
      answer = await send();
    } catch {
      load.retries.network++;
      await pause(100);
      continue;
    }
    if (!retryable(answer)) return answer;
    if (answer.status >= 500) load.retries.status5xx++;
    else load.retries.inProgress++;
    await pause(answer.status === 409 ? 500 : 150);
  }
}

/**
 * Fills the cart with `lines` so that it holds exactly them, whatever earlier attempts did: a bulk
 * add may have been applied before its answer was lost, so the cart is read and set, never blindly
 * added to twice.
 */
async function fillExactly(load: OrderLoad, base: string, token: string, lines: CartLine[]): Promise<CartLine[]> {
  for (const line of lines) {
    const current = await untilAnswered(load, () => call(base, token, 'GET', '/v1/cart'));
    const held = ((current.json?.lines ?? []) as CartLine[]).find((l) => l.product_id === line.product_id);
    const answer = held
      ? await untilAnswered(load, () => call(base, token, 'PUT', `/v1/cart/items/${line.product_id}`, { quantity: line.quantity }))
      : await untilAnswered(load, () => call(base, token, 'POST', '/v1/cart/items', line));
    if (answer.status !== 200) throw new Error(`cart: ${answer.status} ${JSON.stringify(answer.json)}`);
  }
  // What the placement will order: the cart as stored (a lost answer may have left more in it).
  for (;;) {
    if (abandoned.has(load)) throw new Error('order load aborted');
    try {
      return await cartLines(base, token);
    } catch {
      load.retries.network++;
      await pause(150);
    }
  }
}

/** Signs the buyers in through `base` and starts them placing orders of 1–2 lines of `products`. */
export async function startOrderLoad(opts: { base: string; clientSecret: string; buyers: string[]; products: string[]; pauseMs?: number }): Promise<OrderLoad> {
  const { base, products } = opts;
  let stopping = false;
  const load: OrderLoad = {
    acknowledged: [],
    unexpected: [],
    retries: { network: 0, status5xx: 0, inProgress: 0 },
    countOf: (buyer) => load.acknowledged.filter((a) => a.buyer === buyer).length,
    stop: async () => {
      stopping = true;
      await running;
    },
    abort: async () => {
      stopping = true;
      abandoned.add(load);
      await running.catch(() => undefined);
    },
  };
  const sessions = await Promise.all(
    opts.buyers.map(async (email) => {
      const { access } = await signIn(base, opts.clientSecret, email);
      return { email, token: access, body: await checkoutBody(base, access) };
    }),
  );
  const running = Promise.all(
    sessions.map(async ({ email, token, body }, n) => {
      for (let round = 0; !stopping; round++) {
        const first = products[(n + round) % products.length]!;
        const second = products[(n + round + 1) % products.length]!;
        const wanted = round % 2 ? [{ product_id: first, quantity: 1 + (round % 3) }] : [{ product_id: first, quantity: 1 }, { product_id: second, quantity: 2 }];
        const lines = await fillExactly(load, base, token, wanted);
        const key = randomUUID();
        const answer = await untilAnswered(load, () => call(base, token, 'POST', '/v1/orders', body, { 'idempotency-key': key }));
        if (answer.status === 201) {
          load.acknowledged.push({ buyer: email, id: String(answer.json!.id), number: String(answer.json!.number), key, lines });
        } else {
          load.unexpected.push({ buyer: email, status: answer.status, body: answer.json });
          // The cart is left as it was; start the next round from an empty one.
          for (const l of lines) await untilAnswered(load, () => call(base, token, 'DELETE', `/v1/cart/items/${l.product_id}`));
        }
        if (opts.pauseMs) await pause(opts.pauseMs);
      }
    }),
  );
  return load;
}
