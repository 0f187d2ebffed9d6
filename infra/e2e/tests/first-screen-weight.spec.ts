// Issue 45: each budgeted route's first screen within its JavaScript budget, and budgets that only go
// down. The budgets are one file, infra/e2e/first-screen-budgets.json; how a route is weighed is
// infra/e2e/first-screen-weight.ts (the size bench weighs the same way).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, passwordGrant, test } from './fixtures';
import { BUDGETS_FILE, measureRouteWeight, overBudget, raisedBudgets, readBudgets, type RouteBudget, type RouteWeight } from '../first-screen-weight';
import { REPO_ROOT } from '../portal-server.config';

const { routes } = readBudgets();

for (const [name, budget] of Object.entries(routes)) {
  test(`${name} downloads at most its budget of JavaScript`, async ({ browser, request }) => {
    let path = budget.path;
    if (path.includes(':product')) {
      const answer = await request.get('/api/v1/catalog/products?page_size=1', { headers: { 'x-shop-type': 'medical' } });
      path = path.replace(':product', ((await answer.json()) as { items: { slug: string }[] }).items[0]!.slug);
    }
    // A fresh context per route: a cold cache, as a first visit.
    const context = await browser.newContext();
    if (budget.signedIn) {
      const body = await passwordGrant(request);
      const tokens = encodeURIComponent(JSON.stringify({ ...body, expires_at: Date.now() + body.expires_in * 1000 }));
      await context.addCookies([{ name: 'tokens', value: tokens, url: test.info().project.use.baseURL! }]);
    }
    const weight = await measureRouteWeight(await context.newPage(), new URL(path, test.info().project.use.baseURL).href, budget);
    await context.close();
    test.info().annotations.push({ type: 'weight', description: `${weight.jsGzip} B of ${budget.budget} B` });
    expect(overBudget(name, budget, weight)).toBeUndefined();
  });
}

test('a route over its budget is reported with the budget and the chunks that grew', () => {
  const budget: RouteBudget = { path: '/en/auth/login', ready: 'h1', budget: 10_000, chunks: { 'shell vendor': 6_000, 'auth remoteEntry': 3_000 } };
  const weight: RouteWeight = { chunks: { 'shell vendor': 6_500, 'auth remoteEntry': 2_900, 'auth 997': 1_000 }, jsGzip: 10_400, jsRaw: 0, jsFiles: 3, cssGzip: 0, cssRaw: 0, requestsBeforeVisible: 5 };
  expect(overBudget('login', budget, { ...weight, jsGzip: 10_000 })).toBeUndefined();
  const failure = overBudget('login', budget, weight)!;
  expect(failure).toContain('login downloads 10.2 KB');
  expect(failure).toContain('budget of 9.8 KB by 400 B');
  expect(failure).toContain('shell vendor: 5.9 KB -> 6.3 KB (+500 B)');
  expect(failure).toContain('auth 997: new, 1.0 KB');
  expect(failure).not.toContain('auth remoteEntry');
});

test('budgets only go down: every committed version of the file, then the working tree', () => {
  const file = relative(REPO_ROOT, BUDGETS_FILE);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' });
  const commits = git('log', '--reverse', '--format=%h', '--', file).split('\n').filter(Boolean);
  const versions = [
    ...commits.map((commit) => ({ label: commit, text: git('show', `${commit}:${file}`) })),
    { label: 'the working tree', text: readFileSync(BUDGETS_FILE, 'utf8') },
  ];
  expect(raisedBudgets(versions)).toEqual([]);
  // A raise names the decision record that accepted it, and that record exists.
  for (const [route, { raisedBy }] of Object.entries(readBudgets(versions.at(-1)!.text).routes)) {
    if (raisedBy) expect(existsSync(join(REPO_ROOT, 'docs', 'decisions', raisedBy)), `${route}: ${raisedBy}`).toBe(true);
  }
  // A raise with a decision new in that version is accepted once; the same decision again is not.
  const r = (budget: number, raisedBy?: string) => JSON.stringify({ routes: { login: { budget, ...(raisedBy ? { raisedBy } : {}) } } });
  expect(raisedBudgets([{ label: 'a', text: r(200) }, { label: 'b', text: r(210, '077-x.md') }, { label: 'c', text: r(205, '077-x.md') }])).toEqual([]);
  expect(raisedBudgets([{ label: 'a', text: r(200) }, { label: 'b', text: r(210, '077-x.md') }, { label: 'c', text: r(215, '077-x.md') }])).toEqual(['login: 215 B at c, above 210 B at b']);
  // The rule itself: a raise and a dropped route are both refused.
  const v = (budgets: Record<string, number>) => JSON.stringify({ routes: Object.fromEntries(Object.entries(budgets).map(([r, b]) => [r, { budget: b }])) });
  expect(raisedBudgets([{ label: 'a', text: v({ login: 200, shop: 250 }) }, { label: 'b', text: v({ login: 199, shop: 250 }) }])).toEqual([]);
  expect(raisedBudgets([{ label: 'a', text: v({ login: 200, shop: 250 }) }, { label: 'b', text: v({ login: 180 }) }, { label: 'c', text: v({ login: 190, shop: 240 }) }])).toEqual([
    'shop: its budget (250 B at a) is gone at b',
    'login: 190 B at c, above 180 B at b',
  ]);
});
