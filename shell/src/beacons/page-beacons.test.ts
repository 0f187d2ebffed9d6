// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REGISTRY_BLOCK_ID } from '@portal/shared/routing';
import { BeaconBatchSchema } from '@portal/shared/schemas';
import * as v from 'valibot';
import type * as PageBeacons from './page-beacons';

vi.mock('@module-federation/enhanced/runtime', () => ({ registerPlugins: () => undefined, registerRemotes: () => undefined }));

// Each test starts from a fresh module graph: the page's reporter and registry are once per page.
let beacons: typeof PageBeacons;
let sent: string[];

async function startPage(registry: object | undefined, path = '/nl/my-orders/123?q=lucas.janssens%40zorggroep.example') {
  vi.resetModules();
  history.replaceState(null, '', path);
  document.body.innerHTML = registry ? `<script type="application/json" id="${REGISTRY_BLOCK_ID}">${JSON.stringify(registry)}</script>` : '';
  beacons = await import('./page-beacons');
  const { startRegistry } = await import('../federation/registry');
  if (registry) await startRegistry();
}

const registry = (release?: 'canary') => ({
  environment: 'production',
  updatedAt: '2026-12-07T08:00:00.000Z',
  shell: { version: '0.1.0-aaaaaaaaaa' },
  remotes: {
    orders: { version: '0.3.1-0123456789', manifest: '/remotes/orders/0.3.1-0123456789/mf-manifest.json', ...(release ? { release } : {}) },
    catalog: { version: 'hand-made', manifest: '/remotes/catalog/hand-made/mf-manifest.json' },
  },
});

beforeEach(() => {
  sent = [];
  vi.spyOn(navigator, 'sendBeacon').mockImplementation((_url, body) => {
    void (body as Blob).text().then((text) => sent.push(text));
    return true;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Leaves the page (its reporter chunk may still be arriving) and returns the batches it sent. */
const flushed = async () => {
  await vi.waitFor(() => {
    window.dispatchEvent(new Event('pagehide'));
    expect(sent.length).toBeGreaterThan(0);
  });
  return sent.map((body) => JSON.parse(body) as unknown);
};

describe('page beacons', () => {
  it('labels a failure with the remote, the build the page runs and its release group, and nothing else', async () => {
    await startPage(registry('canary'));
    beacons.reportRemoteFailure('orders');
    beacons.reportBoundaryError('orders');
    const [batch] = await flushed();
    expect(batch).toEqual({
      events: [
        { kind: 'remote-load-failure', remote: 'orders', version: '0.3.1-0123456789', release: 'canary' },
        { kind: 'boundary-error', remote: 'orders', version: '0.3.1-0123456789', release: 'canary' },
      ],
    });
    // What the API accepts, and no trace of the person, the path or its query.
    expect(v.is(BeaconBatchSchema, batch)).toBe(true);
    expect(sent[0]).not.toMatch(/lucas|zorggroep|my-orders|\/123|\?q=|@/);
  });

  it('says stable without a canary, unknown for a build that is not a published one or before the registry, and skips a name it does not know', async () => {
    await startPage(registry());
    beacons.reportRemoteFailure('orders');
    beacons.reportRemoteFailure('catalog');
    beacons.reportRemoteFailure('not-a-remote');
    expect(await flushed()).toEqual([
      {
        events: [
          { kind: 'remote-load-failure', remote: 'orders', version: '0.3.1-0123456789', release: 'stable' },
          { kind: 'remote-load-failure', remote: 'catalog', version: 'unknown', release: 'stable' },
        ],
      },
    ]);
  });

  it('reports a failure before the registry was read as unknown and stable', async () => {
    await startPage(undefined);
    beacons.reportRemoteFailure('checkout');
    expect(await flushed()).toEqual([{ events: [{ kind: 'remote-load-failure', remote: 'checkout', version: 'unknown', release: 'stable' }] }]);
  });

  it('samples the web vitals of a share of the page views of a remote, never of the shell\'s own pages', async () => {
    await startPage(undefined, '/en/products');
    expect(beacons.startBeacons(window, () => beacons.VITALS_SAMPLE_RATE - 0.01)).toBe(true);
    expect(beacons.startBeacons(window, () => beacons.VITALS_SAMPLE_RATE)).toBe(false);
    await startPage(undefined, '/en');
    expect(beacons.startBeacons(window, () => 0)).toBe(false);
  });

  it('finds the remote of a page from its path', async () => {
    await startPage(undefined);
    expect(beacons.remoteOfPath('/fr/my-orders/42')).toBe('orders');
    expect(beacons.remoteOfPath('/en/products')).toBe('catalog');
    expect(beacons.remoteOfPath('/en')).toBeUndefined();
  });
});

