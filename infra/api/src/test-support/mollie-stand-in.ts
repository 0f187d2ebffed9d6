// A local stand-in for Mollie's v2 API, started by the tests (the real one cannot be reached from
// here). It speaks what Mollie documents for the calls the portal makes: POST /v2/payments,
// GET /v2/payments/:id, POST and GET /v2/payments/:id/refunds, HAL+JSON bodies with `_links`
// (`checkout.href` is where the buyer pays), errors as `{ status, title, detail }`, Bearer API keys
// and the Idempotency-Key header (a repeated key answers the first answer again). The buyer's
// choice on the hosted checkout is `complete(id, status)`, after which the stand-in calls the
// payment's webhook the way Mollie does: a form post of `id=tr_…`, nothing else.
//
// Over HTTPS, as Mollie is: the official client always talks TLS and trusts only its own bundle of
// root certificates, so the stand-in's certificate (made here by openssl, valid for 127.0.0.1) is
// accepted only while `trustStandIn` lifts certificate checks in the test's own process.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type MollieStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

export interface StandInPayment {
  resource: 'payment';
  id: string;
  mode: 'test' | 'live';
  createdAt: string;
  status: MollieStatus;
  amount: { currency: string; value: string };
  amountRefunded: { currency: string; value: string };
  description: string;
  method: string[] | string | null;
  metadata: unknown;
  locale: string | null;
  redirectUrl: string;
  webhookUrl: string;
  profileId: string;
  sequenceType: 'oneoff';
  paidAt?: string;
  _links: Record<string, { href: string; type: string }>;
}

export interface StandInRefund {
  resource: 'refund';
  id: string;
  paymentId: string;
  amount: { currency: string; value: string };
  description: string;
  status: 'pending';
  createdAt: string;
  idempotencyKey: string | undefined;
}

export interface WebhookCall {
  url: string;
  /** `id=tr_…`, form-encoded, as Mollie posts it. */
  body: string;
}

export interface MollieStandIn {
  /** `…/v2/`: MOLLIE_API_ENDPOINT. */
  endpoint: string;
  apiKey: string;
  payments: Map<string, StandInPayment>;
  refunds: StandInRefund[];
  /** Every POST /v2/payments body as received. */
  created: Record<string, unknown>[];
  /** The buyer's outcome on the hosted checkout; then the webhook is called like Mollie calls it. */
  complete(paymentId: string, status: MollieStatus): Promise<WebhookCall>;
  /** Calls a payment's webhook (again), as Mollie does on every change and its retries. */
  callWebhook(paymentId: string): Promise<WebhookCall>;
  /** Payments Mollie has that the portal never made (another shop's, or another order's). */
  addForeignPayment(metadata: unknown, status?: MollieStatus): string;
  /** Mollie's idempotency window has passed: a repeated Idempotency-Key is a new request again. */
  forgetIdempotencyKeys(): void;
  /** Makes the API answer 503 until called with false. */
  failing(on: boolean): void;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex').replace(/[^A-Za-z0-9]/g, '').slice(0, 10)}`;
const cents = (value: string) => Math.round(Number(value) * 100);
const AMOUNT = /^\d+\.\d{2}$/;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/hal+json' });
  response.end(JSON.stringify(body));
}

const problem = (response: ServerResponse, status: number, title: string, detail: string, field?: string) =>
  send(response, status, { status, title, detail, ...(field ? { field } : {}), _links: { documentation: { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' } } });

/** A throwaway self-signed certificate for 127.0.0.1. */
function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'mollie-stand-in-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Lets this test process accept the stand-in's self-signed certificate (the Mollie client pins its
 * own CA bundle, so there is no other way in); the returned function puts the check back.
 */
export function trustStandIn(): () => void {
  const before = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  return () => {
    if (before === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = before;
  };
}

/**
 * Starts the stand-in. `deliver` posts a webhook to the portal (tests use the app's inject; the
 * default is a real HTTP post to the payment's webhookUrl).
 */
export async function startMollieStandIn(opts: { deliver?: (call: WebhookCall) => Promise<unknown> } = {}): Promise<MollieStandIn> {
  const apiKey = `test_${randomBytes(15).toString('hex')}`;
  const payments = new Map<string, StandInPayment>();
  const refunds: StandInRefund[] = [];
  const created: Record<string, unknown>[] = [];
  const replies = new Map<string, [number, unknown]>();
  let down = false;
  let base = '';

  const deliver =
    opts.deliver ??
    (async (call: WebhookCall) => fetch(call.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: call.body }));

  function newPayment(body: Record<string, unknown>): StandInPayment {
    const paymentId = id('tr');
    const amount = body.amount as { currency: string; value: string };
    return {
      resource: 'payment',
      id: paymentId,
      mode: 'test',
      createdAt: new Date().toISOString(),
      status: 'open',
      amount,
      amountRefunded: { currency: amount.currency, value: '0.00' },
      description: String(body.description),
      method: (body.method as string[] | string | undefined) ?? null,
      metadata: body.metadata ?? null,
      locale: (body.locale as string | undefined) ?? null,
      redirectUrl: String(body.redirectUrl),
      webhookUrl: String(body.webhookUrl ?? ''),
      profileId: 'pfl_standin01',
      sequenceType: 'oneoff',
      _links: {
        self: { href: `${base}payments/${paymentId}`, type: 'application/hal+json' },
        checkout: { href: `${base.replace(/v2\/$/, '')}checkout/select-method/${paymentId}`, type: 'text/html' },
        dashboard: { href: `https://my.mollie.com/dashboard/payments/${paymentId}`, type: 'text/html' },
        documentation: { href: 'https://docs.mollie.com/reference/get-payment', type: 'text/html' },
      },
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    if (request.headers.authorization !== `Bearer ${apiKey}`) return problem(response, 401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');
    if (down) return problem(response, 503, 'Service Unavailable', 'The stand-in is down');
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const raw = request.method === 'POST' ? await readBody(request) : '';
    const key = request.headers['idempotency-key'];
    const replayKey = typeof key === 'string' ? `${request.method} ${url.pathname} ${key}` : undefined;
    if (replayKey && replies.has(replayKey)) {
      const [status, body] = replies.get(replayKey)!;
      return send(response, status, body);
    }
    const answer = (status: number, body: unknown) => {
      if (replayKey) replies.set(replayKey, [status, body]);
      send(response, status, body);
    };

    if (request.method === 'POST' && url.pathname === '/v2/payments') {
      const body = JSON.parse(raw) as Record<string, unknown>;
      created.push(body);
      const amount = body.amount as { currency?: unknown; value?: unknown } | undefined;
      if (typeof amount?.value !== 'string' || !AMOUNT.test(amount.value) || typeof amount.currency !== 'string') {
        return problem(response, 422, 'Unprocessable Entity', 'The amount is invalid', 'amount');
      }
      if (typeof body.description !== 'string' || !body.description) return problem(response, 422, 'Unprocessable Entity', 'The description is invalid', 'description');
      if (typeof body.redirectUrl !== 'string') return problem(response, 422, 'Unprocessable Entity', 'The redirect URL is invalid', 'redirectUrl');
      const payment = newPayment(body);
      payments.set(payment.id, payment);
      return answer(201, payment);
    }
    const get = /^\/v2\/payments\/(tr_[A-Za-z0-9]+)$/.exec(url.pathname);
    if (request.method === 'GET' && get) {
      const payment = payments.get(get[1]!);
      return payment ? send(response, 200, payment) : problem(response, 404, 'Not Found', `No payment exists with token ${get[1]}.`);
    }
    const refund = /^\/v2\/payments\/(tr_[A-Za-z0-9]+)\/refunds$/.exec(url.pathname);
    if (request.method === 'GET' && refund) {
      const payment = payments.get(refund[1]!);
      if (!payment) return problem(response, 404, 'Not Found', `No payment exists with token ${refund[1]}.`);
      const held = refunds.filter((r) => r.paymentId === payment.id).map(({ idempotencyKey: _key, ...shown }) => shown);
      return send(response, 200, {
        count: held.length,
        _embedded: { refunds: held },
        _links: { self: { href: `${base}payments/${payment.id}/refunds`, type: 'application/hal+json' }, previous: null, next: null },
      });
    }
    if (request.method === 'POST' && refund) {
      const payment = payments.get(refund[1]!);
      if (!payment) return problem(response, 404, 'Not Found', `No payment exists with token ${refund[1]}.`);
      const body = JSON.parse(raw) as { amount?: { currency: string; value: string }; description?: string };
      if (payment.status !== 'paid') return problem(response, 422, 'Unprocessable Entity', 'The payment cannot be refunded: it is not paid');
      const left = cents(payment.amount.value) - cents(payment.amountRefunded.value);
      if (!body.amount || !AMOUNT.test(body.amount.value) || cents(body.amount.value) > left) {
        return problem(response, 422, 'Unprocessable Entity', 'The amount is higher than the amount that can be refunded', 'amount');
      }
      const made: StandInRefund = {
        resource: 'refund',
        id: id('re'),
        paymentId: payment.id,
        amount: body.amount,
        description: body.description ?? '',
        status: 'pending',
        createdAt: new Date().toISOString(),
        idempotencyKey: typeof key === 'string' ? key : undefined,
      };
      refunds.push(made);
      const total = cents(payment.amountRefunded.value) + cents(body.amount.value);
      payment.amountRefunded = { currency: payment.amount.currency, value: (total / 100).toFixed(2) };
      const { idempotencyKey: _key, ...shown } = made;
      return answer(201, { ...shown, _links: { self: { href: `${base}payments/${payment.id}/refunds/${made.id}`, type: 'application/hal+json' } } });
    }
    return problem(response, 404, 'Not Found', 'The resource does not exist');
  }

  const server = createServer(selfSignedCertificate(), (request, response) => {
    handle(request, response).catch((error: unknown) => problem(response, 500, 'Internal Server Error', String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}/v2/`;

  async function callWebhook(paymentId: string): Promise<WebhookCall> {
    const payment = payments.get(paymentId);
    if (!payment) throw new Error(`no payment ${paymentId} at the stand-in`);
    const call = { url: payment.webhookUrl, body: new URLSearchParams({ id: paymentId }).toString() };
    await deliver(call);
    return call;
  }

  return {
    endpoint: base,
    apiKey,
    payments,
    refunds,
    created,
    async complete(paymentId, status) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`no payment ${paymentId} at the stand-in`);
      payment.status = status;
      if (status === 'paid') payment.paidAt = new Date().toISOString();
      return callWebhook(paymentId);
    },
    callWebhook,
    addForeignPayment(metadata, status = 'paid') {
      const payment = newPayment({ amount: { currency: 'EUR', value: '1.00' }, description: 'Another shop', redirectUrl: 'https://elsewhere.example/', metadata });
      payment.status = status;
      payments.set(payment.id, payment);
      return payment.id;
    },
    forgetIdempotencyKeys() {
      replies.clear();
    },
    failing(on) {
      down = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
