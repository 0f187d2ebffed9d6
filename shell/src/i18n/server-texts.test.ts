// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

async function loadWith(entries: unknown[]) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(entries), { headers: { 'content-type': 'application/json' } })));
  return (await import('./server-texts')).loadServerTexts;
}

describe('server texts', () => {
  const faq = { key: 'faq.title', en: 'Frequently asked questions', nl: 'Veelgestelde vragen', fr: 'Questions fréquentes' };

  it('gives each real locale its own column', async () => {
    const load = await loadWith([faq]);
    expect(await load('nl')).toEqual({ 'faq.title': 'Veelgestelde vragen' });
  });

  it('shows the English pseudo-localised in xx, so no plain English is left on an xx page', async () => {
    const load = await loadWith([faq]);
    expect(await load('xx')).toEqual({ 'faq.title': '[Ƒřḗɋŭḗƞŧŀẏ ȧşķḗḓ ɋŭḗşŧīǿƞş]' });
  });
});
