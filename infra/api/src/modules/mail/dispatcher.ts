// Delivers the outbox. A message is claimed with a lease (its `available_at` moves into the future
// and its attempt is counted in one transaction), then sent, then marked sent. A crash after the
// claim leaves the message pending: it is retried when the lease ends, so nothing is ever lost
// (delivery is at least once). Failures wait longer each time; after the last attempt the message
// is parked as `failed`, kept with its error for someone to look at and requeue.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { renderMessage, renderSms } from './templates';
import type { OutboxAttachmentRef } from '../../common/outbox';
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

/** Delay before the next attempt after `attempts` failed ones (5 s, 10 s, 20 s, … capped at 1 h). */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, BASE_RETRY_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}

interface Claimed {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  template: string;
  locale: string;
  payload: Record<string, unknown>;
  attempts: number;
}

export interface DispatchResult {
  sent: number;
  retried: number;
  failed: number;
}

export function createDispatcher(deps: {
  db: Db;
  env: Pick<Env, 'mailFrom' | 'publicBaseUrl' | 'mailMaxAttempts' | 'mailDispatchIntervalMs'>;
  /** null: no mail transport configured, mail stays pending. */
  mail: MailTransport | null;
  /** null: no SMS provider configured, SMS stays pending. */
  sms: SmsProvider | null;
  /** Resolves attachment references; a message naming one without a resolver fails (and is retried). */
  attachments?: AttachmentResolver;
  log: Log;
}) {
  const { db, env, mail, sms, log } = deps;
  const channels = [mail ? 'email' : null, sms ? 'sms' : null].filter((c): c is string => c !== null);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<DispatchResult> | undefined;
  let stopped = false;

  async function claim(): Promise<Claimed[]> {
    if (!channels.length) return [];
    return db.transaction(async (tx) => {
      const result = (await tx.execute(sql`
        update outbox set attempts = attempts + 1, available_at = now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})
        where id in (
          select id from outbox
          where status = 'pending' and available_at <= now() and channel::text in (${sql.join(channels.map((c) => sql`${c}`), sql`, `)})
          order by id
          limit ${BATCH}
          for update skip locked
        )
        returning id, channel, recipient, template, locale, payload, attempts`)) as unknown as { rows: Record<string, unknown>[] };
      return result.rows.map((r) => ({
        id: Number(r.id),
        channel: r.channel as Claimed['channel'],
        recipient: String(r.recipient),
        template: String(r.template),
        locale: String(r.locale),
        payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
        attempts: Number(r.attempts),
      }));
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

  async function runOnce(): Promise<DispatchResult> {
    const result: DispatchResult = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      const batch = await claim();
      if (!batch.length) return result;
      for (const message of batch) {
        try {
          await deliver(message);
          await db.execute(sql`update outbox set status = 'sent', sent_at = now(), last_error = null where id = ${message.id}`);
          result.sent++;
        } catch (err) {
          const error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
          if (message.attempts >= env.mailMaxAttempts) {
            await db.execute(sql`update outbox set status = 'failed', last_error = ${error} where id = ${message.id}`);
            log.error({ outboxId: message.id, template: message.template, attempts: message.attempts, error }, 'message parked as failed');
            result.failed++;
          } else {
            const delay = retryDelayMs(message.attempts);
            await db.execute(
              sql`update outbox set last_error = ${error}, available_at = now() + make_interval(secs => ${delay / 1000}) where id = ${message.id}`,
            );
            log.warn({ outboxId: message.id, template: message.template, attempts: message.attempts, retryInMs: delay, error }, 'delivery failed, will retry');
            result.retried++;
          }
        }
      }
      if (batch.length < BATCH) return result;
    }
  }

  /** Runs one pass unless one is running already (then waits for that one). */
  function pass(): Promise<DispatchResult> {
    running ??= runOnce().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule() {
    if (stopped || env.mailDispatchIntervalMs <= 0) return;
    timer = setTimeout(() => {
      pass()
        .catch((err: unknown) => log.error({ err }, 'outbox dispatch failed'))
        .finally(schedule);
    }, env.mailDispatchIntervalMs);
    timer.unref();
  }

  return {
    /** Delivers everything that is due now; tests call it directly. */
    runOnce: pass,
    start() {
      if (!channels.length) log.warn({}, 'no mail transport or SMS provider configured: the outbox is not delivered');
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
      mail?.close?.();
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
