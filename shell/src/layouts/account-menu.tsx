// "My account" in the header (decision 064): one button at the row's end that opens the account's
// and the organisation's pages and signing out, so the row keeps its place for the daily pages and
// the pages of issue 33 (order lists, approvals, cost centres, approval rules) and the staff's
// integration page have a way in from every page. Loaded when the person first reaches for the button
// (account-menu-slot.tsx): the menu's entry (`@portal/shared/ui/overlays`, ~48 KB gzip) is not part of
// any page's first load (issue 45).
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from '@portal/shared/router';
import { sessionStore } from '@portal/shared/session';
import { Menu } from '@portal/shared/ui/overlays';
import { preloadPath } from '../federation/preload-path';
import { useLocalizedPath } from '../i18n/localized-path';
import { useAccountLinks } from './account-links';
import { AccountMenuButton } from './account-menu-button';

/** `defaultOpened`: the button was clicked before the menu's code was there; the click opens it now. */
export default function AccountMenu({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const intl = useIntl();
  const path = useLocalizedPath();
  const navigate = useNavigate();
  const links = useAccountLinks();
  return (
    // In the page, not a portal: the open menu stays inside the banner landmark (axe's "region").
    <Menu position="bottom-end" withinPortal={false} withInitialFocusPlaceholder={false} defaultOpened={defaultOpened}>
      <Menu.Target>
        <AccountMenuButton />
      </Menu.Target>
      <Menu.Dropdown aria-label={intl.formatMessage({ id: 'nav.user' })}>
        {links.map((link) => (
          <Menu.Item key={link.to} component={Link} to={path(link.to)} onMouseEnter={() => preloadPath(path(link.to))}>
            <FormattedMessage id={link.id} />
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          onClick={() => {
            sessionStore.getState().signOut();
            navigate(path('/auth/login'));
          }}
        >
          <FormattedMessage id="nav.signOut" />
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
