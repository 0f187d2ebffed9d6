// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { takeInlineManifest, takeInlineRouteRule, takeInlineTranslations, takePageData } from './page-data';

/** A page whose head carries the gateway's data blocks (escaped as json-in-html.ts writes them). */
function page(...blocks: [id: string, json: string][]): Document {
  const html = blocks.map(([id, json]) => `<script type="application/json" id="${id}">${json}</script>`).join('');
  return new DOMParser().parseFromString(`<!doctype html><html><head>${html}</head></html>`, 'text/html');
}

describe('the page\'s data blocks', () => {
  it('gives each block once, with the gateway\'s escapes read back', () => {
    const doc = page(['portal-translations', '[{"key":"k","en":"\\u003c/script\\u003e \\u0026","nl":"n","fr":"f"}]']);
    expect(takeInlineTranslations(doc)).toEqual([{ key: 'k', en: '</script> &', nl: 'n', fr: 'f' }]);
    // Used: a later read (a retry) fetches.
    expect(takeInlineTranslations(doc)).toBeUndefined();
  });

  it('gives nothing without a block or for one that does not parse, so the caller fetches', () => {
    expect(takePageData('portal-translations', page())).toBeUndefined();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(takePageData('portal-translations', page(['portal-translations', '{broken']))).toBeUndefined();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('gives the route rules only for the path they were looked up for', () => {
    const rule = { path: '/products', locale: 'en', pattern: null, redirect: null, middleware: [] };
    const block = JSON.stringify({ path: '/en/products', rule });
    expect(takeInlineRouteRule('/en/products', page(['portal-route-rules', block]))).toEqual(rule);
    expect(takeInlineRouteRule('/en/faq', page(['portal-route-rules', block]))).toBeUndefined();
  });

  it('gives the manifest to the fetch of its own URL, written relative or absolute, and keeps it for that one', () => {
    const manifest = { id: 'catalog', metaData: {} };
    const doc = page(['portal-remote-manifest', JSON.stringify({ url: '/remotes/catalog/1/mf-manifest.json', manifest })]);
    // Another remote's manifest is fetched first: the block waits for its own.
    expect(takeInlineManifest('/remotes/auth/1/mf-manifest.json', doc)).toBeUndefined();
    expect(takeInlineManifest(new URL('/remotes/catalog/1/mf-manifest.json', document.baseURI).href, doc)).toEqual(manifest);
    expect(takeInlineManifest('/remotes/catalog/1/mf-manifest.json', doc)).toBeUndefined();
  });
});
