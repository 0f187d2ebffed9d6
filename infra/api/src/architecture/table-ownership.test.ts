// Modules own their tables (decision 039). Every table of db/schema has one owner, a group of
// modules; only the owner writes it. Another module that must change it inside its own transaction
// calls the owner's in-transaction port, wired at the composition root (app.ts), or takes an SQL
// fragment the owner writes (placement's one statement). Reads of another owner's table go through
// the scope module (common/scope) or a port; the shipping rates that are offered (the cart's and the
// organisation page's "free from") through common/shipping-rates, the one list of delivery countries
// (decision 044); the few left are listed below with their reason. This
// reads every module's source (its raw SQL text and its Drizzle table imports) and fails naming
// the file and the foreign table.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema/index';

const MODULES = join(import.meta.dirname, '../modules');

/** Who owns which table: an owner is a bounded context of one or more module folders. */
const OWNERS: Record<string, { modules: string[]; tables: string[] }> = {
  // The catalogue and its stock levels (stock.ts holds the stock ports).
  catalog: {
    modules: ['catalog', 'images'],
    tables: ['products', 'product_translations', 'brands', 'categories', 'product_groups', 'bundle_lines', 'product_relations', 'contract_prices', 'images', 'product_images', 'product_facet_counts', 'contract_facet_counts', 'stock_deltas'],
  },
  cart: { modules: ['cart'], tables: ['carts', 'cart_lines'] },
  // Prices the checkout quotes: shipping and discount codes (discounts.ts holds the discount ports).
  checkout: { modules: ['checkout'], tables: ['shipping_methods', 'shipping_rates', 'discount_codes'] },
  // The order's life: placement, its reading, its status changes, its messages and its documents.
  orders: {
    modules: ['orders', 'order-status', 'order-history', 'order-messages', 'order-documents'],
    tables: ['orders', 'order_lines', 'order_status_history', 'order_messages', 'order_documents', 'idempotency_keys'],
  },
  quotations: { modules: ['quotations'], tables: ['quotations', 'quotation_lines', 'quotation_history'] },
  // Buyers' named order lists, private or shared with the organisation (issue 33, decision 056).
  'order-lists': { modules: ['order-lists'], tables: ['order_lists', 'order_list_lines'] },
  payments: { modules: ['payments'], tables: ['payments', 'payment_webhook_events', 'payment_refunds'] },
  // Invoices and credit notes, their gapless numbering and their rendered documents (issue 30).
  invoices: { modules: ['invoices'], tables: ['invoices', 'invoice_lines', 'invoice_number_series'] },
  // Their delivery over Peppol and by mail (decision 048): the access point, the job, the staff's retry.
  'invoice-delivery': { modules: ['invoice-delivery'], tables: ['invoice_deliveries'] },
  // The supplier's systems' bulk imports: their jobs and refused lines (issue 29). The records they
  // write belong to their owners and are written through the owners' ports.
  imports: { modules: ['imports'], tables: ['import_jobs', 'import_refusals'] },
  // The reference tables read by many: people, organisations, their memberships, contracts and
  // addresses, and the sign-in state.
  accounts: {
    modules: ['auth', 'oauth', 'profile', 'users', 'me', 'organisation', 'addresses'],
    tables: [
      'users',
      'staff',
      'organisations',
      'memberships',
      'addresses',
      'contracts',
      'anonymous_sessions',
      'refresh_token_families',
      'refresh_tokens',
      'verification_codes',
      'registrations',
    ],
  },
  content: {
    modules: ['translations', 'route-rules', 'contact', 'newsletter', 'mail', 'docs', 'health'],
    tables: ['translations', 'route_rules', 'contact_requests', 'newsletter_subscriptions', 'outbox'],
  },
  // The warehouse's shipments and their lines (decision 050); the order moves through the orders port.
  shipments: { modules: ['shipments'], tables: ['shipments', 'shipment_lines'] },
  // The supplier's machine clients and their hashed secrets (decision 045); the token endpoint and
  // the access check reach them through this module's service and plugins/access-state.ts.
  'integration-clients': { modules: ['integration-clients'], tables: ['integration_clients', 'integration_client_secrets'] },
  // Order events out (decision 051): the outbox the database triggers write, the webhooks and their deliveries.
  'integration-events': {
    modules: ['integration-events'],
    tables: ['integration_events', 'integration_event_streams', 'integration_webhooks', 'integration_webhook_deliveries'],
  },
  // Buyers' procurement systems (issue 34): their identities, read by the punchout (setup, start,
  // transfer, OCI) and by the procurement orders (cXML OrderRequest, Peppol Order).
  procurement: { modules: ['punchout', 'procurement-orders'], tables: ['procurement_identities', 'punchout_sessions', 'procurement_orders'] },
  // Approval rules and orders waiting for approval (issue 33, decision 055); the order an approval
  // places is the orders module's, placed through its placement port.
  approvals: { modules: ['approvals'], tables: ['approval_rules', 'approval_requests', 'approval_history'] },
  // Cost centres, their buyers, budgets' spending per period and the order's charge (issue 33,
  // decision 054); placement charges them through the BudgetPort (budgets.port.ts).
  budgets: { modules: ['budgets'], tables: ['cost_centres', 'cost_centre_buyers', 'cost_centre_spending', 'order_cost_centres', 'budget_rules'] },
  // Append-only: every module records its own events in the audit log (decision 012).
  shared: { modules: [], tables: ['audit_log'] },
};
const SHARED_WRITES = new Set(OWNERS.shared!.tables);

/**
 * Reads of another owner's table that stay, with why: each is a read (a write never is allowed),
 * in the reading module's own statement where a port would cost a round trip or only rename a join.
 * Key: `module → table`.
 */
const READS: Record<string, string> = {
  // Placement's one statement (BENCHMARKS.md): the buyer's mail facts are read with it.
  'orders → users': "the buyer's e-mail and first name for the confirmation, in placement's statement",
  'orders → products': "an order's lines show the product's current brand and image (orders.read.ts)",
  'orders → brands': "an order's lines show the product's brand (orders.read.ts)",
  'orders → product_translations': "an order's lines are named in the reader's language where the catalogue has the product (decision 043)",
  'orders → addresses': "the address book's snapshots are read with the key's claim (one round trip); who may see which is common/scope's",
  'orders → payments': "a replayed answer carries the pending payment's page (orders.idempotency.ts)",
  'orders → organisations': 'order documents and history name the organisation',
  'orders → staff': 'the history names the staff member who moved the order',
  'orders → shipping_methods': "the order's shipping method's name",
  'orders → memberships': 'who in the organisation receives a message about the order',
  'orders → procurement_orders': "an order's page shows the procurement system it came from (cXML or Peppol, decision 053)",
  'payments → orders': "a payment's order: its number, status and payer, the orders waiting for payment (read and locked, changed through the orders port)",
  'payments → order_status_history': 'when an order without a pending payment became payment_pending (the expiry job)',
  'cart → shipping_rates': "the cart's \"free from\" is typed from the rate's column (its read is common/shipping-rates')",
  'cart → addresses': "the cart's shipping estimate reads the default delivery address's country",
  'order-lists → users': "a shared list names its author",
  'quotations → products': 'a quotation request prices and names the products',
  'quotations → product_translations': 'a quotation request names the products',
  'quotations → contract_prices': "a quotation request starts from the organisation's contract prices",
  'quotations → contracts': "a quotation request starts from the organisation's contract",
  'quotations → organisations': 'staff see which organisation asked',
  'quotations → users': 'staff see who asked',
  'catalog → contracts': 'an imported contract price names its contract by number (contract-price-import.ts)',
  'catalog → orders': "the catalogue's 'ordered before' widget",
  'catalog → order_lines': "the catalogue's 'ordered before' widget",
  'accounts → discount_codes': "the organisation page lists the contract's discount codes",
  'invoices → orders': "an invoice states its order's facts, read (the row locked) in the issuing transaction; the pages show the order's numbers",
  'invoices → order_lines': 'an invoice states the order lines it invoices or credits',
  'invoices → order_status_history': "the demo's invoices are dated the day their order shipped",
  'invoices → products': "an invoice line states the product's GTIN, unit and VAT category",
  'invoices → organisations': 'an invoice names its buyer (identifiers, VAT status, Peppol id, billing e-mail)',
  'invoices → contracts': "the due date follows the contract's payment terms",
  'budgets → memberships': "the administrator's role is read on every call, and assigned buyers must be the organisation's members",
  'invoices → users': "an invoice is in the ordering user's language and names them as contact",
  'invoices → discount_codes': "an invoice names the order's discount code",
  'imports → integration_clients': "the staff page's list of import jobs names each job's client (staff-imports.routes.ts)",
  'integration-events → integration_clients': "a delivery names its webhook's client, and a revoked client's webhooks are not sent (decision 051)",
  'procurement → products': "a procurement order's lines are matched by article code, product code or GTIN",
  'procurement → contract_prices': "a cXML order's UnitPrice is checked against the contract price before placement (placement charges the contract's)",
  'procurement → addresses': "a procurement order's delivery party is matched against the organisation's address book",
  'procurement → orders': 'the staff list and a replayed Peppol answer name the order number',
  'approvals → addresses': "a request keeps the buyer's address book snapshots as submitted, read with common/scope's addressBookScope (as placement reads them)",
  'content → users': 'a contact request names its sender',
  'content → organisations': "a contact request names its sender's organisation",
  'content → memberships': "a contact request goes to the organisation's case manager",
  'procurement → users': "a procurement order's submitter is its user's name; the operator's punchout command and the demo identities name the identity's user by e-mail",
  'procurement → organisations': "a Peppol order's buyer party is matched to the organisation by its participant id and the staff list names it; the punchout command and the demo identities name it",
  'procurement → memberships': "a procurement identity's user must be an active member of its organisation; a procurement order is placed in the name of an active member (the identity's user, or the primary contact)",
};

const TABLE_OWNER = new Map<string, string>();
for (const [owner, { tables }] of Object.entries(OWNERS)) for (const t of tables) TABLE_OWNER.set(t, owner);
const MODULE_OWNER = new Map<string, string>();
for (const [owner, { modules }] of Object.entries(OWNERS)) for (const m of modules) MODULE_OWNER.set(m, owner);

/** Every table of the schema, by its Drizzle export name and its SQL name. */
const TABLES = new Map<string, string>();
for (const [name, value] of Object.entries(schema)) if (is(value, PgTable)) TABLES.set(name, getTableName(value));
const SQL_NAMES = new Set(TABLES.values());

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    // Tests and the security tests' access tables set up rows as the system does, for no caller.
    return e.name.endsWith('.ts') && !/\.(test|test-support|access)\.ts$/.test(e.name) ? [path] : [];
  });
}

/** The code without its comments (prose names tables freely). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[\s;,(){}])\/\/.*$/gm, '$1');

export interface Reference {
  table: string;
  write: boolean;
}

/** The tables a source names: in SQL text (after from, join, using, into, update, delete from) and as Drizzle table imports. */
export function references(text: string): Reference[] {
  const body = code(text);
  const found: Reference[] = [];
  for (const m of body.matchAll(/\b(from|join|using|into|update|table)\s+([a-z_][a-z0-9_]*)\b/gi)) {
    const table = m[2]!;
    if (!SQL_NAMES.has(table)) continue;
    const before = body.slice(Math.max(0, m.index - 12), m.index).toLowerCase();
    const keyword = m[1]!.toLowerCase();
    const write = keyword === 'into' || keyword === 'update' || (keyword === 'from' && /delete\s+$/.test(before));
    found.push({ table, write });
  }
  for (const m of body.matchAll(/import\s+(?!type\b)\{([^}]*)\}\s+from\s+'[./]*\/db\/schema(?:\/[a-z-]+)?'/g)) {
    for (const part of m[1]!.split(',')) {
      const name = part.trim().replace(/^type\s+/, '');
      if (part.trim().startsWith('type ')) continue;
      const table = TABLES.get(name);
      if (!table) continue;
      const write = new RegExp(`\\.(insert|update|delete)\\(\\s*${name}\\b`).test(body);
      found.push({ table, write });
    }
  }
  return found;
}

/** What in the modules' source breaks the ownership rule, one line per file and foreign table. */
export function violations(): string[] {
  const out = new Set<string>();
  for (const file of sources(MODULES)) {
    const name = relative(MODULES, file);
    const module = name.split(sep)[0]!;
    const owner = MODULE_OWNER.get(module);
    if (!owner) {
      out.add(`${name}: module ${module} has no owner in the map`);
      continue;
    }
    for (const ref of references(readFileSync(file, 'utf8'))) {
      const tableOwner = TABLE_OWNER.get(ref.table);
      if (tableOwner === owner) continue;
      if (ref.write && SHARED_WRITES.has(ref.table)) continue;
      if (!ref.write && (SHARED_WRITES.has(ref.table) || READS[`${owner} → ${ref.table}`])) continue;
      out.add(`modules/${name}: ${ref.write ? 'writes' : 'reads'} ${ref.table} (owned by ${tableOwner})`);
    }
  }
  return [...out].sort();
}

describe('modules own their tables', () => {
  it('every table has exactly one owner', () => {
    const owned = [...TABLE_OWNER.keys()].sort();
    expect(owned).toEqual([...SQL_NAMES].sort());
    const listed = Object.values(OWNERS).flatMap((o) => o.tables);
    expect(listed.length).toBe(new Set(listed).size);
  });

  it('no module writes, or reads outside the list, a table another module owns', () => {
    expect(violations()).toEqual([]);
  });

  it('every listed read is still made (a stale entry is removed)', () => {
    const made = new Set<string>();
    for (const file of sources(MODULES)) {
      const owner = MODULE_OWNER.get(relative(MODULES, file).split(sep)[0]!);
      for (const ref of references(readFileSync(file, 'utf8'))) made.add(`${owner} → ${ref.table}`);
    }
    expect(Object.keys(READS).filter((k) => !made.has(k))).toEqual([]);
  });

  it('finds writes and reads in SQL text and Drizzle imports', () => {
    expect(references("sql`update products set x = 1`")).toEqual([{ table: 'products', write: true }]);
    expect(references('sql`delete from cart_lines cl using carts c`')).toEqual([
      { table: 'cart_lines', write: true },
      { table: 'carts', write: false },
    ]);
    expect(references('sql`select 1 from discount_codes d join quotations q on true`')).toEqual([
      { table: 'discount_codes', write: false },
      { table: 'quotations', write: false },
    ]);
    expect(references("// update products in a comment\nimport { orders } from '../../db/schema/index';\ndb.update(orders)")).toEqual([{ table: 'orders', write: true }]);
    expect(references("import type { AddressSnapshot } from '../../db/schema/orders';")).toEqual([]);
  });
});
