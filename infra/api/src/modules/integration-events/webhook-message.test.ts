// A webhook delivery's headers and the meaning of its answer (webhook-message.ts), without a
// network or a database: the signature checked against the HMAC Standard Webhooks defines and
// against the library a receiver verifies with; only a 2xx is a delivery.
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { answerOf, deliveryHeaders } from './webhook-message';

const key = Buffer.alloc(32, 7);
const secret = `whsec_${key.toString('base64')}`;
const body = '{"type":"order.placed","data":{"id":"o-1"}}';

describe("a webhook delivery's headers", () => {
  it('carry the id, the whole seconds it was sent at, and v1 HMAC-SHA256 of id.seconds.body with the secret key', () => {
    const sentAt = new Date('2026-11-25T08:41:19.999Z');
    const expected = createHmac('sha256', key).update(`msg_1.1795596079.${body}`).digest('base64');
    expect(deliveryHeaders(secret, 'msg_1', sentAt, body)).toEqual({
      'webhook-id': 'msg_1',
      'webhook-timestamp': '1795596079',
      'webhook-signature': `v1,${expected}`,
    });
  });

  it("pass a receiver's verification, and fail it for another body or id", () => {
    const headers = deliveryHeaders(secret, 'msg_2', new Date(), body);
    const receiver = new Webhook(secret);
    expect(receiver.verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => receiver.verify(body.replace('o-1', 'o-2'), headers)).toThrow();
    expect(() => receiver.verify(body, { ...headers, 'webhook-id': 'msg_3' })).toThrow();
  });
});

describe("a receiver's answer", () => {
  it('is a delivery for 200 to 299 only', () => {
    expect(answerOf(200)).toEqual({ ok: true, error: null });
    expect(answerOf(299)).toEqual({ ok: true, error: null });
    expect(answerOf(199)).toEqual({ ok: false, error: 'the receiver answered 199' });
    expect(answerOf(300)).toEqual({ ok: false, error: 'the receiver answered 300' });
    expect(answerOf(503)).toEqual({ ok: false, error: 'the receiver answered 503' });
    expect(answerOf(0)).toEqual({ ok: false, error: 'the receiver answered 0' });
  });
});
