// The organisation picker (decision 057): reads the user's organisations and, for two or more, shows
// the menu naming the one the session acts for (organisation-menu.tsx). Choosing another exchanges
// the session's tokens for the chosen organisation's; every page's data is then dropped and read
// again (`session:organisation-changed`). The menu itself (with `ui/overlays`, ~48 KB gzip) loads only for a person with two organisations or
// more (issue 45): every other contract buyer's pages asked for it and showed nothing.
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { useIntl } from 'react-intl';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError, publicApi, portalApi } from '@portal/shared/api';
import { bus } from '@portal/shared/bus';
import { PortalQueryProvider, queryKeys } from '@portal/shared/query';
import { MemberOrganisationListSchema, TokenResponseSchema, type MemberOrganisation } from '@portal/shared/schemas/platform';
import { sessionStore, useSession } from '@portal/shared/session';
import { showToast } from '@portal/shared/ui';
import { reloadOnChunkError } from '../platform/chunk-reload';
import type { OrganisationMenuProps } from './organisation-menu';

const OrganisationMenu = lazy<ComponentType<OrganisationMenuProps>>(() =>
  import('./organisation-menu').catch((error: unknown) => {
    // Without the menu the header goes on acting for the current organisation.
    reloadOnChunkError(error);
    return { default: () => null };
  }),
);

/** The caller's organisations, under the caller's key family (a switch resets it with the rest). */
const ORGANISATIONS_KEY = [...queryKeys.me.all, 'organisations'] as const;

function Picker() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const organisationId = useSession((s) => s.claims?.org ?? null);
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useQuery({
    queryKey: [...ORGANISATIONS_KEY, organisationId],
    queryFn: ({ signal }) => portalApi().get('/me/organisations', { signal, schema: MemberOrganisationListSchema }),
    // Keyed by the organisation, so a switch reads it again; meanwhile the picker stays (and keeps the focus).
    placeholderData: keepPreviousData,
  });

  // After a switch (here or in another bundle), every cached answer was the other organisation's:
  // reset them all, so what is on screen is read again for the new one. The picker's own list is
  // keyed by the organisation and left alone, or the picker would vanish under the keyboard's focus.
  useEffect(
    () => bus.on('session:organisation-changed', () => void queryClient.resetQueries({ predicate: (query) => query.queryKey[1] !== ORGANISATIONS_KEY[1] })),
    [queryClient],
  );

  const organisations = list.data?.organisations ?? [];
  if (organisations.length < 2) return null;

  const switchTo = async (target: MemberOrganisation) => {
    if (busy) return;
    setBusy(true);
    try {
      await sessionStore.getState().exchangeTokens(async (tokens) => {
        // The public client: this call carries the session's own tokens, and must not wait for a
        // refresh (which takes the lock this exchange holds).
        const answer = await publicApi().post('/me/organisation', {
          body: { organisation_id: target.id, refresh_token: tokens.refresh_token },
          headers: { Authorization: `Bearer ${tokens.access_token}` },
          schema: TokenResponseSchema,
        });
        return { ...answer, expires_at: Date.now() + answer.expires_in * 1000 };
      });
      showToast({ type: 'success', title: intl.formatMessage({ id: 'organisation.switched' }, { name: target.name }) });
    } catch (error) {
      const notMember = isApiError(error) && error.code === 'ORGANISATION_NOT_A_MEMBER';
      showToast({
        type: 'error',
        title: intl.formatMessage({ id: notMember ? 'organisation.notMember' : 'organisation.switchFailed' }, { name: target.name }),
      });
      if (notMember) void queryClient.invalidateQueries({ queryKey: ORGANISATIONS_KEY });
    } finally {
      setBusy(false);
      // The menu gave the focus back to its button when it closed; keep it there once the page has re-rendered.
      button.current?.focus();
    }
  };

  return (
    <Suspense fallback={null}>
      <OrganisationMenu organisations={organisations} organisationId={organisationId} busy={busy} buttonRef={button} onChoose={(o) => void switchTo(o)} />
    </Suspense>
  );
}

export default function OrganisationPicker() {
  return (
    <PortalQueryProvider>
      <Picker />
    </PortalQueryProvider>
  );
}
