import pLimit from 'p-limit';

/** Route preloads at most four at once (spec section 9), so hovering a menu never floods the network. */
export const MAX_CONCURRENT_PRELOADS = 4;

const limit = pLimit(MAX_CONCURRENT_PRELOADS);
const started = new Set<string>();

/** Queues a preload once per key; failures are ignored (the real navigation reports them). */
export function preload(key: string, load: () => Promise<unknown>): void {
  if (started.has(key)) return;
  started.add(key);
  void limit(load).catch(() => started.delete(key));
}
