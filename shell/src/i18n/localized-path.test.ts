import { describe, expect, it } from 'vitest';
import { switchLocaleInPath } from './localized-path';

describe('switchLocaleInPath', () => {
  it.each([
    ['/en', 'nl', '/nl'],
    ['/en/my-orders', 'fr', '/fr/my-orders'],
    ['/nl/my-orders/ORD-2026-0001', 'en', '/en/my-orders/ORD-2026-0001'],
    ['/fr/policies/refund-policy', 'nl', '/nl/policies/refund-policy'],
  ] as const)('%s in %s is %s', (from, to, expected) => {
    expect(switchLocaleInPath(from, to)).toBe(expected);
  });
});
