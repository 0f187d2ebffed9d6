import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ENVIRONMENT, STORE_DIR } from '../portal-server.config';
import { expect, expectAccessible, signIn, test } from './fixtures';

// Issue 4: what the shell does for every remote: locale, navigation rules, session, dialogs,
// new versions.

test.describe('a first visit in a Dutch browser', () => {
  test.use({ locale: 'nl-BE' });

  test('lands on /nl', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/nl$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Medisch en tactisch materiaal voor professionals');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('nl-BE');
    await expectAccessible(page);
  });

  test('a stored language cookie wins over the browser language', async ({ page, context }) => {
    await context.addCookies([{ name: 'locale', value: 'fr', domain: '127.0.0.1', path: '/' }]);
    await page.goto('/');
    await expect(page).toHaveURL(/\/fr$/);
  });
});

test('switching to French keeps the page and remembers the choice for a year', async ({ page, context }) => {
  await page.goto('/nl/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Over ons');
  await page.getByText('FR', { exact: true }).click();
  await expect(page).toHaveURL(/\/fr\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('À propos');
  const cookie = (await context.cookies()).find((c) => c.name === 'locale');
  expect(cookie?.value).toBe('fr');
  expect(cookie?.path).toBe('/');
  expect(cookie?.sameSite).toBe('Lax');
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365.01);
});

test('the server route rules redirect inside the portal', async ({ page }) => {
  await page.goto('/nl/policies');
  await expect(page).toHaveURL(/\/nl\/policies\/general-policy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Algemeen beleid');
});

test('page titles come from translation keys', async ({ page }) => {
  await page.goto('/fr/policies/shipping-policy');
  await expect(page).toHaveTitle('Politique de livraison | Portal');
  await page.goto('/nl/checkout/overview');
  await expect(page).toHaveTitle('Afrekenen: overzicht | Portal');
});

/**
 * Moves the page's clock just past the warning of a 30 s session (halfway: 15 s before `expiresAt`)
 * instead of the journey waiting up to 15 s of real time for it (issue 45); one second past, so the
 * session's end stays 14 s away. The clock is installed before the page loads, so the shell's timers are the
 * clock's, and it runs in real time around the jump.
 */
async function toTheWarning(page: Page, expiresAt: number): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  const ahead = expiresAt - 14_000 - (await page.evaluate(() => Date.now()));
  if (ahead > 0) await page.clock.fastForward(ahead);
}

test('the session-expiring dialog shows the minutes left, and continue keeps the session', async ({ page, request, context }) => {
  await page.clock.install();
  await page.goto('/en');
  await signIn(page, request);
  // Shorten the stored token set to 30 s: the dialog comes halfway, 15 s before the end.
  const cookies = await context.cookies();
  const stored = JSON.parse(decodeURIComponent(cookies.find((c) => c.name === 'tokens')!.value)) as { refresh_token: string };
  const short = { ...stored, expires_in: 30, expires_at: Date.now() + 30_000 };
  await context.addCookies([{ name: 'tokens', value: encodeURIComponent(JSON.stringify(short)), domain: '127.0.0.1', path: '/', sameSite: 'Lax' }]);
  await page.goto('/en/my-orders');
  await toTheWarning(page, short.expires_at);
  const dialog = page.getByRole('dialog', { name: 'Your session is about to expire' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You will be signed out in 1 minute');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
  // A real refresh grant rotated the refresh token, and the buyer is still on the page.
  const after = JSON.parse(decodeURIComponent((await context.cookies()).find((c) => c.name === 'tokens')!.value)) as {
    refresh_token: string;
    expires_in: number;
  };
  expect(after.refresh_token).not.toBe(stored.refresh_token);
  expect(after.expires_in).toBeGreaterThan(30);
  await expect(page.locator('[data-remote="orders"] h1')).toHaveText('My orders');
});

test('log out from the session-expiring dialog signs out and leaves the signed-in page', async ({ page, request, context }) => {
  await page.clock.install();
  await page.goto('/en');
  await signIn(page, request);
  const stored = JSON.parse(decodeURIComponent((await context.cookies()).find((c) => c.name === 'tokens')!.value)) as object;
  const short = { ...stored, expires_in: 30, expires_at: Date.now() + 30_000 };
  await context.addCookies([{ name: 'tokens', value: encodeURIComponent(JSON.stringify(short)), domain: '127.0.0.1', path: '/', sameSite: 'Lax' }]);
  await page.goto('/en/user/info');
  await toTheWarning(page, short.expires_at);
  const dialog = page.getByRole('dialog', { name: 'Your session is about to expire' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/en\/auth\/login\?redirect=%2Fen%2Fuser%2Finfo$/);
  expect((await context.cookies()).find((c) => c.name === 'tokens')).toBeUndefined();
});

test('a new live version in the registry offers a refresh', async ({ page }) => {
  // Poll every second instead of every minute: the gateway's meta tag, set on this page only.
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace(
      '<head>',
      '<head><meta name="portal-version-poll-ms" content="1000">',
    );
    return route.fulfill({ response, body: html });
  });
  await page.goto('/en/checkout/overview');
  await expect(page.locator('[data-remote="checkout"] h1')).toHaveText('Checkout: overview');

  const registryFile = join(STORE_DIR, 'registry', `${ENVIRONMENT}.json`);
  const original = readFileSync(registryFile, 'utf8');
  try {
    const registry = JSON.parse(original) as { remotes: Record<string, { version: string; manifest: string }> };
    const live = registry.remotes.checkout!.version;
    const next = `${live}-e2e`;
    cpSync(join(STORE_DIR, 'remotes', 'checkout', live), join(STORE_DIR, 'remotes', 'checkout', next), { recursive: true });
    registry.remotes.checkout = { version: next, manifest: `/remotes/checkout/${next}/mf-manifest.json` };
    writeFileSync(registryFile, JSON.stringify(registry, null, 2));

    const dialog = page.getByRole('dialog', { name: 'New version available' });
    await expect(dialog).toContainText('A new version of the portal is available.', { timeout: 15_000 });
    await expectAccessible(page);
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Refresh' }).click()]);
    await expect(page.locator('[data-remote="checkout"] h1')).toHaveText('Checkout: overview');
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(loaded.some((url) => url.includes(`/remotes/checkout/${next}/`))).toBe(true);
  } finally {
    writeFileSync(registryFile, original);
  }
});
