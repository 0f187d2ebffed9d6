import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@portal/shared/schemas';
import { canConfirmDelivery, nextStatuses, ORDER_TRANSITIONS } from './order-transitions';

const facts = (expectedDeliveryOn: string | null = null, deliveryConfirmedAt: string | null = null) => ({ expectedDeliveryOn, deliveryConfirmedAt, today: '2026-11-24' });

describe('order transitions', () => {
  it('names only known statuses, and leaves payment states to the payment flow', () => {
    for (const t of ORDER_TRANSITIONS) {
      expect(ORDER_STATUSES).toContain(t.from);
      expect(ORDER_STATUSES).toContain(t.to);
      if (t.from.startsWith('payment_') || t.to.startsWith('payment_')) expect(t.by).toBe('payment');
    }
  });

  it('moves staff forward one step at a time, never back', () => {
    expect(nextStatuses('staff', 'ordered', facts())).toEqual(['processing']);
    expect(nextStatuses('staff', 'processing', facts())).toEqual(['to_be_shipped']);
    expect(nextStatuses('staff', 'to_be_shipped', facts())).toEqual(['in_shipping']);
    expect(nextStatuses('staff', 'in_shipping', facts())).toEqual(['delivered']);
    expect(nextStatuses('staff', 'delivered', facts())).toEqual([]);
    expect(nextStatuses('staff', 'payment_pending', facts())).toEqual([]);
  });

  it('lets the buyer confirm only once the expected date passed, or when delivered and unconfirmed', () => {
    expect(nextStatuses('customer', 'in_shipping', facts('2026-11-25'))).toEqual([]);
    expect(nextStatuses('customer', 'in_shipping', facts('2026-11-24'))).toEqual(['delivered']);
    expect(canConfirmDelivery('in_shipping', facts(null))).toBe(false);
    expect(canConfirmDelivery('delivered', facts())).toBe(true);
    expect(canConfirmDelivery('delivered', facts(null, '2026-11-20T10:00:00Z'))).toBe(false);
    expect(canConfirmDelivery('processing', facts('2026-01-01'))).toBe(false);
  });
});
