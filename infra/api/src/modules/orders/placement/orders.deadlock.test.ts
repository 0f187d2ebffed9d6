// A placement that PostgreSQL ends as a deadlock victim (40P01) wrote nothing (the whole transaction
// rolled back), so it is placed again, as a placement whose cart changed is; only the last attempt's
// deadlock is answered (a 500, as before). Seen in the orders bench under load (issue 13): two
// placements queued on a product row updated after their statement's snapshot. The service and the
// repository's error mapping are tested here with stand-ins; the placement itself is tested on
// PGlite and PostgreSQL in orders.routes.test.ts.
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Checkout } from '@portal/shared/schemas';
import type { CustomerCaller } from '../../../caller';
import type { Db } from '../../../db/client';
import type { AddressSnapshot } from '../tables';
import type { ShopScope } from '../../../plugins/request-context';
import { idempotent } from './orders.idempotency';
import { PlacementDeadlocked, createOrdersRepository, type NewOrder, type OrdersRepository, type PlacementPorts } from './orders.repository';
import { createOrdersService, type OrderQuote, type OrdersDeps } from './orders.service';

const caller: CustomerCaller = { kind: 'customer', userId: 'u-1', organisationId: 'o-1', role: 'buyer' };
const scope: ShopScope = { shop: 'portal', contractId: 'c-1', locale: 'en' };
const address: AddressSnapshot = { label: 'Store', street: 'Street', nr: '1', postal_code: '9000', city: 'Gent', country: 'BE' };
const body: Checkout = {
  billing_address_id: 'a-bill',
  delivery_address_id: 'a-ship',
  shipping_method: 'standard',
  submitter: { first_name: 'A', last_name: 'B', function: 'Buyer', full_name: 'A B', declaration: true },
} as Checkout;
const quote: OrderQuote = {
  cart: { lines: [{}] },
  quotationId: null,
  lines: [{ product_id: 'p-1', name: 'Product', quantity: 1, unit_excl_vat: 100, vat_rate: 21 }],
  notOrderable: [],
  shipping: null,
  discount: null,
  money: { subtotal_excl_vat: 100, discount_excl_vat: 0, shipping_excl_vat: 0, vat: 21, incl_vat: 121 },
};
/** A pg error as drizzle hands it on: the driver's error (with its SQLSTATE) as the cause. */
const deadlock = () => Object.assign(new Error('Failed query: ...'), { cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }) });

/** The service with stand-ins; `place` answers with the given outcomes in turn. */
function service(outcomes: (Error | { id: string; number: string })[]) {
  const place = vi.fn(async () => {
    const next = outcomes.shift()!;
    if (next instanceof Error) throw next;
    return next;
  });
  const release = vi.fn(async () => undefined);
  const repo = {
    place,
    addresses: () => ({ expression: sql`null`, read: () => new Map([['a-bill', address], ['a-ship', address]]) }),
  } as unknown as OrdersRepository;
  const deps: OrdersDeps = {
    repo,
    reader: {} as OrdersDeps['reader'],
    // The real claim-run-complete-or-release sequence, over stand-in steps.
    keys: { idempotent: (command) => idempotent({ claim: async () => ({ kind: 'claimed', alongside: null }), complete: async () => undefined, release }, command) },
    quotes: { quote: async () => quote },
    payments: {} as OrdersDeps['payments'],
    onAccountPlaced: async () => undefined,
    publicBaseUrl: 'http://localhost',
    log: { error: () => undefined },
    portalScope: async (_caller, locale) => ({ shop: 'portal', contractId: 'c-1', locale }),
  };
  return { orders: createOrdersService(deps), place, release };
}

describe('a placement ended by a deadlock', () => {
  it('is placed again, and answered as the placement that went through', async () => {
    const { orders, place, release } = service([new PlacementDeadlocked('deadlock'), { id: 'order-1', number: '2026-000001' }]);
    const { order, replayed } = await orders.place(scope, caller, 'key-12345678', body, 'en', null);
    expect(order).toEqual({ id: 'order-1', number: '2026-000001', status: 'ordered', payment_url: null });
    expect(replayed).toBe(false);
    expect(place).toHaveBeenCalledTimes(2);
    expect(release).not.toHaveBeenCalled();
  });

  it('is answered with the error after three, and frees the key', async () => {
    const { orders, place, release } = service([new PlacementDeadlocked('1'), new PlacementDeadlocked('2'), new PlacementDeadlocked('3'), { id: 'never', number: 'never' }]);
    await expect(orders.place(scope, caller, 'key-12345678', body, 'en', null)).rejects.toBeInstanceOf(PlacementDeadlocked);
    expect(place).toHaveBeenCalledTimes(3);
    expect(release).toHaveBeenCalledTimes(1);
  });

  it('is told apart from any other failure of the transaction by its SQLSTATE', async () => {
    const failing = (err: Error) => createOrdersRepository({ transaction: () => Promise.reject(err) } as unknown as Db, {} as PlacementPorts);
    const order = { caller, idempotency: { callerKey: 'user:u-1', key: 'k' }, quotationId: null } as unknown as NewOrder;
    await expect(failing(deadlock()).place(order, new Map(), async () => undefined)).rejects.toBeInstanceOf(PlacementDeadlocked);
    const other = Object.assign(new Error('Failed query: ...'), { cause: Object.assign(new Error('duplicate key'), { code: '23505' }) });
    await expect(failing(other).place(order, new Map(), async () => undefined)).rejects.toBe(other);
  });
});
