import type { ReactNode } from 'react';
import { Container } from '@portal/shared/ui';
import { SiteHeader } from './site-header';
import classes from './layout.module.css';

/** A focused frame for the checkout: the header without the navigation, no footer distractions. */
export function CheckoutLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader withNav={false} />
      <Container component="main" id="main" size="lg" py="lg" className={classes.main}>
        {children}
      </Container>
    </>
  );
}
