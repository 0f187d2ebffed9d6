// A medical device's identity on its product page (issue 42, decision 070): the UDI-DI a hospital
// scans and records, the MDR class, and whether it is implantable and for single use.
import { FormattedMessage, useIntl } from 'react-intl';
import type { CatalogProduct } from '@portal/shared/schemas/shop';
import { Stack, Title } from '@portal/shared/ui';
import { Table } from '@portal/shared/ui/data';

/** The "Medical device" facts; nothing for a product that is not one. */
export function MedicalDeviceFacts({ device }: { device: CatalogProduct['medical_device'] }) {
  const intl = useIntl();
  if (!device) return null;
  const yesNo = (value: boolean) => intl.formatMessage({ id: value ? 'catalog.device.yes' : 'catalog.device.no' });
  const rows: [string, string][] = [
    ...(device.udi_di ? [['catalog.device.udiDi', device.udi_di] as [string, string]] : []),
    ['catalog.device.class', intl.formatMessage({ id: 'catalog.device.classValue' }, { mdrClass: device.mdr_class })],
    ['catalog.device.implantable', yesNo(device.implantable)],
    ['catalog.device.singleUse', yesNo(device.single_use)],
  ];
  return (
    <Stack gap="xs" component="section" aria-labelledby="medical-device-title" data-testid="medical-device">
      <Title order={2} size="h4" id="medical-device-title">
        <FormattedMessage id="catalog.device.title" />
      </Title>
      <Table aria-labelledby="medical-device-title">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row">
                <FormattedMessage id={label} />
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
