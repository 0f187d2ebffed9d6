// @vitest-environment happy-dom
// Punchout mode's line under the header: shown, in the reader's language, only for a punchout sign-in.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, signInForTest, stubApi } from '@portal/shared/testing';
import en from '../messages/en.json';
import fr from '../messages/fr.json';
import nl from '../messages/nl.json';
import { PunchoutBanner } from './punchout-banner';

const clearMarker = () => {
  document.cookie = 'punchout=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
};

afterEach(() => {
  cleanup();
  clearMarker();
  vi.unstubAllGlobals();
});

let calls: { path: string }[] = [];

describe('PunchoutBanner', () => {
  beforeEach(() => {
    calls = stubApi(({ path }) => (path.endsWith('/punchout/session') ? { status: 200, body: { protocol: 'cxml', operation: 'create', return_host: 'ariba.buyer.example' } } : undefined));
  });

  it('says where the cart goes back to, with a way to the cart', async () => {
    signInForTest();
    document.cookie = 'punchout=1; path=/';
    renderPage(<PunchoutBanner />, '/nl/', { path: '/:lang/', messages: { en, nl, fr } });
    const banner = await screen.findByTestId('punchout-banner');
    expect(banner.textContent).toContain('ariba.buyer.example');
    expect(screen.getByRole('link', { name: nl['punchout.banner.cart'] }).getAttribute('href')).toBe('/nl/checkout/overview');
  });

  it('shows nothing, and asks nothing, without the punchout marker', () => {
    signInForTest();
    renderPage(<PunchoutBanner />, '/en/', { path: '/:lang/', messages: { en, nl, fr } });
    // The effect has run inside render's act(): a request would be recorded by now.
    expect(calls.filter((c) => c.path.endsWith('/punchout/session'))).toEqual([]);
    expect(screen.queryByTestId('punchout-banner')).toBeNull();
  });
});
