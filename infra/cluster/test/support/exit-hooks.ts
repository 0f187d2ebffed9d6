// Last-resort cleanup: what a test started (nginx, instances, a private PostgreSQL) must not outlive
// the test process, even when a test fails before its afterAll or the run is interrupted. The hooks
// are synchronous (all that runs on 'exit') and idempotent; afterAll runs them first in the usual case.
const hooks = new Set<() => void>();
let installed = false;

function runAll() {
  for (const hook of [...hooks].reverse()) {
    try {
      hook();
    } catch {
      // Cleanup goes on with the others.
    }
  }
  hooks.clear();
}

function install() {
  if (installed) return;
  installed = true;
  process.once('exit', runAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      runAll();
      process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
    });
  }
}

/** Runs `hook` when the process exits; the returned function removes it (after a normal cleanup). */
export function onProcessExit(hook: () => void): () => void {
  install();
  hooks.add(hook);
  return () => hooks.delete(hook);
}

/** Kills a child process by pid if it still runs (SIGKILL: nothing may be left behind). */
export function killIfAlive(pid: number | undefined) {
  if (!pid) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
