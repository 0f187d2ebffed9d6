// The organisation picker's menu (decision 057): a menu button naming the organisation the session
// acts for, with the user's other organisations as menu items (Mantine's menu: arrow keys, Escape,
// focus back on the button). Its own chunk: only a person in two organisations or more loads it
// (organisation-picker.tsx decides, and does the switch).
import type { Ref } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MemberOrganisation } from '@portal/shared/schemas/platform';
import { Button, Container, Icon, VisuallyHidden } from '@portal/shared/ui';
import { Menu } from '@portal/shared/ui/overlays';
import classes from './organisation-picker.module.css';

export interface OrganisationMenuProps {
  organisations: MemberOrganisation[];
  organisationId: string | null;
  busy: boolean;
  buttonRef: Ref<HTMLButtonElement>;
  onChoose: (organisation: MemberOrganisation) => void;
}

export default function OrganisationMenu({ organisations, organisationId, busy, buttonRef, onChoose }: OrganisationMenuProps) {
  const intl = useIntl();
  const current = organisations.find((o) => o.id === organisationId);
  return (
    <div className={classes.bar}>
      <Container size="xl" className={classes.barInner}>
        {/* No initial-focus placeholder: a focusable role="presentation" inside role="menu" fails axe; the first item takes the focus. */}
        <Menu position="bottom-end" withinPortal={false} withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <Button ref={buttonRef} variant="ghost" size="xs" aria-busy={busy || undefined} data-testid="organisation-picker" rightSection={<Icon name="chevronDown" size="sm" />}>
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
                onClick={() => (organisation.id === organisationId ? undefined : onChoose(organisation))}
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
