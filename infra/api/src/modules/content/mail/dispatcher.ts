// Delivers the outbox. A message is claimed with a lease (its `available_at` moves into the future
// and its attempt is counted in one transaction, `for update skip locked`: several instances never
// claim the same message), then sent, then marked sent. A crash after the claim leaves the message
// pending: it is retried when the lease ends, here or in another instance, so nothing is ever lost
// (delivery is at least once). Failures wait longer each time; after the last attempt the message
// is parked as `failed`, kept with its error for someone to look at and requeue.
//
// Never sent twice (decision 023): the attempt count is the claim's fencing token. Just before a
// message is sent its lease is renewed on the condition that the count is still ours, so a message
// whose lease ran out while earlier ones of the batch were slow, and that another instance claimed
// since, is left to that instance. The one window left is a crash (or a lost database) between the
// SMTP server accepting a mail and the `sent` mark: the mail is sent again after the lease, with the
// same Message-ID, which receivers may use to drop the copy. The mark is retried before giving up.
import { and, eq, sql } from 'drizzle-orm';
import { createPeriodicJob } from '../../../common/jobs';
import type { Db } from '../../../db/client';
import { outbox } from '../tables';
import { rowShape, typedRows, type RowOf } from '../../../db/typed-rows';
import type { Env } from '../../../env';
import { renderMessage, renderSms } from './templates';
import type { OutboxAttachmentRef } from '../../../common/outbox';
import type { MailAttachment, MailTransport, SmsProvider } from './transports';

/** Fetches the documents a message names in `payload.attachments` (app.ts passes the order documents). */
export type AttachmentResolver = (ref: OutboxAttachmentRef) => Promise<MailAttachment>;

type Log = { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };

/** How long a claimed message is reserved for the instance sending it. */
export const CLAIM_LEASE_SECONDS = 300;
/** First retry delay; it doubles per failed attempt up to MAX_RETRY_DELAY_MS. */
export const BASE_RETRY_DELAY_MS = 5_000;
export const MAX_RETRY_DELAY_MS = 3_600_000;
const BATCH = 20;
/** Attempts at marking a delivered message sent before it is left to the lease (and sent again). */
const MARK_ATTEMPTS = 5;

/** Delay before the next attempt after `attempts` failed ones (5 s, 10 s, 20 s, … capped at 1 h). */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, BASE_RETRY_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}

const claimedRow = rowShape({
  id: outbox.id,
  channel: outbox.channel,
  recipient: outbox.recipient,
  template: outbox.template,
  locale: outbox.locale,
  payload: outbox.payload,
  attempts: outbox.attempts,
});
type Claimed = RowOf<typeof claimedRow>;

export interface DispatchResult {
  sent: number;
  retried: number;
  failed: number;
}

export function createDispatcher(deps: {
  db: Db;
  env: Pick<Env, 'mailFrom' | 'publicBaseUrl' | 'mailMaxAttempts' | 'mailDispatchIntervalMs'> & Partial<Pick<Env, 'mailClaimLeaseSeconds'>>;
  /** null: no mail transport configured, mail stays pending. */
  mail: MailTransport | null;
  /** null: no SMS provider configured, SMS stays pending. */
  sms: SmsProvider | null;
  /** Resolves attachment references; a message naming one without a resolver fails (and is retried). */
  attachments?: AttachmentResolver;
  log: Log;
}) {
  const { db, env, mail, sms, log } = deps;
  const leaseSeconds = env.mailClaimLeaseSeconds ?? CLAIM_LEASE_SECONDS;
  const channels = [mail ? 'email' : null, sms ? 'sms' : null].filter((c): c is string => c !== null);

  async function claim(): Promise<Claimed[]> {
    if (!channels.length) return [];
    return db.transaction(async (tx) => {
      // Hand-written: a claim is one statement (update … where id in (… for update skip locked)).
      return typedRows(
        tx,
        claimedRow,
        sql`
        update outbox set attempts = attempts + 1, available_at = now() + make_interval(secs => ${leaseSeconds})
        where id in (
          select id from outbox
          where status = 'pending' and available_at <= now() and channel::text in (${sql.join(channels.map((c) => sql`${c}`), sql`, `)})
          order by id
          limit ${BATCH}
          for update skip locked
        )
        returning id, channel, recipient, template, locale, payload, attempts`,
      );
    });
  }

  async function attachmentsOf(message: Claimed): Promise<MailAttachment[]> {
    const refs = message.payload.attachments;
    if (!Array.isArray(refs) || !refs.length) return [];
    if (!deps.attachments) throw new Error('This message has attachments but no attachment resolver is configured');
    const resolve = deps.attachments;
    return Promise.all((refs as OutboxAttachmentRef[]).map((ref) => resolve(ref)));
  }

  async function deliver(message: Claimed) {
    if (message.channel === 'sms') {
      await sms!.send({ to: message.recipient, text: renderSms(message, env.publicBaseUrl), id: message.id });
    } else {
      const rendered = renderMessage(message, env.publicBaseUrl);
      await mail!.send({ to: message.recipient, from: env.mailFrom, message: rendered, id: message.id, attachments: await attachmentsOf(message) });
    }
  }

  /** Renews the lease just before sending, if the claim is still ours (see the top of this file). */
  async function stillOurs(message: Claimed): Promise<boolean> {
    const renewed = await db
      .update(outbox)
      .set({ availableAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(and(eq(outbox.id, message.id), eq(outbox.status, 'pending'), eq(outbox.attempts, message.attempts)))
      .returning({ id: outbox.id });
    return renewed.length > 0;
  }

  /** The mail went out: record it, retrying a failing database for a while (the lease holds meanwhile). */
  async function markSent(message: Claimed) {
    for (let attempt = 1; ; attempt++) {
      try {
        await db.update(outbox).set({ status: 'sent', sentAt: sql`now()`, lastError: null }).where(eq(outbox.id, message.id));
        return;
      } catch (err) {
        if (attempt >= MARK_ATTEMPTS) throw err;
        log.warn({ outboxId: message.id, err }, 'marking a delivered message sent failed, retrying');
        await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
      }
    }
  }

  async function failed(message: Claimed, err: unknown, result: DispatchResult) {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    if (message.attempts >= env.mailMaxAttempts) {
      await db.update(outbox).set({ status: 'failed', lastError: error }).where(eq(outbox.id, message.id));
      log.error({ outboxId: message.id, template: message.template, attempts: message.attempts, error }, 'message parked as failed');
      result.failed++;
    } else {
      const delay = retryDelayMs(message.attempts);
      await db
        .update(outbox)
        .set({ lastError: error, availableAt: sql`now() + make_interval(secs => ${delay / 1000})` })
        .where(eq(outbox.id, message.id));
      log.warn({ outboxId: message.id, template: message.template, attempts: message.attempts, retryInMs: delay, error }, 'delivery failed, will retry');
      result.retried++;
    }
  }

  async function runOnce(): Promise<DispatchResult> {
    const result: DispatchResult = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      const batch = await claim();
      if (!batch.length) return result;
      for (const message of batch) {
        if (!(await stillOurs(message))) continue;
        try {
          await deliver(message);
        } catch (err) {
          await failed(message, err, result);
          continue;
        }
        await markSent(message);
        result.sent++;
      }
      if (batch.length < BATCH) return result;
    }
  }

  const job = createPeriodicJob({ name: 'outbox dispatch', intervalMs: env.mailDispatchIntervalMs, run: runOnce, log });

  return {
    /** Delivers everything that is due now (or waits for the pass in flight); tests call it directly. */
    runOnce: job.runOnce,
    start() {
      if (!channels.length) log.warn({}, 'no mail transport or SMS provider configured: the outbox is not delivered');
      job.start();
    },
    /** Stops the loop, waits for the pass in flight, closes the transport. */
    async stop() {
      await job.stop();
      mail?.close?.();
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
