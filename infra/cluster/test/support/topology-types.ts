// The topology interface of contract-17.md, as the tests use it.
export interface TopologyOptions {
  instances: number;
  port: number;
  instancePorts: number[];
  databaseUrl: string;
  redisUrl?: string;
  redisPrefix?: string;
  workDir: string;
  storeDir?: string;
  env?: Record<string, string>;
}
export interface Instance {
  port: number;
  url: string;
  pid: number;
  kill(signal?: NodeJS.Signals): Promise<void>;
  start(): Promise<void>;
}
export interface Topology {
  url: string;
  instances: Instance[];
  nginxPid: number;
  stop(): Promise<void>;
}
