// The SMS provider the environment names (SMS_PROVIDER): an SMS gateway's HTTP API, the development
// stand-in that only logs, or none. With none the SMS channel is not offered at all (the two-factor
// answer lists email only and a resend by SMS is refused), so no code waits in the outbox for a
// sender that does not exist.
import type { Env } from '../../../env';
import { createLoggingSmsProvider, type SmsProvider } from './transports';

type Log = { info(obj: object, msg?: string): void };

/** How long one gateway call may take before the dispatcher counts it failed (and retries later). */
const SEND_TIMEOUT_MS = 10_000;

/**
 * A generic SMS gateway over HTTP: POST `url` with JSON `{ from, to, text, reference }` and
 * `Authorization: Bearer <token>`; any 2xx is sent, anything else throws (the dispatcher retries
 * with backoff). `reference` is the outbox id, so a gateway that de-duplicates can drop a resend
 * after a crash between sending and recording it.
 */
export function createHttpSmsProvider(config: { url: string; token: string; from: string }): SmsProvider {
  return {
    name: 'http',
    async send({ to, text, id }) {
      const res = await fetch(config.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${config.token}` },
        body: JSON.stringify({ from: config.from, to, text, reference: `outbox-${id}` }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      const answer = await res.text().catch(() => '');
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}: ${answer.slice(0, 200)}`);
    },
  };
}

/** The configured provider; null when SMS is not offered (SMS_PROVIDER=none). */
export function createSmsProvider(env: Pick<Env, 'smsProvider' | 'smsHttp'>, log: Log): SmsProvider | null {
  if (env.smsProvider === 'http' && env.smsHttp) return createHttpSmsProvider(env.smsHttp);
  if (env.smsProvider === 'dev') return createLoggingSmsProvider(log);
  return null;
}
