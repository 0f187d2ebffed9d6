import { lazy, Suspense } from 'react';
import { Link } from '@portal/shared/router';
import { useSession } from '@portal/shared/session';
import { ButtonLink } from '@portal/shared/ui';
import { useLocalizedPath } from '../i18n/localized-path';
import { reloadOnChunkError } from '../platform/chunk-reload';
import { CartLabel } from './cart-label';

const CountedCartLabel = lazy(() =>
  import('./counted-cart-label').catch((error: unknown) => {
    // The count is an extra: if its code cannot load (and the reload guard does not reload), the
    // header keeps the plain label rather than failing the page.
    reloadOnChunkError(error);
    return { default: () => <CartLabel count={null} /> };
  }),
);

/**
 * The header's way to the cart, with its line count (spec section 2), on every page with a header.
 * Without a session there is no cart to count (a visitor's anonymous session starts after the first
 * screen, decision 027), so the count and the query cache it reads load only once there is one.
 */
export function CartLink() {
  const path = useLocalizedPath();
  const hasSession = useSession((s) => s.hasSession);
  const uncounted = <CartLabel count={null} />;
  return (
    <ButtonLink component={Link} to={path('/checkout/overview')} variant="ghost" size="sm">
      {hasSession ? (
        <Suspense fallback={uncounted}>
          <CountedCartLabel />
        </Suspense>
      ) : (
        uncounted
      )}
    </ButtonLink>
  );
}
