import * as v from 'valibot';
import { AddressSchema } from './address-shape';
import { NullableTextSchema } from './fields';
import { CentsSchema } from './money';

/** One line of the order form PDF. */
export const OrderFormLineSchema = v.object({
  article_number: v.string(),
  description: v.string(),
  nsn: NullableTextSchema,
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** Unit price excluding VAT, in cents. */
  unit_price: CentsSchema,
});

/** The data printed on the downloadable order form (spec section 3). */
export const OrderFormSchema = v.object({
  client_number: v.string(),
  delivery_address: AddressSchema,
  invoice_address: AddressSchema,
  lines: v.array(OrderFormLineSchema),
  total_excl_vat: CentsSchema,
  total_incl_vat: CentsSchema,
});
export type OrderForm = v.InferOutput<typeof OrderFormSchema>;
