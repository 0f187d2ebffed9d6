import { FormattedMessage } from 'react-intl';
import { Link } from '@portal/shared/router';
import { Container, Group, Text } from '@portal/shared/ui';
import { useLocalizedPath } from '../i18n/localized-path';
import classes from './layout.module.css';

const LINKS = [
  { to: '/about', id: 'nav.about' },
  { to: '/faq', id: 'nav.faq' },
  { to: '/newsletter', id: 'title.newsletter' },
  { to: '/terms-and-conditions', id: 'title.terms_and_conditions' },
  { to: '/privacy-policy', id: 'title.privacy_policy' },
  { to: '/policies/shipping-policy', id: 'title.shipping_policy' },
  { to: '/policies/return-policy', id: 'title.return_policy' },
  { to: '/policies/refund-policy', id: 'title.refund_policy' },
  { to: '/policies/general-policy', id: 'title.general_policy' },
  { to: '/policies/cookie-policy', id: 'title.cookie_policy' },
];

/** The footer: policies and help, on every default-layout page. */
export function SiteFooter() {
  const path = useLocalizedPath();
  return (
    <footer className={classes.footer}>
      <Container size="xl" py="lg">
        <nav aria-label="Footer">
          <Group component="ul" gap="lg" className={classes.footerLinks}>
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link to={path(link.to)}>
                  <FormattedMessage id={link.id} />
                </Link>
              </li>
            ))}
          </Group>
        </nav>
        <Text variant="caption" className={classes.copyright}>
          <FormattedMessage id="footer.copyright" values={{ year: new Date().getFullYear() }} />
        </Text>
      </Container>
    </footer>
  );
}
