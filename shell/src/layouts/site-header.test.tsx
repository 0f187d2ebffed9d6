// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderPage, signInForTest } from '@portal/shared/testing';
import en from '../messages/en.json';
import fr from '../messages/fr.json';
import nl from '../messages/nl.json';
import { SiteHeader } from './site-header';

afterEach(cleanup);
beforeEach(() => {
  signInForTest();
});

describe('SiteHeader', () => {
  it('names its navigation in the reader\'s language, and opens the same links from the menu button', async () => {
    renderPage(<SiteHeader />, '/nl/', { path: '/:lang/', messages: { en, nl, fr } });
    const main = screen.getByRole('navigation', { name: nl['nav.main'] });
    expect(within(main).getByRole('link', { name: nl['nav.myOrders'] })).toBeTruthy();
    const button = screen.getByRole('button', { name: nl['nav.menu'] });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: nl['nav.menu'] })).toBeNull();

    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('navigation', { name: nl['nav.menu'] });
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    const link = within(menu).getByRole('link', { name: nl['nav.myOrders'] });
    expect(within(menu).getByRole('radiogroup', { name: nl['nav.language'] })).toBeTruthy();

    await userEvent.click(link);
    expect(screen.queryByRole('navigation', { name: nl['nav.menu'] })).toBeNull();
  });
});
