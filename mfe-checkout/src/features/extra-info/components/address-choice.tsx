// Billing or delivery address: one of the address book's, or a new one typed here (saved to the book
// when the buyer goes on). A short book is a list of radio buttons; a long one (a hospital group's
// dozens of delivery points) a picker the buyer types into: label, street, postal code or city.
import { FormattedMessage, useIntl } from 'react-intl';
import type { Address } from '@portal/shared/schemas/checkout';
import type { UseForm } from '@portal/shared/form';
import { Stack, Text } from '@portal/shared/ui';
import { Radio } from '@portal/shared/ui/choice';
import { Select } from '@portal/shared/ui/select';
import { addressesFor, NEW_ADDRESS, type AddressRole, type ExtraInfoValues } from '../lib/extra-info-form';
import { AddressFields } from './address-fields';

/** One line of an address, as the buyer recognises it. */
export function addressLine(a: Address): string {
  const street = [a.street, a.nr, a.box].filter(Boolean).join(' ');
  return `${street}, ${a.postal_code} ${a.city}, ${a.country}`;
}

/** From this many addresses of a role on, the choice is a searchable picker instead of radio buttons. */
export const SEARCHABLE_FROM = 7;

export function AddressChoice({ role, book, form }: { role: AddressRole; book: Address[]; form: UseForm<ExtraInfoValues> }) {
  const intl = useIntl();
  const path = `${role}_address_id`;
  const own = addressesFor(role, book);
  const field = form.field(path);
  const label = <FormattedMessage id={role === 'billing' ? 'checkout.address.billing' : 'checkout.address.delivery'} />;
  if (own.length >= SEARCHABLE_FROM) {
    return (
      <Stack gap="sm">
        <Select
          label={label}
          description={<FormattedMessage id="checkout.address.searchHint" values={{ count: own.length }} />}
          placeholder={intl.formatMessage({ id: 'checkout.address.searchPlaceholder' })}
          required
          searchable
          limit={50}
          maxDropdownHeight={320}
          nothingFoundMessage={intl.formatMessage({ id: 'checkout.address.noMatch' })}
          data={[
            ...own.map((a) => ({ value: a.id, label: `${a.label} · ${addressLine(a)}` })),
            { value: NEW_ADDRESS, label: intl.formatMessage({ id: 'checkout.address.new' }) },
          ]}
          value={field.value || null}
          onChange={(value) => form.setValue(path, value ?? '')}
          error={field.error}
          data-testid={`${role}-address`}
        />
        {field.value === NEW_ADDRESS ? <AddressFields prefix={role === 'billing' ? 'new_billing' : 'new_delivery'} form={form} /> : null}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Radio.Group
        name={path}
        label={label}
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
