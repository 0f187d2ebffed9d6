import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CompanySchema } from './company';
import { CentsSchema, formatCents, PriceSchema } from './money';
import { ORDER_STATUSES, OrderStatusSchema, OrderSummarySchema } from './order';
import { NsnSchema, quantityWithinStock } from './product';
import { STOCK_STATES, StockStateSchema } from './stock';
import { CLIENT_TYPES } from './organisation';
import { UserSchema } from './user';
import { messagesOf } from './test-helpers';

describe('enumerations of the spec', () => {
  it('has the nine order statuses', () => {
    expect(ORDER_STATUSES).toEqual([
      'payment_pending',
      'payment_failed',
      'payment_cancelled',
      'payment_expired',
      'ordered',
      'processing',
      'to_be_shipped',
      'in_shipping',
      'delivered',
    ]);
    expect(v.is(OrderStatusSchema, 'shipped')).toBe(false);
  });

  it('has the six stock states', () => {
    expect(STOCK_STATES).toEqual(['in_stock', 'low_stock', 'backorder', 'not_available', 'not_within_contract', 'price_on_request']);
    expect(v.is(StockStateSchema, 'sold_out')).toBe(false);
  });

  it('has client types B2B and B2G', () => {
    expect(CLIENT_TYPES).toEqual(['B2B', 'B2G']);
  });
});

describe('money', () => {
  it('is integer cents', () => {
    expect(v.is(CentsSchema, 1250)).toBe(true);
    expect(v.is(CentsSchema, 12.5)).toBe(false);
    expect(v.is(PriceSchema, { excl_vat: 1000, incl_vat: 1210, vat_rate: 21 })).toBe(true);
  });

  it('formats cents as euros per locale', () => {
    expect(formatCents(1250, 'en-US')).toBe('€12.50');
    expect(formatCents(1250, 'nl-BE').replace(/\s/g, ' ')).toBe('€ 12,50');
  });
});

describe('products and orders', () => {
  it('accepts NSNs with and without dashes', () => {
    expect(v.is(NsnSchema, '6545-01-532-3674')).toBe(true);
    expect(v.is(NsnSchema, '6545015323674')).toBe(true);
    expect(v.is(NsnSchema, '6545-01-532')).toBe(false);
  });

  it('limits a quantity to the stock: "You can add maximum {count}"', () => {
    const schema = v.object({ quantity: quantityWithinStock(3) });
    expect(v.is(schema, { quantity: 3 })).toBe(true);
    expect(messagesOf(schema, { quantity: 4 })).toEqual({ quantity: 'quantity.maximumAllowed' });
  });

  it('parses an order summary and rejects an unknown status', () => {
    const order = {
      id: 'o1',
      number: 'PO-2025-0001',
      date: '2025-01-31T10:00:00Z',
      status: 'ordered',
      products: 3,
      ordered_by: 'An Peeters',
      total_incl_vat: 12100,
    };
    expect(v.is(OrderSummarySchema, order)).toBe(true);
    expect(v.is(OrderSummarySchema, { ...order, status: 'lost' })).toBe(false);
    expect(v.is(OrderSummarySchema, { ...order, total_incl_vat: 121.5 })).toBe(false);
  });

  it('parses a user and a company', () => {
    expect(
      v.is(UserSchema, { id: 'u1', first_name: 'An', last_name: 'Peeters', email: 'an@x.be', phone: null, function: null, vat_number: null, role: 'buyer' }),
    ).toBe(true);
    const company = {
      id: 'c1',
      name: 'Rode Kruis',
      vat_number: 'BE0403170701',
      billing_email: 'fin@x.be',
      website: null,
      client_type: 'B2G',
      organisation_type: 'medical',
      primary_contact: null,
      sales_consultant: { name: 'Piet', email: null, phone: null },
      customer_number: 'C-0001',
      addresses: { delivery: [], invoice: [] },
      contract: { number: 'K-1', starts_on: '2025-01-01', ends_on: null, conditions_url: null },
    };
    expect(v.is(CompanySchema, company)).toBe(true);
    expect(v.is(CompanySchema, { ...company, client_type: 'B2C' })).toBe(false);
  });
});

describe('server safety', () => {
  it('no schema module imports React or the design system', () => {
    const dir = import.meta.dirname;
    const offenders = readdirSync(dir)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => /from ['"](react|react-dom|@mantine\/[^'"]+|\.\.\/ui[^'"]*)['"]/.test(readFileSync(join(dir, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
