import { describe, expect, it } from 'vitest';
import { firstRemote, firstScreenHints, firstScreenHtml, linkHeader, type PreloadHint } from './first-screen';
import type { RemoteFirstFiles } from './remote-first-files';
import { testRegistry } from './test-registry';

const registry = testRegistry();

/** Stands in for the store: each manifest's entry and one chunk beside it. */
const files = async (manifest: string): Promise<RemoteFirstFiles> => {
  const dir = manifest.replace(/mf-manifest\.json$/, '');
  return { manifest, scripts: [`${dir}remoteEntry.js`, `${dir}static/js/routes.js`], styles: [`${dir}static/css/routes.css`] };
};

describe('the first screen of a path', () => {
  it('is the remote of the path\'s mount, or the login page\'s for a signed-in page without a session', () => {
    expect(firstRemote('/en/products', false)).toBe('catalog');
    expect(firstRemote('/nl/auth/login', false)).toBe('auth');
    expect(firstRemote('/en/my-orders', true)).toBe('orders');
    expect(firstRemote('/en/my-orders', false)).toBe('auth');
    expect(firstRemote('/en', false)).toBeUndefined();
    expect(firstRemote('/en/faq', false)).toBeUndefined();
  });

  it('hints the texts, the path\'s route rules and its remote\'s manifest, styles and scripts', async () => {
    const hints = await firstScreenHints(registry, { pathname: '/en/products', hasSession: false }, files);
    expect(hints).toEqual([
      { href: '/api/v1/translations', as: 'fetch' },
      { href: '/api/v1/route-rules?path=%2Fen%2Fproducts', as: 'fetch' },
      { href: '/remotes/catalog/c1/mf-manifest.json', as: 'fetch' },
      { href: '/remotes/catalog/c1/static/css/routes.css', as: 'style' },
      { href: '/remotes/catalog/c1/remoteEntry.js', as: 'script' },
      { href: '/remotes/catalog/c1/static/js/routes.js', as: 'script' },
    ]);
  });

  it('hints no remote for a shell page, nor for a remote the registry does not have', async () => {
    expect((await firstScreenHints(registry, { pathname: '/en', hasSession: false }, files)).map((h) => h.href)).toEqual([
      '/api/v1/translations',
      '/api/v1/route-rules?path=%2Fen',
    ]);
    const hints = await firstScreenHints(registry, { pathname: '/en/checkout/overview', hasSession: false }, files);
    expect(hints.some((h) => h.href.startsWith('/remotes/'))).toBe(false);
  });

  it('writes the registry block and CORS-mode fetch hints (as the shell\'s fetch() asks), escaping the path', () => {
    const hints: PreloadHint[] = [
      { href: '/api/v1/route-rules?path=%2Fen%2F"><script>', as: 'fetch' },
      { href: '/remotes/auth/a1/remoteEntry.js', as: 'script' },
    ];
    const html = firstScreenHtml(registry, hints);
    expect(html).toContain(`<script type="application/json" id="portal-registry">${JSON.stringify(registry)}</script>`);
    expect(html).toContain('<link rel="preload" href="/api/v1/route-rules?path=%2Fen%2F&#34;&#62;&#60;script&#62;" as="fetch" crossorigin="anonymous">');
    expect(html).toContain('<link rel="preload" href="/remotes/auth/a1/remoteEntry.js" as="script">');
  });

  it('gives the same hints as a Link header, leaving out what a header cannot carry', () => {
    expect(
      linkHeader([
        { href: '/api/v1/translations', as: 'fetch' },
        { href: '/remotes/auth/a1/remoteEntry.js', as: 'script' },
        { href: '/odd>,path', as: 'script' },
      ]),
    ).toBe('</api/v1/translations>; rel=preload; as=fetch; crossorigin=anonymous, </remotes/auth/a1/remoteEntry.js>; rel=preload; as=script');
    expect(linkHeader([])).toBeUndefined();
  });
});
