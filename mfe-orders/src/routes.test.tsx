import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, routePages } from '@portal/shared/testing';
import { loadMessages, routes } from './routes';

// The page titles the shell brings (its messages); each page's h1 must be its route's title.
const SHELL_TITLES: Record<string, string> = {
  'title.my_orders': 'My orders',
  'title.order': 'Order',
  'title.quotations': 'Quotations',
  'title.quotation': 'Quotation',
};

const pages = routePages(routes);

describe('the orders routes', () => {
  it('has pages to visit', () => {
    expect(pages.length).toBeGreaterThan(0);
  });

  it.each(pages)('/en/$path shows its title and introduction', async ({ path, titleKey }) => {
    const messages = await loadMessages('en');
    renderRoutes(routes, `/en/${path}`, { messages: { en: messages }, shellMessages: SHELL_TITLES });
    expect(await screen.findByRole('heading', { level: 1, name: SHELL_TITLES[titleKey] })).toBeTruthy();
    expect(SHELL_TITLES[titleKey]).toBeDefined();
    const intro = Object.entries(messages).find(([key]) => key.endsWith('.intro') && screen.queryByText(messages[key]!));
    expect(intro).toBeDefined();
  });

  it('speaks the URL\'s language', async () => {
    const nl = await loadMessages('nl');
    const [first] = pages;
    renderRoutes(routes, `/nl/${first!.path}`, { messages: { nl }, shellMessages: SHELL_TITLES });
    await screen.findByRole('heading', { level: 1 });
    expect(Object.values(nl).some((text) => screen.queryByText(text))).toBe(true);
  });
});
