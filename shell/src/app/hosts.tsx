import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { DialogHost, ToastHost } from '@portal/shared/ui';
import { useRenderDialog } from './dialogs/use-render-dialog';
import { RouteRulesWatch } from './platform/route-rules-watch';
import { ScrollManager } from './platform/scroll-manager';
import { SessionWatch } from './platform/session-watch';
import { VersionWatch } from './platform/version-watch';

/**
 * The portal's one toast host and one dialog host, translated for the current locale, and the
 * watchers that need the router and the messages: session, versions, route rules, scrolling.
 */
export function Hosts({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const closeLabel = intl.formatMessage({ id: 'ui.close' });
  const renderDialog = useRenderDialog();
  return (
    <DialogHost closeLabel={closeLabel} renderDialog={renderDialog}>
      <ToastHost closeLabel={closeLabel} />
      <SessionWatch />
      <VersionWatch />
      <RouteRulesWatch />
      <ScrollManager />
      {children}
    </DialogHost>
  );
}
