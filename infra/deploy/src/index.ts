// The deploy library: publish builds into a store and move the per-environment registry pointer.
// The `ops` CLI (src/cli.ts) is a thin shell over these; the gateway imports the store layout.
export * from './apps';
export * from './backup';
export * from './backup-set';
export * from './base-backup';
export * from './canary';
export * from './compatibility';
export * from './context';
export * from './deploy';
export * from './directory-store';
export { defaultBackupDir } from './env';
export * from './errors';
export * from './file-tree';
export * from './history';
export * from './point-in-time';
export * from './publish';
export * from './recovery-target';
export * from './registry-update';
export * from './restore';
export * from './rollback';
export * from './status';
export * from './store';
export * from './validate-build';
export * from './version';
