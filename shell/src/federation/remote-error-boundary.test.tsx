// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RemoteErrorBoundary } from './remote-error-boundary';

let broken = true;
function Page() {
  if (broken) throw new Error('remote page crashed');
  return <h1>Orders</h1>;
}

function Region() {
  const [, setTick] = useState(0);
  return (
    <RemoteErrorBoundary
      remote="orders"
      fallback={(reset) => (
        <button
          onClick={() => {
            broken = false;
            reset();
            setTick((n) => n + 1);
          }}
        >
          retry
        </button>
      )}
    >
      <Page />
    </RemoteErrorBoundary>
  );
}

afterEach(() => {
  cleanup();
  broken = true;
  vi.restoreAllMocks();
});

describe('RemoteErrorBoundary', () => {
  it('keeps a remote render error inside its region and logs it', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <main>
        <p>shell header</p>
        <Region />
      </main>,
    );
    expect(screen.getByText('shell header')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'retry' })).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(log.mock.calls.some((call) => String(call[0]).includes('[remote orders] render failed'))).toBe(true);
  });

  it('renders the remote again after a reset', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Region />);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'retry' }));
    });
    expect(screen.getByRole('heading', { name: 'Orders' })).toBeTruthy();
  });
});
