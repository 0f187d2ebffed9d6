import { FormattedMessage } from 'react-intl';
import { Link } from '@portal/shared/router';
import { Container, Group } from '@portal/shared/ui';
import { useLocalizedPath } from '../i18n/localized-path';
import { AccountButton } from './account-button';
import { CartLink } from './cart-link';
import { LanguageSwitcher } from './language-switcher';
import { NavLinks } from './nav-links';
import classes from './layout.module.css';

/** The header of the default and checkout layouts. */
export function SiteHeader({ withNav = true }: { withNav?: boolean }) {
  const path = useLocalizedPath();
  return (
    <header className={classes.header}>
      <Container size="xl" py="sm">
        <Group justify="space-between" wrap="wrap" gap="md">
          <Link to={path('/')} className={classes.brand}>
            <FormattedMessage id="brand.name" />
          </Link>
          {withNav && (
            <nav aria-label="Main">
              <NavLinks />
            </nav>
          )}
          <Group gap="sm">
            <LanguageSwitcher />
            <CartLink />
            <AccountButton />
          </Group>
        </Group>
      </Container>
    </header>
  );
}
