import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';

/** A demo buyer of the seed (printed by `npm start`). */
export const DEMO_BUYER = {
  email: process.env.E2E_BUYER_EMAIL ?? 'lucas.janssens@zorggroep-scheldeland.example',
  password: process.env.E2E_BUYER_PASSWORD ?? 'DemoPortal!2025',
};

/** A token set from the real token endpoint's password grant (the demo buyer by default). */
export async function passwordGrant(
  request: APIRequestContext,
  user = DEMO_BUYER,
): Promise<{ access_token: string; refresh_token: string; expires_in: number }> {
  const response = await request.post('/api/oauth/token', {
    form: {
      grant_type: 'password',
      client_id: 'portal-web',
      client_secret: process.env.E2E_CLIENT_SECRET ?? 'portal-web-development-secret',
      username: user.email,
      password: user.password,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { access_token: string; refresh_token: string; expires_in: number };
}

/** Signs in through the real token endpoint and stores the token set the way the portal does. */
export async function signIn(page: Page, request: APIRequestContext, user = DEMO_BUYER): Promise<void> {
  // A portal page already open asks for an anonymous session first. Let that grant land before the
  // buyer's tokens are written, or its late answer can be read back as the buyer's (seen on a
  // loaded CI machine: the test then shortened an anonymous session and was sent to the login page).
  if (page.url() !== 'about:blank') {
    await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'tokens'), { message: 'the page has a session' }).toBe(true);
  }
  const body = await passwordGrant(request, user);
  const tokens = { ...body, expires_at: Date.now() + body.expires_in * 1000 };
  const url = new URL(page.url() === 'about:blank' ? (test.info().project.use.baseURL ?? '') : page.url());
  await page.context().addCookies([
    { name: 'tokens', value: encodeURIComponent(JSON.stringify(tokens)), domain: url.hostname, path: '/', sameSite: 'Lax' },
  ]);
}

/**
 * Waits until no finite CSS transition or animation is running. axe measures colours as painted: a
 * dialog still fading in has its buttons at part opacity, under 4.5:1, and fails a contrast check
 * that the settled dialog passes (CI caught this on the login-required dialog). Endless animations
 * (spinners) never settle and are left alone.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
}

/** Runs axe-core on the settled page and expects no violations (WCAG 2.1 A and AA rules). */
export async function expectAccessible(page: Page): Promise<void> {
  await settled(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, 'axe violations').toEqual([]);
}

/** Button labels on the page that are cut off (wider than their box): a translation that does not fit. */
export function clippedButtonLabels(page: Page): Promise<(string | null)[]> {
  return page
    .locator('.mantine-Button-label')
    .evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent));
}

/** Collects console errors and failed page scripts, to assert a page loaded cleanly. */
/**
 * Changes a data block the gateway writes into the page (decision 027: the texts, route rules and
 * remote manifest travel in the page, not as fetches) for the pages matching `url`, escaped as the
 * gateway escapes it. A test that alters what the API or the store answers alters the block too.
 */
export async function editPageBlock(page: Page, url: string, id: string, edit: (value: unknown) => unknown): Promise<void> {
  const block = new RegExp(`(<script type="application/json" id="${id}">)([^<]*)(</script>)`);
  await page.route(url, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = await response.text();
    expect(html, `the page carries the ${id} block`).toMatch(block);
    const body = html.replace(block, (_all, open: string, json: string, close: string) => {
      const edited = JSON.stringify(edit(JSON.parse(json))).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      return `${open}${edited}${close}`;
    });
    await route.fulfill({ response, body });
  });
}

export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };
