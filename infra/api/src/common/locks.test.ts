// The advisory-lock keys: the cart's lock is one lock whoever takes it (the cart's edits and the
// order placement serialise on it), and no two kinds of lock, or two owners, share a key.
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { addressBookLock, addressBookLockKey, cartLock, cartLockKey } from './locks';

const dialect = new PgDialect();

describe('advisory-lock keys', () => {
  it('gives every owner and every kind of lock its own key, for the same id too', () => {
    const same = '0b7c6f64-7a53-4a55-9d43-7d1f1c0f6f43';
    const keys = [
      cartLockKey({ kind: 'user', userId: same }),
      cartLockKey({ kind: 'anonymous', sessionId: same }),
      addressBookLockKey({ userId: same, organisationId: null }),
      cartLockKey({ kind: 'user', userId: 'another' }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("locks a user's cart alike in every organisation they act for", () => {
    expect(cartLockKey({ kind: 'user', userId: 'u1' })).toBe('cart:u1');
    expect(cartLockKey({ kind: 'anonymous', sessionId: 's1' })).toBe('cart:anon:s1');
  });

  it("locks an organisation's one address book for all its members, a web-shop customer's book by user", () => {
    expect(addressBookLockKey({ userId: 'u1', organisationId: 'org' })).toBe(addressBookLockKey({ userId: 'u2', organisationId: 'org' }));
    expect(addressBookLockKey({ userId: 'u1', organisationId: null })).not.toBe(addressBookLockKey({ userId: 'u2', organisationId: null }));
  });

  it('takes a transaction-scoped lock on the key', () => {
    const q = dialect.sqlToQuery(cartLock({ kind: 'user', userId: 'u1' }));
    expect(q.sql).toBe('pg_advisory_xact_lock(hashtext($1))');
    expect(q.params).toEqual(['cart:u1']);
    expect(dialect.sqlToQuery(addressBookLock({ userId: 'u1', organisationId: 'org' })).params).toEqual(['addresses:org']);
  });
});
