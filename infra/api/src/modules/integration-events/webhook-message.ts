// What one webhook delivery says and what its answer means (Standard Webhooks, decision 051), apart
// from the sending (webhook-sender.ts, node:http) so both are unit-tested and mutated (issue 40,
// BENCHMARKS.md). The signature itself is the `standardwebhooks` package's (`v1,<base64 HMAC-SHA256
// of id.timestamp.body>` with the secret's base64 key), so a receiver's own copy of the library
// verifies it; what is ours is which id, timestamp and body are signed and sent.
import { Webhook } from 'standardwebhooks';

/** The Standard Webhooks headers of a delivery of `body` as message `messageId`, sent at `sentAt`, signed with `secret` (`whsec_…`). */
export function deliveryHeaders(secret: string, messageId: string, sentAt: Date, body: string): { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string } {
  return {
    'webhook-id': messageId,
    // Whole seconds, as signed: the library signs Math.floor(ms / 1000).
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, sentAt, body),
  };
}

/** A receiver's status code: only a 2xx is a delivery; anything else (a 3xx too: redirects are not followed) is a failed try. */
export function answerOf(statusCode: number): { ok: boolean; error: string | null } {
  const ok = statusCode >= 200 && statusCode < 300;
  return { ok, error: ok ? null : `the receiver answered ${statusCode}` };
}
