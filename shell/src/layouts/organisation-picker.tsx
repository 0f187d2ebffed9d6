// The organisation picker (decision 057): a menu button naming the organisation the session acts for,
// with the user's other organisations as menu items (Mantine's menu: arrow keys, Escape, focus back
// on the button). Choosing one exchanges the session's tokens for the chosen organisation's; every
// page's data is then dropped and read again (`session:organisation-changed`).
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError, publicApi, portalApi } from '@portal/shared/api';
import { bus } from '@portal/shared/bus';
import { PortalQueryProvider, queryKeys } from '@portal/shared/query';
import { MemberOrganisationListSchema, TokenResponseSchema, type MemberOrganisation } from '@portal/shared/schemas';
import { sessionStore, useSession } from '@portal/shared/session';
import { Button, Container, Icon, showToast, VisuallyHidden } from '@portal/shared/ui';
import { Menu } from '@portal/shared/ui/overlays';
import classes from './organisation-picker.module.css';

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
  const current = organisations.find((o) => o.id === organisationId);

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
    <div className={classes.bar}>
      <Container size="xl" className={classes.barInner}>
        {/* No initial-focus placeholder: a focusable role="presentation" inside role="menu" fails axe; the first item takes the focus. */}
        <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <Button ref={button} variant="ghost" size="xs" aria-busy={busy || undefined} data-testid="organisation-picker" rightSection={<Icon name="chevronDown" size="sm" />}>
              <span className={classes.prefix}>
                <FormattedMessage id="organisation.picker.label" />
              </span>{' '}
              {current?.name ?? <FormattedMessage id="organisation.picker.choose" />}
            </Button>
          </Menu.Target>
          {/* Named by its label only: a role="menu" may hold menu items and nothing else (no Menu.Label). */}
          <Menu.Dropdown aria-label={intl.formatMessage({ id: 'organisation.picker.menu' })}>
            {organisations.map((organisation) => (
              <Menu.Item
                key={organisation.id}
                aria-current={organisation.id === organisationId ? 'true' : undefined}
                leftSection={organisation.id === organisationId ? <Icon name="checkmark" size="sm" /> : undefined}
                // The current one stays in the arrow keys' path (a disabled item is skipped and lost the
                // focus in the journey); choosing it only closes the menu.
                onClick={() => (organisation.id === organisationId ? undefined : void switchTo(organisation))}
              >
                {organisation.name}
                {organisation.id === organisationId ? (
                  <VisuallyHidden>
                    {' '}
                    <FormattedMessage id="organisation.picker.current" />
                  </VisuallyHidden>
                ) : null}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Container>
    </div>
  );
}

export default function OrganisationPicker() {
  return (
    <PortalQueryProvider>
      <Picker />
    </PortalQueryProvider>
  );
}
