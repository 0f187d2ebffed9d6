// The "Free from" shipping label (spec section 9) with what is still missing, excluding VAT as the
// threshold is. Nothing when no shipping method of the buyer's country is ever free.
import { FormattedMessage } from 'react-intl';
import type { Cart } from '@portal/shared/schemas/shop';
import { Text } from '@portal/shared/ui';
import { useMoney } from '../../../lib/money';

export function FreeShipping({ cart }: { cart: Cart }) {
  const money = useMoney();
  const from = cart.shipping_free_from_excl_vat;
  if (from === null) return null;
  const missing = cart.shipping_free_missing_excl_vat ?? 0;
  return (
    <div data-testid="free-shipping">
      <Text><strong><FormattedMessage id="checkout.freeShipping.label" values={{ amount: money(from) }} /></strong></Text>
      <Text variant="subtext">
        {missing > 0 ? (
          <FormattedMessage id="checkout.freeShipping.missing" values={{ amount: money(missing) }} />
        ) : (
          <FormattedMessage id="checkout.freeShipping.reached" />
        )}
      </Text>
    </div>
  );
}
