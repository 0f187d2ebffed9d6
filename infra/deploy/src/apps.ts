import { OpsError } from './errors';

/** Federation names of the remotes, in the order the tool lists them. */
export const REMOTE_NAMES = ['auth', 'catalog', 'checkout', 'orders', 'account'] as const;
/** A remote's federation name. */
export type RemoteName = (typeof REMOTE_NAMES)[number];
/** Everything the tool publishes: the shell and the remotes. */
export type AppName = 'shell' | RemoteName;
/** The shell first: a remote cannot go live in an environment without a shell. */
export const APP_NAMES: readonly AppName[] = ['shell', ...REMOTE_NAMES];

/** True for a remote (as opposed to the shell). */
export function isRemote(app: AppName): app is RemoteName {
  return app !== 'shell';
}

/** Accepts `catalog`, `mfe-catalog` or `@portal/mfe-catalog` (people type all three). */
export function parseAppName(input: string): AppName {
  const name = input.replace(/^@portal\//, '').replace(/^mfe-/, '');
  if ((APP_NAMES as readonly string[]).includes(name)) return name as AppName;
  throw new OpsError('OPS_UNKNOWN_APP', `unknown app "${input}": expected one of ${APP_NAMES.join(', ')}`);
}

/** The workspace folder of an app, relative to the repository root (`shell`, `mfe-catalog`). */
export function appPackageDir(app: AppName): string {
  return app === 'shell' ? 'shell' : `mfe-${app}`;
}
