import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { areHostsWanted, hostsFailedToLoad, onHostsWanted } from '@portal/shared/ui';
import type { OnDemandHostsProps } from './on-demand-hosts';

/**
 * The dialog and toast hosts, loaded the first time `openDialog` or `showToast` asks for them
 * (docs/decisions/010): null until then. A failed load (offline) fails the waiting dialogs and
 * toasts and is not remembered, so the next one tries again.
 */
export function useOnDemandHosts(): ComponentType<OnDemandHostsProps> | null {
  const wanted = useSyncExternalStore(onHostsWanted, areHostsWanted);
  const [Hosts, setHosts] = useState<ComponentType<OnDemandHostsProps> | null>(null);
  useEffect(() => {
    if (!wanted || Hosts) return undefined;
    let live = true;
    import('./on-demand-hosts').then(
      (module) => live && setHosts(() => module.default),
      (error: unknown) => hostsFailedToLoad(error),
    );
    return () => {
      live = false;
    };
  }, [wanted, Hosts]);
  return Hosts;
}
