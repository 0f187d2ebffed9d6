import { editPageBlock, expect, expectAccessible, signIn, test } from './fixtures';

// Issue 2: the portal is composed at runtime from the shell and five remotes, in one React tree
// and one router, and a remote that cannot load degrades alone.

const OPEN_ROUTES = [
  { remote: 'auth', path: '/en/auth/login', heading: 'Sign in' },
  { remote: 'catalog', path: '/en/products', heading: 'Web shop' },
  { remote: 'checkout', path: '/en/checkout/overview', heading: 'Checkout: overview' },
];
const SIGNED_IN_ROUTES = [
  { remote: 'orders', path: '/en/my-orders', heading: 'My orders' },
  { remote: 'orders', path: '/en/quotations', heading: 'Quotations' },
  { remote: 'account', path: '/en/user/info', heading: 'User info' },
  { remote: 'catalog', path: '/en/my-products', heading: 'My products' },
];

test('the portal loads at / in the visitor language and shows the public home', async ({ page, pageErrors }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Medical and tactical equipment for professionals');
  await expect(page.getByRole('link', { name: 'Visit the medical shop' })).toBeVisible();
  await expect(page).toHaveTitle('Home | Portal');
  expect(pageErrors).toEqual([]);
  await expectAccessible(page);
});

for (const route of OPEN_ROUTES) {
  test(`${route.remote} renders ${route.path} inside the shell`, async ({ page, pageErrors }) => {
    await page.goto(route.path);
    const region = page.locator(`#root [data-remote="${route.remote}"]`);
    await expect(region.getByRole('heading', { level: 1 })).toHaveText(route.heading);
    expect(pageErrors).toEqual([]);
    await expectAccessible(page);
  });
}

test('signed-in routes of orders, account and catalog render inside the shell', async ({ page, request }) => {
  await page.goto('/en');
  await signIn(page, request);
  for (const route of SIGNED_IN_ROUTES) {
    await page.goto(route.path);
    await expect(page.locator(`#root [data-remote="${route.remote}"]`).getByRole('heading', { level: 1 })).toHaveText(
      route.heading,
    );
  }
  await expectAccessible(page);
});

test('one React and one router: remotes share the singletons and navigate without reloading', async ({ page, request }) => {
  await page.goto('/en');
  await signIn(page, request);
  await page.goto('/en/my-orders');
  await expect(page.locator('[data-remote="orders"] h1')).toHaveText('My orders');
  // A marker on window survives only client-side navigation: a second router would reload.
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
  // The account's pages are in the header's account menu (decision 064).
  await page.getByRole('button', { name: 'My account' }).click();
  await page.getByRole('menuitem', { name: 'Profile and addresses' }).click();
  await expect(page.locator('[data-remote="account"] h1')).toHaveText('User info');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My products' }).click();
  await expect(page.locator('[data-remote="catalog"] h1')).toHaveText('My products');
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);

  // The federation share scope holds exactly one loaded copy of each singleton.
  const shared = await page.evaluate(() => {
    const scope = (window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, { loaded?: boolean; from: string }>>>> } }).__FEDERATION__.__SHARE__;
    const out: Record<string, string[]> = {};
    for (const host of Object.values(scope)) {
      for (const [pkg, versions] of Object.entries(host.default ?? {})) {
        for (const [version, info] of Object.entries(versions)) {
          if (info.loaded) (out[pkg] ??= []).push(`${version}@${info.from}`);
        }
      }
    }
    return out;
  });
  for (const pkg of ['react', 'react-dom', '@portal/shared/router', 'react-intl', '@tanstack/react-query', '@portal/shared/ui']) {
    const copies = [...new Set(shared[pkg] ?? [])];
    expect(copies, `${pkg} loaded copies`).toHaveLength(1);
    expect(copies[0], `${pkg} comes from the shell`).toMatch(/@shell$/);
  }
});

test('a remote whose files are unreachable shows its fallback while another remote works', async ({ page }) => {
  await page.route('**/remotes/catalog/**', (route) => route.abort('connectionrefused'));
  await page.goto('/en/products');
  const panel = page.getByTestId('remote-unavailable');
  await expect(panel).toBeVisible({ timeout: 20_000 });
  await expect(panel).toContainText('This part of the portal is temporarily unavailable');
  await expectAccessible(page);
  // The shell around it still works, and so does another remote.
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.goto('/en/checkout/overview');
  await expect(page.locator('[data-remote="checkout"] h1')).toHaveText('Checkout: overview');
  await expectAccessible(page);

  // Once the remote is back, the retry button brings it in without a reload.
  await page.goto('/en/products');
  await expect(page.getByTestId('remote-unavailable')).toBeVisible({ timeout: 20_000 });
  await page.unroute('**/remotes/catalog/**');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('[data-remote="catalog"] h1')).toHaveText('Web shop');
});

test('a broken manifest degrades the same way, in the visitor language', async ({ page, request }) => {
  await page.goto('/nl');
  await signIn(page, request);
  await page.route('**/remotes/orders/**/mf-manifest.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"not":"a manifest"' }),
  );
  // The page carries the route's manifest (decision 027): broken there as well.
  await editPageBlock(page, '**/nl/my-orders', 'portal-remote-manifest', (block) => ({ ...(block as object), manifest: { not: 'a manifest' } }));
  await page.goto('/nl/my-orders');
  await expect(page.getByTestId('remote-unavailable')).toContainText('Dit deel van het portaal is tijdelijk niet beschikbaar', {
    timeout: 20_000,
  });
  await page.goto('/nl/user/info');
  await expect(page.locator('[data-remote="account"] h1')).toHaveText('Gebruikersgegevens');
});

test('a signed-in-only page sends a visitor to login with the way back', async ({ page }) => {
  await page.goto('/nl/my-orders');
  await expect(page).toHaveURL(/\/nl\/auth\/login\?redirect=%2Fnl%2Fmy-orders$/);
  await expect(page.locator('[data-remote="auth"] h1')).toHaveText('Aanmelden');
});

test('an unknown path gets status 404 and the not-found page', async ({ page }) => {
  const response = await page.goto('/en/this-page-does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Page Not Found: /en/this-page-does-not-exist')).toBeVisible();
  await expectAccessible(page);
});

test('a crawler gets a plain 404 for an unknown path, and the page for a known one', async ({ request }) => {
  const headers = { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };
  const unknown = await request.get('/en/this-page-does-not-exist', { headers });
  expect(unknown.status()).toBe(404);
  expect(await unknown.text()).not.toContain('<div id="root">');
  const known = await request.get('/en/about', { headers });
  expect(known.status()).toBe(200);
  expect(await known.text()).toContain('<div id="root">');
});

test('Dutch and French pages are translated', async ({ page }) => {
  await page.goto('/nl/auth/login');
  await expect(page.locator('[data-remote="auth"] h1')).toHaveText('Aanmelden');
  await page.goto('/fr/checkout/overview');
  await expect(page.locator('[data-remote="checkout"] h1')).toHaveText('Commande\u00a0: récapitulatif');
});
