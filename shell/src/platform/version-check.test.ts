import { describe, expect, it } from 'vitest';
import type { Registry } from '@portal/shared/schemas/platform';
import { DEFAULT_VERSION_POLL_MS, hasNewVersion, versionPollInterval } from './version-check';

const base: Registry = {
  environment: 'production',
  updatedAt: '2026-11-22T10:00:00.000Z',
  shell: { version: '0.1.0-aaa' },
  remotes: {
    catalog: { version: '0.1.0-bbb', manifest: '/remotes/catalog/0.1.0-bbb/mf-manifest.json' },
    checkout: { version: '0.1.0-ccc', manifest: '/remotes/checkout/0.1.0-ccc/mf-manifest.json' },
  },
};

describe('new versions', () => {
  it('sees nothing new when only the timestamp changed', () => {
    expect(hasNewVersion(base, { ...base, updatedAt: '2026-11-22T11:00:00.000Z' })).toBe(false);
  });

  it('sees a new remote version, a rollback, a new shell, and an added or removed remote', () => {
    const catalog = (version: string) => ({ version, manifest: `/remotes/catalog/${version}/mf-manifest.json` });
    expect(hasNewVersion(base, { ...base, remotes: { ...base.remotes, catalog: catalog('0.1.1-ddd') } })).toBe(true);
    expect(hasNewVersion({ ...base, remotes: { ...base.remotes, catalog: catalog('0.1.1-ddd') } }, base)).toBe(true);
    expect(hasNewVersion(base, { ...base, shell: { version: '0.1.1-eee' } })).toBe(true);
    const { checkout: _gone, ...withoutCheckout } = base.remotes;
    expect(hasNewVersion(base, { ...base, remotes: withoutCheckout })).toBe(true);
  });

  it.each([
    [undefined, DEFAULT_VERSION_POLL_MS],
    ['', DEFAULT_VERSION_POLL_MS],
    ['__PORTAL_VERSION_POLL_MS__', DEFAULT_VERSION_POLL_MS],
    ['500', DEFAULT_VERSION_POLL_MS],
    ['2000', 2000],
    ['60000', 60000],
  ])('poll interval from meta %s is %i ms', (meta, expected) => {
    expect(versionPollInterval(meta)).toBe(expected);
  });
});
