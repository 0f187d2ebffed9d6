// Idempotency keys of POST /v1/orders. The key row is written (and committed) before the placement
// runs, so a second request with the same key sees it at once: the same body while the first runs
// is 409, the same body after it is the same answer, another body is 422. A placement that fails
// with a client error removes its row, so the corrected request may use the key again.
//
// A process may die (or an instance be killed) with a key `in_progress` (decision 023). The row is
// leased until its `updated_at` plus IDEMPOTENCY_LEASE_SECONDS (2 minutes by default). After the
// lease a retry is answered from what the database holds: the placement transaction records the
// order on the key when it commits, so a committed order is replayed (with its pending payment's
// page, if one was created), and a key without an order runs afresh. The placement itself
// re-checks, under a lock on the key row, that no order came of the key yet, so a slow first
// request and a retry that took its key over never both place an order.
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { CHECKOUT_ERRORS, type PlacedOrder } from '@portal/shared/schemas';
import { rows, type Db } from '../../db/client';
import { AppError } from '../../errors';

/** How long a request keeps its key `in_progress` before a retry may take over or replay. */
export const DEFAULT_LEASE_MS = 2 * 60_000;

/** A stable hash of the parsed body: keys sorted, so the same content always hashes the same. */
export function requestHash(body: unknown): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]))
        : value;
  return createHash('sha256').update(JSON.stringify(canonical(body))).digest('hex');
}

interface KeyRow {
  request_hash: string;
  state: string;
  order_id: string | null;
  response_body: PlacedOrder | null;
  stale: boolean;
}

export type Claim = { kind: 'claimed' } | { kind: 'replay'; response: PlacedOrder };

export function createIdempotencyStore(db: Db, leaseMs = DEFAULT_LEASE_MS) {
  /** The answer a placement would have given for this committed order (its pending payment's page, if any). */
  async function committedAnswer(orderId: string): Promise<PlacedOrder | null> {
    const [order] = await rows<{ id: string; number: string; status: PlacedOrder['status']; payment_url: string | null }>(
      db,
      sql`select o.id, o.number, o.status,
                 (select p.hosted_url from payments p where p.order_id = o.id and p.status = 'pending' order by p.created_at desc limit 1) as payment_url
          from orders o where o.id = ${orderId}`,
    );
    return order ? { id: order.id, number: order.number, status: order.status, payment_url: order.payment_url } : null;
  }

  /** The key is held already (the insert found it): what an earlier request with it decided, or the key taken over. */
  async function decide(callerKey: string, key: string, hash: string): Promise<Claim> {
    const [row] = await rows<KeyRow>(
      db,
      sql`select request_hash, state, order_id, response_body, updated_at < now() - make_interval(secs => ${leaseMs / 1000}) as stale
          from idempotency_keys where caller_key = ${callerKey} and key = ${key}`,
    );
    // Removed in between (the first request failed): claim it again.
    if (!row) return store.claim(callerKey, key, hash);
    if (row.request_hash !== hash) {
      throw new AppError(422, CHECKOUT_ERRORS.IDEMPOTENCY_KEY_REUSED, 'This Idempotency-Key was used with another request');
    }
    if (row.state === 'done' && row.response_body) return { kind: 'replay', response: row.response_body };
    if (row.stale && row.order_id) {
      // The order committed but its answer was never stored (the process died after the commit).
      const response = await committedAnswer(row.order_id);
      if (response) {
        await db.execute(
          sql`update idempotency_keys set state = 'done', response_body = ${JSON.stringify(response)}::jsonb, response_status = 201, updated_at = now()
              where caller_key = ${callerKey} and key = ${key} and state = 'in_progress'`,
        );
        return { kind: 'replay', response };
      }
    }
    if (row.stale && !row.order_id) {
      // Left by a request that never finished: take it over, once (the update is conditional).
      const taken = await rows<{ key: string }>(
        db,
        sql`update idempotency_keys set updated_at = now() where caller_key = ${callerKey} and key = ${key} and state = 'in_progress' and order_id is null
            and updated_at < now() - make_interval(secs => ${leaseMs / 1000}) returning key`,
      );
      if (taken.length) return { kind: 'claimed' };
    }
    throw new AppError(409, CHECKOUT_ERRORS.IDEMPOTENCY_IN_PROGRESS, 'A request with this Idempotency-Key is still being processed');
  }

  const store = {
    /**
     * Claims the key for this request, or answers what an earlier request with it decided.
     * `alongside`: an SQL expression (a read that writes nothing) evaluated by the statement that
     * claims the key, and answered with the claim: a request that needs both pays one round trip.
     */
    async claim(callerKey: string, key: string, hash: string, alongside: SQL = sql`null`): Promise<Claim & { alongside: unknown }> {
      const [first] = await rows<{ claimed: boolean; alongside: unknown }>(
        db,
        sql`with inserted as (
              insert into idempotency_keys (caller_key, key, request_hash) values (${callerKey}, ${key}, ${hash}) on conflict do nothing returning key
            )
            select exists (select 1 from inserted) as claimed, ${alongside} as alongside`,
      );
      if (first!.claimed) return { kind: 'claimed', alongside: first!.alongside };
      return { ...(await decide(callerKey, key, hash)), alongside: first!.alongside };
    },

    /** Stores the answer: a retry gets exactly this. */
    async complete(callerKey: string, key: string, response: PlacedOrder): Promise<void> {
      await db.execute(
        sql`update idempotency_keys set state = 'done', order_id = ${response.id}, response_body = ${JSON.stringify(response)}::jsonb, response_status = 201, updated_at = now()
            where caller_key = ${callerKey} and key = ${key}`,
      );
    },

    /** Frees the key after a refused placement (nothing was written), unless an order came of it. */
    async release(callerKey: string, key: string): Promise<void> {
      await db.execute(sql`delete from idempotency_keys where caller_key = ${callerKey} and key = ${key} and order_id is null`);
    },
  };
  return store;
}
export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
