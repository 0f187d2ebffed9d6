// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { loadPendingSignIn } from './pending-sign-in';
import { startTwoFactor } from './two-factor-start';

const challenge = { error: 'invalid_grant', code: 'TWO_FACTOR_REQUIRED', challenge: 'c.h', channel: 'sms', channels: [{ channel: 'sms', destination: '••4567' }], resend_after_seconds: 30 };

beforeEach(() => sessionStorage.clear());

describe('the start of a sign-in with a second factor (loaded when the login form is sent)', () => {
  it("keeps the server's challenge for the code screen, with the moment a new code may be asked for", () => {
    expect(startTwoFactor('tom@x.example', challenge, 1_000)).toBe(true);
    expect(loadPendingSignIn()).toEqual({ email: 'tom@x.example', challenge: 'c.h', channel: 'sms', channels: challenge.channels, resendAt: 31_000 });
  });

  it('keeps nothing for an answer that is no challenge', () => {
    expect(startTwoFactor('tom@x.example', { ...challenge, channels: 'sms' })).toBe(false);
    expect(startTwoFactor('tom@x.example', undefined)).toBe(false);
    expect(loadPendingSignIn()).toBeNull();
  });
});
