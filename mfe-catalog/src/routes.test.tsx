// The catalog's pages need its API to show their titles (a product's page is named after it), so the
// shared route test (describeRemoteRoutes) is not used here; the browser journeys visit every page.
// What the shell needs from the exposed modules is checked here.
import { describe, expect, it } from 'vitest';
import { PortalQueryProvider } from '@portal/shared/query';
import * as routesModule from './routes';
import * as frequentlyOrdered from './widgets/frequently-ordered';
import * as newInContract from './widgets/new-in-contract';

describe('the catalog exposed modules', () => {
  // The shell mounts the pages and widgets with only their module's Providers around them (decision 033).
  it('bring the query cache their data needs', () => {
    expect(routesModule.Providers).toBe(PortalQueryProvider);
    expect(frequentlyOrdered.Providers).toBe(PortalQueryProvider);
    expect(newInContract.Providers).toBe(PortalQueryProvider);
  });

  it('expose what the shell checks: routes, messages and widgets', () => {
    expect(routesModule.routes.map((r) => r.path)).toEqual(['my-products', 'products', 'quick-order', 'order-lists']);
    expect(typeof routesModule.loadMessages).toBe('function');
    expect(typeof frequentlyOrdered.Widget).toBe('function');
    expect(typeof newInContract.Widget).toBe('function');
  });
});
