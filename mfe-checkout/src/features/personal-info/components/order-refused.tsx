// A placement refused because of the cart: lines short of stock (with what is available) or no longer
// orderable. The buyer is sent back to the cart to change them.
import { FormattedMessage } from 'react-intl';
import { Link } from '@portal/shared/router';
import { useLocale } from '@portal/shared/navigation';
import type { OutOfStockLine } from '@portal/shared/schemas/checkout';
import { ButtonLink, List } from '@portal/shared/ui';
import { Notice } from '@portal/shared/ui';

export type Refusal = { kind: 'out_of_stock'; lines: OutOfStockLine[] } | { kind: 'not_orderable'; lines: { name: string }[] } | { kind: 'cart_empty' };

export function OrderRefused({ refusal }: { refusal: Refusal }) {
  const locale = useLocale();
  const title = refusal.kind === 'out_of_stock' ? 'checkout.refused.outOfStock' : refusal.kind === 'not_orderable' ? 'checkout.refused.notOrderable' : 'checkout.refused.cartEmpty';
  return (
    <Notice tone="red" title={<FormattedMessage id={title} />} role="alert" testId="order-refused">
      {refusal.kind !== 'cart_empty' && refusal.lines.length ? (
        <List mb="sm">
          {refusal.lines.map((line) => (
            <List.Item key={line.name}>
              {'available' in line ? (
                <FormattedMessage id="checkout.refused.outOfStockLine" values={{ name: line.name, requested: line.requested, available: line.available }} />
              ) : (
                line.name
              )}
            </List.Item>
          ))}
        </List>
      ) : null}
      <ButtonLink component={Link} to={`/${locale}/checkout/overview`}>
        <FormattedMessage id="checkout.refused.backToCart" />
      </ButtonLink>
    </Notice>
  );
}
