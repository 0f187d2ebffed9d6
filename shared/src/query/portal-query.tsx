// The portal's one query cache (docs/decisions/033). The shell does not provide it at its root, so a
// page that reads no data through TanStack Query (the sign-in pages) never downloads it. Code that
// uses it is wrapped in PortalQueryProvider where it renders: a remote's pages and widgets (the
// `Providers` of its exposed module), the shell's cart count. `@portal/shared/query` is a shared
// singleton, so they all hold the same client: a remote that invalidates the cart key updates the
// header's count, and a page left and visited again finds its data cached.
import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './create-query-client';

let client: QueryClient | undefined;

/** The portal's query client, made on first use with the spec's defaults. */
export function portalQueryClient(): QueryClient {
  client ??= createQueryClient();
  return client;
}

/** Provides the portal's query client to what it wraps (nesting it is harmless: one client). */
export function PortalQueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={portalQueryClient()}>{children}</QueryClientProvider>;
}
