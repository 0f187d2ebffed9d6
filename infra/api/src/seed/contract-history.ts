// When each demo contract line entered its contract (issue 7). The ranges were set up months before
// the seeding, and every contract received a handful of products in the last 30 days, so the "new in
// your contract" widget has something to show whenever the demo is seeded. A PRNG of its own keeps
// the rest of the demo data (orders, quotations) the same as before this history existed.
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { contractPrices, orderLines, orders } from '../db/schema';
import { createRandom, type Random } from './random';

const DAY_MS = 86_400_000;

/** Between 4 and 20 months before `now`: well outside any "new" window. */
export function establishedAt(rnd: Random, now: number): Date {
  return new Date(now - rnd.int(120, 600) * DAY_MS - rnd.int(0, DAY_MS - 1));
}

/** The history's own PRNG (seeded, so the demo is the same on every machine). */
export function createHistoryRandom(): Random {
  return createRandom(20250107);
}

/**
 * Moves 4–8 lines of each contract into the last 30 days. Only lines the organisation never
 * ordered qualify: a product cannot have been ordered under a contract before it entered it.
 */
export async function addRecentContractLines(
  tx: Tx,
  rnd: Random,
  now: number,
  contracts: { contractId: string; organisationId: string }[],
  prices: { contractId: string; productId: string }[],
): Promise<void> {
  for (const { contractId, organisationId } of contracts) {
    const ordered = new Set(
      (
        await tx
          .selectDistinct({ productId: orderLines.productId })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .where(eq(orders.organisationId, organisationId))
      ).map((r) => r.productId),
    );
    const candidates = prices.filter((p) => p.contractId === contractId && !ordered.has(p.productId));
    const count = Math.min(rnd.int(4, 8), candidates.length);
    for (let i = 0; i < count; i++) {
      const [line] = candidates.splice(rnd.int(0, candidates.length - 1), 1);
      const addedAt = new Date(now - rnd.int(1, 29) * DAY_MS - rnd.int(0, DAY_MS - 1));
      await tx
        .update(contractPrices)
        .set({ addedAt })
        .where(and(eq(contractPrices.contractId, contractId), eq(contractPrices.productId, line!.productId)));
    }
  }
}
