import { useSession } from '@portal/shared/session';

/** Whether a user (not an anonymous visitor) is signed in. */
export function useIsSignedIn(): boolean {
  return useSession((state) => state.isSignedIn);
}
