import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from '@portal/shared/router';
import type { Access } from '@portal/shared/routing';
import { useIsSignedIn } from '../platform/use-is-signed-in';

/** Sends a visitor on a signed-in-only page to the login page, with the way back in `redirect`. */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const signedIn = useIsSignedIn();
  const location = useLocation();
  const { lang } = useParams();
  if (access === 'signed-in' && !signedIn) {
    const back = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/${lang}/auth/login?redirect=${encodeURIComponent(back)}`} replace />;
  }
  return <>{children}</>;
}
