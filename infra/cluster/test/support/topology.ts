// The tests' way to @portal/cluster's startTopology: the same topology, plus a last-resort exit hook
// that kills its processes if the test process ends before `stop()` (a failed hook, an interrupt).
import { startTopology as start, type Topology, type TopologyOptions } from '../../src/index';
import { killIfAlive, onProcessExit } from './exit-hooks';

export type { Instance, Topology, TopologyOptions } from '../../src/index';

/** Readiness: 200 when the instance can serve (database, and Redis when configured), else 503. */
export const READY_PATH = '/api/health/ready';

export async function startTopology(opts: TopologyOptions): Promise<Topology> {
  const topology = await start(opts);
  // Read at exit time: a restarted instance has a new pid.
  const removeHook = onProcessExit(() => {
    for (const instance of topology.instances) killIfAlive(instance.pid);
    killIfAlive(topology.nginxPid);
  });
  return {
    ...topology,
    async stop() {
      try {
        await topology.stop();
      } finally {
        removeHook();
      }
    },
  };
}
