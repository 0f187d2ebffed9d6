// The contract between the shell and the remotes: who owns which path, and the `./routes` module.
export * from './mounts';
export type { PageHandle, PortalRoute, Messages, RemoteRoutesModule } from './remote-module';
