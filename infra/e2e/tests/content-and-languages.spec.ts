import { editPageBlock, expect, expectAccessible, test } from './fixtures';

// Issue 19, content and languages: policy pages as rendered Markdown, titles that agree with their
// bodies, and the sort menu of the spec.

const POLICIES = ['refund-policy', 'return-policy', 'general-policy', 'privacy-policy', 'shipping-policy', 'cookie-policy'] as const;

test('policy and FAQ pages render their Markdown (headings, lists, tables), and each heading agrees with the title', async ({ page, request }) => {
  test.setTimeout(240_000); // 18 pages on a loaded 2-core machine
  const texts = (await (await request.get('/api/v1/translations')).json()) as { key: string; en: string; nl: string; fr: string }[];
  for (const locale of ['en', 'nl', 'fr'] as const) {
    for (const policy of POLICIES) {
      const body = texts.find((t) => t.key === `policies.${policy}.body`)?.[locale];
      if (!body) continue;
      await page.goto(`/${locale}/policies/${policy}`);
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toHaveCount(1);
      const content = page.getByTestId('content-body');
      await expect(content).toBeVisible();
      // No Markdown syntax on screen.
      const shown = await content.innerText();
      expect(shown, `${locale} ${policy}`).not.toMatch(/^#|\n#|\|\s*---|\*\*/);
      // The body's own heading is the page title, word for word.
      const heading = /^#\s+(.+)/.exec(body)?.[1]?.trim();
      if (heading) await expect(h1, `${locale} ${policy}`).toHaveText(heading);
    }
  }
  await page.goto('/fr/policies/shipping-policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Politique de livraison');
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Mode' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/nl/faq');
  await expect(page.getByTestId('content-body').locator('strong').first()).toBeVisible();
  await expect(page.getByTestId('content-body')).not.toContainText('**');
  await expectAccessible(page);
});

test('server texts are sanitised: scripts, handlers and javascript: links never reach the page', async ({ page }) => {
  const poison = (value: unknown) => {
    const list = value as { key: string; en: string }[];
    for (const entry of list) {
      if (entry.key === 'policies.refund-policy.body') {
        entry.en += '\n\n<img src="x" onerror="window.__pwned = 1">\n\n<script>window.__pwned = 2</script>\n\n[Click](javascript:window.__pwned=3)';
      }
    }
    return list;
  };
  // The texts come in the page (decision 027); a page without them would fetch them.
  await editPageBlock(page, '**/en/policies/refund-policy', 'portal-translations', poison);
  await page.route('**/api/v1/translations', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: poison(await response.json()) });
  });
  await page.goto('/en/policies/refund-policy');
  const content = page.getByTestId('content-body');
  await expect(content).toBeVisible();
  await expect(content.locator('script')).toHaveCount(0);
  await expect(content.locator('[onerror]')).toHaveCount(0);
  await expect(content.locator('a[href^="javascript:"]')).toHaveCount(0);
  await content.getByText('Click').click();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('the sort menu offers exactly the four sorts of the spec', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/en/products?shop=medical');
  const sort = page.getByLabel('Sort by');
  await expect(sort).toBeVisible({ timeout: 20_000 });
  const offered = () => sort.locator('option:not([hidden])').allTextContents();
  expect(await offered()).toEqual(['Price: low to high', 'Price: high to low', 'Product: A to Z', 'Product: Z to A']);
  await expect(sort).toHaveValue('name_asc');
  await page.goto('/fr/products?shop=medical&q=garrot');
  await expect(page.getByLabel('Trier par')).toBeVisible({ timeout: 20_000 });
  expect(await page.getByLabel('Trier par').locator('option:not([hidden])').count()).toBe(4);
});
