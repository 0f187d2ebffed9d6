export { startTopology, type Instance, type Topology, type TopologyOptions } from './topology';
export { renderNginxConfig } from './nginx';
export { createTestDatabase } from './test-database';
