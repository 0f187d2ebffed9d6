import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations, renderUi } from '../test-utils';
import { StateRegion, type StateRegionProps } from './state-region';

const TEXTS = { loadingLabel: 'Loading orders', errorTitle: 'The orders could not be loaded.', retryLabel: 'Try again', empty: <p>No orders yet</p> };

function renderRegion(props: Partial<StateRegionProps>) {
  return renderUi(
    <StateRegion status="success" {...TEXTS} {...props}>
      <p>the orders</p>
    </StateRegion>,
  );
}

describe('StateRegion', () => {
  it('while loading is a status named by its label, with a spinner or skeleton rows', async () => {
    const { container, unmount } = renderRegion({ status: 'pending' });
    expect(screen.getByRole('status', { name: 'Loading orders' })).toBeTruthy();
    expect(screen.queryByText('the orders')).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
    unmount();
    renderRegion({ status: 'pending', skeletonRows: 3 });
    expect(screen.getByRole('status', { name: 'Loading orders' }).getAttribute('aria-busy')).toBe('true');
  });

  it('on an error shows an alert, and its retry button refetches', async () => {
    const onRetry = vi.fn();
    const { container } = renderRegion({ status: 'error', onRetry });
    expect(screen.getByRole('alert').textContent).toContain('The orders could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(await axeViolations(container)).toEqual([]);
  });

  it('says so when the loaded data is empty, else shows the content', () => {
    const { unmount } = renderRegion({ isEmpty: true });
    expect(screen.getByText('No orders yet')).toBeTruthy();
    expect(screen.queryByText('the orders')).toBeNull();
    unmount();
    renderRegion({});
    expect(screen.getByText('the orders')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
