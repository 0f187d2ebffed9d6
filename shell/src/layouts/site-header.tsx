import { useLayoutEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink } from '@portal/shared/router';
import { Container, Group, VisuallyHidden } from '@portal/shared/ui';
import { useLocalizedPath } from '../i18n/localized-path';
import { AccountButton } from './account-button';
import { useAccountLinks } from './account-links';
import { AccountMenuSlot } from './account-menu-slot';
import { CartLink } from './cart-link';
import { LanguageSwitcher } from './language-switcher';
import { NavLinks } from './nav-links';
import { PunchoutBanner } from './punchout-banner';
import { OrganisationSwitcher } from './organisation-switcher';
import classes from './layout.module.css';

const MENU_ID = 'site-menu';

/**
 * Folds the links into the menu whenever the row is fuller than the screen, whatever the width and
 * the language: the breakpoints below fit en, nl and fr, but the pseudo-locale's longer words ran the
 * signed-in row to 1486 px at 1366 px, "Sign out" off-screen (issue 44). The row's full width is
 * remembered when it folds, and it unfolds once the header is that wide again.
 */
function useFoldWhenFull() {
  const row = useRef<HTMLDivElement>(null);
  const [folded, setFolded] = useState(false);
  const needed = useRef(0);
  useLayoutEffect(() => {
    const element = row.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const check = () => {
      if (!folded && element.scrollWidth > element.clientWidth + 1) {
        needed.current = element.scrollWidth;
        setFolded(true);
      } else if (folded && element.clientWidth >= needed.current) {
        setFolded(false);
      }
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    return () => observer.disconnect();
  }, [folded]);
  return { row, folded };
}

/** The account's pages in the phone menu, where the header's account menu does not fit. */
function AccountMenuLinks() {
  const path = useLocalizedPath();
  const links = useAccountLinks();
  if (links.length === 0) return null;
  return (
    <ul className={classes.navList} data-vertical>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={path(link.to)} className={classes.navLink} end>
            <FormattedMessage id={link.id} />
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The header of the default and checkout layouts: one row at every width. From 80em the links sit
 * in the row; below, a menu button opens them (with the language choice, and on a phone the
 * sign-in or sign-out button) under the row, so a phone or a small tablet starts with the page,
 * not with two rows of links.
 */
export function SiteHeader({ withNav = true }: { withNav?: boolean }) {
  const intl = useIntl();
  const path = useLocalizedPath();
  const [menuOpen, setMenuOpen] = useState(false);
  const { row, folded } = useFoldWhenFull();
  return (
    <header className={classes.header} data-folded={folded || undefined}>
      {/* Only for a person in two organisations or more: a strip above the row, which is full at 1280 px. */}
      <OrganisationSwitcher />
      <Container size="xl" py="sm">
        <div className={classes.headerRow} ref={row}>
          <Link to={path('/')} className={classes.brand}>
            <FormattedMessage id="brand.name" />
          </Link>
          {withNav && (
            <nav aria-label={intl.formatMessage({ id: 'nav.main' })} className={classes.mainNav}>
              <NavLinks />
            </nav>
          )}
          <Group gap="sm" wrap="nowrap" className={classes.tools}>
            <span className={classes.headerLanguage}>
              <LanguageSwitcher />
            </span>
            <CartLink />
            <span className={classes.headerAccount}>
              <AccountMenuSlot />
            </span>
            {withNav && (
              <button
                type="button"
                className={classes.menuButton}
                aria-expanded={menuOpen}
                aria-controls={MENU_ID}
                onClick={() => setMenuOpen((open) => !open)}
                data-testid="menu-button"
              >
                <span className={classes.menuBars} aria-hidden="true" data-open={menuOpen || undefined} />
                <VisuallyHidden>
                  <FormattedMessage id="nav.menu" />
                </VisuallyHidden>
              </button>
            )}
          </Group>
        </div>
        <PunchoutBanner />
        {withNav && menuOpen ? (
          // A click on a link inside closes the menu: the page it opens is what the user asked for.
          <nav
            id={MENU_ID}
            aria-label={intl.formatMessage({ id: 'nav.menu' })}
            className={classes.menuPanel}
            onClick={(event) => {
              if ((event.target as Element).closest('a')) setMenuOpen(false);
            }}
          >
            <NavLinks vertical />
            <div className={classes.menuAccountLinks}>
              <AccountMenuLinks />
            </div>
            <Group gap="sm" justify="space-between">
              <LanguageSwitcher />
              <span className={classes.menuAccount}>
                <AccountButton />
              </span>
            </Group>
          </nav>
        ) : null}
      </Container>
    </header>
  );
}
