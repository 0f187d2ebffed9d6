/**
 * Whether an error means a code chunk could not be loaded (a deploy replaced it, or the network
 * dropped): the cure is a (guarded) reload, not an error page (spec section 8).
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return (
    typeof message === 'string' &&
    /(Loading (CSS )?chunk \S+ failed|Failed to fetch dynamically imported module|Importing a module script failed)/i.test(message)
  );
}
