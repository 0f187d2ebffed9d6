// @vitest-environment happy-dom
// Issue 44.9: the pages of issue 33 (order lists, approvals, cost centres, approval rules) and the
// staff's integration page were reached only from the dashboard's cards; the header's "My account"
// menu offers each person the ones that are theirs (decision 064).
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage, signInForTest } from '@portal/shared/testing';
import en from '../messages/en.json';
import fr from '../messages/fr.json';
import nl from '../messages/nl.json';
import { SiteHeader } from './site-header';

const EN = en as Record<string, string>;
afterEach(cleanup);

async function menuItems(): Promise<{ name: string; href: string | null }[]> {
  renderPage(<SiteHeader />, '/en/', { path: '/:lang/', messages: { en, nl, fr } });
  // The menu loads on first use; until then its button stands in, disabled.
  await waitFor(() => expect(screen.getByRole('button', { name: EN['nav.user'] }).hasAttribute('disabled')).toBe(false), { timeout: 10_000 });
  await userEvent.click(screen.getByRole('button', { name: EN['nav.user'] }));
  const menu = await screen.findByRole('menu', { name: EN['nav.user'] });
  return within(menu).getAllByRole('menuitem').map((item) => ({ name: item.textContent ?? '', href: item.getAttribute('href') }));
}

describe('the account menu', () => {
  it("gives an administrator the organisation's pages, the approvals and signing out", async () => {
    signInForTest({ role: 'admin' });
    expect(await menuItems()).toEqual([
      { name: EN['nav.account.details'], href: '/en/user/info' },
      { name: EN['title.contract'], href: '/en/user/contract' },
      { name: EN['nav.orderLists'], href: '/en/order-lists' },
      { name: EN['title.approvals'], href: '/en/my-orders/approvals' },
      { name: EN['title.users'], href: '/en/user/users' },
      { name: EN['title.cost_centres'], href: '/en/user/cost-centres' },
      { name: EN['title.approval_rules'], href: '/en/user/approval-rules' },
      { name: EN['nav.signOut'], href: null },
    ]);
  });

  it('gives a buyer their account, the contract and the order lists, no administration', async () => {
    signInForTest({ role: 'buyer' });
    expect((await menuItems()).map((i) => i.href)).toEqual(['/en/user/info', '/en/user/contract', '/en/order-lists', null]);
  });

  it('gives an approver the orders waiting for approval', async () => {
    signInForTest({ role: 'approver' });
    expect((await menuItems()).map((i) => i.href)).toContain('/en/my-orders/approvals');
  });

  it('gives provider staff the integration page', async () => {
    signInForTest({ role: 'case_manager', org: null });
    expect((await menuItems()).map((i) => i.href)).toEqual(['/en/user/info', '/en/user/integration', null]);
  });

  it('gives a web-shop customer their account only', async () => {
    signInForTest({ role: 'buyer', org: null });
    expect((await menuItems()).map((i) => i.href)).toEqual(['/en/user/info', null]);
  });
});
