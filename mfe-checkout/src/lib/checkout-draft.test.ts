import { beforeEach, describe, expect, it } from 'vitest';
import type { Checkout } from '@portal/shared/schemas/checkout';
import { idempotencyKeyFor } from './checkout-draft';

const body = {
  billing_address_id: '00000000-0000-4000-8000-0000000000b1',
  delivery_address_id: '00000000-0000-4000-8000-0000000000d1',
  shipping_method: 'bpost',
  submitter: { first_name: 'Lucas', last_name: 'Janssens', function: 'Buyer', full_name: 'Lucas Janssens', declaration: true },
} as Checkout;

describe('the Idempotency-Key of a placement (decision 038)', () => {
  beforeEach(() => sessionStorage.clear());

  it('is kept for the same body, shop and language, whatever the order of the fields', () => {
    const first = idempotencyKeyFor({ body, shop: 'portal', locale: 'nl' });
    const reordered = Object.fromEntries(Object.entries(body).reverse()) as Checkout;
    expect(idempotencyKeyFor({ body: reordered, shop: 'portal', locale: 'nl' })).toBe(first);
  });

  it('is new when the language or the shop changed, as the API ties the key to both', () => {
    const first = idempotencyKeyFor({ body, shop: 'portal', locale: 'nl' });
    const otherLanguage = idempotencyKeyFor({ body, shop: 'portal', locale: 'fr' });
    expect(otherLanguage).not.toBe(first);
    expect(idempotencyKeyFor({ body, shop: 'medical', locale: 'fr' })).not.toBe(otherLanguage);
    expect(idempotencyKeyFor({ body: { ...body, remarks: 'x' }, shop: 'medical', locale: 'fr' })).not.toBe(otherLanguage);
  });
});
