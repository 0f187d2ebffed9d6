// @vitest-environment happy-dom
// Issue 45: the account menu's code (with `ui/overlays`, ~48 KB gzip) is not part of any page's first
// load. It loads when the person reaches for the button, and the click that asked for it opens it.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, signInForTest } from '@portal/shared/testing';
import en from '../messages/en.json';
import { AccountMenuSlot } from './account-menu-slot';

const EN = en as Record<string, string>;
const menuModule = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./account-menu', async (importOriginal) => {
  menuModule.loads++;
  return importOriginal();
});
afterEach(cleanup);

describe('the account menu slot', () => {
  it('loads the menu on the pointer over its button, and opens it with the click', async () => {
    signInForTest({ role: 'buyer' });
    renderPage(<AccountMenuSlot />, '/en/', { path: '/:lang/', messages: { en } });
    const button = await screen.findByRole('button', { name: EN['nav.user'] });
    // Rendered, signed in, enabled: and still no menu code.
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(menuModule.loads).toBe(0);
    await userEvent.hover(button);
    await waitFor(() => expect(menuModule.loads).toBe(1));
    expect(screen.queryByRole('menu')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: EN['nav.user'] }));
    expect(await screen.findByRole('menu', { name: EN['nav.user'] })).toBeTruthy();
  });
});
