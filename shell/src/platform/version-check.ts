import type { Registry } from '@portal/shared/schemas/platform';

/** Default interval between two looks at the registry (overridable by the gateway). */
export const DEFAULT_VERSION_POLL_MS = 60_000;
const MIN_POLL_MS = 1_000;

/** The poll interval the gateway wrote into `<meta name="portal-version-poll-ms">`, else the default. */
export function versionPollInterval(meta: string | null | undefined): number {
  const value = Number(meta);
  return Number.isFinite(value) && value >= MIN_POLL_MS ? value : DEFAULT_VERSION_POLL_MS;
}

/** Whether the shell or any remote this page was started with now has another live version. */
export function hasNewVersion(loaded: Registry, latest: Registry): boolean {
  if (loaded.shell.version !== latest.shell.version) return true;
  const names = new Set([...Object.keys(loaded.remotes), ...Object.keys(latest.remotes)]);
  return [...names].some((name) => loaded.remotes[name]?.version !== latest.remotes[name]?.version);
}
