/**
 * Returns the value stored on `globalThis` under `Symbol.for(key)`, creating it on first use.
 * Why: the shell and each remote are built separately; a module-level instance would exist once
 * per bundle, while `Symbol.for` keys are shared by every bundle in the same window.
 */
export function globalSingleton<T>(key: string, create: () => T): T {
  const symbol = Symbol.for(key);
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  return (store[symbol] ??= create());
}
