// Delivers the webhooks (decision 051), leased as the mail dispatcher leases the outbox: a claim
// counts the try and moves `next_attempt_at` past the lease in one statement, `for update skip
// locked`, so several instances never claim the same delivery, and one that dies mid-send leaves
// its claim to come back after the lease (delivery is at least once; receivers de-duplicate by the
// webhook-id, the event's id). The try count is the claim's fencing token: a result is recorded
// only while the count is still the one claimed.
//
// In order per order: a delivery is claimable only when every earlier event of the same order (or
// quotation) for the same webhook has been delivered, so an order's next event waits while an
// earlier one is retried or dead (a replay of the dead one lets them go); different orders go in
// parallel, one batch at a time.
import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { createPeriodicJob } from '../../common/jobs';
import type { Db } from '../../db/client';
import { integrationWebhookDeliveries as d, integrationWebhooks } from './tables';
import { rowShape, typedRows, type RowOf } from '../../db/typed-rows';
import type { Env } from '../../env';
import { eventRow, toEvent } from './events.feed';
import { sendWebhook, type SendResult } from './webhook-sender';

type Log = { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };

const BATCH = 20;

/** The retry delays in seconds (WEBHOOK_RETRY_SECONDS); a delivery has one try more than delays. */
export const retrySchedule = (text: string) => text.split(',').map(Number);

const claimedRow = rowShape({
  id: d.id,
  attempts: d.attempts,
  url: integrationWebhooks.url,
  secret: integrationWebhooks.secret,
  event: v.object({ ...Object.fromEntries(Object.keys(eventRow).map((k) => [k, v.unknown()])) }),
});
type Claimed = RowOf<typeof claimedRow>;

export interface WebhookDispatchResult {
  delivered: number;
  retried: number;
  dead: number;
}

export function createWebhookDispatcher(deps: {
  db: Db;
  env: Pick<Env, 'nodeEnv' | 'webhookDispatchIntervalMs' | 'webhookRetrySeconds' | 'webhookTimeoutMs' | 'webhookClaimLeaseSeconds'>;
  log: Log;
  /** Tests replace the sender; production sends over HTTP(S). */
  send?: typeof sendWebhook;
}) {
  const { db, env, log } = deps;
  const send = deps.send ?? sendWebhook;
  const delays = retrySchedule(env.webhookRetrySeconds);
  const maxTries = delays.length + 1;
  const production = env.nodeEnv === 'production';

  async function claim(): Promise<Claimed[]> {
    return db.transaction(async (tx) =>
      // Hand-written: a claim is one statement (update … where id in (… for update skip locked)).
      typedRows(
        tx,
        claimedRow,
        sql`
        with claimed as (
          update integration_webhook_deliveries c
          set attempts = c.attempts + 1, last_attempt_at = now(), next_attempt_at = now() + make_interval(secs => ${env.webhookClaimLeaseSeconds})
          where c.id in (
            select d.id from integration_webhook_deliveries d
            join integration_webhooks w on w.id = d.webhook_id and w.deleted_at is null
            join integration_clients k on k.id = w.client_id and k.revoked_at is null
            where d.status = 'pending' and d.next_attempt_at <= now()
              and not exists (
                select 1 from integration_webhook_deliveries p
                where p.webhook_id = d.webhook_id and p.aggregate_type = d.aggregate_type and p.aggregate_id = d.aggregate_id
                  and p.sequence < d.sequence and p.status <> 'delivered')
            order by d.event_position
            limit ${BATCH}
            for update of d skip locked)
          returning c.id, c.attempts, c.webhook_id, c.event_position)
        select claimed.id, claimed.attempts, w.url, w.secret,
               json_build_object('position', e.position, 'id', e.id, 'type', e.type, 'aggregate_type', e.aggregate_type,
                 'aggregate_id', e.aggregate_id, 'sequence', e.sequence, 'occurred_at', e.occurred_at, 'payload', e.payload, 'feed_position', e.feed_position) as event
        from claimed
        join integration_webhooks w on w.id = claimed.webhook_id
        join integration_events e on e.position = claimed.event_position`,
      ),
    );
  }

  /** The claimed event as the feed shows it (the webhook's body). */
  function body(claimed: Claimed): string {
    const e = claimed.event as Record<string, unknown>;
    return JSON.stringify(
      toEvent({
        position: Number(e.position),
        id: String(e.id),
        type: String(e.type),
        aggregate_type: String(e.aggregate_type),
        aggregate_id: String(e.aggregate_id),
        sequence: Number(e.sequence),
        occurred_at: new Date(String(e.occurred_at)),
        payload: e.payload as Record<string, unknown>,
        feed_position: e.feed_position === null || e.feed_position === undefined ? null : Number(e.feed_position),
      }),
    );
  }

  /** Records a try's result if the claim is still ours (the count unchanged). */
  async function record(claimed: Claimed, result: SendResult, tally: WebhookDispatchResult) {
    const ours = and(eq(d.id, claimed.id), eq(d.attempts, claimed.attempts), eq(d.status, 'pending'));
    const outcome = { lastStatusCode: result.statusCode, lastError: result.error };
    if (result.ok) {
      await db.update(d).set({ ...outcome, status: 'delivered', deliveredAt: sql`now()` }).where(ours);
      tally.delivered++;
    } else if (claimed.attempts >= maxTries) {
      await db.update(d).set({ ...outcome, status: 'dead' }).where(ours);
      log.error({ deliveryId: claimed.id, attempts: claimed.attempts, error: result.error }, 'webhook delivery dead after its last try');
      tally.dead++;
    } else {
      const delay = delays[claimed.attempts - 1]!;
      await db
        .update(d)
        .set({ ...outcome, nextAttemptAt: sql`now() + make_interval(secs => ${delay})` })
        .where(ours);
      log.warn({ deliveryId: claimed.id, attempts: claimed.attempts, retryInSeconds: delay, error: result.error }, 'webhook delivery failed, will retry');
      tally.retried++;
    }
  }

  async function deliver(claimed: Claimed, tally: WebhookDispatchResult) {
    const event = claimed.event as { id: string };
    const result = await send({ url: claimed.url, secret: claimed.secret, messageId: event.id, body: body(claimed), timeoutMs: env.webhookTimeoutMs, production });
    await record(claimed, result, tally);
  }

  async function runOnce(): Promise<WebhookDispatchResult> {
    const tally: WebhookDispatchResult = { delivered: 0, retried: 0, dead: 0 };
    for (;;) {
      const batch = await claim();
      if (!batch.length) return tally;
      // One batch never holds two events of one order for one webhook (the claim's condition), so
      // its deliveries go out in parallel.
      await Promise.all(batch.map((c) => deliver(c, tally)));
    }
  }

  const job = createPeriodicJob({ name: 'webhook dispatch', intervalMs: env.webhookDispatchIntervalMs, run: runOnce, log });
  return { runOnce: job.runOnce, start: job.start, stop: job.stop };
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;
