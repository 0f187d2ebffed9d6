// The scope conditions against a real database, for every kind of caller: a visitor without a
// token, an anonymous session, a web-shop customer without an organisation (and a second one), a
// buyer and an admin of organisation A, a buyer of B, a case manager assigned to B, a staff member
// assigned to nothing, the system and an integration client. Each condition is asked which of a
// known set of rows it lets through, so a rule that widens or narrows fails here before it shows in
// a module's test.
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ERRORS, API_ERRORS, CATALOG_ERRORS, CHECKOUT_ERRORS, INTEGRATION_SCOPES } from '@portal/shared/schemas';
import { PUBLIC_CALLER, SYSTEM_CALLER, type Caller, type CustomerCaller } from '../../caller';
import { WEBSHOP_CUSTOMER } from '../../db/seed/accounts';
import { AppError } from '../../errors';
import { HOSPITAL_BUYER, POLICE_BUYER, query } from '../../test-support/demo-buyers';
import { addStaff, POLICE_CASE_MANAGER, UNASSIGNED_STAFF } from '../../test-support/orders';
import { insertOrder } from '../../test-support/pending-orders';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { organisationOf } from '../../test-support/two-organisations';
import { addressBookScope, customerOrderScope, ORDER_ALIAS_O, orderScope, organisationScope, quotationScope, requireCustomer, requireOrderingCustomer } from './index';

const SECOND_WEBSHOP = 'second.webshop@scope-test.example';

let t: TestApp;
const id = async (email: string) => (await query<{ id: string }>(t.app, sql`select id from users where email = ${email}`))[0]!.id;

/** The callers, by name; built in beforeAll from the demo data. */
const callers: Record<string, Caller> = {};
/** The rows each test asks about, by name. */
const orders: Record<string, string> = {};
const organisations: Record<string, string> = {};
const quotations: Record<string, string> = {};
const addresses: Record<string, string> = {};

/** The names of the rows of `table` (alias t) among `named` that `condition` lets through. */
async function visible(table: 'orders' | 'organisations' | 'quotations' | 'addresses', named: Record<string, string>, condition: SQL): Promise<string[]> {
  const found = await query<{ id: string }>(t.app, sql`select t.id from ${sql.identifier(table)} t where t.id in ${Object.values(named)} and ${condition}`);
  const ids = new Set(found.map((r) => r.id));
  return Object.keys(named)
    .filter((name) => ids.has(named[name]!))
    .sort();
}

/** A web-shop order of `userId`: a copy of `template` without organisation. */
async function webShopOrder(template: string, userId: string): Promise<string> {
  const [row] = await query<{ id: string }>(
    t.app,
    sql`insert into orders select (jsonb_populate_record(null::orders, to_jsonb(o) - 'id' - 'number' - 'organisation_id' - 'user_id'
          || jsonb_build_object('id', gen_random_uuid(), 'number', ${`W-${randomUUID().slice(0, 8)}`}::text, 'organisation_id', null, 'user_id', ${userId}::uuid))).*
        from orders o where o.id = ${template} returning id`,
  );
  return row!.id;
}

async function address(organisationId: string | null, userId: string | null): Promise<string> {
  const [row] = await query<{ id: string }>(
    t.app,
    sql`insert into addresses (organisation_id, user_id, label, type, street, nr, postal_code, city, country)
        values (${organisationId}, ${userId}, 'Scope test', 'shipping', 'Kerkstraat', '1', '9000', 'Gent', 'BE') returning id`,
  );
  return row!.id;
}

async function quotation(organisationId: string): Promise<string> {
  const [row] = await query<{ id: string }>(t.app, sql`insert into quotations (number, organisation_id) values (${`Q-${randomUUID().slice(0, 8)}`}, ${organisationId}) returning id`);
  return row!.id;
}

beforeAll(async () => {
  t = await startTestApp();
  await addStaff(t.app, POLICE_CASE_MANAGER, POLICE_BUYER);
  await addStaff(t.app, UNASSIGNED_STAFF, null);
  await query(
    t.app,
    sql`insert into users select (jsonb_populate_record(null::users, to_jsonb(u) - 'id' - 'email' || jsonb_build_object('id', gen_random_uuid(), 'email', ${SECOND_WEBSHOP}::text))).* from users u where u.email = ${WEBSHOP_CUSTOMER}`,
  );
  const [orgA, orgB] = [await organisationOf(t.app, HOSPITAL_BUYER), await organisationOf(t.app, POLICE_BUYER)];
  const [buyerA, buyerB, webshop, webshop2] = [await id(HOSPITAL_BUYER), await id(POLICE_BUYER), await id(WEBSHOP_CUSTOMER), await id(SECOND_WEBSHOP)];
  Object.assign(callers, {
    visitor: PUBLIC_CALLER,
    anonymous: { kind: 'anonymous', sessionId: randomUUID(), role: 'anonymous', organisationId: null },
    webshop: { kind: 'customer', userId: webshop, organisationId: null, role: 'buyer' },
    buyerA: { kind: 'customer', userId: buyerA, organisationId: orgA, role: 'buyer' },
    // Another member of A: an organisation's rows do not depend on who placed or wrote them.
    adminA: { kind: 'customer', userId: randomUUID(), organisationId: orgA, role: 'admin' },
    buyerB: { kind: 'customer', userId: buyerB, organisationId: orgB, role: 'buyer' },
    caseManagerB: { kind: 'staff', userId: await id(POLICE_CASE_MANAGER), organisationId: null, role: 'case_manager' },
    unassignedStaff: { kind: 'staff', userId: await id(UNASSIGNED_STAFF), organisationId: null, role: 'case_manager' },
    system: SYSTEM_CALLER,
    // The supplier's ERP with every scope (decision 045): no organisation, so no customer's rows.
    integration: { kind: 'integration', clientId: randomUUID(), clientName: 'Scope ERP', scopes: [...INTEGRATION_SCOPES], organisationId: null },
  } satisfies Record<string, Caller>);

  orders.a = (await insertOrder(t.app, { email: HOSPITAL_BUYER })).id;
  orders.b = (await insertOrder(t.app, { email: POLICE_BUYER })).id;
  orders.webshop = await webShopOrder(orders.a, webshop);
  orders.webshop2 = await webShopOrder(orders.a, webshop2);
  // The buyer of A placed this one without an organisation (a web-shop order of theirs): it is not A's.
  orders.buyerAOwn = await webShopOrder(orders.a, buyerA);
  Object.assign(organisations, { a: orgA, b: orgB });
  Object.assign(quotations, { a: await quotation(orgA), b: await quotation(orgB) });
  Object.assign(addresses, {
    a: await address(orgA, null),
    b: await address(orgB, null),
    webshop: await address(null, webshop),
    webshop2: await address(null, webshop2),
    buyerAOwn: await address(null, buyerA),
  });
});

afterAll(async () => {
  await t?.close();
});

const columns = { organisation: sql`t.organisation_id`, user: sql`t.user_id` };

/** The orders each caller sees. */
const ordersSeen: Record<string, string[]> = {
  visitor: [],
  anonymous: [],
  webshop: ['webshop'],
  buyerA: ['a'],
  adminA: ['a'],
  buyerB: ['b'],
  caseManagerB: ['b'],
  unassignedStaff: [],
  system: ['a', 'b', 'buyerAOwn', 'webshop', 'webshop2'],
  integration: [],
};

describe('orderScope: which orders a caller sees', () => {
  it.each(Object.keys(ordersSeen))('%s', async (name) => {
    expect(await visible('orders', orders, orderScope(callers[name]!, columns))).toEqual(ordersSeen[name]);
  });

  it('takes the orders table under alias o as most hand-written queries name it', async () => {
    const found = await query<{ id: string }>(t.app, sql`select o.id from orders o where o.id in ${Object.values(orders)} and ${orderScope(callers.webshop!, ORDER_ALIAS_O)}`);
    expect(found.map((r) => r.id)).toEqual([orders.webshop]);
  });
});

describe('customerOrderScope: which orders a caller may act on as the buyer', () => {
  // What a customer sees; staff and the system act on none as the buyer.
  const expected: Record<string, string[]> = { ...ordersSeen, caseManagerB: [], unassignedStaff: [], system: [] };
  it.each(Object.keys(expected))('%s', async (name) => {
    expect(await visible('orders', orders, customerOrderScope(callers[name]!, columns))).toEqual(expected[name]);
  });
});

describe('organisationScope and quotationScope: an organisation and its quotations', () => {
  const expected: Record<string, string[]> = {
    visitor: [],
    anonymous: [],
    webshop: [],
    buyerA: ['a'],
    adminA: ['a'],
    buyerB: ['b'],
    caseManagerB: ['b'],
    unassignedStaff: [],
    system: ['a', 'b'],
    integration: [],
  };
  it.each(Object.keys(expected))('%s', async (name) => {
    expect(await visible('organisations', organisations, organisationScope(callers[name]!, sql`t.id`))).toEqual(expected[name]);
    expect(await visible('quotations', quotations, quotationScope(callers[name]!, sql`t.organisation_id`))).toEqual(expected[name]);
  });
});

describe('addressBookScope: whose address book', () => {
  const expected: Record<string, string[]> = {
    webshop: ['webshop'],
    // A member of an organisation works in its book, not in an address of their own.
    buyerA: ['a'],
    adminA: ['a'],
    buyerB: ['b'],
  };
  it.each(Object.keys(expected))('%s', async (name) => {
    expect(await visible('addresses', addresses, addressBookScope(callers[name] as CustomerCaller, columns))).toEqual(expected[name]);
  });
});

describe('requireCustomer: the customers-only guard', () => {
  const refusal = (f: () => unknown) => {
    try {
      f();
    } catch (err) {
      if (err instanceof AppError) return `${err.statusCode} ${err.code}`;
      throw err;
    }
    return 'let through';
  };
  const expected: Record<string, [string, string]> = {
    visitor: [`401 ${API_ERRORS.UNAUTHORIZED}`, `401 ${CATALOG_ERRORS.LOGIN_REQUIRED}`],
    anonymous: [`401 ${API_ERRORS.UNAUTHORIZED}`, `401 ${CATALOG_ERRORS.LOGIN_REQUIRED}`],
    webshop: ['let through', 'let through'],
    buyerA: ['let through', 'let through'],
    adminA: ['let through', 'let through'],
    buyerB: ['let through', 'let through'],
    caseManagerB: [`403 ${ACCOUNT_ERRORS.CUSTOMERS_ONLY}`, `403 ${CHECKOUT_ERRORS.CUSTOMERS_ONLY}`],
    unassignedStaff: [`403 ${ACCOUNT_ERRORS.CUSTOMERS_ONLY}`, `403 ${CHECKOUT_ERRORS.CUSTOMERS_ONLY}`],
    system: [`401 ${API_ERRORS.UNAUTHORIZED}`, `401 ${CATALOG_ERRORS.LOGIN_REQUIRED}`],
    integration: [`401 ${API_ERRORS.UNAUTHORIZED}`, `401 ${CATALOG_ERRORS.LOGIN_REQUIRED}`],
  };
  it.each(Object.keys(expected))('%s', (name) => {
    const caller = callers[name]!;
    expect([
      refusal(() => requireCustomer(caller, { code: ACCOUNT_ERRORS.CUSTOMERS_ONLY, message: 'For customers' })),
      refusal(() => requireOrderingCustomer(caller)),
    ]).toEqual(expected[name]);
  });
});
