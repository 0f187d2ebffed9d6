// A sign-in waiting for its second factor, kept for the browser tab (sessionStorage) so the code
// screen survives a reload. It holds the address and the server's challenge, never the password.
import * as v from 'valibot';
import { CodeDestinationSchema, CodeChannelSchema } from '@portal/shared/schemas/auth';

const KEY = 'portal.auth.pending-sign-in';

const PendingSignInSchema = v.object({
  email: v.string(),
  challenge: v.string(),
  channel: CodeChannelSchema,
  channels: v.array(CodeDestinationSchema),
  /** Epoch ms before which no new code can be asked for. */
  resendAt: v.number(),
});
export type PendingSignIn = v.InferOutput<typeof PendingSignInSchema>;

export function savePendingSignIn(pending: PendingSignIn) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Storage can be unavailable (private mode); the screen then works until a reload.
  }
}

export function loadPendingSignIn(): PendingSignIn | null {
  try {
    const parsed = v.safeParse(PendingSignInSchema, JSON.parse(sessionStorage.getItem(KEY) ?? 'null'));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export function clearPendingSignIn() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
