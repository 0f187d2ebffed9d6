// The cart's lines (spec section 2): name, codes, stock state, unit price, quantity limited by stock,
// line total and remove, prices with or without VAT as the toggle says.
import { FormattedMessage, useIntl } from 'react-intl';
import type { ShopType } from '@portal/shared/api';
import type { Cart, Price } from '@portal/shared/schemas/shop';
import { Button, Group, ProductImage, Text, VisuallyHidden, showToast, TableScroll } from '@portal/shared/ui';
import { StockBadge } from '@portal/shared/ui/status';
import { useMoney } from '../../../lib/money';
import { useRemoveLine } from '../api/remove-line';
import { lineProblem } from '../../../lib/line-problem';
import { LineQuantity } from './line-quantity';
import classes from '../../../components/tables.module.css';

function PriceCell({ price, inclVat }: { price: Price | null; inclVat: boolean }) {
  const money = useMoney();
  if (!price) return <FormattedMessage id="checkout.price.onRequest" />;
  return <>{money(inclVat ? price.incl_vat : price.excl_vat)}</>;
}

export function CartLines({ cart, shop, inclVat }: { cart: Cart; shop: ShopType; inclVat: boolean }) {
  const intl = useIntl();
  const remove = useRemoveLine(shop);
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <TableScroll label={t('checkout.cart.linesLabel')} phoneCards>
      <table className={classes.table} data-testid="cart-lines">
        <caption style={{ textAlign: 'left', captionSide: 'top' }}>
          <Text variant="caption">
            <FormattedMessage id={inclVat ? 'checkout.cart.pricesInclVat' : 'checkout.cart.pricesExclVat'} />
          </Text>
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('checkout.cart.product')}</th>
            <th scope="col">{t('checkout.cart.stock')}</th>
            <th scope="col" className={classes.number}>
              {t('checkout.cart.unitPrice')}
            </th>
            <th scope="col">{t('checkout.cart.quantity')}</th>
            <th scope="col" className={classes.number}>
              {t('checkout.cart.lineTotal')}
            </th>
            <th scope="col">
              <VisuallyHidden>{t('checkout.cart.actions')}</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {cart.lines.map((line) => {
            const problem = lineProblem(line);
            return (
              <tr key={line.product_id} data-testid="cart-line" data-product-id={line.product_id} data-problem={problem ? 'true' : undefined}>
                <th scope="row" style={{ fontWeight: 400 }}>
                  <Group gap="sm" wrap="nowrap" align="center">
                    {/* Decorative beside the name (alt=""): the row header already names the product. */}
                    <ProductImage image={line.image ?? null} sizes="4rem" alt="" style={{ width: '4rem', height: 'auto', flex: 'none' }} />
                    <div>
                      <Text><strong>{line.name}</strong></Text>
                      <Text variant="caption">
                        <FormattedMessage id="checkout.cart.articleCode" values={{ code: line.article_code }} />
                        {line.nsn ? (
                          <>
                            {' · '}
                            <FormattedMessage id="checkout.cart.nsn" values={{ code: line.nsn }} />
                          </>
                        ) : null}
                      </Text>
                    </div>
                  </Group>
                </th>
                <td>
                  <StockBadge state={line.stock} />
                  {problem ? (
                    <Text variant="caption" color="red.9" data-testid="line-problem">
                      <FormattedMessage id={problem.id} values={problem.values} />
                    </Text>
                  ) : null}
                </td>
                <td className={classes.number}>
                  <PriceCell price={line.unit_price} inclVat={inclVat} />
                </td>
                <td>
                  <LineQuantity line={line} shop={shop} />
                </td>
                <td className={classes.number} data-testid="line-total">
                  <PriceCell price={line.line_total} inclVat={inclVat} />
                </td>
                <td>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={intl.formatMessage({ id: 'checkout.cart.removeOf' }, { name: line.name })}
                    loading={remove.isPending && remove.variables === line.product_id}
                    onClick={() =>
                      remove.mutate(line.product_id, {
                        onSuccess: () => showToast({ type: 'success', title: intl.formatMessage({ id: 'checkout.cart.removed' }, { name: line.name }) }),
                        onError: () => showToast({ type: 'error', title: t('checkout.cart.removeFailed') }),
                      })
                    }
                  >
                    <FormattedMessage id="checkout.cart.remove" />
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
