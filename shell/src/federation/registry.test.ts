// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Registry } from '@portal/shared/schemas/platform';

const registerRemotes = vi.fn();
vi.mock('@module-federation/enhanced/runtime', () => ({ registerPlugins: vi.fn(), registerRemotes }));

const doc = (catalog: string): Registry => ({
  environment: 'production',
  updatedAt: '2026-01-01T00:00:00.000Z',
  shell: { version: 's1' },
  remotes: { catalog: { version: catalog, manifest: `/remotes/catalog/${catalog}/mf-manifest.json` } },
});

/** The block the gateway writes (decision 024). */
function injectRegistry(text: string): void {
  document.head.innerHTML = `<script type="application/json" id="portal-registry">${text}</script>`;
}

let fetch: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.resetModules();
  registerRemotes.mockReset();
  fetch = vi.fn(async () => new Response(JSON.stringify(doc('fetched')), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

describe('the registry at start', () => {
  it('uses the page\'s registry block without fetching, and registers its remotes', async () => {
    injectRegistry(JSON.stringify(doc('c-canary')).replace(/</g, '\\u003c'));
    const { startRegistry } = await import('./registry');
    expect((await startRegistry()).remotes.catalog!.version).toBe('c-canary');
    expect(fetch).not.toHaveBeenCalled();
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'catalog', entry: '/remotes/catalog/c-canary/mf-manifest.json' }]);
    // Used once: the block is gone, a later read (a retry) fetches.
    expect(document.getElementById('portal-registry')).toBeNull();
  });

  it('fetches the registry when the page has no block (a dev server\'s page)', async () => {
    const { startRegistry } = await import('./registry');
    expect((await startRegistry()).remotes.catalog!.version).toBe('fetched');
    expect(fetch).toHaveBeenCalledWith('/registry/development.json', { cache: 'no-store' });
  });

  it('fetches it, with a warning, when the block does not parse or is no registry', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { takeInjectedRegistry } = await import('./registry');
    injectRegistry('{"environment":');
    expect(takeInjectedRegistry()).toBeUndefined();
    injectRegistry('{"environment":"production"}');
    expect(takeInjectedRegistry()).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
