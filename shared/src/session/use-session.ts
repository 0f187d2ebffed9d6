import { useStore } from 'zustand';
import { sessionStore } from './session';
import type { SessionState } from './session-store';
import { audienceOf, type Audience } from './access-token-claims';

const whole = (state: SessionState) => state;

/** React hook over the shared session store; pass a selector to re-render only on what you use. */
export function useSession(): SessionState;
export function useSession<T>(selector: (state: SessionState) => T): T;
export function useSession<T>(selector?: (state: SessionState) => T): T | SessionState {
  return useStore(sessionStore, (selector ?? whole) as (state: SessionState) => T | SessionState);
}

/** Who the portal is speaking to (visitor, staff, contract customer, web-shop customer). */
export function useAudience(): Audience {
  return useSession((s) => audienceOf(s.claims, s.isSignedIn));
}
