// Prices with or without VAT (spec section 1). Kept here until the shell owns it (issue 4): one
// preference per signed-in user (by user id) or per browser for visitors, in localStorage.
import { useSyncExternalStore } from 'react';
import { useSession } from '@portal/shared/session';

const KEY = 'portal.vat';
const listeners = new Set<() => void>();

const keyFor = (userId: string | null) => `${KEY}.${userId ?? 'visitor'}`;

function read(userId: string | null): boolean {
  try {
    const stored = window.localStorage.getItem(keyFor(userId));
    // B2B buyers compare prices excluding VAT; that is the default.
    return stored === 'incl';
  } catch {
    return false;
  }
}

/** Whether prices are shown including VAT, and the setter; remembered per user. */
export function useVatPreference(): [boolean, (inclVat: boolean) => void] {
  const userId = useSession((s) => (s.isSignedIn ? (s.claims?.sub ?? null) : null));
  const inclVat = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => read(userId),
    () => false,
  );
  const set = (value: boolean) => {
    try {
      window.localStorage.setItem(keyFor(userId), value ? 'incl' : 'excl');
    } catch {
      // Private mode without storage: the toggle still works for this page view.
    }
    listeners.forEach((l) => l());
  };
  return [inclVat, set];
}
