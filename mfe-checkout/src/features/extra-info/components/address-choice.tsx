// Billing or delivery address: one of the address book's, or a new one typed here (saved to the book
// when the buyer goes on).
import { FormattedMessage, useIntl } from 'react-intl';
import type { Address } from '@portal/shared/schemas/checkout';
import type { UseForm } from '@portal/shared/form';
import { Stack, Text } from '@portal/shared/ui';
import { Radio } from '@portal/shared/ui/choice';
import { addressesFor, NEW_ADDRESS, type AddressRole, type ExtraInfoValues } from '../lib/extra-info-form';
import { AddressFields } from './address-fields';

/** One line of an address, as the buyer recognises it. */
export function addressLine(a: Address): string {
  const street = [a.street, a.nr, a.box].filter(Boolean).join(' ');
  return `${street}, ${a.postal_code} ${a.city}, ${a.country}`;
}

export function AddressChoice({ role, book, form }: { role: AddressRole; book: Address[]; form: UseForm<ExtraInfoValues> }) {
  const intl = useIntl();
  const path = `${role}_address_id`;
  const own = addressesFor(role, book);
  const field = form.field(path);
  return (
    <Stack gap="sm">
      <Radio.Group
        name={path}
        label={<FormattedMessage id={role === 'billing' ? 'checkout.address.billing' : 'checkout.address.delivery'} />}
        required
        value={field.value}
        onChange={(value) => form.setValue(path, value)}
        error={field.error}
        data-testid={`${role}-address`}
      >
        <Stack gap="xs" mt="xs">
          {own.map((a) => (
            <Radio
              key={a.id}
              value={a.id}
              aria-invalid={field['aria-invalid']}
              label={
                <>
                  <strong>{a.label}</strong>{' '}
                  <Text component="span">{addressLine(a)}</Text>
                </>
              }
            />
          ))}
          <Radio value={NEW_ADDRESS} aria-invalid={field['aria-invalid']} label={intl.formatMessage({ id: 'checkout.address.new' })} />
        </Stack>
      </Radio.Group>
      {field.value === NEW_ADDRESS ? <AddressFields prefix={role === 'billing' ? 'new_billing' : 'new_delivery'} form={form} /> : null}
    </Stack>
  );
}
