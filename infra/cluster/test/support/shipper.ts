// The supplier's staff shipping orders while buyers place them: each order is moved ordered →
// processing → to be shipped → in shipping, and the move to in shipping issues its invoice (the
// year's gapless series, decision 047) in the move's transaction.
import { call } from './portal-client';

export interface Shipper {
  /** Orders moved to in shipping, in the order they were shipped. */
  shipped: string[];
  /** Answers other than 200 (must stay empty). */
  unexpected: { order: string; status: number; body: unknown }[];
  /** Ships what is waiting and stops; resolves when done. */
  stop(): Promise<void>;
}

/** Moves one order to in shipping as staff through `base`; answers the first answer that is not 200, or null. */
export async function shipOrder(base: string, staffToken: string, orderId: string): Promise<{ status: number; body: unknown } | null> {
  const moves = [{ status: 'processing' }, { status: 'to_be_shipped' }, { status: 'in_shipping', tracking_reference: `TRACK-${orderId.slice(0, 8)}`, expected_delivery_on: '2030-01-02' }];
  for (const move of moves) {
    const answer = await call(base, staffToken, 'POST', `/v1/orders/${orderId}/status`, move);
    if (answer.status !== 200) return { status: answer.status, body: answer.json };
  }
  return null;
}

/** Ships, one after another, the orders `toShip()` lists (a list that grows while buyers order). */
export function startShipper(base: string, staffToken: string, toShip: () => readonly string[]): Shipper {
  let stopping = false;
  const done = new Set<string>();
  const shipper: Shipper = {
    shipped: [],
    unexpected: [],
    async stop() {
      stopping = true;
      await running;
    },
  };
  const running = (async () => {
    for (;;) {
      const next = toShip().find((id) => !done.has(id));
      if (next === undefined) {
        if (stopping) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      done.add(next);
      const refused = await shipOrder(base, staffToken, next);
      if (refused) shipper.unexpected.push({ order: next, ...refused });
      else shipper.shipped.push(next);
    }
  })();
  return shipper;
}
