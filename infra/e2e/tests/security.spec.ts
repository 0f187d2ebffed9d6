import { expect, signIn, test } from './fixtures';

// Issue 16 / decision 016: the portal runs under its strict Content-Security-Policy with no violation
// (every remote, the dashboard widgets and a product page), and it cannot be framed.

test('the shell and its remotes run under the strict CSP without a single violation', async ({ page, request, pageErrors }) => {
  test.setTimeout(240_000);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|connect|apply|frame)/i.test(message.text())) violations.push(message.text());
  });

  const first = await page.goto('/en/products');
  const csp = first!.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  // WebAssembly only (the camera's code reader, decision 075): never JavaScript's eval.
  expect(csp).not.toContain("'unsafe-eval'");
  expect(csp).toContain("'wasm-unsafe-eval'");
  expect(first!.headers()['x-frame-options']).toBe('DENY');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('#root [data-remote="catalog"] a[href*="/en/products/"]').first()).toBeVisible({ timeout: 60_000 });

  await page.goto('/en/auth/login');
  await expect(page.getByLabel('Email address')).toBeVisible({ timeout: 60_000 });

  await signIn(page, request);
  await page.goto('/en');
  await expect(page.locator('#root [data-remote]').first()).toBeVisible({ timeout: 60_000 });
  await page.goto('/en/my-products');
  const firstProduct = page.locator('#root [data-remote="catalog"] a[href*="/en/my-products/"]').first();
  await expect(firstProduct).toBeVisible({ timeout: 60_000 });
  await firstProduct.click();
  await expect(page).toHaveURL(/\/en\/my-products\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
  for (const path of ['/en/user/info', '/en/my-orders', '/en/checkout/overview']) {
    await page.goto(path);
    await expect(page.locator('#root [data-remote]').first()).toBeVisible({ timeout: 60_000 });
  }

  expect(violations).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test('a page of the portal refuses to be framed by another site', async ({ page, baseURL }) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors|X-Frame-Options|Refused to display/i.test(message.text())) blocked.push(message.text());
  });
  // An "attacker" page on another origin (about:blank with a data document) framing the portal.
  await page.setContent(`<iframe id="target" src="${baseURL}/en/products" title="portal"></iframe>`);
  await expect.poll(() => blocked.length, { message: 'the browser refused to frame the portal', timeout: 30_000 }).toBeGreaterThan(0);
  const framedHeading = await page.frameLocator('#target').getByRole('heading', { level: 1 }).count();
  expect(framedHeading).toBe(0);
});
