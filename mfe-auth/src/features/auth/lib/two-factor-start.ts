// The start of a sign-in that asks for a second factor: the server's challenge checked and kept for
// the code screen. A module of its own, loaded when the form is sent, so that valibot (which only
// this path of the page uses; the form's own checks run in the shell's copy) is not part of the
// login page's first screen (issue 45, decision 093).
import * as v from 'valibot';
import { TwoFactorChallengeSchema } from '@portal/shared/schemas/auth';
import { savePendingSignIn } from './pending-sign-in';

/** Keeps the sign-in waiting for its code; false when the answer is no challenge this screen knows. */
export function startTwoFactor(email: string, body: unknown, now = Date.now()): boolean {
  const challenge = v.safeParse(TwoFactorChallengeSchema, body);
  if (!challenge.success) return false;
  const c = challenge.output;
  savePendingSignIn({ email, challenge: c.challenge, channel: c.channel, channels: c.channels, resendAt: now + c.resend_after_seconds * 1000 });
  return true;
}
