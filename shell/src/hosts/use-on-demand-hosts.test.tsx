// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDialog, openDialog, PortalThemeProvider, showToast } from '@portal/shared/ui';
import { useOnDemandHosts } from './use-on-demand-hosts';

function Page() {
  const Hosts = useOnDemandHosts();
  return (
    <>
      {/* eslint-disable-next-line react-hooks/static-components -- loaded once, then stable */}
      {Hosts && <Hosts closeLabel="Close" />}
      <h1>Sign in</h1>
    </>
  );
}

afterEach(() => {
  act(() => closeDialog('first-dialog'));
  cleanup();
});

describe('the dialog and toast hosts load on first use', () => {
  it('mounts no host until a toast or a dialog asks, then shows both', async () => {
    render(
      <PortalThemeProvider>
        <Page />
      </PortalThemeProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    act(() => {
      showToast({ type: 'success', title: 'Added to cart' });
    });
    expect(await screen.findByText('Added to cart')).toBeTruthy();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();

    act(() => openDialog({ triggerId: 'first-dialog', title: 'Session about to expire', children: 'Continue?' }));
    expect(await screen.findByRole('dialog', { name: 'Session about to expire' })).toBeTruthy();
  });
});
