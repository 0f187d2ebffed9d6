import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Browser, type Page } from '@playwright/test';

/** A demo buyer of the seed (printed by `npm start`). */
export const DEMO_BUYER = {
  email: process.env.E2E_BUYER_EMAIL ?? 'lucas.janssens@zorggroep-scheldeland.example',
  password: process.env.E2E_BUYER_PASSWORD ?? 'DemoPortal!2025',
};

/**
 * A token set from the real token endpoint's password grant (the demo buyer by default). `language`:
 * the portal's page language, sent as Accept-Language as the portal's client does; the account's
 * mails then follow it (decision 061).
 */
export async function passwordGrant(
  request: APIRequestContext,
  user = DEMO_BUYER,
  language?: string,
): Promise<{ access_token: string; refresh_token: string; expires_in: number }> {
  const response = await request.post('/api/oauth/token', {
    ...(language ? { headers: { 'accept-language': language } } : {}),
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

/**
 * A new buyer of an organisation, invited by its administrator, with a password chosen through the
 * invitation mail's link: a journey that signs a buyer in owns one, since other journeys change the
 * demo buyers' passwords (the French password reset changes Eva Bakker's).
 */
export async function newBuyer(
  request: APIRequestContext,
  browser: Browser,
  admin: { email: string; password: string },
  person: { first_name: string; last_name: string; domain: string },
): Promise<{ email: string; password: string; id: string }> {
  const { access_token } = await passwordGrant(request, admin);
  const email = `${person.first_name.toLowerCase()}.${Date.now()}@${person.domain}`;
  const password = `${person.first_name}-Password-2026`;
  const invited = await request.post('/api/v1/users', {
    headers: { authorization: `Bearer ${access_token}`, 'x-shop-type': 'portal', 'accept-language': 'en' },
    data: { first_name: person.first_name, last_name: person.last_name, email, function: 'Medic', role: 'buyer', locale: 'en' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const { id } = (await invited.json()) as { id: string };
  let path = '';
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`/api/dev/mailbox/messages?to=${encodeURIComponent(email)}`)).json()) as { template: string; payload: { path?: string } }[];
      path = String(mails.find((m) => m.template === 'account.invitation')?.payload.path ?? '');
      return path !== '';
    }, { timeout: 30_000, message: 'the invitation mail' })
    .toBe(true);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  const auth = page.locator('[data-remote="auth"]');
  await auth.getByLabel('New password').fill(password);
  await auth.getByLabel('Confirm password').fill(password);
  await auth.getByRole('button', { name: 'Save my new password' }).click();
  await expect(page).toHaveURL(/\/en\/auth\/login\?notice=reset/);
  await context.close();
  return { email, password, id };
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
 * (spinners) never settle and are left alone. `orAsItIs`: a page whose animation has not settled in
 * 5 s (a progress bar) is audited as it is instead of failing.
 */
async function settled(page: Page, orAsItIs = false): Promise<void> {
  const waiting = page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
  await (orAsItIs ? waiting.catch(() => undefined) : waiting);
}

/**
 * axe-core's violations of the WCAG 2.1 A and AA rules on the settled page, and with `bestPractice`
 * axe's best-practice rules too (landmarks, heading order, a scrollable region's focus: issue 44 asks
 * for no finding of any impact; the audit of every page runs them). axe runs as it always has:
 * `resultTypes: ['violations']` and legacy mode were cheaper (BENCHMARKS.md "CI that fits the
 * machine") but each changed what two journeys' pages reported, so neither is used.
 */
export async function axeViolations(page: Page, orAsItIs = false, bestPractice = false): Promise<Awaited<ReturnType<AxeBuilder['analyze']>>['violations']> {
  await settled(page, orAsItIs);
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', ...(bestPractice ? ['best-practice'] : [])];
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  return results.violations;
}

/**
 * axe's landmark rules: each landmark named apart from its siblings (landmark-unique) and no content
 * outside a landmark (region). They are best practice, not WCAG, so `expectAccessible` does not run
 * them; the walk of issue 44 counted every impact and found both (two "Lines" regions on the invoice
 * page, the order confirmation, the organisation switcher's menu). Called where those were seen.
 */
export async function expectSoundLandmarks(page: Page): Promise<void> {
  await settled(page);
  const results = await new AxeBuilder({ page }).withRules(['landmark-unique', 'region']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, 'axe landmark violations').toEqual([]);
}

/** Runs axe-core on the settled page and expects no violations (WCAG 2.1 A and AA rules). */
export async function expectAccessible(page: Page): Promise<void> {
  const summary = (await axeViolations(page)).map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
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
