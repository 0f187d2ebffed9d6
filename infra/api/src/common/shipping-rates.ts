// The shipping rates that are offered: an active method's rate for a country the shops deliver to
// (DELIVERY_COUNTRIES, the list the shipping policy names). A rate stored for another country is not
// offered, so the checkout says "No shipping method available for this country" there, as the policy
// says (issue 32). The shipping-method list, the preview, the placement and the "free from" labels
// all read rates through this one clause.
import { sql, type SQL } from 'drizzle-orm';
import { DELIVERY_COUNTRIES } from '@portal/shared/schemas';

/** FROM and WHERE of the offered rates (`r` the rate, `m` its method): append `and ...`. */
export const OFFERED_RATES: SQL = sql`shipping_rates r join shipping_methods m on m.id = r.shipping_method_id
  where m.active and r.country in (${sql.join(
    DELIVERY_COUNTRIES.map((c) => sql`${c}`),
    sql`, `,
  )})`;
