// The deliveries a recall reached: order, shipment, day, lot, serials, units and the delivery address.
import { useIntl } from 'react-intl';
import type { RecallDelivery } from '@portal/shared/schemas/account';
import { CELL, DataTable } from '../../../components/data-table';

const COLUMNS = ['account.recalls.col.order', 'account.recalls.col.shipment', 'account.recalls.col.shipped', 'account.recalls.col.lot', 'account.recalls.col.units', 'account.recalls.col.address'];

/** `receiver`: whose deliveries, when a page shows several tables (each caption, and so each table's region, is unique). */
export function DeliveriesTable({ id, deliveries, receiver }: { id: string; deliveries: RecallDelivery[]; receiver?: string }) {
  const intl = useIntl();
  const t = (m: string) => intl.formatMessage({ id: m });
  return (
    <DataTable
      id={id}
      query={{ status: 'success', refetch: () => undefined }}
      count={deliveries.length}
      emptyId="account.recalls.deliveries.empty"
      caption={receiver ? intl.formatMessage({ id: 'account.recalls.deliveries.captionOf' }, { name: receiver }) : t('account.recalls.deliveries.caption')}
      headers={COLUMNS.map(t)}
    >
      {deliveries.map((d) => (
        <tr key={`${d.shipment_id}-${d.lot ?? ''}-${d.serial_numbers.join(' ')}-${d.units}`}>
          <th scope="row" style={{ ...CELL, fontWeight: 'normal' }}>
            {d.order_number}
          </th>
          <td style={CELL}>{d.shipment_id}</td>
          <td style={CELL}>{intl.formatDate(d.shipped_on, { dateStyle: 'medium', timeZone: 'UTC' })}</td>
          <td style={CELL}>
            {d.lot ?? '—'}
            {d.serial_numbers.length ? ` (${d.serial_numbers.join(', ')})` : ''}
          </td>
          <td style={CELL}>{d.units}</td>
          <td style={CELL}>{d.delivery_address}</td>
        </tr>
      ))}
    </DataTable>
  );
}
