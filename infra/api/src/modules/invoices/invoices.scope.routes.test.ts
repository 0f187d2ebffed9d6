// Whose invoices a caller reads, through the routes (issue 40): two web-shop customers (no
// organisation) and a buyer of each of two organisations each have an invoice, and each tries every
// other's id on the list, the detail, the PDF and the UBL. A web-shop customer's invoices are those of
// the orders they placed without an organisation (common/scope/invoices.ts); without the condition on
// the user, every web-shop customer read every other's. PGlite, and PostgreSQL with DATABASE_URL set.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_ERRORS, INVOICE_LIST_MAX_PAGE_SIZE, InvoiceListSchema } from '@portal/shared/schemas';
import { WEBSHOP_CUSTOMER } from '../../seed/accounts';
import { accessToken, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../test-support/demo-buyers';
import { insertOrder } from '../../test-support/pending-orders';
import { startTestApp, type TestApp } from '../../test-support/test-app';

const SECOND_WEBSHOP = 'second.webshop@invoice-scope.example';
const OWNERS = { webshop: WEBSHOP_CUSTOMER, webshop2: SECOND_WEBSHOP, hospital: HOSPITAL_BUYER, police: POLICE_BUYER } as const;
type Owner = keyof typeof OWNERS;

let t: TestApp;
const tokens = {} as Record<Owner, string>;
/** Each owner's invoice, issued for an order of theirs. */
const invoiceOf = {} as Record<Owner, string>;

/** A web-shop order of `email` (no organisation): a new order of the hospital's buyer, moved to them. */
async function webShopOrder(email: string): Promise<string> {
  const order = await insertOrder(t.app, { email: HOSPITAL_BUYER });
  await query(t.app, sql`update orders set organisation_id = null, user_id = (select id from users where email = ${email}) where id = ${order.id}`);
  return order.id;
}

/** The invoice of a paid order, issued as a paid online payment issues it. */
async function invoice(orderId: string): Promise<string> {
  const id = await t.app.database.db.transaction((tx) => t.app.invoicing.invoicePaidOrder(tx, orderId, new Date().toISOString().slice(0, 10)));
  expect(id).toBeTruthy();
  return id!;
}

beforeAll(async () => {
  t = await startTestApp();
  await query(
    t.app,
    sql`insert into users select (jsonb_populate_record(null::users, to_jsonb(u) - 'id' - 'email' || jsonb_build_object('id', gen_random_uuid(), 'email', ${SECOND_WEBSHOP}::text))).* from users u where u.email = ${WEBSHOP_CUSTOMER}`,
  );
  const hospital = await insertOrder(t.app, { email: HOSPITAL_BUYER });
  const police = await insertOrder(t.app, { email: POLICE_BUYER });
  invoiceOf.hospital = await invoice(hospital.id);
  invoiceOf.police = await invoice(police.id);
  invoiceOf.webshop = await invoice(await webShopOrder(WEBSHOP_CUSTOMER));
  invoiceOf.webshop2 = await invoice(await webShopOrder(SECOND_WEBSHOP));
  for (const owner of Object.keys(OWNERS) as Owner[]) tokens[owner] = await accessToken(t.app, OWNERS[owner]);
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string, owner: Owner) => t.app.inject({ url, headers: { authorization: `Bearer ${tokens[owner]}` } });

describe('invoices of web-shop customers and of organisations', () => {
  it.each(Object.keys(OWNERS) as Owner[])("%s reads their own invoice and not one of the others' ids", async (owner) => {
    const own = await get(`/api/v1/invoices/${invoiceOf[owner]}`, owner);
    expect(own.statusCode, own.body).toBe(200);
    const answers: string[] = [];
    for (const other of (Object.keys(OWNERS) as Owner[]).filter((o) => o !== owner)) {
      for (const path of ['', '/invoice.pdf', '/ubl.xml']) {
        const res = await get(`/api/v1/invoices/${invoiceOf[other]}${path}`, owner);
        answers.push(`${other}${path}: ${res.statusCode} ${res.statusCode === 404 ? res.json().code : ''}`);
      }
    }
    expect(answers.every((a) => a.endsWith(`: 404 ${INVOICE_ERRORS.NOT_FOUND}`)), answers.join('\n')).toBe(true);
  });

  it.each(Object.keys(OWNERS) as Owner[])("%s lists none of the others' invoices", async (owner) => {
    const others = new Set((Object.keys(OWNERS) as Owner[]).filter((o) => o !== owner).map((o) => invoiceOf[o]));
    // Issued today: the demo data's invoices of the organisations are older.
    const res = await get(`/api/v1/invoices?from=${new Date().toISOString().slice(0, 10)}&page_size=${INVOICE_LIST_MAX_PAGE_SIZE}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    const ids = v.parse(InvoiceListSchema, res.json()).items.map((i) => i.id);
    expect(ids).toContain(invoiceOf[owner]);
    expect(ids.filter((id) => others.has(id))).toEqual([]);
  });
});
