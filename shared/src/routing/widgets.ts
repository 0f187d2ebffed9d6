import type { ComponentType } from 'react';
import type { Locale } from '../i18n';
import type { RemoteName } from './mounts';
import type { Messages, RemoteProviders } from './remote-module';

/** A widget of the signed-in dashboard, exposed by a remote as `./widgets/<id>`. */
export interface DashboardWidget {
  /** Stable id; the remote exposes it as `./widgets/<id>`. */
  id: string;
  remote: RemoteName;
}

/**
 * The widgets of the signed-in dashboard (`/`), in the order the shell lays them out. Each loads
 * and fails on its own: a remote that is down shows the unavailable panel in its widgets' places.
 */
export const DASHBOARD_WIDGETS: readonly DashboardWidget[] = [
  { id: 'frequently-ordered', remote: 'catalog' },
  { id: 'new-in-contract', remote: 'catalog' },
];

/** The exposed module name of a widget, e.g. `./widgets/frequently-ordered`. */
export const widgetModule = (widget: Pick<DashboardWidget, 'id'>): string => `./widgets/${widget.id}`;

/** The dashboard widgets one remote must expose. */
export function widgetsOf(remote: RemoteName): DashboardWidget[] {
  return DASHBOARD_WIDGETS.filter((w) => w.remote === remote);
}

/** The module a remote exposes as `./widgets/<id>`. */
export interface RemoteWidgetModule {
  /** The widget: a section with its own heading (h2), its data, loading and empty states. */
  Widget: ComponentType;
  /** This remote's messages for a locale (the same chunks as its routes module's). */
  loadMessages: (locale: Locale) => Promise<Messages>;
  /** What the widget needs around it, as a routes module's `Providers`. None when absent. */
  Providers?: RemoteProviders;
}
