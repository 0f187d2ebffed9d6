import { useIntl } from 'react-intl';
import { VisuallyHidden } from '@portal/shared/ui';
import classes from './layout.module.css';

/** The header's cart label with its line count, or without one while the count is unknown. */
export function CartLabel({ count }: { count: number | null }) {
  const intl = useIntl();
  const cart = intl.formatMessage({ id: 'nav.cart' });
  return (
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
  );
}
