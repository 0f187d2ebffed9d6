// The scope's decisions that are not SQL, without a database: who has which authority in an
// organisation (authority.ts), who gets past the customers-only guard and with which refusal
// (customers-only.ts), who may manage an order list, and why a quotation cannot be ordered
// (quotations.ts). The WHERE conditions are asked on the database, against every kind of caller
// (scope.test.ts); these are the unit tests the mutation benchmark runs (issue 40, BENCHMARKS.md).
import { randomUUID } from 'node:crypto';
import { ACCOUNT_ERRORS, API_ERRORS, CATALOG_ERRORS, CHECKOUT_ERRORS, MESSAGE_KEYS as M } from '@portal/shared/schemas';
import { describe, expect, it } from 'vitest';
import { PUBLIC_CALLER, SYSTEM_CALLER, type Caller, type CustomerCaller } from '../../caller';
import { AppError } from '../../errors';
import { sql } from 'drizzle-orm';
import { assertOrderable, hasAuthority, organisationScope, quotationScope, mayManageOrderList, requireAuthority, requireCustomer, requireOrderingCustomer, roleHas, rolesWith, type MemberCaller } from '.';

const org = randomUUID();
const member = (role: CustomerCaller['role'], organisationId: string | null = org): CustomerCaller => ({ kind: 'customer', userId: randomUUID(), organisationId, role });
const staff: Caller = { kind: 'staff', userId: randomUUID(), organisationId: null, role: 'case_manager' };
const anonymous: Caller = { kind: 'anonymous', sessionId: randomUUID(), role: 'anonymous', organisationId: null };
const integration: Caller = { kind: 'integration', clientId: randomUUID(), clientName: 'ERP', scopes: [], organisationId: null };

/** What `f` answers: 'let through', or the refusal's status, code and message. */
const outcome = (f: () => unknown): string => {
  try {
    f();
    return 'let through';
  } catch (err) {
    if (err instanceof AppError) return `${err.statusCode} ${err.code} ${err.message}`;
    throw err;
  }
};

describe('authority in an organisation', () => {
  it('gives an admin both, an approver approve, a buyer none', () => {
    expect([roleHas('admin', 'administer'), roleHas('admin', 'approve')]).toEqual([true, true]);
    expect([roleHas('approver', 'administer'), roleHas('approver', 'approve')]).toEqual([false, true]);
    expect([roleHas('buyer', 'administer'), roleHas('buyer', 'approve')]).toEqual([false, false]);
  });

  it('gives nothing to a role it does not know, nor to an inherited property name', () => {
    expect([roleHas('owner', 'approve'), roleHas('constructor', 'approve'), roleHas('toString', 'administer')]).toEqual([false, false, false]);
  });

  it('names the roles a query counts', () => {
    expect([rolesWith('administer'), rolesWith('approve')]).toEqual([['admin'], ['admin', 'approver']]);
  });

  it('is held by a customer acting for an organisation only', () => {
    expect(hasAuthority(member('admin'), 'administer')).toBe(true);
    expect(hasAuthority(member('approver'), 'approve')).toBe(true);
    expect(hasAuthority(member('admin', null), 'administer')).toBe(false);
    expect(hasAuthority(member('approver', null), 'approve')).toBe(false);
    for (const caller of [staff, SYSTEM_CALLER, PUBLIC_CALLER, anonymous, integration]) expect(hasAuthority(caller, 'approve'), caller.kind).toBe(false);
    // Another kind of caller carrying a customer's role name and an organisation still has none.
    expect(hasAuthority({ ...staff, role: 'admin', organisationId: org } as unknown as Caller, 'administer')).toBe(false);
  });

  it("lets the member through, else refuses 403 with the area's code and words", () => {
    const refusal = { code: ACCOUNT_ERRORS.ADMINS_ONLY, message: 'Administrators only' };
    const admin = member('admin') as MemberCaller;
    expect(requireAuthority(admin, 'administer', refusal)).toBe(admin);
    expect(outcome(() => requireAuthority(member('approver') as MemberCaller, 'administer', refusal))).toBe(`403 ${ACCOUNT_ERRORS.ADMINS_ONLY} Administrators only`);
  });
});

describe('the customers-only guard', () => {
  const area = { code: ACCOUNT_ERRORS.CUSTOMERS_ONLY, message: 'For customers' };

  it('lets every customer through, with or without an organisation', () => {
    for (const caller of [member('buyer'), member('buyer', null)]) {
      expect(requireCustomer(caller, area)).toBe(caller);
      expect(requireOrderingCustomer(caller)).toBe(caller);
    }
  });

  it("refuses staff 403 with the area's code, others 401 asking to sign in", () => {
    expect(outcome(() => requireCustomer(staff, area))).toBe(`403 ${ACCOUNT_ERRORS.CUSTOMERS_ONLY} For customers`);
    for (const caller of [PUBLIC_CALLER, anonymous, SYSTEM_CALLER, integration]) {
      expect(outcome(() => requireCustomer(caller, area)), caller.kind).toBe(`401 ${API_ERRORS.UNAUTHORIZED} Sign in to continue`);
    }
    expect(outcome(() => requireCustomer(PUBLIC_CALLER, area, { code: 'X_VISITOR', message: 'Visitors sign in' }))).toBe('401 X_VISITOR Visitors sign in');
  });

  it('answers placing an order with the checkout codes', () => {
    expect(outcome(() => requireOrderingCustomer(staff))).toBe(`403 ${CHECKOUT_ERRORS.CUSTOMERS_ONLY} Only customer accounts can place orders`);
    expect(outcome(() => requireOrderingCustomer(anonymous))).toBe(`401 ${CATALOG_ERRORS.LOGIN_REQUIRED} Sign in to order`);
  });
});

describe('who may manage an order list', () => {
  it('is its author, or an administrator of its organisation; not another buyer nor an approver', () => {
    const author = member('buyer');
    expect(mayManageOrderList(author, author.userId)).toBe(true);
    expect(mayManageOrderList(member('buyer', null), author.userId)).toBe(false);
    expect(mayManageOrderList(member('buyer'), author.userId)).toBe(false);
    expect(mayManageOrderList(member('approver'), author.userId)).toBe(false);
    expect(mayManageOrderList(member('admin'), author.userId)).toBe(true);
  });
});

describe('why a quotation cannot be ordered', () => {
  const reason = (row: Parameters<typeof assertOrderable>[0], unpriced = false) => {
    try {
      assertOrderable(row, unpriced);
      return 'orderable';
    } catch (err) {
      if (err instanceof AppError) return err.code;
      throw err;
    }
  };
  const row = (status: string, extra: { order_id?: string; expired?: boolean } = {}) => ({ status, order_id: extra.order_id ?? null, expired: extra.expired ?? false });
  it.each([
    ['none in scope', null, false, CHECKOUT_ERRORS.QUOTATION_NOT_FOUND],
    ['ordered already', row('accepted', { order_id: randomUUID() }), false, CHECKOUT_ERRORS.QUOTATION_ORDERED],
    ['ordered already, expired since', row('expired', { order_id: randomUUID(), expired: true }), false, CHECKOUT_ERRORS.QUOTATION_ORDERED],
    ['expired by status', row('expired'), false, CHECKOUT_ERRORS.QUOTATION_EXPIRED],
    ['accepted, past its validity', row('accepted', { expired: true }), false, CHECKOUT_ERRORS.QUOTATION_EXPIRED],
    ['accepted, past its validity, a line unpriced', row('accepted', { expired: true }), true, CHECKOUT_ERRORS.QUOTATION_EXPIRED],
    // The validity date counts for an accepted quotation only: a sent one is not accepted, past it or not.
    ['sent, past its validity', row('sent', { expired: true }), false, CHECKOUT_ERRORS.QUOTATION_NOT_ACCEPTED],
    ['sent', row('sent'), false, CHECKOUT_ERRORS.QUOTATION_NOT_ACCEPTED],
    ['accepted with a line unpriced', row('accepted'), true, CHECKOUT_ERRORS.QUOTATION_NOT_ACCEPTED],
    ['accepted', row('accepted'), false, 'orderable'],
  ] as const)('%s', (_name, r, unpriced, expected) => {
    expect(reason(r, unpriced)).toBe(expected);
  });

  it('takes every line as priced unless told otherwise', () => {
    expect(() => assertOrderable(row('accepted'))).not.toThrow();
  });

  it('scopes quotations as their organisation is scoped (the condition itself is asked on the database, scope.test.ts)', () => {
    const column = sql`q.organisation_id`;
    for (const caller of [member('buyer'), member('buyer', null), staff, SYSTEM_CALLER, PUBLIC_CALLER]) expect(quotationScope(caller, column)).toEqual(organisationScope(caller, column));
  });

  it("answers each reason with its status, words and the field's message key", () => {
    const refusal = (r: Parameters<typeof assertOrderable>[0]) => {
      try {
        assertOrderable(r);
      } catch (err) {
        return err instanceof AppError ? { status: err.statusCode, message: err.message, errors: err.errors } : err;
      }
    };
    expect(refusal(null)).toEqual({ status: 422, message: 'Quotation not found', errors: [{ path: 'quotation_id', message: M.quotationNotFound }] });
    expect(refusal(row('accepted', { order_id: 'o' }))).toEqual({ status: 409, message: 'This quotation has already been ordered', errors: [{ path: 'quotation_id', message: M.quotationOrdered }] });
    expect(refusal(row('expired'))).toEqual({ status: 409, message: 'This quotation has expired', errors: [{ path: 'quotation_id', message: M.quotationExpired }] });
    expect(refusal(row('sent'))).toEqual({ status: 409, message: 'Only an accepted quotation can be ordered', errors: [{ path: 'quotation_id', message: M.quotationNotAccepted }] });
  });
});
