// Prices with or without VAT (spec section 1), remembered per user (decision 013): the one hook the
// remotes that show prices use (the catalog, the checkout). `@portal/shared/preferences` is a shared
// singleton, so its listeners are one set: a toggle in one remote repaints the others' prices.
// A signed-in user's choice is kept by the API (`/v1/me/preferences`), so it follows them to another
// browser or device; this browser's copy in localStorage paints the first frame before the API
// answers. A visitor's choice stays in this browser. B2B buyers compare prices excluding VAT: that is
// the default.
import { useEffect, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { queryKeys } from '@portal/shared/query';
import { UserPreferencesSchema, type UserPreferences } from '@portal/shared/schemas/shop';
import { useSession } from '@portal/shared/session';
import { showToast } from '@portal/shared/ui';

const KEY = 'portal.vat';
const listeners = new Set<() => void>();
const keyFor = (userId: string | null) => `${KEY}.${userId ?? 'visitor'}`;

function readLocal(userId: string | null): boolean {
  try {
    return window.localStorage.getItem(keyFor(userId)) === 'incl';
  } catch {
    return false;
  }
}

function writeLocal(userId: string | null, inclVat: boolean) {
  try {
    window.localStorage.setItem(keyFor(userId), inclVat ? 'incl' : 'excl');
  } catch {
    // Private mode without storage: the toggle still works for this page view.
  }
  listeners.forEach((l) => l());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The query key of a user's preferences (one cache entry per user), shared with other remotes. */
const preferencesKey = queryKeys.me.preferences;

/** Whether prices are shown including VAT, and the setter. */
export function useVatPreference(): [boolean, (inclVat: boolean) => void] {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const userId = useSession((s) => (s.isSignedIn ? (s.claims?.sub ?? null) : null));
  const local = useSyncExternalStore(subscribe, () => readLocal(userId), () => false);

  const saved = useQuery({
    queryKey: preferencesKey(userId ?? ''),
    queryFn: ({ signal }) => portalApi().get('/me/preferences', { schema: UserPreferencesSchema, signal }),
    enabled: userId !== null,
    staleTime: 5 * 60_000,
  });
  const server = saved.data?.prices_incl_vat;
  // Another device may have changed it: keep this browser's first-frame copy in step.
  useEffect(() => {
    if (userId !== null && server !== undefined && server !== readLocal(userId)) writeLocal(userId, server);
  }, [userId, server]);

  const save = useMutation({
    mutationFn: (inclVat: boolean) => portalApi().put('/me/preferences', { body: { prices_incl_vat: inclVat }, schema: UserPreferencesSchema }),
    onMutate: (inclVat) => {
      const key = preferencesKey(userId!);
      const previous = queryClient.getQueryData<UserPreferences>(key);
      queryClient.setQueryData<UserPreferences>(key, { prices_incl_vat: inclVat });
      writeLocal(userId, inclVat);
      return { previous: previous?.prices_incl_vat ?? !inclVat };
    },
    onSuccess: (preferences) => queryClient.setQueryData(preferencesKey(userId!), preferences),
    onError: (_error, _inclVat, context) => {
      // Not saved: show prices as they were, and say so, rather than a choice that will not last.
      const previous = context?.previous ?? false;
      queryClient.setQueryData<UserPreferences>(preferencesKey(userId!), { prices_incl_vat: previous });
      writeLocal(userId, previous);
      showToast({ type: 'error', title: intl.formatMessage({ id: 'preferences.vat.saveFailed' }) });
    },
  });

  const inclVat = userId !== null && server !== undefined ? server : local;
  const set = (value: boolean) => (userId === null ? writeLocal(null, value) : save.mutate(value));
  return [inclVat, set];
}
