// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RouterProvider } from '../router';
import { createMemoryRouter } from '../router/memory-router';
import { localeOfPath, useLocale } from './use-locale';

afterEach(cleanup);

function Show() {
  return <p>{useLocale()}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <Show /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

describe('useLocale', () => {
  it('reads the locale prefix of the URL, without needing a :lang route parameter', () => {
    renderAt('/fr/my-products/mask');
    expect(screen.getByText('fr')).toBeTruthy();
  });

  it('falls back to the default outside a locale prefix', () => {
    expect(localeOfPath('/api-docs')).toBe('en');
    expect(localeOfPath('/xx/products')).toBe('xx');
    expect(localeOfPath('/')).toBe('en');
  });
});
