// Checkout demo data beside the demo orders' shipping methods and codes: discount codes covering
// each rule (percentage, fixed, expired, one organisation only, usage limit, inactive), and the
// web-shop customer's addresses. Shipping is priced for the delivery countries only (Belgium and the
// Netherlands, demo-orders.ts), as the shipping policy says (DELIVERY_COUNTRIES, issue 32): the rates
// this seed once added for Luxembourg, France and Germany contradicted it and are not seeded any more.
// Idempotent per row, so it can run on a database seeded before it existed.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { addresses, organisations, users } from '../db/schema';
import { POLICE, WEBSHOP_CUSTOMER } from './accounts';

export async function seedCheckoutDemo(tx: Tx): Promise<void> {
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
