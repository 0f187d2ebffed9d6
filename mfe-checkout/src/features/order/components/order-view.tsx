// The confirmation (spec section 2): order number, status (it follows the payment), what was
// ordered, the addresses, the totals and the order form to download.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ShopType } from '@portal/shared/api';
import type { Address, Order } from '@portal/shared/schemas/checkout';
import { Button, Group, SimpleGrid, Stack, TableScroll, Text, Title } from '@portal/shared/ui';
import { OrderStatusBadge } from '@portal/shared/ui/status';
import { TotalsTable } from '../../../components/totals-table';
import { useMoney } from '../../../lib/money';
import { useVatPreference } from '@portal/shared/preferences';
import { downloadOrderForm } from '../api/download-order-form';
import { PaymentState } from './payment-state';
import classes from '../../../components/tables.module.css';

function AddressBlock({ titleId, address }: { titleId: string; address: Address }) {
  return (
    <Stack gap={2} component="section" aria-label={useIntl().formatMessage({ id: titleId })}>
      <Title order={3} size="h5">
        <FormattedMessage id={titleId} />
      </Title>
      <Text><strong>{address.label}</strong></Text>
      <Text>{[address.street, address.nr, address.box].filter(Boolean).join(' ')}</Text>
      <Text>
        {address.postal_code} {address.city}, {address.country}
      </Text>
    </Stack>
  );
}

export function OrderView({ order, shop }: { order: Order; shop: ShopType }) {
  const intl = useIntl();
  const money = useMoney();
  const [inclVat] = useVatPreference();
  const [pdf, setPdf] = useState<'idle' | 'loading' | 'failed'>('idle');
  const t = (id: string) => intl.formatMessage({ id });

  const download = async () => {
    setPdf('loading');
    try {
      await downloadOrderForm(order.order_form_url!, shop, `order-${order.number}.pdf`);
      setPdf('idle');
    } catch {
      setPdf('failed');
    }
  };

  return (
    <Stack gap="lg">
      <PaymentState order={order} shop={shop} />
      <Group gap="xl" align="flex-start">
        <Stack gap={2}>
          <Text variant="caption">
            <FormattedMessage id="checkout.order.number" />
          </Text>
          <Text><strong data-testid="order-number">{order.number}</strong></Text>
        </Stack>
        <Stack gap={2}>
          <Text variant="caption">
            <FormattedMessage id="checkout.order.status" />
          </Text>
          {/* Read out when the payment moves the order on. */}
          <div role="status" data-testid="order-status" data-status={order.status}>
            <OrderStatusBadge status={order.status} />
          </div>
        </Stack>
        {order.external_order_number ? (
          <Stack gap={2}>
            <Text variant="caption">
              <FormattedMessage id="checkout.externalOrderNumber" />
            </Text>
            <Text>{order.external_order_number}</Text>
          </Stack>
        ) : null}
        {order.cost_centre ? (
          <Stack gap={2} data-testid="order-cost-centre">
            <Text variant="caption">
              <FormattedMessage id="checkout.order.costCentre" />
            </Text>
            <Text>{`${order.cost_centre.code} — ${order.cost_centre.name}`}</Text>
          </Stack>
        ) : null}
      </Group>
      {order.order_form_url ? (
        <Stack gap={4} align="flex-start">
          <Button variant="outline" onClick={() => void download()} loading={pdf === 'loading'} data-testid="order-form-download">
            <FormattedMessage id="checkout.order.download" />
          </Button>
          <div role="alert">{pdf === 'failed' ? <Text color="red.9">{t('checkout.order.downloadFailed')}</Text> : null}</div>
        </Stack>
      ) : null}
      {/* Not a named section: the table's scroll region is named by the same heading (axe's landmark-unique). */}
      <section>
        <Title order={2} size="h4" id="ordered-heading" mb="sm">
          <FormattedMessage id="checkout.order.lines" />
        </Title>
        <TableScroll labelledBy="ordered-heading" phoneCards>
          <table className={classes.table} data-testid="order-lines">
            <thead>
              <tr>
                <th scope="col">{t('checkout.cart.product')}</th>
                <th scope="col" className={classes.number}>
                  {t('checkout.cart.quantity')}
                </th>
                <th scope="col" className={classes.number}>
                  {t('checkout.cart.unitPrice')}
                </th>
                <th scope="col" className={classes.number}>
                  {t('checkout.cart.lineTotal')}
                </th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => (
                <tr key={line.product_id}>
                  <th scope="row" style={{ fontWeight: 400 }}>
                    <Text><strong>{line.name}</strong></Text>
                    <Text variant="caption">
                      <FormattedMessage id="checkout.cart.articleCode" values={{ code: line.article_code }} />
                      {line.nsn ? <> · <FormattedMessage id="checkout.cart.nsn" values={{ code: line.nsn }} /></> : null}
                    </Text>
                  </th>
                  <td className={classes.number}>{line.quantity}</td>
                  <td className={classes.number}>{money(inclVat ? line.unit_price.incl_vat : line.unit_price.excl_vat)}</td>
                  <td className={classes.number}>{money(inclVat ? line.total.incl_vat : line.total.excl_vat)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>
      <TotalsTable
        excl_vat={order.totals.excl_vat}
        incl_vat={order.totals.incl_vat}
        vat={order.totals.vat}
        shipping_excl_vat={order.totals.shipping_excl_vat}
        discount_excl_vat={order.totals.discount_excl_vat}
        inclVat={inclVat}
        shop={shop}
        vatMentions={order.totals.vat_mentions}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <AddressBlock titleId="checkout.order.delivery" address={order.delivery.address} />
        <AddressBlock titleId="checkout.order.invoice" address={order.invoice.address} />
      </SimpleGrid>
      {order.remarks ? (
        <Stack gap={2}>
          <Title order={3} size="h5">
            <FormattedMessage id="checkout.remarks" />
          </Title>
          <div style={{ whiteSpace: 'pre-wrap' }}>{order.remarks}</div>
        </Stack>
      ) : null}
    </Stack>
  );
}
