import { describe, expect, it } from 'vitest';
import { rulesMet, type StoredRule } from './approvals.rules';

const rule = (r: Partial<StoredRule> & Pick<StoredRule, 'kind'>): StoredRule => ({ id: 'r', amountCents: null, categoryIds: [], userIds: [], ...r });
const facts = { userId: 'u1', goodsExclVat: 10_000, lineCategories: [[3, 1], [7]] };

describe('approval rules', () => {
  it('an order total strictly above the amount needs approval; at the amount it does not', () => {
    expect(rulesMet([rule({ kind: 'order_total_above', amountCents: 9_999 })], facts)).toEqual([{ kind: 'order_total_above', amount_cents: 9_999 }]);
    expect(rulesMet([rule({ kind: 'order_total_above', amountCents: 10_000 })], facts)).toEqual([]);
    // A rule without its amount is met by no order.
    expect(rulesMet([rule({ kind: 'order_total_above', amountCents: null })], facts)).toEqual([]);
  });

  it('gives the amount only for an amount rule', () => {
    expect(rulesMet([rule({ kind: 'users', userIds: ['u1'], amountCents: 5_000 })], facts)).toEqual([{ kind: 'users', amount_cents: null }]);
  });

  it('a product of a chosen category (sub-category or family) needs approval', () => {
    expect(rulesMet([rule({ kind: 'categories', categoryIds: [1] })], facts)).toHaveLength(1);
    expect(rulesMet([rule({ kind: 'categories', categoryIds: [7] })], facts)).toHaveLength(1);
    expect(rulesMet([rule({ kind: 'categories', categoryIds: [2, 4] })], facts)).toEqual([]);
  });

  it("any order by a chosen user needs approval; another user's does not", () => {
    expect(rulesMet([rule({ kind: 'users', userIds: ['u1'] })], facts)).toEqual([{ kind: 'users', amount_cents: null }]);
    expect(rulesMet([rule({ kind: 'users', userIds: ['u2'] })], facts)).toEqual([]);
  });

  it('names every rule met, and none without rules', () => {
    expect(rulesMet([rule({ kind: 'users', userIds: ['u1'] }), rule({ kind: 'order_total_above', amountCents: 0 })], facts)).toHaveLength(2);
    expect(rulesMet([], facts)).toEqual([]);
  });
});
