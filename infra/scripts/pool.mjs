// The test run's suites beside the browser lane, in a fixed number of slots: a slot that ends a suite
// takes the next one that may start, so no core waits while a suite is queued behind a long one
// (BENCHMARKS.md "CI that fits the machine": one checks lane ran its thirteen suites one after the
// other and ended seven minutes after everything else).

/**
 * Runs `jobs` ({ name, afterGate, run }) in `slots` at a time, in the given order (longest first, so
 * that the last to start are the short ones). A job with `afterGate` waits for `gate` (the build);
 * until it resolves, a free slot takes the first job that does not. If `gate` rejects, the jobs that
 * wait for it are left unstarted (their summary lines say "did not finish") and the others still run.
 * Resolves when every job that could start has ended.
 */
export async function runPool(jobs, slots, gate) {
  const queue = [...jobs];
  let opened = false;
  let failed = false;
  const gateSettled = gate.then(
    () => (opened = true),
    () => (failed = true),
  );
  const slot = async () => {
    for (;;) {
      const next = queue.findIndex((job) => opened || !job.afterGate);
      if (next !== -1) {
        await queue.splice(next, 1)[0].run();
        continue;
      }
      if (!queue.length || failed) return;
      await gateSettled;
    }
  };
  await Promise.all(Array.from({ length: slots }, slot));
}
