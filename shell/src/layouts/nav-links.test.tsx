// @vitest-environment happy-dom
// The navigation offers each reader the pages that are theirs (issue 32): a web-shop customer (no
// organisation) had My products and Quotations, whose calls signed them out; the home page spoke of
// a contract they do not have (the home page's test is beside it).
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderPage, signInForTest } from '@portal/shared/testing';
import en from '../messages/en.json';
import { NavLinks } from './nav-links';

const EN = en as Record<string, string>;
const render = (element: React.ReactElement) => renderPage(element, '/en', { path: '/:lang', messages: { en: EN } });
const names = () => within(screen.getByRole('list')).getAllByRole('link').map((l) => l.textContent);

beforeEach(() => signInForTest());
afterEach(cleanup);

describe('NavLinks', () => {
  it("offers a contract customer's user the contract's pages", async () => {
    await render(<NavLinks />);
    expect(names()).toEqual([EN['nav.dashboard'], EN['nav.myProducts'], EN['nav.myOrders'], EN['nav.invoices'], EN['nav.quotations'], EN['nav.contact']]);
  });

  it('offers a web-shop customer the shop, their orders and invoices: no contract range, no quotations (the account is the account menu)', async () => {
    signInForTest({ org: null, role: 'buyer' });
    await render(<NavLinks />);
    expect(names()).toEqual([EN['nav.dashboard'], EN['nav.shop'], EN['nav.myOrders'], EN['nav.invoices'], EN['nav.contact']]);
  });
});
