// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { Link, RouterProvider } from '../router';
import { createMemoryRouter } from '../router/memory-router';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../i18n/messages/en.json';
import { DialogHost } from '../ui/hosts';
import { renderUi } from '../ui/test-utils';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard';

function Form() {
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesGuard(dirty);
  return (
    <>
      <h1>Edit address</h1>
      <label>
        Street <input onChange={() => setDirty(true)} />
      </label>
      <Link to="/elsewhere">Leave</Link>
    </>
  );
}

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/form', element: <Form /> },
      { path: '/elsewhere', element: <h1>Elsewhere</h1> },
    ],
    { initialEntries: ['/form'] },
  );
  renderUi(
    <IntlProvider locale="en" messages={en}>
      <DialogHost>
        <RouterProvider router={router} />
      </DialogHost>
    </IntlProvider>,
  );
  return router;
}

afterEach(() => cleanup());

describe('useUnsavedChangesGuard', () => {
  it('lets a clean form go without asking', async () => {
    const router = renderForm();
    await userEvent.click(screen.getByRole('link', { name: 'Leave' }));
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('asks before leaving a changed form; staying keeps it, leaving goes', async () => {
    const router = renderForm();
    await userEvent.type(screen.getByLabelText('Street'), 'Kerkstraat');
    await userEvent.click(screen.getByRole('link', { name: 'Leave' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('All unsaved changes will be lost, are you sure?');
    await userEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe('/form');

    await act(async () => new Promise((r) => setTimeout(r, 600)));
    await userEvent.click(screen.getByRole('link', { name: 'Leave' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(router.state.location.pathname).toBe('/elsewhere');
  });
});
