import { useEffect } from 'react';
import { bus } from '@portal/shared/bus';
import { isDialogActive } from '@portal/shared/ui';
import { fetchRegistry, startRegistry } from '../federation/registry';
import { hasNewVersion, versionPollInterval } from './version-check';

const DIALOG_ID = 'version-available';

/**
 * Polls the registry and, when the shell or a remote changed since this page started (a deploy or
 * a rollback), offers the refresh dialog once. Hidden tabs do not poll; they look when shown again.
 */
export function VersionWatch() {
  useEffect(() => {
    const interval = versionPollInterval(document.querySelector<HTMLMetaElement>('meta[name="portal-version-poll-ms"]')?.content);
    let offered = false;
    let running = false;
    const check = async () => {
      if (offered || running || document.hidden) return;
      running = true;
      try {
        const [loaded, latest] = await Promise.all([startRegistry(), fetchRegistry()]);
        if (hasNewVersion(loaded, latest) && !isDialogActive(DIALOG_ID)) {
          offered = true;
          bus.emit('app:version-available');
          bus.emit('dialog:requested', { triggerId: DIALOG_ID, dialog: 'version-available' });
        }
      } catch (error) {
        console.warn('[versions] could not read the registry', error);
      } finally {
        running = false;
      }
    };
    const timer = setInterval(() => void check(), interval);
    const onVisible = () => void check();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return null;
}
