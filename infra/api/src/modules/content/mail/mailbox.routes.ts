// The development mailbox: what the outbox holds (and the dispatcher sent), rendered as the
// recipient sees it. Registered only when NODE_ENV is not production (see app.ts): it shows codes
// and reset links, so it must never exist where real people receive mail. Even in development it
// answers only the machine itself (a browser on localhost, the e2e tests) or a staff session, since
// `npm start` may listen where others reach it.
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mayOpenDevelopmentPage } from '../../../http/development-pages';
import * as v from 'valibot';
import { inputString } from '@portal/shared/schemas';
import type { Db } from '../../../db/client';
import { outbox } from '../tables';
import { AppError } from '../../../errors';
import { parseInput } from '../../../http/validate';
import { renderMessage, renderSms } from './templates';
import { escapeHtml } from '../../../common/html';

const MailboxQuerySchema = v.object({
  to: v.optional(v.pipe(inputString(), v.maxLength(320))),
  limit: v.optional(v.pipe(inputString(), v.maxLength(10))),
});

export function registerMailboxRoutes(app: FastifyInstance, db: Db, publicBaseUrl: string) {
  async function messages(to: string | undefined, limit: number) {
    const rows = await db
      .select()
      .from(outbox)
      .where(to ? eq(outbox.recipient, to.trim().toLowerCase()) : undefined)
      .orderBy(desc(outbox.id))
      .limit(limit);
    return rows.map((row) => {
      let rendered: { subject: string; text: string; html: string };
      try {
        rendered =
          row.channel === 'sms'
            ? { subject: 'SMS', text: renderSms(row, publicBaseUrl), html: '' }
            : renderMessage(row, publicBaseUrl);
      } catch (err) {
        rendered = { subject: `(cannot render: ${(err as Error).message})`, text: '', html: '' };
      }
      return {
        id: row.id,
        channel: row.channel,
        to: row.recipient,
        template: row.template,
        locale: row.locale,
        status: row.status,
        attempts: row.attempts,
        lastError: row.lastError,
        createdAt: row.createdAt.toISOString(),
        payload: row.payload,
        ...rendered,
      };
    });
  }

  const limitOf = (q: { limit?: string }) => Math.min(200, Math.max(1, Number(q.limit) || 50));
  // A route hook: it runs after the scope's hook that reads the caller from the access token.
  const guard = { onRequest: async (request: FastifyRequest) => {
    if (!mayOpenDevelopmentPage(request)) throw new AppError(403, 'MAILBOX_FORBIDDEN', 'The development mailbox answers only this machine or a staff session');
  } };

  app.get('/dev/mailbox/messages', guard, async (request, reply) => {
    const q = parseInput(MailboxQuerySchema, request.query ?? {});
    reply.header('cache-control', 'no-store');
    return messages(q.to || undefined, limitOf(q));
  });

  app.get('/dev/mailbox', guard, async (request, reply) => {
    const q = parseInput(MailboxQuerySchema, request.query ?? {});
    const list = await messages(q.to || undefined, limitOf(q));
    const items = list
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p><small>#${m.id} · ${m.channel} to ${escapeHtml(m.to)} · ${m.locale} · ${m.status} (${m.attempts} attempts) · ${m.createdAt}</small></p>
<pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('<hr>');
    reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}pre{white-space:pre-wrap;background:#f4f4f4;padding:1rem}</style></head>
<body><h1>Development mailbox</h1><p>Mail and SMS in the outbox, newest first. Never available in production.</p>
<form><label>Recipient <input name="to" value="${escapeHtml(q.to ?? '')}"></label> <button>Filter</button></form>
<main>${items || '<p>No messages.</p>'}</main></body></html>`;
  });
}
