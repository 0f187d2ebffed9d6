// What the warehouse shipped of the order (decision 050): each parcel with its date, carrier,
// tracking link and expected delivery, and its lines with lot, expiry date and serial numbers, so a
// buyer can trace a batch or a device without asking the case manager.
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { OrderDetail } from '@portal/shared/schemas/orders';
import { Anchor, Button, Notice, Stack, TableScroll, Text, VisuallyHidden } from '@portal/shared/ui';
import { downloadDeliveryNote } from '../api/download-delivery-note';
import { Table } from '@portal/shared/ui/data';

type Shipment = NonNullable<OrderDetail['shipments']>[number];

/** A day as the API sends it (`YYYY-MM-DD`), read in UTC so it is never the day before. */
const Day = ({ value }: { value: string }) => <FormattedDate value={value} dateStyle="medium" timeZone="UTC" />;

/** The shipment's delivery note (decision 070): its lots and a GS1 DataMatrix per unit, to scan at goods receipt. */
function DeliveryNoteButton({ orderNumber, shipmentId }: { orderNumber: string; shipmentId: string }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await downloadDeliveryNote(orderNumber, shipmentId);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4} align="flex-start">
      <Button variant="outline" size="xs" onClick={() => void download()} loading={busy} aria-label={intl.formatMessage({ id: 'orders.shipments.deliveryNoteOf' }, { shipment: shipmentId })}>
        <FormattedMessage id="orders.shipments.deliveryNote" />
      </Button>
      {failed ? (
        <Notice tone="red" role="alert">
          <FormattedMessage id="orders.shipments.deliveryNoteFailed" />
        </Notice>
      ) : null}
    </Stack>
  );
}

function ShipmentView({ shipment, index, orderNumber }: { shipment: Shipment; index: number; orderNumber: string }) {
  const intl = useIntl();
  const titleId = `shipment-${index}`;
  return (
    <Stack gap={4} component="article" aria-labelledby={titleId} data-testid="order-shipment">
      <Text component="h4" variant="heading" id={titleId}>
        <FormattedMessage id="orders.shipments.shipped" values={{ date: <Day value={shipment.shipped_on} />, carrier: shipment.carrier }} />
      </Text>
      <Text variant="subtext">
        <FormattedMessage id="orders.shipments.expected" values={{ date: <Day value={shipment.expected_delivery_on} /> }} />
        {' · '}
        {shipment.tracking_url ? (
          // The carrier's page opens in a new tab; the URL is https-only (checked when it was reported).
          <Anchor href={shipment.tracking_url} target="_blank" rel="noopener noreferrer">
            <FormattedMessage id="orders.shipments.track" values={{ reference: shipment.tracking_reference }} />
            <VisuallyHidden> {intl.formatMessage({ id: 'orders.shipments.newTab' })}</VisuallyHidden>
          </Anchor>
        ) : (
          <FormattedMessage id="orders.shipments.reference" values={{ reference: shipment.tracking_reference }} />
        )}
      </Text>
      {/* Named by its shipment's heading, so that two shipments' scroll regions are told apart. */}
      <TableScroll labelledBy={titleId}>
        <Table miw={480}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col"><FormattedMessage id="orders.line.code" /></Table.Th>
              <Table.Th scope="col"><FormattedMessage id="orders.line.description" /></Table.Th>
              <Table.Th scope="col" style={{ textAlign: 'right' }}><FormattedMessage id="orders.line.quantity" /></Table.Th>
              <Table.Th scope="col"><FormattedMessage id="orders.shipments.lot" /></Table.Th>
              <Table.Th scope="col"><FormattedMessage id="orders.shipments.expiry" /></Table.Th>
              <Table.Th scope="col"><FormattedMessage id="orders.shipments.serials" /></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shipment.lines.map((l, i) => (
              <Table.Tr key={`${l.order_line_id}-${i}`}>
                <Table.Td>{l.article_code}</Table.Td>
                <Table.Td>{l.description}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{l.quantity}</Table.Td>
                <Table.Td>{l.lot ?? '—'}</Table.Td>
                <Table.Td>{l.expiry_on ? <Day value={l.expiry_on} /> : '—'}</Table.Td>
                <Table.Td>{l.serial_numbers.length ? l.serial_numbers.join(', ') : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <DeliveryNoteButton orderNumber={orderNumber} shipmentId={shipment.shipment_id} />
    </Stack>
  );
}

/** The order's shipments, oldest first; nothing when none was reported. */
export function OrderShipments({ shipments, orderNumber }: { shipments: OrderDetail['shipments']; orderNumber: string }) {
  if (!shipments?.length) return null;
  return (
    <Stack gap="md" data-testid="order-shipments">
      {shipments.map((s, i) => <ShipmentView key={s.shipment_id} shipment={s} index={i} orderNumber={orderNumber} />)}
    </Stack>
  );
}
