import { useState } from 'react';
import { RouterProvider } from '@portal/shared/router';
import { PortalThemeProvider } from '@portal/shared/ui';
import { createRouter } from './router';

/**
 * The portal's one React root: theme and the one router (hosts live per locale). The query cache is
 * not provided here: what uses it provides it where it renders (decision 033), so a page without
 * data reads, such as sign-in, does not download TanStack Query.
 */
export function App() {
  const [router] = useState(createRouter);
  return (
    <PortalThemeProvider>
      <RouterProvider router={router} />
    </PortalThemeProvider>
  );
}
