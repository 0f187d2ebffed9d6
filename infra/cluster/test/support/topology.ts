// The one place the tests get startTopology from (the fallback until @portal/cluster's lands).
export { startTopology } from './fallback-topology';
export type { Instance, Topology, TopologyOptions } from './topology-types';
/** Readiness: 200 when the instance can serve (database, and Redis when configured), else 503. */
export const READY_PATH = '/api/ready';
