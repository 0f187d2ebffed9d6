import { useState } from 'react';
import { RouterProvider } from '@portal/shared/router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@portal/shared/query';
import { PortalThemeProvider } from '@portal/shared/ui';
import { createRouter } from './router';

/** The portal's one React root: theme, data cache and the one router (hosts live per locale). */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  return (
    <PortalThemeProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PortalThemeProvider>
  );
}
