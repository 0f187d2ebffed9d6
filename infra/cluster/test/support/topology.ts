// The one place the tests get startTopology from (the fallback until @portal/cluster's lands).
export { startTopology } from './fallback-topology';
export type { Instance, Topology, TopologyOptions } from './topology-types';
