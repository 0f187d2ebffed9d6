// The extra-info step's form: addresses (chosen from the book or typed), shipping method, discount
// code, the buyer's order reference and remarks. Validated with the checkout's shared schema, so the
// step refuses what placement would refuse.
import * as v from 'valibot';
import { AddressInputSchema } from '@portal/shared/schemas/phone-forms';
import { CheckoutSchema, MESSAGE_KEYS, type Address, type CountryCode } from '@portal/shared/schemas/checkout';
import type { CheckoutDraft } from '../../../lib/checkout-draft';

/** Chosen in an address list instead of a stored address: the buyer types a new one. */
export const NEW_ADDRESS = 'new';

export type AddressRole = 'billing' | 'delivery';

const emptyAddress = (type: 'billing' | 'shipping') => ({ label: '', type, street: '', nr: '', box: '', postal_code: '', city: '', country: 'BE', email: '', phone: '' });

export type NewAddressValues = ReturnType<typeof emptyAddress>;

export interface ExtraInfoValues extends Record<string, unknown> {
  billing_address_id: string;
  delivery_address_id: string;
  new_billing: NewAddressValues;
  new_delivery: NewAddressValues;
  shipping_method: string;
  discount_input: string;
  external_order_number: string;
  remarks: string;
}

/** The book's addresses a role may use: its own type first, the default of that type on top. */
export function addressesFor(role: AddressRole, book: Address[]): Address[] {
  const type = role === 'billing' ? 'billing' : 'shipping';
  return book.filter((a) => a.type === type).sort((a, b) => Number(b.is_default) - Number(a.is_default));
}

/** The form's first values: the draft's, else the book's defaults. */
export function initialValues(draft: CheckoutDraft, book: Address[]): ExtraInfoValues {
  const pick = (role: AddressRole, kept: string | undefined) => {
    const own = addressesFor(role, book);
    if (kept && own.some((a) => a.id === kept)) return kept;
    return own[0]?.id ?? NEW_ADDRESS;
  };
  return {
    billing_address_id: pick('billing', draft.billing_address_id),
    delivery_address_id: pick('delivery', draft.delivery_address_id),
    new_billing: emptyAddress('billing'),
    new_delivery: emptyAddress('shipping'),
    shipping_method: draft.shipping_method ?? '',
    discount_input: draft.discount_code ?? '',
    external_order_number: draft.external_order_number ?? '',
    remarks: draft.remarks ?? '',
  };
}

/** The delivery country of the current choice (shipping methods depend on it). */
export function deliveryCountryOf(values: ExtraInfoValues, book: Address[]): CountryCode | undefined {
  if (values.delivery_address_id === NEW_ADDRESS) return values.new_delivery.country as CountryCode;
  return book.find((a) => a.id === values.delivery_address_id)?.country;
}

const step = v.pick(CheckoutSchema, ['billing_address_id', 'delivery_address_id', 'shipping_method', 'external_order_number', 'remarks']);
const required = v.pipe(v.string(), v.nonEmpty(MESSAGE_KEYS.required));

/** The step's schema: a new address is validated in full before it is saved to the book. */
export function extraInfoSchema(values: ExtraInfoValues) {
  return v.object({
    ...step.entries,
    billing_address_id: required,
    delivery_address_id: required,
    ...(values.billing_address_id === NEW_ADDRESS ? { new_billing: AddressInputSchema } : {}),
    ...(values.delivery_address_id === NEW_ADDRESS ? { new_delivery: AddressInputSchema } : {}),
  });
}
