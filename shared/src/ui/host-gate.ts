// The dialog and toast hosts are the heaviest part of the design system (Mantine's Modal with its
// scroll area and floating-ui, the notifications stack) and most page views show neither, so the
// shell mounts them on first use (docs/decisions/010). This gate is page-wide state, like the
// dialogs' trigger ids (the UI module is one shared instance): openDialog and showToast ask for the
// hosts here, the shell watches for that and mounts them, and the hosts report themselves mounted.

type Deferred = { promise: Promise<void>; resolve: () => void; reject: (error: unknown) => void };

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A failed load is reported to whoever waits; nobody waiting is no unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

let ready = deferred();
let mountedHosts = 0;
let wanted = false;
const listeners = new Set<() => void>();

/** Resolves once a dialog host or toast host is mounted, asking the shell to mount them if need be. */
export function whenHostsReady(): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return ready.promise;
}

/** Whether a dialog or toast host is mounted now. */
export function areHostsMounted(): boolean {
  return mountedHosts > 0;
}

/** Whether a dialog or toast has asked for the hosts (the shell mounts them from then on). */
export function areHostsWanted(): boolean {
  return wanted;
}

/** Calls `listener` when the hosts are first asked for; returns the unsubscribe call. */
export function onHostsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The hosts could not be loaded (offline): waiting dialogs and toasts fail; the next ask tries again. */
export function hostsFailedToLoad(error: unknown): void {
  wanted = false;
  ready.reject(error);
  ready = deferred();
}

/** Called by DialogHost and ToastHost while they are mounted; returns the call for unmounting. */
export function hostMounted(): () => void {
  mountedHosts += 1;
  ready.resolve();
  return () => {
    mountedHosts -= 1;
    if (mountedHosts === 0) ready = deferred();
  };
}
