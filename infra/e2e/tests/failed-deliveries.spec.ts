import { DEMO_BUYER, expect, expectAccessible, signIn, test } from './fixtures';

// Decision 083: the supplier's staff open the failed deliveries (e-invoices and Despatch Advices)
// from their home page; the page is axe-clean in English and Dutch, and a buyer who opens its
// address is told it is for the supplier's staff.

const CASE_MANAGER = { email: 'an.claes@portal-supplier.example', password: DEMO_BUYER.password };

test('staff open the failed deliveries from their home page, axe-clean in en and nl; a buyer is told it is not theirs', async ({ page, request }) => {
  await page.goto('/en');
  await signIn(page, request, CASE_MANAGER);
  await page.goto('/en');
  await page.getByRole('link', { name: /^Failed deliveries/ }).click();
  await expect(page).toHaveURL(/\/en\/invoices\/failed-deliveries$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Failed deliveries' })).toBeVisible();
  // Whatever the seed left failed: a table of them, or the sentence that there are none.
  await expect(page.getByTestId('failed-deliveries-table').or(page.getByTestId('failed-deliveries-empty'))).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);

  await page.goto('/nl/invoices/failed-deliveries');
  await expect(page.getByRole('heading', { level: 1, name: 'Mislukte leveringen' })).toBeVisible();
  await expect(page.getByTestId('failed-deliveries-table').or(page.getByTestId('failed-deliveries-empty'))).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);
});

test('a buyer who opens the failed deliveries is told they are for the supplier\'s staff', async ({ page, request }) => {
  await page.goto('/en');
  await signIn(page, request, DEMO_BUYER);
  await page.goto('/en/invoices/failed-deliveries');
  await expect(page.getByTestId('failed-deliveries-staff-only')).toContainText("Only the supplier's staff see and retry failed deliveries.");
  await expectAccessible(page);
});
