import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { Button } from '../button/button';
import { axeViolations, renderUi } from '../test-utils';
import { Tooltip } from './tooltip';
import { TOOLTIP_OPEN_DELAY, TOOLTIP_SKIP_DELAY } from './use-tooltip-delay';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function Two() {
  return (
    <>
      <Tooltip label="Add to cart">
        <Button>Add</Button>
      </Tooltip>
      <Tooltip label="Remove from cart">
        <Button>Remove</Button>
      </Tooltip>
    </>
  );
}

describe('Tooltip', () => {
  it('uses the delays of the spec', () => {
    expect([TOOLTIP_OPEN_DELAY, TOOLTIP_SKIP_DELAY]).toEqual([700, 300]);
  });

  it('opens after 700 ms of hover and closes on leave', () => {
    renderUi(<Two />);
    const add = screen.getByRole('button', { name: 'Add' });
    fireEvent.mouseEnter(add);
    advance(699);
    expect(screen.queryByText('Add to cart')).toBeNull();
    advance(1);
    expect(screen.getByText('Add to cart')).toBeTruthy();
    fireEvent.mouseLeave(add);
    expect(screen.queryByText('Add to cart')).toBeNull();
  });

  it('does not open when the pointer leaves before the delay', () => {
    renderUi(<Two />);
    const add = screen.getByRole('button', { name: 'Add' });
    fireEvent.mouseEnter(add);
    advance(500);
    fireEvent.mouseLeave(add);
    advance(1000);
    expect(screen.queryByText('Add to cart')).toBeNull();
  });

  it('opens the next one at once within 300 ms of closing, and waits again after', () => {
    renderUi(<Two />);
    const add = screen.getByRole('button', { name: 'Add' });
    const remove = screen.getByRole('button', { name: 'Remove' });
    fireEvent.mouseEnter(add);
    advance(700);
    fireEvent.mouseLeave(add);
    advance(299);
    fireEvent.mouseEnter(remove);
    expect(screen.getByText('Remove from cart')).toBeTruthy();
    fireEvent.mouseLeave(remove);
    advance(301);
    fireEvent.mouseEnter(add);
    expect(screen.queryByText('Add to cart')).toBeNull();
    advance(700);
    expect(screen.getByText('Add to cart')).toBeTruthy();
    fireEvent.mouseLeave(add);
  });

  it('opens on keyboard focus and closes on Escape', async () => {
    renderUi(<Two />);
    const add = screen.getByRole('button', { name: 'Add' });
    advance(1000); // leave the skip window of earlier tests
    fireEvent.focus(add);
    advance(700);
    expect(screen.getByText('Add to cart')).toBeTruthy();
    fireEvent.keyDown(add, { key: 'Escape' });
    expect(screen.queryByText('Add to cart')).toBeNull();
  });

  it('keeps the child own handlers and passes axe while open', async () => {
    const onMouseEnter = vi.fn();
    const { container } = renderUi(
      <Tooltip label="Details">
        <button type="button" onMouseEnter={onMouseEnter}>
          Info
        </button>
      </Tooltip>,
    );
    advance(1000);
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Info' }));
    advance(700);
    expect(onMouseEnter).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Details')).toBeTruthy();
    vi.useRealTimers();
    expect(await axeViolations(container)).toEqual([]);
  });
});
