import { expect, signIn, test } from './fixtures';

// Issue 43, decision 072: the shell reports a remote that fails to load, labelled with the remote,
// the build it tried and the browser's release group, and nothing about the person; the API counts it.

interface MetricValues {
  name: string;
  values: { labels: Record<string, string>; value: number }[];
}

test('a remote that fails to load is reported without personal data, and the API counts it', async ({ page, request }) => {
  const counted = async (labels: Record<string, string>) => {
    const metrics = (await (await request.get('/api/dev/beacons')).json()) as MetricValues[];
    const failures = metrics.find((m) => m.name === 'portal_browser_remote_load_failures_total');
    return (failures?.values ?? []).filter((v) => Object.entries(labels).every(([k, value]) => v.labels[k] === value)).reduce((sum, v) => sum + v.value, 0);
  };

  // A signed-in buyer, so that a leak of their e-mail address or id would show in the payload.
  await page.goto('/en');
  await signIn(page, request);
  // Every call of the shared API client (the shell's and the remotes') says which release group the
  // browser is in; the first screen's preloaded GETs (decision 024) are the browser's and carry none.
  const apiCall = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith('/api/v1/') && r.headers()['x-shop-type'] !== undefined);
  await page.goto('/en/my-orders');
  expect((await apiCall).headers()['x-portal-release']).toBe('stable');

  // The build of orders this browser runs, and how often the API has counted it failing so far
  // (other journeys break orders too).
  const version = await page.evaluate(async () => {
    const environment = document.querySelector<HTMLMetaElement>('meta[name="portal-environment"]')!.content;
    const registry = (await (await fetch(`/registry/${environment}.json`)).json()) as { remotes: Record<string, { version: string }> };
    return registry.remotes.orders!.version;
  });
  const labels = { remote: 'orders', version, release: 'stable' };
  const before = await counted(labels);

  // The orders remote's entry answers 500 (retried, then given up): the unavailable panel; its report
  // goes out within 10 s (a batch waits at most that long while the page stays).
  const beacon = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/v1/beacons' && r.method() === 'POST', { timeout: 60_000 });
  await page.route('**/remotes/orders/**/remoteEntry*.js', (route) => route.fulfill({ status: 500, body: 'broken build' }));
  await page.goto('/en/my-orders?search=lucas.janssens%40zorggroep-scheldeland.example');
  await expect(page.getByTestId('remote-unavailable')).toBeVisible({ timeout: 30_000 });

  const sent = await beacon;
  const body = sent.postData() ?? '';
  const batch = JSON.parse(body) as { events: { kind: string; remote: string; version: string; release: string }[] };
  const failure = batch.events.find((e) => e.kind === 'remote-load-failure');
  expect(failure).toEqual({ kind: 'remote-load-failure', ...labels });
  expect(version).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?-[0-9a-f]{10}$/);
  // No person, no path, no query string, no token.
  expect(body).not.toMatch(/lucas|zorggroep|@|my-orders|search|Bearer|eyJ/);

  // The API counted it under those labels (the development view of the metrics).
  await expect.poll(() => counted(labels), { message: 'the load failure counted by the API' }).toBeGreaterThanOrEqual(before + 1);
});
