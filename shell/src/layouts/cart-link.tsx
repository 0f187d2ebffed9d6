import { useIntl } from 'react-intl';
import { Link } from '@portal/shared/router';
import { ButtonLink, VisuallyHidden } from '@portal/shared/ui';
import { useLocalizedPath } from '../i18n/localized-path';
import { useCartCount } from '../platform/use-cart-count';
import classes from './layout.module.css';

/** The header's way to the cart, with its line count (spec section 2), on every page with a header. */
export function CartLink() {
  const intl = useIntl();
  const path = useLocalizedPath();
  const count = useCartCount();
  const cart = intl.formatMessage({ id: 'nav.cart' });
  return (
    <ButtonLink component={Link} to={path('/checkout/overview')} variant="ghost" size="sm">
      <span data-testid="header-cart" data-count={count ?? undefined}>
        {/* Read as "Cart, 2 lines"; seen as "Cart" with a badge. */}
        <VisuallyHidden>{count === null ? cart : intl.formatMessage({ id: 'nav.cartWithCount' }, { count })}</VisuallyHidden>
        <span aria-hidden>{cart}</span>
        {count !== null ? (
          <span className={classes.cartCount} aria-hidden>
            {count}
          </span>
        ) : null}
      </span>
    </ButtonLink>
  );
}
