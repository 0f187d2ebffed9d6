import { describe, expect, it } from 'vitest';
import type { Registry } from '@portal/shared/schemas';
import { pageContentSecurityPolicy, remoteOrigins } from './page-security';

const registry = (manifests: Record<string, { manifest: string; canary?: string }>): Registry => ({
  environment: 'production',
  updatedAt: '2026-01-01T00:00:00.000Z',
  shell: { version: '1.0.0' },
  remotes: Object.fromEntries(
    Object.entries(manifests).map(([name, m]) => [
      name,
      { version: '1.0.0', manifest: m.manifest, ...(m.canary ? { canary: { version: '1.1.0', manifest: m.canary, percent: 10 } } : {}) },
    ]),
  ),
});

const directives = (csp: string) => new Map(csp.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]));

describe('page Content-Security-Policy', () => {
  it('allows only the own origin when every remote is served by the gateway', () => {
    const csp = directives(pageContentSecurityPolicy(registry({ catalog: { manifest: '/remotes/catalog/1.0.0/mf-manifest.json' } })));
    // WebAssembly may be compiled (the camera's code reader, decision 075), JavaScript never evaluated.
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    // No inline script, no eval anywhere.
    expect([...csp.values()].flat()).not.toContain("'unsafe-eval'");
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('adds the origins of remotes (live and canary) served from elsewhere, once each', () => {
    const reg = registry({
      catalog: { manifest: 'https://cdn.example.com/remotes/catalog/1.0.0/mf-manifest.json', canary: 'https://canary.example.com/catalog/mf-manifest.json' },
      orders: { manifest: 'https://cdn.example.com/remotes/orders/1.0.0/mf-manifest.json' },
      auth: { manifest: '/remotes/auth/1.0.0/mf-manifest.json' },
    });
    expect(remoteOrigins(reg)).toEqual(['https://canary.example.com', 'https://cdn.example.com']);
    const csp = directives(pageContentSecurityPolicy(reg));
    for (const name of ['script-src', 'connect-src', 'style-src', 'img-src', 'font-src']) {
      expect(csp.get(name), name).toEqual(expect.arrayContaining(["'self'", 'https://cdn.example.com', 'https://canary.example.com']));
    }
  });

  it('ignores a manifest that is not an http(s) URL', () => {
    expect(remoteOrigins(registry({ a: { manifest: 'javascript:alert(1)' }, b: { manifest: 'data:text/javascript,1' } }))).toEqual([]);
    expect(remoteOrigins(undefined)).toEqual([]);
  });
});
