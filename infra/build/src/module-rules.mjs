// Module rules that cut library code a page does not use (docs/decisions/025).
import { join } from 'node:path';

/** Mantine's ScrollArea, the one Mantine module outside the popovers that imports floating-ui. */
export const SCROLL_AREA_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;

/** The stand-in for floating-ui's useMergeRefs, in the design system (the one place Mantine is reached). */
export function mergeRefsShim(appDir) {
  return join(appDir, '..', 'shared', 'src', 'ui', 'shims', 'floating-merge-refs.ts');
}

/**
 * ScrollArea (reached from Table, Modal, Drawer) gets `@floating-ui/react` resolved to the stand-in.
 * The popovers keep the real floating-ui, which now loads only with `ui/overlays` or `ui/select`.
 */
export function libraryCutRules(appDir) {
  return [{ test: SCROLL_AREA_MODULE, resolve: { alias: { '@floating-ui/react$': mergeRefsShim(appDir) } } }];
}
