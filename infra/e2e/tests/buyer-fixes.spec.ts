import type { BrowserContext, Page } from '@playwright/test';
import { DEMO_BUYER, expect, expectAccessible, passwordGrant, signIn, test } from './fixtures';

// Issue 19, sessions and access: what a buyer (and a case manager) hit in the landed portal.

const CASE_MANAGER = { email: 'an.claes@portal-supplier.example', password: DEMO_BUYER.password };

async function tokenCookie(context: BrowserContext): Promise<{ access_token: string; expires_at: number } | null> {
  const cookie = (await context.cookies()).find((c) => c.name === 'tokens');
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as { access_token: string; expires_at: number }) : null;
}

async function writeTokens(page: Page, tokens: object): Promise<void> {
  await page.context().addCookies([
    { name: 'tokens', value: encodeURIComponent(JSON.stringify(tokens)), domain: '127.0.0.1', path: '/', sameSite: 'Lax' },
  ]);
}

test('a tab opened after the access token expired refreshes it and stays signed in, with no session dialog', async ({ page, request, pageErrors }) => {
  const body = await passwordGrant(request);
  // The buyer comes back after lunch: the access token died a minute ago, the refresh token lives.
  await writeTokens(page, { ...body, expires_at: Date.now() - 60_000 });
  await page.goto('/en');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(async () => ((await tokenCookie(page.context()))?.expires_at ?? 0) > Date.now(), { message: 'a fresh token set' }).toBe(true);
  expect((await tokenCookie(page.context()))?.access_token).not.toBe(body.access_token);
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('a session that cannot be refreshed lands on the login page without a stale session dialog', async ({ page, request }) => {
  const body = await passwordGrant(request);
  await writeTokens(page, { ...body, refresh_token: 'revoked-or-garbled', expires_at: Date.now() - 60_000 });
  await page.goto('/en/my-orders');
  await expect(page).toHaveURL(/\/en\/auth\/login\?redirect=/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // The dialog would open on the next tick, after the host loads: give it the chance to (wrongly) appear.
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the case manager is not bounced to the login page: she gets a page of her own and a clear refusal', async ({ page, request }) => {
  await signIn(page, request, CASE_MANAGER);
  await page.goto('/en');
  await expect(page.getByRole('heading', { level: 1, name: 'Case management' })).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/en$/);
  expect(await tokenCookie(page.context())).not.toBeNull();
  await expectAccessible(page);

  // A customer page: refused in words, in her language, still signed in.
  await page.goto('/nl/my-products');
  await expect(page.getByRole('heading', { level: 1, name: 'Alleen voor klantaccounts' })).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/nl\/my-products$/);
  expect(await tokenCookie(page.context())).not.toBeNull();
  await expectAccessible(page);

  // The public catalogue asks the contract range for a signed-in user: refused, never a sign-in loop.
  await page.goto('/fr/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Réservé aux comptes clients' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/fr\/products$/);
  expect(await tokenCookie(page.context())).not.toBeNull();
});

test('unprefixed paths redirect to the detected language; unknown paths below a known prefix answer 404', async ({ page, request }) => {
  for (const [path, headers, expected] of [
    ['/products', {}, '/en/products'],
    ['/faq', { 'accept-language': 'nl-BE,nl;q=0.9' }, '/nl/faq'],
    ['/my-orders', { 'accept-language': 'nl-BE', cookie: 'locale=fr' }, '/fr/my-orders'],
    ['/policies/refund-policy?x=1', { 'accept-language': 'fr-BE' }, '/fr/policies/refund-policy?x=1'],
  ] as const) {
    const res = await request.get(path, { headers, maxRedirects: 0 });
    expect(res.status(), path).toBe(302);
    expect(res.headers()['location'], path).toBe(expected);
  }
  for (const path of ['/en/auth/nope', '/en/products/a/b', '/nl/policies/nope', '/fr/user/nope', '/xx/checkout/nope', '/en/faq/x']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
  for (const path of ['/en/auth/login', '/nl/products/some-slug', '/fr/user/users/new', '/xx/checkout/order/42', '/en/my-orders', '/en/faq']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }

  await page.goto('/my-orders');
  // Signed-in only: the redirect lands on the prefixed path, which then asks to sign in (not a 404).
  await expect(page).toHaveURL(/\/en\/auth\/login\?redirect=%2Fen%2Fmy-orders$/, { timeout: 20_000 });
});

test('a half-filled registration asks before it is lost', async ({ page }) => {
  await page.goto('/en/auth/register');
  const region = page.locator('#root [data-remote="auth"]');
  await region.getByLabel('First name').fill('Sofie');
  await page.getByRole('link', { name: 'Sign in' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('All unsaved changes will be lost, are you sure?');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/en\/auth\/register/);
  await expect(region.getByLabel('First name')).toHaveValue('Sofie');

  await page.getByRole('link', { name: 'Sign in' }).first().click();
  await page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/en\/auth\/login/);
});
