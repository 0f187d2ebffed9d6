// What a buyer's browser does over HTTP, against any base URL (nginx or one instance directly): sign
// in with the password grant, call the API with its bearer token, refresh. No retries here: the
// callers decide what a network error means (see order-clients.ts).
import { DEMO_PASSWORD } from './accounts';

export const CLIENT_ID = 'portal-web';

export interface Answer {
  status: number;
  json: Record<string, unknown> | null;
  headers: Headers;
}

export interface Tokens {
  access: string;
  refresh: string;
}

/** Requests time out rather than hang on a killed upstream (nginx answers 502 quickly, a direct call may not). */
const TIMEOUT_MS = 30_000;

async function send(url: string, init: RequestInit): Promise<Answer> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await res.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    json = null;
  }
  return { status: res.status, json, headers: res.headers };
}

export function tokenRequest(base: string, clientSecret: string, fields: Record<string, string>): Promise<Answer> {
  return send(`${base}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: CLIENT_ID, client_secret: clientSecret, ...fields }),
  });
}

const tokensOf = (a: Answer): Tokens => ({ access: String(a.json!.access_token), refresh: String(a.json!.refresh_token) });

export async function signIn(base: string, clientSecret: string, email: string, password = DEMO_PASSWORD): Promise<Tokens> {
  const a = await tokenRequest(base, clientSecret, { grant_type: 'password', username: email, password });
  if (a.status !== 200) throw new Error(`sign-in of ${email} at ${base}: ${a.status} ${JSON.stringify(a.json)}`);
  return tokensOf(a);
}

export async function refresh(base: string, clientSecret: string, refreshToken: string): Promise<Answer & { tokens?: Tokens }> {
  const a = await tokenRequest(base, clientSecret, { grant_type: 'refresh_token', refresh_token: refreshToken });
  return a.status === 200 ? { ...a, tokens: tokensOf(a) } : a;
}

/** One API call as a buyer of the portal shop. */
export function call(base: string, token: string, method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<Answer> {
  return send(`${base}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-shop-type': 'portal',
      'accept-language': 'en',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...extra,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** The checkout body of a contract buyer: the default addresses of the book, standard shipping. */
export async function checkoutBody(base: string, token: string) {
  const book = await call(base, token, 'GET', '/v1/addresses');
  if (book.status !== 200) throw new Error(`address book: ${book.status}`);
  const list = book.json as unknown as { id: string; type: string; is_default: boolean }[];
  return {
    billing_address_id: list.find((a) => a.type === 'billing' && a.is_default)!.id,
    delivery_address_id: list.find((a) => a.type === 'shipping' && a.is_default)!.id,
    shipping_method: 'standard',
    submitter: { first_name: 'Cluster', last_name: 'Buyer', function: 'Buyer', full_name: 'Cluster Buyer', declaration: true },
  };
}

export interface CartLine {
  product_id: string;
  quantity: number;
}

/** The cart's lines (product and quantity), as the API reports them. */
export async function cartLines(base: string, token: string): Promise<CartLine[]> {
  const a = await call(base, token, 'GET', '/v1/cart');
  if (a.status !== 200) throw new Error(`cart: ${a.status} ${JSON.stringify(a.json)}`);
  const lines = (a.json as { lines?: { product_id: string; quantity: number }[] }).lines ?? [];
  return lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity }));
}
