// The scope conditions against a real database, for every kind of caller: a visitor without a
// token, an anonymous session, a web-shop customer without an organisation (and a second one), A's
// buyer acting for no organisation, a buyer, an approver and an admin of organisation A, a buyer of
// B, a case manager assigned to B, the sales consultant of both, a staff member assigned to nothing,
// the system and an integration client. Each condition is asked which of a known set of rows it lets
// through, so a rule that widens or narrows fails here before it shows in a module's test. Where a
// rule has two conditions that each keep a row out, a row that only one of them stops is asked
// about too (each condition holds by itself): removing any one condition fails a test here (issue 40).
// The decisions that are not SQL (authority, the customers-only guard, whether a quotation can be
// ordered) are unit-tested in decisions.test.ts, which the mutation benchmark runs.
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ERRORS, API_ERRORS, CATALOG_ERRORS, CHECKOUT_ERRORS, INTEGRATION_SCOPES } from '@portal/shared/schemas';
import { PUBLIC_CALLER, SYSTEM_CALLER, type Caller, type CustomerCaller } from '../../caller';
import { WEBSHOP_CUSTOMER } from '../../seed/accounts';
import { AppError } from '../../errors';
import { HOSPITAL_BUYER, POLICE_BUYER, query } from '../../test-support/demo-buyers';
import { addStaff, POLICE_CASE_MANAGER, SALES_CONSULTANT, UNASSIGNED_STAFF } from '../../test-support/orders';
import { insertOrder } from '../../test-support/pending-orders';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { organisationOf } from '../../test-support/two-organisations';
import {
  addressBookScope,
  customerOrderScope,
  hasAuthority,
  integrationClientScope,
  invoiceScope,
  mayManageOrderList,
  ORDER_ALIAS_O,
  orderListScope,
  orderScope,
  organisationScope,
  quotationScope,
  requireAuthority,
  requireCustomer,
  requireOrderingCustomer,
  rolesWith,
  type MemberCaller,
} from '.';

const SECOND_WEBSHOP = 'second.webshop@scope-test.example';

let t: TestApp;
const id = async (email: string) => (await query<{ id: string }>(t.app, sql`select id from users where email = ${email}`))[0]!.id;

/** The callers, by name; built in beforeAll from the demo data. */
const callers: Record<string, Caller> = {};
/** Their names, known before beforeAll builds them (a test per caller is declared before it runs). */
const CALLER_NAMES = ['visitor', 'anonymous', 'webshop', 'buyerA', 'buyerANoOrganisation', 'approverA', 'adminA', 'buyerB', 'caseManagerB', 'salesConsultant', 'unassignedStaff', 'system', 'integration'];
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
    // A's buyer acting for no organisation (their own web-shop orders and address book): none of A's rows.
    buyerANoOrganisation: { kind: 'customer', userId: buyerA, organisationId: null, role: 'buyer' },
    approverA: { kind: 'customer', userId: randomUUID(), organisationId: orgA, role: 'approver' },
    // Another member of A: an organisation's rows do not depend on who placed or wrote them.
    adminA: { kind: 'customer', userId: randomUUID(), organisationId: orgA, role: 'admin' },
    buyerB: { kind: 'customer', userId: buyerB, organisationId: orgB, role: 'buyer' },
    caseManagerB: { kind: 'staff', userId: await id(POLICE_CASE_MANAGER), organisationId: null, role: 'case_manager' },
    // The demo sales consultant: of both organisations (organisations.sales_consultant_id), case manager of neither.
    salesConsultant: { kind: 'staff', userId: await id(SALES_CONSULTANT), organisationId: null, role: 'sales_consultant' },
    unassignedStaff: { kind: 'staff', userId: await id(UNASSIGNED_STAFF), organisationId: null, role: 'case_manager' },
    system: SYSTEM_CALLER,
    // The supplier's ERP with every scope (decision 045): no organisation, so no customer's rows.
    integration: { kind: 'integration', clientId: randomUUID(), clientName: 'Scope ERP', scopes: [...INTEGRATION_SCOPES], organisationId: null },
  } satisfies Record<string, Caller>);
  expect(Object.keys(callers).sort()).toEqual([...CALLER_NAMES].sort());

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
    // An address of A's book that also names A's buyer: A's, never part of their own book.
    aNamingBuyerA: await address(orgA, buyerA),
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
  buyerANoOrganisation: ['buyerAOwn'],
  approverA: ['a'],
  adminA: ['a'],
  buyerB: ['b'],
  caseManagerB: ['b'],
  salesConsultant: ['a', 'b'],
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
  const expected: Record<string, string[]> = { ...ordersSeen, caseManagerB: [], salesConsultant: [], unassignedStaff: [], system: [] };
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
    buyerANoOrganisation: [],
    approverA: ['a'],
    adminA: ['a'],
    buyerB: ['b'],
    caseManagerB: ['b'],
    salesConsultant: ['a', 'b'],
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
    buyerA: ['a', 'aNamingBuyerA'],
    buyerANoOrganisation: ['buyerAOwn'],
    adminA: ['a', 'aNamingBuyerA'],
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

const uuid = (value: string | null): SQL => (value === null ? sql`null::uuid` : sql`${value}::uuid`);

/** The names of `rows` (a VALUES list read as v(name, ...columns)) that `condition` lets through. */
async function passing(columns: string[], rows: Record<string, SQL[]>, condition: SQL): Promise<string[]> {
  const values = sql.join(
    Object.entries(rows).map(([name, cells]) => sql`(${name}::text, ${sql.join(cells, sql`, `)})`),
    sql`, `,
  );
  const found = await query<{ name: string }>(t.app, sql`select v.name from (values ${values}) as v(name, ${sql.raw(columns.join(', '))}) where ${condition}`);
  return found.map((r) => r.name).sort();
}

describe('invoiceScope: whose invoices and credit notes', () => {
  // Documents of the orders above, and two whose owner columns disagree, as no issued document does:
  // each half of a web-shop customer's condition keeps an organisation's document out by itself.
  const invoiceRows = () => ({
    a: [uuid(organisations.a!), uuid(orders.a!)],
    b: [uuid(organisations.b!), uuid(orders.b!)],
    webshop: [uuid(null), uuid(orders.webshop!)],
    webshop2: [uuid(null), uuid(orders.webshop2!)],
    buyerAOwn: [uuid(null), uuid(orders.buyerAOwn!)],
    // A's document of A's buyer's web-shop order: A's, never the buyer's own.
    aOfOwnOrder: [uuid(organisations.a!), uuid(orders.buyerAOwn!)],
    // A document without organisation of an order A's buyer placed for A: not the buyer's own.
    ownOfAOrder: [uuid(null), uuid(orders.a!)],
  });
  const ofA = ['a', 'aOfOwnOrder'];
  const expected: Record<string, string[]> = {
    visitor: [],
    anonymous: [],
    // One web-shop customer never reads another's (issue 40: the condition on the user was unchecked).
    webshop: ['webshop'],
    buyerA: ofA,
    buyerANoOrganisation: ['buyerAOwn'],
    approverA: ofA,
    adminA: ofA,
    buyerB: ['b'],
    caseManagerB: ['b'],
    salesConsultant: [...ofA, 'b'],
    unassignedStaff: [],
    system: ['a', 'aOfOwnOrder', 'b', 'buyerAOwn', 'ownOfAOrder', 'webshop', 'webshop2'],
    integration: [],
  };
  it.each(Object.keys(expected))('%s', async (name) => {
    const condition = invoiceScope(callers[name]!, { organisation: sql`v.organisation_id`, order: sql`v.order_id` });
    expect(await passing(['organisation_id', 'order_id'], invoiceRows(), condition)).toEqual([...expected[name]!].sort());
  });
});

describe('orderListScope and mayManageOrderList: which lists, and who manages one', () => {
  const other = randomUUID();
  const listRows = () => ({
    ownA: [uuid(organisations.a!), uuid((callers.buyerA as CustomerCaller).userId), sql`false`],
    sharedA: [uuid(organisations.a!), uuid(other), sql`true`],
    privateA: [uuid(organisations.a!), uuid(other), sql`false`],
    sharedB: [uuid(organisations.b!), uuid(other), sql`true`],
    // A's buyer's own list in B (a person in both): a list is its organisation's.
    ownInB: [uuid(organisations.b!), uuid((callers.buyerA as CustomerCaller).userId), sql`false`],
  });
  const expected: Record<string, string[]> = {
    buyerA: ['ownA', 'sharedA'],
    // An administrator sees the shared lists, not a member's private one.
    adminA: ['sharedA'],
    approverA: ['sharedA'],
    buyerB: ['sharedB'],
  };
  it.each(CALLER_NAMES)('%s', async (name) => {
    const condition = orderListScope(callers[name]!, { organisation: sql`v.organisation_id`, owner: sql`v.owner_user_id`, shared: sql`v.shared` });
    expect(await passing(['organisation_id', 'owner_user_id', 'shared'], listRows(), condition)).toEqual(expected[name] ?? []);
  });

  it('lets the author and an administrator manage a list, not another buyer nor an approver', () => {
    const as = (name: string) => callers[name] as CustomerCaller;
    expect({
      authorOwn: mayManageOrderList(as('buyerA'), as('buyerA').userId),
      buyerOther: mayManageOrderList(as('buyerA'), other),
      adminOther: mayManageOrderList(as('adminA'), other),
      approverOther: mayManageOrderList(as('approverA'), other),
      noOrganisationOwn: mayManageOrderList(as('buyerANoOrganisation'), as('buyerA').userId),
    }).toEqual({ authorOwn: true, buyerOther: false, adminOther: true, approverOther: false, noOrganisationOwn: true });
  });
});

describe('authority: who may administer an organisation and decide its approvals', () => {
  const expected: Record<string, string[]> = { adminA: ['administer', 'approve'], approverA: ['approve'] };
  it.each(CALLER_NAMES)('%s', (name) => {
    const caller = callers[name]!;
    expect((['administer', 'approve'] as const).filter((a) => hasAuthority(caller, a))).toEqual(expected[name] ?? []);
  });

  it('gives none to a customer without an organisation, whatever role they carry', () => {
    const claimed: Caller = { kind: 'customer', userId: randomUUID(), organisationId: null, role: 'admin' };
    expect([hasAuthority(claimed, 'administer'), hasAuthority(claimed, 'approve')]).toEqual([false, false]);
  });

  it('refuses with the area\'s own code, and names the roles a query counts', () => {
    const refusal = { code: ACCOUNT_ERRORS.ADMINS_ONLY, message: 'Administrators only' };
    expect(requireAuthority(callers.adminA as MemberCaller, 'administer', refusal)).toBe(callers.adminA);
    expect(() => requireAuthority(callers.approverA as MemberCaller, 'administer', refusal)).toThrow(expect.objectContaining({ statusCode: 403, code: ACCOUNT_ERRORS.ADMINS_ONLY }));
    expect([rolesWith('administer'), rolesWith('approve')]).toEqual([['admin'], ['admin', 'approver']]);
  });
});

describe("integrationClientScope: an integration client's own rows", () => {
  const expected: Record<string, string[]> = {
    integration: ['own'],
    caseManagerB: ['other', 'own'],
    salesConsultant: ['other', 'own'],
    unassignedStaff: ['other', 'own'],
    system: ['other', 'own'],
  };
  it.each(CALLER_NAMES)('%s', async (name) => {
    const own = (callers.integration as { clientId: string }).clientId;
    const rows = { own: [uuid(own)], other: [uuid(randomUUID())] };
    expect(await passing(['client_id'], rows, integrationClientScope(callers[name]!, sql`v.client_id`))).toEqual(expected[name] ?? []);
  });
});
