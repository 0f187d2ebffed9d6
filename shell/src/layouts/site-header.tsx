import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '@portal/shared/router';
import { Container, Group, VisuallyHidden } from '@portal/shared/ui';
import { useLocalizedPath } from '../i18n/localized-path';
import { AccountButton } from './account-button';
import { CartLink } from './cart-link';
import { LanguageSwitcher } from './language-switcher';
import { NavLinks } from './nav-links';
import { PunchoutBanner } from './punchout-banner';
import { OrganisationSwitcher } from './organisation-switcher';
import classes from './layout.module.css';

const MENU_ID = 'site-menu';

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
  return (
    <header className={classes.header}>
      {/* Only for a person in two organisations or more: a strip above the row, which is full at 1280 px. */}
      <OrganisationSwitcher />
      <Container size="xl" py="sm">
        <div className={classes.headerRow}>
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
              <AccountButton />
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
