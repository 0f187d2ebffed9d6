// Sends one signed delivery (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature
// `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, written by webhook-message.ts with the
// `standardwebhooks` package, so the receiver's own copy of the library verifies it). node:http(s)
// rather than fetch: its `lookup` option lets production refuse private addresses on the connection
// itself (webhook-targets.ts), and redirects are never followed (a 3xx is a failed try).
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { answerOf, deliveryHeaders } from './webhook-message';
import { publicOnlyLookup } from './webhook-targets';

export interface SendResult {
  ok: boolean;
  /** The receiver's status code; null when none came (refused connection, timeout, refused address). */
  statusCode: number | null;
  error: string | null;
}

/** Sends `body` to `url` signed with `secret` (`whsec_…`); never throws. */
export function sendWebhook(req: { url: string; secret: string; messageId: string; body: string; timeoutMs: number; production: boolean }): Promise<SendResult> {
  const url = new URL(req.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const outgoing = send(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(req.body),
          'user-agent': 'portal-webhooks/1',
          ...deliveryHeaders(req.secret, req.messageId, new Date(), req.body),
        },
        timeout: req.timeoutMs,
        ...(req.production ? { lookup: publicOnlyLookup } : {}),
      },
      (res) => {
        // The answer's body is not needed; read it so the socket is freed.
        res.resume();
        res.on('end', () => {
          const code = res.statusCode ?? 0;
          resolve({ ...answerOf(code), statusCode: code });
        });
        res.on('error', (err) => resolve({ ok: false, statusCode: res.statusCode ?? null, error: err.message }));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${req.timeoutMs} ms`)));
    outgoing.on('error', (err) => resolve({ ok: false, statusCode: null, error: err.message.slice(0, 1000) }));
    outgoing.end(req.body);
  });
}
