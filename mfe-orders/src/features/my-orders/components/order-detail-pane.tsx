// One order: what was ordered, where it goes and who pays, who ordered it, how it went (timeline),
// the order form, the messages with the case manager, and what the reader may do now.
import type { ReactNode } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { OrderDetail } from '@portal/shared/schemas/orders';
import { Divider, SimpleGrid, Stack, TableScroll, Text } from '@portal/shared/ui';
import { Table } from '@portal/shared/ui/data';
import { OrderStatusBadge, StateRegion } from '@portal/shared/ui/status';
import { useOrder } from '../api/get-order';
import { useIsStaff } from '../../../hooks/use-is-staff';
import { DeliveryActions } from './delivery-actions';
import { Money } from '../../../components/money';
import { OrderFormDownload } from './order-form-download';
import { OrderAgainButton } from './order-again-button';
import { AddToListLink } from './add-to-list-link';
import { OrderThread } from './order-thread';
import { OrderShipments } from './order-shipments';
import { OrderTimeline } from './order-timeline';
import { StaffMove } from './staff-move';

/** `named`: false where a scroll region inside carries the same name (two landmarks "Regels" fail axe's landmark-unique, as on the invoice page). */
function Section({ titleId, named = true, children }: { titleId: string; named?: boolean; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={named ? `section-${titleId}` : undefined}>
      <Text variant="subtitle" component="h3" id={`section-${titleId}`}>
        <FormattedMessage id={titleId} />
      </Text>
      {children}
    </Stack>
  );
}

function Address({ a }: { a: OrderDetail['delivery_address'] }) {
  return (
    <address style={{ fontStyle: 'normal' }}>
      {a.label}
      <br />
      {a.street} {a.nr}
      {a.box ? ` ${a.box}` : ''}
      <br />
      {a.postal_code} {a.city}, {a.country}
    </address>
  );
}

function Field({ labelId, children }: { labelId: string; children: ReactNode }) {
  return (
    <div>
      <dt><Text variant="subtext" component="span"><FormattedMessage id={labelId} /></Text></dt>
      <dd style={{ margin: 0 }}>{children}</dd>
    </div>
  );
}

/**
 * What the page adds to an order from another feature: its invoices (issue 30). A slot, because
 * features do not import each other; the page composes them.
 */
export type OrderInvoicesSlot = (orderId: string) => ReactNode;

export function OrderDetailView({ order, invoices }: { order: OrderDetail; invoices?: OrderInvoicesSlot }) {
  const intl = useIntl();
  const staff = useIsStaff();
  return (
    <Stack gap="lg" data-testid="order-detail" data-order={order.number}>
      <Stack gap={4}>
        <Text variant="title" component="h2">
          <FormattedMessage id="orders.detail.heading" values={{ number: order.number }} />
        </Text>
        <div><OrderStatusBadge status={order.status} /></div>
      </Stack>
      <DeliveryActions order={order} />
      <StaffMove order={order} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0}>
        <Field labelId="orders.col.date"><FormattedDate value={order.date} dateStyle="long" /></Field>
        <Field labelId="orders.col.orderedBy">{order.ordered_by || '—'}</Field>
        <Field labelId={staff ? 'orders.detail.external.staff' : 'orders.detail.external'}>{order.external_order_number ?? '—'}</Field>
        {order.source ? <Field labelId="orders.detail.source"><FormattedMessage id={`orders.detail.source.${order.source}`} /></Field> : null}
        {order.organisation_name ? <Field labelId="orders.detail.organisation">{order.organisation_name}</Field> : null}
        <Field labelId="orders.detail.submitter">{order.submitter ? `${order.submitter.full_name}, ${order.submitter.function}` : '—'}</Field>
        <Field labelId="orders.detail.shipping">{order.shipping_method ?? '—'}</Field>
        {/* The buyer's cost centre the order was charged to (issue 33): their accounting reference. */}
        {order.cost_centre ? (
          <Field labelId="orders.detail.costCentre">
            {`${order.cost_centre.code} — ${order.cost_centre.name}`}
            {/* An approval let this order go past the budget: how far, so nobody wonders why "spent" is over it. */}
            {order.cost_centre.over_budget_cents ? (
              <div data-testid="over-budget">
                <Text variant="subtext" component="span">
                  <FormattedMessage id="orders.detail.costCentre.overBudget" values={{ amount: <Money cents={order.cost_centre.over_budget_cents} /> }} />
                </Text>
              </div>
            ) : null}
          </Field>
        ) : null}
        {order.tracking_reference ? <Field labelId="orders.detail.tracking">{order.tracking_reference}</Field> : null}
        {order.expected_delivery_on ? <Field labelId="orders.detail.expected"><FormattedDate value={order.expected_delivery_on} dateStyle="long" timeZone="UTC" /></Field> : null}
        {order.delivery_confirmed_at ? (
          <Field labelId="orders.detail.confirmed">
            <FormattedMessage id="orders.detail.confirmedBy" values={{ name: order.delivery_confirmed_by ?? '—', date: <FormattedDate value={order.delivery_confirmed_at} dateStyle="medium" timeStyle="short" /> }} />
          </Field>
        ) : null}
      </SimpleGrid>
      {order.remarks ? <Section titleId="orders.detail.remarks"><div style={{ whiteSpace: 'pre-wrap' }}>{order.remarks}</div></Section> : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Section titleId="orders.detail.delivery"><Address a={order.delivery_address} /></Section>
        <Section titleId="orders.detail.invoice"><Address a={order.invoice_address} /></Section>
      </SimpleGrid>
      <Section titleId="orders.detail.lines" named={false}>
        {/* A named, focusable scroll (axe's scrollable-region-focusable found Mantine's in Dutch). */}
        <TableScroll label={intl.formatMessage({ id: 'orders.detail.lines' })}>
          <Table miw={480}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col"><FormattedMessage id="orders.line.code" /></Table.Th>
                <Table.Th scope="col"><FormattedMessage id="orders.line.description" /></Table.Th>
                <Table.Th scope="col" style={{ textAlign: 'right' }}><FormattedMessage id="orders.line.quantity" /></Table.Th>
                <Table.Th scope="col" style={{ textAlign: 'right' }}><FormattedMessage id="orders.line.unitPrice" /></Table.Th>
                <Table.Th scope="col" style={{ textAlign: 'right' }}><FormattedMessage id="orders.line.total" /></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.article_code}{l.nsn ? <div><small>NSN {l.nsn}</small></div> : null}</Table.Td>
                  <Table.Td>{l.description}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{l.quantity}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}><Money cents={l.unit_price_excl_vat} /></Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}><Money cents={l.line_total_excl_vat} /></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
        <SimpleGrid cols={2} component="dl" m={0} maw={360} ml="auto">
          <Field labelId="orders.totals.shipping"><Money cents={order.totals.shipping_excl_vat} /></Field>
          {order.totals.discount_excl_vat ? <Field labelId="orders.totals.discount"><Money cents={-order.totals.discount_excl_vat} /></Field> : null}
          <Field labelId="orders.totals.exclVat"><Money cents={order.totals.excl_vat} /></Field>
          <Field labelId="orders.totals.vat"><Money cents={order.totals.vat} /></Field>
          <Field labelId="orders.totals.inclVat"><strong><Money cents={order.totals.incl_vat} /></strong></Field>
        </SimpleGrid>
        {/* Where no Belgian VAT is charged, the legal mention the invoice carries (decision 058), in the reader's language. */}
        {order.totals.vat_mentions?.map((mention) => (
          <div key={mention} data-testid="vat-mention">
            <Text variant="subtext" align="right">{mention}</Text>
          </div>
        ))}
        <OrderFormDownload url={order.order_form_url} number={order.number} />
      </Section>
      {invoices ? <Section titleId="orders.detail.invoices">{invoices(order.id)}</Section> : null}
      {order.shipments?.length ? <Section titleId="orders.shipments.title"><OrderShipments shipments={order.shipments} orderNumber={order.number} /></Section> : null}
      {!staff ? <OrderAgainButton order={order} /> : null}
      {!staff ? <AddToListLink number={order.number} /> : null}
      <Divider />
      <Section titleId="orders.detail.history"><OrderTimeline history={order.history} /></Section>
      {/* A web-shop order (no organisation) has no case manager to write to. */}
      {order.organisation_id ? <Section titleId="orders.messages.title"><OrderThread orderId={order.id} /></Section> : null}
    </Stack>
  );
}

/** Loads one order by its number and shows it. */
export function OrderDetailPane({ number, invoices }: { number: string; invoices?: OrderInvoicesSlot }) {
  const intl = useIntl();
  const order = useOrder(number);
  return (
    <StateRegion
      status={order.status}
      loadingLabel={intl.formatMessage({ id: 'orders.detail.loading' })}
      errorTitle={<FormattedMessage id={order.error ? 'orders.detail.notFound' : 'orders.error.generic'} />}
      onRetry={() => void order.refetch()}
      retryLabel={<FormattedMessage id="orders.retry" />}
    >
      {order.data ? <OrderDetailView order={order.data} invoices={invoices} /> : null}
    </StateRegion>
  );
}
