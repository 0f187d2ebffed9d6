import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { listenForDialogRequests, listenForToastRequests } from '@portal/shared/ui';
import { useRenderDialog } from './dialogs/use-render-dialog';
import { CartMergeWatch } from '../platform/cart-merge-watch';
import { RouteRulesWatch } from '../platform/route-rules-watch';
import { ScrollManager } from '../platform/scroll-manager';
import { SessionWatch } from '../platform/session-watch';
import { VersionWatch } from '../platform/version-watch';
import { useOnDemandHosts } from './use-on-demand-hosts';

/**
 * The portal's one toast host and one dialog host, translated for the current locale and mounted on
 * first use (docs/decisions/010), and the watchers that need the router and the messages: session,
 * versions, route rules, scrolling. Bus requests for dialogs and toasts are taken from the start.
 */
export function Hosts({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const closeLabel = intl.formatMessage({ id: 'ui.close' });
  const renderDialog = useRenderDialog();
  const OnDemandHosts = useOnDemandHosts();
  useEffect(() => listenForToastRequests(), []);
  useEffect(() => listenForDialogRequests(renderDialog), [renderDialog]);
  return (
    <>
      {/* Loaded once on first use and kept in state: its identity is stable from then on. */}
      {/* eslint-disable-next-line react-hooks/static-components */}
      {OnDemandHosts && <OnDemandHosts closeLabel={closeLabel} />}
      <SessionWatch />
      <CartMergeWatch />
      <VersionWatch />
      <RouteRulesWatch />
      <ScrollManager />
      {children}
    </>
  );
}
