import { REMOTE_MOUNTS, type RemoteMount } from '@portal/shared/routing';

/** The remote mount behind a locale-prefixed path (`/nl/my-orders/12` → orders' `my-orders`), if any. */
export function mountOfPath(path: string): RemoteMount | undefined {
  const segment = path.split('/')[2];
  return REMOTE_MOUNTS.find((m) => m.path === segment);
}
