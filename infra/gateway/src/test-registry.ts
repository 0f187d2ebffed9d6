// The registry the first-screen tests serve: two remotes in the store, and any others a test adds.
import type { Registry } from '@portal/shared/schemas';

export function testRegistry(extra: Registry['remotes'] = {}): Registry {
  return {
    environment: 'production',
    updatedAt: '2026-01-01T00:00:00.000Z',
    shell: { version: '1.0.0' },
    remotes: {
      auth: { version: 'a1', manifest: '/remotes/auth/a1/mf-manifest.json' },
      catalog: { version: 'c1', manifest: '/remotes/catalog/c1/mf-manifest.json' },
      ...extra,
    },
  };
}
