// Checkout demo data beside the demo orders' shipping methods and codes: shipping rates for every
// delivery country the address schema allows, discount codes covering each rule (percentage,
// fixed, expired, one organisation only, usage limit, inactive), and the web-shop customer's
// addresses. Idempotent per row, so it can run on a database seeded before it existed.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { addresses, organisations, users } from '../schema/index';
import { POLICE, WEBSHOP_CUSTOMER } from './accounts';

/** Per country: [method, price, free from] in cents. */
const RATES: [string, string, number, number | null][] = [
  ['standard', 'LU', 1295, 25000],
  ['express', 'LU', 2495, null],
  ['standard', 'FR', 1495, 35000],
  ['express', 'FR', 2995, null],
  ['standard', 'DE', 1495, 35000],
  ['express', 'DE', 2995, null],
  ['freight', 'DE', 11500, 500000],
];

export async function seedCheckoutDemo(tx: Tx): Promise<void> {
  for (const [code, country, price, freeFrom] of RATES) {
    await tx.execute(sql`insert into shipping_rates (shipping_method_id, country, price_cents, free_from_cents)
      select id, ${country}, ${price}, ${freeFrom} from shipping_methods where code = ${code} on conflict do nothing`);
  }
  const [police] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.name, POLICE));
  const codes: { code: string; kind: 'percent' | 'amount'; value: number; org: string | null; from: string | null; until: string | null; maxUses: number | null; active: boolean }[] = [
    { code: 'FIXED15', kind: 'amount', value: 1500, org: null, from: '2025-01-01', until: '2030-12-31', maxUses: null, active: true },
    { code: 'EXPIRED20', kind: 'percent', value: 2000, org: null, from: '2024-01-01', until: '2024-12-31', maxUses: null, active: true },
    { code: 'FIRST3', kind: 'percent', value: 1500, org: null, from: null, until: null, maxUses: 3, active: true },
    { code: 'PAUSED10', kind: 'percent', value: 1000, org: null, from: null, until: null, maxUses: null, active: false },
    { code: 'POLDER5', kind: 'amount', value: 500, org: police?.id ?? null, from: null, until: null, maxUses: null, active: true },
  ];
  for (const c of codes) {
    await tx.execute(sql`insert into discount_codes (code, kind, value, organisation_id, valid_from, valid_until, max_uses, active)
      values (${c.code}, ${c.kind}, ${c.value}, ${c.org}, ${c.from}, ${c.until}, ${c.maxUses}, ${c.active}) on conflict do nothing`);
  }
  const [customer] = await tx.select({ id: users.id }).from(users).where(eq(users.email, WEBSHOP_CUSTOMER));
  if (customer) {
    const [has] = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, customer.id)).limit(1);
    if (!has) {
      for (const type of ['billing', 'shipping'] as const) {
        await tx.insert(addresses).values({
          userId: customer.id,
          label: 'Thuis',
          type,
          street: 'Kerkstraat',
          nr: '12',
          postalCode: '3000',
          city: 'Leuven',
          country: 'BE',
          email: WEBSHOP_CUSTOMER,
          phone: '+32 16 12 34 56',
          isDefault: true,
        });
      }
    }
  }
}
