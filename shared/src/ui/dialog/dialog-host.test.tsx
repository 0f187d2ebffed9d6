import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bus } from '../../bus/bus';
import { axeViolations, renderUi } from '../test-utils';
import { DialogHost } from './dialog-host';
import { closeDialog, DIALOG_REMOVAL_DELAY, isDialogActive, openDialog } from './open-dialog';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const tick = (ms = 0) => act(() => vi.advanceTimersByTime(ms));

describe('DialogHost and openDialog', () => {
  it('opens a dialog on the next tick, named by its title', () => {
    renderUi(<DialogHost />);
    act(() => openDialog({ triggerId: 'unsaved-1', title: 'Unsaved changes', children: 'All unsaved changes will be lost, are you sure?' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    tick();
    expect(screen.getByRole('dialog', { name: 'Unsaved changes' })).toBeTruthy();
    act(() => closeDialog('unsaved-1'));
    tick(DIALOG_REMOVAL_DELAY);
  });

  it('refuses a second dialog with the same trigger id, and frees the id 500 ms after closing', () => {
    renderUi(<DialogHost />);
    act(() => openDialog({ triggerId: 'dup', title: 'First', children: 'x' }));
    tick();
    expect(() => openDialog({ triggerId: 'dup', title: 'Second', children: 'y' })).toThrow(
      'A dialog with trigger id "dup" already exists',
    );
    const onClose = vi.fn();
    act(() => closeDialog('dup'));
    expect(screen.queryByRole('dialog', { name: 'First' })).toBeNull();
    tick(DIALOG_REMOVAL_DELAY - 1);
    expect(isDialogActive('dup')).toBe(true);
    tick(1);
    expect(isDialogActive('dup')).toBe(false);
    act(() => openDialog({ triggerId: 'dup', title: 'Again', children: 'z', onClose }));
    tick();
    expect(screen.getByRole('dialog', { name: 'Again' })).toBeTruthy();
    act(() => closeDialog('dup'));
    expect(onClose).toHaveBeenCalledTimes(1);
    tick(DIALOG_REMOVAL_DELAY);
  });

  it('opens dialogs requested on the bus through renderDialog', () => {
    renderUi(
      <DialogHost
        renderDialog={(request) =>
          request.dialog === 'version-available' ? { title: 'New version available', children: 'Refresh to update.' } : null
        }
      />,
    );
    act(() => bus.emit('dialog:requested', { triggerId: 'version', dialog: 'version-available' }));
    tick();
    expect(screen.getByRole('dialog', { name: 'New version available' })).toBeTruthy();
    act(() => closeDialog('version'));
    tick(DIALOG_REMOVAL_DELAY);
  });

  it('opens a dialog asked for before any host was mounted, once one is (the shell mounts it on first use)', async () => {
    act(() => openDialog({ triggerId: 'early', title: 'Asked early', children: 'x' }));
    expect(isDialogActive('early')).toBe(true);
    tick();
    expect(screen.queryByRole('dialog')).toBeNull();
    renderUi(<DialogHost />);
    await act(async () => {
      await Promise.resolve();
    });
    tick();
    expect(screen.getByRole('dialog', { name: 'Asked early' })).toBeTruthy();
    act(() => closeDialog('early'));
    tick(DIALOG_REMOVAL_DELAY);
  });

  it('never shows a dialog closed before it came on screen (issue 19: a stale session dialog on the login page)', async () => {
    act(() => openDialog({ triggerId: 'stale', title: 'Session about to expire', children: 'x' }));
    act(() => closeDialog('stale'));
    expect(isDialogActive('stale')).toBe(false);
    renderUi(<DialogHost />);
    await act(async () => {
      await Promise.resolve();
    });
    tick(DIALOG_REMOVAL_DELAY);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => openDialog({ triggerId: 'stale', title: 'Asked again', children: 'y' }));
    tick();
    expect(screen.getByRole('dialog', { name: 'Asked again' })).toBeTruthy();
    act(() => closeDialog('stale'));
    tick(DIALOG_REMOVAL_DELAY);
  });

  it('passes axe while a dialog is open', async () => {
    const { baseElement } = renderUi(<DialogHost />);
    act(() => openDialog({ triggerId: 'axe', title: 'Session about to expire', children: <p>Continue or log out?</p> }));
    tick();
    vi.useRealTimers();
    expect(await axeViolations(baseElement)).toEqual([]);
    act(() => closeDialog('axe'));
  });
});
