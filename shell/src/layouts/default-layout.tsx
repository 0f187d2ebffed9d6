import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Container } from '@portal/shared/ui';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import classes from './layout.module.css';

/** Header with navigation, the page, and the footer. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a href="#main" className={classes.skipLink}>
        <FormattedMessage id="nav.skipToContent" />
      </a>
      <SiteHeader />
      <Container component="main" id="main" size="xl" py="lg" className={classes.main}>
        {children}
      </Container>
      <SiteFooter />
    </>
  );
}
