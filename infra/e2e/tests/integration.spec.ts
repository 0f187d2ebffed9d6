import { DEMO_BUYER, expect, expectAccessible, signIn, test } from './fixtures';

// Issue 29, the supplier staff's integration page: reached from the staff home page, it lists the
// integration clients (npm start's demo client among them), the imports and the webhook deliveries
// in en, nl and fr without an axe violation; a buyer is told in words that the page is not theirs.

const CASE_MANAGER = { email: 'an.claes@portal-supplier.example', password: DEMO_BUYER.password };
const TITLES = { en: 'Integration clients', nl: 'Integratieclients', fr: 'Clients d’intégration' } as const;
/** The imports' and the deliveries' section titles, and what each says when it has nothing yet. */
const SECTIONS = {
  en: [['Imports', 'No imports yet.'], ['Webhook deliveries', 'No deliveries yet.']],
  nl: [['Imports', 'Nog geen imports.'], ['Webhookleveringen', 'Nog geen leveringen.']],
  fr: [['Imports', 'Aucun import pour l’instant.'], ['Livraisons des webhooks', 'Aucune livraison pour l’instant.']],
} as const;

test('staff reach the integration page from their home page and see the demo client, axe-clean in en, nl and fr', async ({ page, request }) => {
  await page.goto('/en');
  await signIn(page, request, CASE_MANAGER);
  await page.goto('/en');
  await page.getByRole('link', { name: /^Integration/ }).click();
  await expect(page).toHaveURL(/\/en\/user\/integration$/);
  for (const [locale, title] of Object.entries(TITLES)) {
    if (locale !== 'en') await page.goto(`/${locale}/user/integration`);
    const section = page.getByRole('region', { name: title });
    await expect(section.getByRole('rowheader').filter({ hasText: 'Demo ERP' })).toBeVisible({ timeout: 30_000 });
    await expect(section.getByRole('row').filter({ hasText: 'Demo ERP' }).getByText('events:read')).toBeVisible();
    // The imports and deliveries sections have loaded (their list, or that there is nothing yet) before axe looks.
    for (const [name, empty] of SECTIONS[locale as keyof typeof SECTIONS]) {
      const region = page.getByRole('region', { name, exact: true });
      await expect(region.getByRole('table').or(region.getByText(empty))).toBeVisible({ timeout: 30_000 });
    }
    await expectAccessible(page);
  }
});

test("a buyer is told that the integration page is for the supplier's staff", async ({ page, request }) => {
  await page.goto('/en');
  await signIn(page, request);
  await page.goto('/en/user/integration');
  await expect(page.getByRole('alert').getByText("This page is for the supplier's staff")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectAccessible(page);
});
