import { describe, expect, it } from 'vitest';
import { classifyTarget } from './safe-url';

const ORIGIN = 'https://portal.example';

describe('classifyTarget: the URL refusal table of spec section 2', () => {
  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    [' javascript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['java\nscript:alert(1)'],
    ['\u0000javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['blob:https://portal.example/0b5c'],
    ['vbscript:msgbox(1)'],
  ])('always refuses %j, even when external navigation is allowed', (target) => {
    expect(classifyTarget(target, ORIGIN, { allowExternal: true })).toEqual({ kind: 'refused', reason: 'unsafe-protocol' });
  });

  it.each([['mailto:sales@portal.example'], ['ftp://files.example/x'], ['file:///etc/passwd']])('refuses other schemes: %s', (target) => {
    expect(classifyTarget(target, ORIGIN, { allowExternal: true }).kind).toBe('refused');
  });

  it.each([
    ['/nl/my-orders', '/nl/my-orders'],
    ['/nl/my-orders?page=2#top', '/nl/my-orders?page=2#top'],
    ['https://portal.example/fr/faq', '/fr/faq'],
    ['../en/about', '/en/about'],
  ])('keeps %s inside the portal as %s', (target, path) => {
    expect(classifyTarget(target, ORIGIN)).toEqual({ kind: 'internal', path });
  });

  it('refuses another origin unless explicitly allowed', () => {
    expect(classifyTarget('https://evil.example/login', ORIGIN)).toEqual({ kind: 'refused', reason: 'external-not-allowed' });
    expect(classifyTarget('//evil.example/login', ORIGIN)).toEqual({ kind: 'refused', reason: 'external-not-allowed' });
    expect(classifyTarget('https://medical.shop.example/', ORIGIN, { allowExternal: true })).toEqual({
      kind: 'external',
      url: 'https://medical.shop.example/',
    });
  });

  it('refuses what is not a URL', () => {
    expect(classifyTarget('http://[::1', ORIGIN, { allowExternal: true })).toEqual({ kind: 'refused', reason: 'invalid' });
  });
});
