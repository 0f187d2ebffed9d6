import { FormattedMessage } from 'react-intl';
import { NavLink } from '@portal/shared/router';
import { Group } from '@portal/shared/ui';
import { preloadPath } from '../federation/preload-path';
import { useLocalizedPath } from '../i18n/localized-path';
import { useAudience } from '@portal/shared/session';
import { CUSTOMERS_ONLY_MOUNTS } from '../platform/customers-only';
import classes from './layout.module.css';

interface NavItem {
  to: string;
  id: string;
  /** Active only on this exact path (the dashboard would otherwise match every page). */
  end?: boolean;
}

// The account and the organisation's pages are under "My account", at the row's end (account-links.ts).
const SIGNED_IN: NavItem[] = [
  { to: '/', id: 'nav.dashboard', end: true },
  { to: '/my-products', id: 'nav.myProducts' },
  { to: '/my-orders', id: 'nav.myOrders' },
  { to: '/invoices', id: 'nav.invoices' },
  { to: '/quotations', id: 'nav.quotations' },
  { to: '/contact', id: 'nav.contact' },
];
/** A web-shop customer has no contract range and no quotations: the shop, their orders, their account. */
const WEBSHOP: NavItem[] = [
  { to: '/', id: 'nav.dashboard', end: true },
  { to: '/products', id: 'nav.shop' },
  { to: '/my-orders', id: 'nav.myOrders' },
  { to: '/invoices', id: 'nav.invoices' },
  { to: '/contact', id: 'nav.contact' },
];
const VISITOR: NavItem[] = [
  { to: '/products', id: 'nav.shop' },
  { to: '/about', id: 'nav.about' },
  { to: '/faq', id: 'nav.faq' },
];

/** The main navigation: the portal for signed-in buyers, the web shop for visitors; `vertical` in the phone menu. */
export function NavLinks({ vertical = false }: { vertical?: boolean }) {
  const path = useLocalizedPath();
  const audience = useAudience();
  // Each is shown only the pages that are theirs: provider staff not the customers' pages they
  // would be refused, a web-shop customer not the contract's.
  const links =
    audience === 'visitor'
      ? VISITOR
      : audience === 'webshop'
        ? WEBSHOP
        : audience === 'staff'
          ? SIGNED_IN.filter((link) => !CUSTOMERS_ONLY_MOUNTS.has(link.to.slice(1)))
          : SIGNED_IN;
  return (
    <Group component="ul" gap={vertical ? 0 : 'sm'} wrap="nowrap" className={classes.navList} data-vertical={vertical || undefined}>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink
            to={path(link.to)}
            end={link.end}
            className={classes.navLink}
            onMouseEnter={() => preloadPath(path(link.to))}
            onFocus={() => preloadPath(path(link.to))}
          >
            <FormattedMessage id={link.id} />
          </NavLink>
        </li>
      ))}
    </Group>
  );
}
