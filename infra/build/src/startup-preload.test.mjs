import { describe, expect, it } from 'vitest';
import { preloadTag, startupFiles } from './startup-preload.mjs';

const group = (resource, files) => ({ origins: [{ module: { resource } }], chunks: files.map((f) => ({ files: new Set(f) })) });
const entry = /[\\/]src[\\/]main\.ts$/;

describe('preload hints for what the shell entry imports at once (decision 025)', () => {
  it('takes the JS and CSS of the chunk groups the entry module starts, style sheets first', () => {
    const groups = [
      group('/r/shell/src/main.ts', [['static/css/1.css'], [], ['static/js/2.js', 'static/css/2.css']]),
      group('/r/shell/src/app/router.tsx', [['static/js/page.js']]),
      { origins: [], chunks: [{ files: new Set(['static/js/other.js']) }] },
    ];
    expect(startupFiles(groups, entry)).toEqual(['static/css/1.css', 'static/css/2.css', 'static/js/2.js']);
  });

  it('takes nothing from lazy pages or other modules', () => {
    expect(startupFiles([group('/r/shell/src/pages/home.tsx', [['static/js/home.js']])], entry)).toEqual([]);
  });

  it('writes preload links with the right `as`', () => {
    expect(preloadTag('/', 'static/css/1.css')).toEqual({ tagName: 'link', voidTag: true, attributes: { rel: 'preload', href: '/static/css/1.css', as: 'style' } });
    expect(preloadTag('/', 'static/js/2.js').attributes.as).toBe('script');
  });
});
