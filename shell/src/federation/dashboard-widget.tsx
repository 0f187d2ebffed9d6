import { Fragment, Suspense, useCallback } from 'react';
import type { DashboardWidget as Widget } from '@portal/shared/routing';
import { Skeleton } from '@portal/shared/ui';
import { loadRemoteWidget } from './load-remote';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { RemoteIntl } from './remote-intl';
import { RemoteUnavailable } from './remote-unavailable';
import { useRemoteModule } from './use-remote-module';

const placeholder = <Skeleton height={220} radius="md" />;

/**
 * One widget of the signed-in dashboard, loaded from the remote that exposes it. It fails alone: a
 * remote that is down, or a widget that throws, shows the unavailable panel with a retry in this
 * widget's place, and the rest of the dashboard keeps working.
 */
export function DashboardWidgetSlot({ widget }: { widget: Widget }) {
  // Stable per widget, so the hook loads once.
  const load = useCallback(() => loadRemoteWidget(widget), [widget]);
  const { state, retry } = useRemoteModule(widget.remote, load);

  let content;
  if (state.status === 'loading') content = placeholder;
  else if (state.status === 'failed') content = <RemoteUnavailable inline onRetry={retry} />;
  else {
    const { Widget: Body, loadMessages, Providers = Fragment } = state.module;
    content = (
      <RemoteErrorBoundary remote={widget.remote} fallback={(reset) => <RemoteUnavailable inline onRetry={() => void retry().then(reset)} />}>
        <RemoteIntl loadMessages={loadMessages} loading={placeholder}>
          <Providers>
            <Suspense fallback={placeholder}>
              <Body />
            </Suspense>
          </Providers>
        </RemoteIntl>
      </RemoteErrorBoundary>
    );
  }
  return (
    <div data-widget={widget.id} data-remote={widget.remote}>
      {content}
    </div>
  );
}
