import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { organisationScope, requireSignedIn, PUBLIC_CALLER, SYSTEM_CALLER, type Caller } from './caller';
import { orders } from './db/schema/index';

const dialect = new PgDialect();
const render = (caller: Caller) => dialect.sqlToQuery(organisationScope(caller, orders.organisationId));

describe('organisationScope', () => {
  it('limits a customer to their own organisation', () => {
    const q = render({ kind: 'customer', userId: 'u1', organisationId: 'org-1', role: 'buyer' });
    expect(q.sql).toBe('"orders"."organisation_id" = $1');
    expect(q.params).toEqual(['org-1']);
  });

  it('limits staff to the organisations assigned to them', () => {
    const q = render({ kind: 'staff', userId: 'staff-1', organisationId: null, role: 'case_manager' });
    expect(q.sql).toContain('case_manager_id = $1 or sales_consultant_id = $2');
    expect(q.params).toEqual(['staff-1', 'staff-1']);
  });

  it('gives nothing to anonymous and public callers, or to a customer without organisation', () => {
    expect(render(PUBLIC_CALLER).sql).toBe('false');
    expect(render({ kind: 'anonymous', sessionId: 's', role: 'anonymous', organisationId: null }).sql).toBe('false');
    expect(render({ kind: 'customer', userId: 'u', organisationId: null, role: 'buyer' }).sql).toBe('false');
    expect(render(SYSTEM_CALLER).sql).toBe('true');
  });

  it('requireSignedIn lets only people through', () => {
    expect(() => requireSignedIn(PUBLIC_CALLER)).toThrow(/Sign in/);
    expect(() => requireSignedIn({ kind: 'customer', userId: 'u', organisationId: 'o', role: 'admin' })).not.toThrow();
  });
});
