// The orders counter (decision 084) as a test reads it: this process's `portal_orders_placed_total`
// per channel, and what moved since an earlier reading, so a test says "one cXML order and nothing
// else" in one expectation (a wrong channel or a second increment fails it).
import { ordersPlaced, type OrderChannel } from '../common/metrics';

export type OrdersCounted = Partial<Record<OrderChannel, number>>;

export async function ordersCounted(): Promise<OrdersCounted> {
  const counted: OrdersCounted = {};
  for (const { labels, value } of (await ordersPlaced.get()).values) counted[labels.channel as OrderChannel] = value;
  return counted;
}

/** The channels that moved since `before`, with by how much. */
export async function ordersCountedSince(before: OrdersCounted): Promise<OrdersCounted> {
  const now = await ordersCounted();
  const moved: OrdersCounted = {};
  for (const [channel, value] of Object.entries(now) as [OrderChannel, number][]) {
    const delta = value - (before[channel] ?? 0);
    if (delta !== 0) moved[channel] = delta;
  }
  return moved;
}
