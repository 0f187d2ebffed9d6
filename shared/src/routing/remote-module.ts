import type { ComponentType, ReactNode } from 'react';
import type { RouteObject } from '../router';
import type { Locale, Message } from '../i18n';

/** What a page route carries for the shell: its title and SEO description keys (spec section 2). */
export interface PageHandle {
  /** react-intl key of the page title, e.g. `title.my_orders`; the shell shows "TBD" when absent. */
  titleKey?: string;
  /** react-intl key of the page's SEO description. */
  descriptionKey?: string;
}

/** A route object a remote exposes; pages are `React.lazy` components so each loads on demand. */
export type PortalRoute = Omit<RouteObject, 'children' | 'handle'> & {
  handle?: PageHandle;
  children?: PortalRoute[];
};

/** Flat react-intl messages of one locale (ICU texts, or their ASTs in production: decision 029). */
export type Messages = Readonly<Record<string, Message>>;

/**
 * The module every remote exposes as `./routes`. The shell mounts `routes[i].children` below the
 * mount whose path equals `routes[i].path` (see REMOTE_MOUNTS), inside its one router.
 */
export interface RemoteRoutesModule {
  /** One top-level route per mount of this remote; children are relative to it. */
  routes: PortalRoute[];
  /** Loads this remote's messages for a locale; each locale is its own chunk. */
  loadMessages: (locale: Locale) => Promise<Messages>;
  /**
   * What every page of this remote needs around it that the shell does not provide at its root: the
   * portal's query cache (`PortalQueryProvider`, decision 033) for a remote that reads data with
   * TanStack Query. None when absent.
   */
  Providers?: RemoteProviders;
}

/** Providers a remote's exposed module asks the shell to put around what it renders. */
export type RemoteProviders = ComponentType<{ children: ReactNode }>;
