// @vitest-environment happy-dom
// A session left to end unanswered (issue 32): the user was signed out and found the login page
// with no word why. The timers are the test's (a session lasts 15 minutes).
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@portal/shared/session';
import { renderPage, signInForTest } from '@portal/shared/testing';
import en from '../messages/en.json';
import { SessionWatch } from './session-watch';

const EN = en as Record<string, string>;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('SessionWatch', () => {
  it('signs out a session whose warning went unanswered and says the session expired', async () => {
    signInForTest();
    await renderPage(<SessionWatch />, '/en/my-orders', { path: '/:lang/my-orders', messages: { en: EN } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The effect's timers were set with the real clock: start them again under the test's.
    act(() => sessionStore.getState().setTokens({ ...sessionStore.getState().tokens! }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15 * 60_000 + 1_000);
    });
    expect(sessionStore.getState().isSignedIn).toBe(false);
    expect(screen.getByText(EN['session.expired']!)).toBeTruthy();
    // Signing in again takes the word away.
    vi.useRealTimers();
    act(() => void signInForTest());
    await waitFor(() => expect(screen.queryByText(EN['session.expired']!)).toBeNull());
  });
});
