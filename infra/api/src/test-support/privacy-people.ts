// People and records of the privacy tests (issue 44): a web-shop customer and a member of the
// hospital, each with a name, address and phone found nowhere else in the database, so a scan of
// every table for them says where their data still is.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addresses, carts, cartLines, contactRequests, memberships, newsletterSubscriptions, orderLines, orderMessages, orders, outbox, products } from '../db/schema';
import { WEBSHOP_CUSTOMER } from '../seed/accounts';
import { HOSPITAL_BUYER, rawRows } from './demo-buyers';
import { organisationOf } from './two-organisations';

export interface Person {
  id: string;
  email: string;
  /** A last name, phone and street number found in no other row. */
  lastName: string;
  phone: string;
}

/** Copies a demo account's row (same password) under new, unique facts; a member of `organisationOf` when given. */
export async function addPerson(app: FastifyInstance, tag: string, opts: { memberOf?: string } = {}): Promise<Person> {
  const db = app.database.db;
  const template = opts.memberOf ? HOSPITAL_BUYER : WEBSHOP_CUSTOMER;
  const person = { email: `${tag}@privacy-test.example`, lastName: `Privacymarker${tag}`, phone: `+32 470 ${String(Math.floor(Math.random() * 900_000) + 100_000)}` };
  await db.execute(
    sql`insert into users select (jsonb_populate_record(null::users, to_jsonb(u) - 'id' - 'email' || jsonb_build_object('id', gen_random_uuid(), 'email', ${person.email}::text, 'last_name', ${person.lastName}::text, 'phone', ${person.phone}::text))).* from users u where u.email = ${template}`,
  );
  const [row] = await rawRows<{ id: string }>(db, sql`select id::text from users where email = ${person.email}`);
  if (opts.memberOf) await db.insert(memberships).values({ userId: row!.id, organisationId: await organisationOf(app, opts.memberOf), role: 'buyer' });
  return { id: row!.id, ...person };
}

/** The person's contact details as an address snapshot names them. */
const snapshotOf = (p: Person) => ({ label: `Home of ${p.lastName}`, street: 'Privacystraat', nr: '7', box: null, postal_code: '3000', city: 'Leuven', country: 'BE', email: p.email, phone: p.phone });

/**
 * The person's records in every owner's tables: an address in their own book (a web-shop customer),
 * an order (status `status`) with its line and a message they wrote, a cart line, a contact
 * request, a newsletter subscription and a mail in the outbox. Answers the order's id.
 */
export async function addRecords(app: FastifyInstance, p: Person, opts: { organisationId: string | null; status?: 'delivered' | 'processing' }): Promise<string> {
  const db = app.database.db;
  if (!opts.organisationId) {
    const { label, street, nr, postal_code, city, country, email, phone } = snapshotOf(p);
    await db.insert(addresses).values({ userId: p.id, label, type: 'billing', street, nr, postalCode: postal_code, city, country, email, phone, isDefault: true });
  }
  const [product] = await db.select({ id: products.id, code: products.articleCode }).from(products).where(sql`${products.kind} = 'product' and ${products.stockLevel} > 5`).limit(1);
  const [order] = await db
    .insert(orders)
    .values({
      number: `P-${p.id.slice(0, 8)}`,
      organisationId: opts.organisationId,
      userId: p.id,
      status: opts.status ?? 'delivered',
      remarks: 'Leave at the door',
      deliveryAddress: snapshotOf(p),
      invoiceAddress: snapshotOf(p),
      submitter: { first_name: 'Wanda', last_name: p.lastName, function: 'Paramedic', full_name: `Wanda ${p.lastName}`, declaration: { version: '2026-01', locale: 'en', text: 'I am authorised to order.' } },
      subtotalCents: 2500,
      vatCents: 525,
      totalCents: 3025,
    })
    .returning({ id: orders.id });
  await db.insert(orderLines).values({ orderId: order!.id, productId: product!.id, articleCode: product!.code, description: 'Test product', quantity: 2, unitPriceCents: 1250, vatRateBp: 2100, lineTotalCents: 2500 });
  await db.insert(orderMessages).values({ orderId: order!.id, authorUserId: p.id, body: `Please call me on ${p.phone}, ${p.lastName}` });
  const [cart] = await db.insert(carts).values({ userId: p.id, organisationId: opts.organisationId }).returning({ id: carts.id });
  await db.insert(cartLines).values({ cartId: cart!.id, productId: product!.id, quantity: 1 });
  await db.insert(contactRequests).values({ userId: p.id, organisationId: opts.organisationId, type: 'question', message: `A question from ${p.lastName}`, termsAcceptedAt: new Date() });
  await db.insert(newsletterSubscriptions).values({ email: p.email, confirmedAt: new Date() });
  await db.insert(outbox).values({ channel: 'email', recipient: p.email, template: 'order_confirmation', payload: { name: `Wanda ${p.lastName}` }, status: 'sent', sentAt: new Date() });
  return order!.id;
}

/** The tables with a row that names the person (their last name, e-mail address or phone), with how many. */
export async function tablesNaming(app: FastifyInstance, p: Person): Promise<Record<string, number>> {
  const db = app.database.db;
  const tables = await rawRows<{ name: string }>(db, sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`);
  const found: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rawRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(name)} x where x::text ilike ${`%${p.lastName}%`} or x::text ilike ${`%${p.email}%`} or x::text like ${`%${p.phone}%`}`,
    );
    if (row!.n > 0) found[name] = row!.n;
  }
  return found;
}

/** Days after now, as the retention job is told the time. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000);
