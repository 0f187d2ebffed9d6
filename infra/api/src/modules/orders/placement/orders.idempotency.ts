// Idempotency keys of POST /v1/orders: the key's whole life is here (decision 038). `idempotent`
// claims the key, runs the command, then completes or releases the key; the placement transaction
// takes its SQL for the key from `keySql` (its lock, its completion), so the statements per order
// stay what they were; and `placedAnswer` is the one shape of the answer, first time and replayed.
//
// The key row is written (and committed) before the placement
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
import { and, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { CHECKOUT_ERRORS, idempotencySubject, type Checkout, type GivenLinesOrder, type PlacedOrder } from '@portal/shared/schemas';
import type { Db } from '../../../db/client';
import { idempotencyKeys, orders } from '../tables';
import { payments } from '../links';
import { nullable, rowShape, typedRows } from '../../../db/typed-rows';
import { AppError } from '../../../errors';

/** How long a request keeps its key `in_progress` before a retry may take over or replay. */
export const DEFAULT_LEASE_MS = 2 * 60_000;

/** Whose key it is and the key itself: keys are per caller. */
export interface IdempotencyKey {
  callerKey: string;
  key: string;
}

/** A stable hash of what the key stands for (`idempotencySubject`, shared with the checkout). */
export function requestHash(request: { body: Checkout | GivenLinesOrder; shop: string; locale: string }): string {
  return createHash('sha256').update(idempotencySubject(request)).digest('hex');
}

/** The answer to a placement: the same shape the first time, replayed, and recovered after a crash. */
export function placedAnswer(order: { id: string; number: string; status: PlacedOrder['status'] }, paymentUrl: string | null): PlacedOrder {
  return { id: order.id, number: order.number, status: order.status, payment_url: paymentUrl };
}

/** A request with this key is running (or its placement was taken over by a retry): 409. */
const inProgress = () => new AppError(409, CHECKOUT_ERRORS.IDEMPOTENCY_IN_PROGRESS, 'A request with this Idempotency-Key is still being processed');

/**
 * The key's part of the placement's own statements (no statement of its own: the placement's count
 * stays as BENCHMARKS.md has it). `held`: the key, locked, while no order came of it (a retry may
 * have taken over a key whose lease ran out), so two placements of one key serialise; null when it
 * is not this request's any more (`notHeld` is the answer then). `complete`: points the key at the
 * order the CTE named `from` writes; an order on account is complete when it commits, so its answer
 * (`placedAnswer`'s shape, no payment page) is stored with it.
 */
export const keySql = {
  held: (k: IdempotencyKey): SQL => sql`(select key from idempotency_keys where caller_key = ${k.callerKey} and key = ${k.key} and order_id is null for update)`,
  notHeld: inProgress,
  complete: (k: IdempotencyKey, from: 'o', onAccount: boolean): SQL =>
    sql`update idempotency_keys set order_id = (select id from ${sql.raw(from)}), updated_at = now()
        ${onAccount ? sql`, state = 'done', response_status = 201, response_body = (select jsonb_build_object('id', id, 'number', number, 'status', 'ordered', 'payment_url', null) from ${sql.raw(from)})` : sql``}
        where caller_key = ${k.callerKey} and key = ${k.key} and exists (select 1 from ${sql.raw(from)})`,
};

/**
 * One idempotent command. `request` is what the key stands for; `alongside` a read (writing
 * nothing) answered with the claim, in the same round trip; `run` does the work and says whether
 * it stored its answer on the key itself (in its transaction) or leaves that to `idempotent`.
 */
export interface IdempotentCommand {
  key: IdempotencyKey;
  request: { body: Checkout | GivenLinesOrder; shop: string; locale: string };
  alongside?: SQL;
  run(alongside: unknown): Promise<{ answer: PlacedOrder; stored: boolean }>;
}

/** A committed order and its pending payment's page (a subquery: none may be pending). */
const committedRow = rowShape({ id: orders.id, number: orders.number, status: orders.status, payment_url: nullable(payments.hostedUrl) });
/** The claim: whether this request inserted the key, and the read evaluated with it. */
const claimRow = rowShape({ claimed: v.boolean(), alongside: v.unknown() });

export type Claim = { kind: 'claimed' } | { kind: 'replay'; response: PlacedOrder };

/** The three steps of a key's life, as the store takes them (stand-ins in unit tests). */
export interface KeySteps {
  claim(callerKey: string, key: string, hash: string, alongside?: SQL): Promise<Claim & { alongside: unknown }>;
  complete(callerKey: string, key: string, response: PlacedOrder): Promise<void>;
  release(callerKey: string, key: string): Promise<void>;
}

/**
 * Claims the key, runs the command and completes the key with its answer; a command that throws
 * releases the key (nothing was placed), so the corrected request may use it again. An earlier
 * request's answer is replayed without running anything.
 */
export async function idempotent(steps: KeySteps, command: IdempotentCommand): Promise<{ order: PlacedOrder; replayed: boolean }> {
  const { callerKey, key } = command.key;
  const claim = await steps.claim(callerKey, key, requestHash(command.request), command.alongside);
  if (claim.kind === 'replay') return { order: claim.response, replayed: true };
  let result: { answer: PlacedOrder; stored: boolean };
  try {
    result = await command.run(claim.alongside);
  } catch (err) {
    await steps.release(callerKey, key);
    throw err;
  }
  if (!result.stored) await steps.complete(callerKey, key, result.answer);
  return { order: result.answer, replayed: false };
}

/** This caller's key. */
const theKey = (callerKey: string, key: string) => and(eq(idempotencyKeys.callerKey, callerKey), eq(idempotencyKeys.key, key));

export function createIdempotencyStore(db: Db, leaseMs = DEFAULT_LEASE_MS) {
  /** The key's lease ran out: its request may have died (decision 023). */
  const leaseEnded = lt(idempotencyKeys.updatedAt, sql`now() - make_interval(secs => ${leaseMs / 1000})`);
  /** The answer a placement would have given for this committed order (its pending payment's page, if any). */
  async function committedAnswer(orderId: string): Promise<PlacedOrder | null> {
    const [order] = await typedRows(
      db,
      committedRow,
      sql`select o.id, o.number, o.status,
                 (select p.hosted_url from payments p where p.order_id = o.id and p.status = 'pending' order by p.created_at desc limit 1) as payment_url
          from orders o where o.id = ${orderId}`,
    );
    return order ? placedAnswer(order, order.payment_url) : null;
  }

  /** The key is held already (the insert found it): what an earlier request with it decided, or the key taken over. */
  async function decide(callerKey: string, key: string, hash: string): Promise<Claim> {
    const [row] = await db
      .select({
        request_hash: idempotencyKeys.requestHash,
        state: idempotencyKeys.state,
        order_id: idempotencyKeys.orderId,
        response_body: idempotencyKeys.responseBody,
        stale: sql`${leaseEnded}`.mapWith(Boolean),
      })
      .from(idempotencyKeys)
      .where(theKey(callerKey, key));
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
        await db
          .update(idempotencyKeys)
          .set({ state: 'done', responseBody: response, responseStatus: 201, updatedAt: sql`now()` })
          .where(and(theKey(callerKey, key), eq(idempotencyKeys.state, 'in_progress')));
        return { kind: 'replay', response };
      }
    }
    if (row.stale && !row.order_id) {
      // Left by a request that never finished: take it over, once (the update is conditional).
      const taken = await db
        .update(idempotencyKeys)
        .set({ updatedAt: sql`now()` })
        .where(and(theKey(callerKey, key), eq(idempotencyKeys.state, 'in_progress'), isNull(idempotencyKeys.orderId), leaseEnded))
        .returning({ key: idempotencyKeys.key });
      if (taken.length) return { kind: 'claimed' };
    }
    throw inProgress();
  }

  const store: KeySteps = {
    /**
     * Claims the key for this request, or answers what an earlier request with it decided.
     * `alongside`: an SQL expression (a read that writes nothing) evaluated by the statement that
     * claims the key, and answered with the claim: a request that needs both pays one round trip.
     */
    async claim(callerKey: string, key: string, hash: string, alongside: SQL = sql`null`): Promise<Claim & { alongside: unknown }> {
      const [first] = await typedRows(
        db,
        claimRow,
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
      await db
        .update(idempotencyKeys)
        .set({ state: 'done', orderId: response.id, responseBody: response, responseStatus: 201, updatedAt: sql`now()` })
        .where(theKey(callerKey, key));
    },

    /** Frees the key after a refused placement (nothing was written), unless an order came of it. */
    async release(callerKey: string, key: string): Promise<void> {
      await db.delete(idempotencyKeys).where(and(theKey(callerKey, key), isNull(idempotencyKeys.orderId)));
    },

  };
  // Claim, complete and release are steps of `idempotent`, never called on their own.
  return { idempotent: (command: IdempotentCommand) => idempotent(store, command) };
}
export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
