// The database's enums are built from the shared constants (schema/enums.ts); this checks that the
// migrations created exactly those values, in that order, on PGlite and on PostgreSQL. A constant
// changed without a migration (or a migration without the constant) fails here.
import { sql } from 'drizzle-orm';
import { isPgEnum, type PgEnum } from 'drizzle-orm/pg-core';
import * as shared from '@portal/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { rawRows as rows } from '../test-support/demo-buyers';
import * as schema from './schema';

const SHARED: Record<string, readonly string[]> = {
  address_type: shared.ADDRESS_TYPES,
  client_type: shared.CLIENT_TYPES,
  invoice_delivery_status: shared.INVOICE_DELIVERY_STATUSES,
  invoice_kind: shared.INVOICE_KINDS,
  invoice_status: shared.INVOICE_STATUSES,
  membership_role: shared.MEMBERSHIP_ROLES,
  order_status: shared.ORDER_STATUSES,
  organisation_type: shared.ORGANISATION_TYPES,
  shop: shared.PRODUCT_SHOPS,
  quotation_status: shared.QUOTATION_STATUSES,
  redirect_type: shared.REDIRECT_TYPES,
  registration_kind: shared.REGISTRATION_KINDS,
  staff_role: shared.STAFF_ROLES,
};

let t: TestApp;
let inDatabase: Map<string, string[]>;

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false });
  const found = await rows<{ name: string; value: string }>(
    t.app.database.db,
    sql`select t.typname as name, e.enumlabel as value from pg_type t join pg_enum e on e.enumtypid = t.oid
        join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'public' order by t.typname, e.enumsortorder`,
  );
  inDatabase = new Map();
  for (const r of found) inDatabase.set(r.name, [...(inDatabase.get(r.name) ?? []), r.value]);
});
afterAll(async () => {
  await t.close();
});

const declared = (Object.values(schema) as unknown[]).filter((x): x is PgEnum<[string, ...string[]]> => isPgEnum(x));

describe('database enums', () => {
  it.each(Object.entries(SHARED))('%s holds exactly the shared constant', (name, values) => {
    expect(inDatabase.get(name)).toEqual([...values]);
  });

  it('every enum of the Drizzle schema exists in the migrated database with its values', () => {
    expect(declared.length).toBeGreaterThanOrEqual(Object.keys(SHARED).length);
    for (const e of declared) expect([e.enumName, inDatabase.get(e.enumName)]).toEqual([e.enumName, [...e.enumValues]]);
  });

  it('the database has no enum the schema does not declare', () => {
    expect([...inDatabase.keys()].sort()).toEqual(declared.map((e) => e.enumName).sort());
  });
});
