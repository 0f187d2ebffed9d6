import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeRedirect('/nl/my-orders?page=2#top', 'nl')).toBe('/nl/my-orders?page=2#top');
  });
  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'my-orders', '', null])('refuses %s', (value) => {
    expect(safeRedirect(value, 'fr')).toBe('/fr');
  });
});
