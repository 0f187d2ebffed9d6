import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bus } from '../../bus/bus';
import { axeViolations, renderUi } from '../test-utils';
import { hideToast, PORTAL_TOAST_WIDTH, showToast, TOAST_AUTO_CLOSE } from './show-toast';
import {
  TOAST_DEFAULT_AUTO_CLOSE,
  TOAST_GAP,
  TOAST_HOTKEY,
  TOAST_LIMIT,
  TOAST_POSITION,
  TOAST_REMOVAL_DELAY,
  TOAST_WIDTH,
  ToastHost,
} from './toast-host';

afterEach(() => {
  act(() => {
    notifications.clean();
  });
  vi.useRealTimers();
});

// Step through time so React can run the effects that schedule the next timers (enter
// transition, then auto-close, then exit transition).
function advance(ms: number) {
  for (let t = 0; t < ms; t += 100) act(() => vi.advanceTimersByTime(100));
}

const toastOf = (title: string) => screen.getByText(title).closest('[data-toast-type]') as HTMLElement;

describe('ToastHost', () => {
  it('uses the library defaults of the spec', () => {
    expect([TOAST_POSITION, TOAST_LIMIT, TOAST_DEFAULT_AUTO_CLOSE, TOAST_AUTO_CLOSE]).toEqual(['bottom-right', 3, 4000, 10000]);
    expect([TOAST_WIDTH, TOAST_GAP, TOAST_REMOVAL_DELAY, TOAST_HOTKEY, PORTAL_TOAST_WIDTH]).toEqual([356, 14, 200, 'alt+T', '22rem']);
  });

  it('makes the portal\'s own toasts 22rem wide and leaves info at the library width', () => {
    renderUi(<ToastHost />);
    act(() => {
      showToast({ type: 'success', title: 'Added to cart' });
      showToast({ type: 'info', title: 'Heads up' });
    });
    expect(toastOf('Added to cart').style.width).toBe('22rem');
    expect(toastOf('Heads up').style.width).toBe('');
  });

  it('keeps the whole label of an action button: it never shrinks and wraps under a long description', () => {
    renderUi(<ToastHost />);
    act(() => {
      showToast({ type: 'success', title: 'Toegevoegd', description: '12 × Tourniquet CAT Gen 7 zwart, verpakt per tien', action: { label: 'Bekijk winkelmandje', onClick: () => {} } });
    });
    const button = screen.getByRole('button', { name: 'Bekijk winkelmandje' });
    expect(button.style.flexShrink).toBe('0');
    expect(button.parentElement?.style.getPropertyValue('--group-wrap')).toBe('wrap');
  });

  it('shows a toast asked for before the host was mounted, once it is (the shell mounts it on first use)', () => {
    act(() => {
      showToast({ type: 'success', title: 'Asked early' });
    });
    expect(screen.queryByText('Asked early')).toBeNull();
    renderUi(<ToastHost />);
    expect(toastOf('Asked early')).toBeTruthy();
  });

  it('Alt+T moves the keyboard focus to the newest toast', async () => {
    renderUi(<ToastHost />);
    act(() => {
      showToast({ type: 'error', title: 'Older' });
      showToast({ type: 'error', title: 'Newest' });
    });
    await userEvent.keyboard('{Alt>}t{/Alt}');
    expect(document.activeElement).toBe(toastOf('Newest'));
  });

  it('shows an error toast with title, description and the alert-circle icon', () => {
    renderUi(<ToastHost />);
    act(() => {
      showToast({ type: 'error', title: 'Bad request', description: 'Please try again later.' });
    });
    const toast = toastOf('Bad request');
    expect(toast.dataset.toastType).toBe('error');
    expect(screen.getByText('Please try again later.')).toBeTruthy();
    expect(toast.querySelector('[data-icon="alertCircle"]')).not.toBeNull();
  });

  it.each(['default', 'success', 'info', 'warning', 'loading'] as const)('shows a %s toast', (type) => {
    renderUi(<ToastHost />);
    act(() => {
      showToast({ type, title: `A ${type} toast` });
    });
    expect(toastOf(`A ${type} toast`).dataset.toastType).toBe(type);
  });

  it('shows at most three at once; the rest wait', () => {
    renderUi(<ToastHost />);
    act(() => {
      for (let i = 1; i <= 5; i += 1) showToast({ type: 'info', title: `Toast ${i}` });
    });
    expect(screen.queryAllByText(/^Toast \d$/)).toHaveLength(3);
  });

  it('shows toasts requested on the bus, e.g. a malformed response', () => {
    renderUi(<ToastHost />);
    act(() => {
      bus.emit('toast:requested', { type: 'error', title: 'GET /orders returned a malformed response' });
    });
    expect(screen.getByText('GET /orders returned a malformed response')).toBeTruthy();
  });

  it('hides a toast by id and updates one shown again with the same id', () => {
    vi.useFakeTimers();
    renderUi(<ToastHost />);
    act(() => {
      showToast({ id: 'save', type: 'loading', title: 'Saving' });
    });
    act(() => {
      showToast({ id: 'save', type: 'success', title: 'Saved' });
    });
    expect(screen.queryByText('Saving')).toBeNull();
    expect(screen.getByText('Saved')).toBeTruthy();
    act(() => hideToast('save'));
    advance(1000);
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('closes errors after 10 s and info after 4 s, keeps loading', () => {
    vi.useFakeTimers();
    renderUi(<ToastHost />);
    act(() => {
      showToast({ type: 'error', title: 'Error toast' });
      showToast({ type: 'info', title: 'Info toast' });
      showToast({ type: 'loading', title: 'Loading toast' });
    });
    advance(TOAST_DEFAULT_AUTO_CLOSE + 1000);
    expect(screen.queryByText('Info toast')).toBeNull();
    expect(screen.getByText('Error toast')).toBeTruthy();
    advance(TOAST_AUTO_CLOSE - TOAST_DEFAULT_AUTO_CLOSE);
    expect(screen.queryByText('Error toast')).toBeNull();
    expect(screen.getByText('Loading toast')).toBeTruthy();
  });

  it('can carry an action, has a close button, and passes axe', async () => {
    const onClick = vi.fn();
    const { container } = renderUi(<ToastHost closeLabel="Close notification" />);
    act(() => {
      showToast({ type: 'success', title: 'Added to cart', description: '3 items', action: { label: 'Undo', onClick } });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Close notification' })).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });
});
