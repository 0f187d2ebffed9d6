// Stand-in for `@floating-ui/react` in Mantine's ScrollArea only (the build aliases it there, see
// infra/build/src/module-rules.mjs and docs/decisions/025). ScrollArea imports one hook from
// floating-ui, useMergeRefs; as the shell bundles floating-ui once for the popovers of
// `ui/overlays` and `ui/select`, that one import made every page with a Table (Table -> its scroll
// container -> ScrollArea) download all of floating-ui (~20 KB gzip). Mantine's own useMergedRef
// does the same job: call each ref with the node, and run the callback refs' cleanups on detach.
import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>) {
  return useMergedRef<T>(...refs);
}
