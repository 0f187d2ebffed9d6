// @vitest-environment happy-dom
// The home page by who opens it (issue 32): a web-shop customer (no organisation) got the contract
// customer's dashboard, which spoke of their organisation's orders and of "your contract".
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage, signInForTest } from '@portal/shared/testing';
import en from '../messages/en.json';
import HomePage from './home';

const EN = en as Record<string, string>;
afterEach(cleanup);

describe('HomePage', () => {
  it("gives a web-shop customer a home without the contract's widgets or words", async () => {
    signInForTest({ org: null, role: 'buyer' });
    await renderPage(<HomePage />, '/en', { path: '/:lang', messages: { en: EN } });
    expect(await screen.findByText(EN['webshop.intro']!)).toBeTruthy();
    expect(screen.queryByText(EN['dashboard.intro']!)).toBeNull();
    expect(screen.getByRole('link', { name: new RegExp(EN['nav.shop']!) })).toBeTruthy();
  });
});
