// Development helpers for remotes: not shared at runtime, never part of the shell's bundle.
export { renderStandalone } from './standalone';
export type { StandaloneOptions } from './standalone';
