// Helpers of the account-area tests (profile, users, contact, newsletter): authorised requests and
// the newest outbox message to an address.
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outbox } from '../db/schema';
import { CLIENT, FORM_HEADERS, form } from './test-app';

let counter = 0;
/** A client address of its own per call, so per-address limits of one test do not reach another. */
export const freshIp = () => `10.15.${Math.floor(++counter / 250)}.${counter % 250}`;

export function call(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method,
    url,
    remoteAddress: freshIp(),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export async function lastMail(app: FastifyInstance, recipient: string, template: string) {
  const [row] = await app.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.template, template)))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row ?? null;
}

export function passwordGrant(app: FastifyInstance, username: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/oauth/token', headers: FORM_HEADERS, remoteAddress: freshIp(), payload: form({ ...CLIENT, grant_type: 'password', username, password }) });
}
