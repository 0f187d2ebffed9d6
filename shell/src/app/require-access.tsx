import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from '@portal/shared/router';
import type { Access } from '@portal/shared/routing';
import { CustomersOnlyPage } from '../pages/customers-only';
import { useIsStaff } from '../platform/customers-only';
import { useIsSignedIn } from '../platform/use-is-signed-in';

/**
 * Sends a visitor on a signed-in-only page to the login page, with the way back in `redirect`, and
 * refuses provider staff a customers-only page in words (they are signed in: no sign-in loop).
 */
export function RequireAccess({ access, customersOnly = false, children }: { access: Access; customersOnly?: boolean; children: ReactNode }) {
  const signedIn = useIsSignedIn();
  const staff = useIsStaff();
  const location = useLocation();
  const { lang } = useParams();
  if (access === 'signed-in' && !signedIn) {
    const back = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/${lang}/auth/login?redirect=${encodeURIComponent(back)}`} replace />;
  }
  if (customersOnly && staff) return <CustomersOnlyPage />;
  return <>{children}</>;
}
